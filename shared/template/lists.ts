/**
 * The drop-down lists of a template, from one organisation's reference data: the storages that take
 * receipts and returns, the product and alias names that resolve, and the units.
 */
import { createResolver } from '../resolve/resolver.ts';
import type { ReferenceData } from '../resolve/reference.ts';
import { isStorageLocked } from '../schemas/resources.ts';
import { UNIT_SYNONYMS } from '../service/gaps.ts';
import type { TemplateListName } from './columns.ts';

/** The units offered, in the service's spelling (gaps row 10): `l`, `ml`, `kg`, `g`, `t`. */
export const TEMPLATE_UNITS: readonly string[] = Object.freeze([...new Set(Object.values(UNIT_SYNONYMS))]);

/** The values of each list, sorted for people. */
export type TemplateLists = Record<TemplateListName, string[]>;

/**
 * The lists for `reference`: storage names without the locked storages (gaps row 11: the service
 * refuses receipts and returns there), product and alias names as `Resolver.productNames()` gives them
 * (ambiguous names such as the demo's 'Wetter' left out: the import would refuse them), and
 * {@link TEMPLATE_UNITS}.
 * @throws ReferenceDataError when `reference` has no organisation id or lacks a list.
 */
export function templateLists(reference: ReferenceData): TemplateLists {
  const resolver = createResolver(reference);
  const storages = resolver.storageNames().filter((name) => {
    const found = resolver.storage(name);
    return found.ok && !isStorageLocked(found.value);
  });
  return { storages, products: resolver.productNames(), units: [...TEMPLATE_UNITS] };
}
