/** Small reference data for template tests: storages and products by name, one organisation. */
import type { ReferenceData } from '../../shared/resolve/index.ts';
import type { Product, Storage } from '../../shared/schemas/resources.ts';

/** The organisation of {@link templateReference}. */
export const TEMPLATE_ORG = '00000000-0000-4000-8000-000000000001';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * Reference data with these storages (a name ending in ` (locked)` is a locked storage, named
 * without the suffix) and products, no aliases.
 */
export function templateReference(storages: readonly string[], products: readonly string[]): ReferenceData {
  return {
    organisationId: TEMPLATE_ORG,
    storages: storages.map((name, i) => {
      const locked = name.endsWith(' (locked)');
      return {
        id: id(1000 + i),
        organisation_id: TEMPLATE_ORG,
        name: locked ? name.slice(0, -' (locked)'.length) : name,
        locked_at: locked ? '2026-01-01T00:00:00Z' : null,
      } as Storage;
    }),
    productAliases: [],
    products: products.map((name, i) => ({ id: id(100_000 + i), organisation_id: TEMPLATE_ORG, name }) as Product),
  };
}
