/**
 * The demo catalogue as the benches use it: Willow Creek's storages and product names, and its
 * reference data for the resolver. Read with the sandbox's own reader, so the two 'Wetter' aliases
 * that share one id in the file get the same derived id the sandbox serves.
 */
import { z } from 'zod';
import { readDemoCatalogue } from '../sandbox/index.ts';
import type { SeedData } from '../sandbox/index.ts';
import type { ReferenceData } from '../shared/resolve/index.ts';
import { Product, ProductAlias, Storage } from '../shared/schemas/resources.ts';

/** The normalised demo catalogue (organisations, tokens, storages, products, product aliases). */
export const catalogue: SeedData = readDemoCatalogue();

export const WILLOW_NAME = 'Willow Creek Pastoral Co';
export const WILLOW = catalogue.organisations.find((o) => o.name === WILLOW_NAME)!.id;
/** Sees Willow Creek (and Red Gum, which has no shed subscription): commands are given `org`. */
export const WILLOW_TOKEN = 'demo-token-willow';

const mine = <T extends { organisation_id: string }>(rows: readonly T[]) =>
  rows.filter((r) => r.organisation_id === WILLOW);

/** Willow Creek's storages that take receipts (not locked). */
export const openStorages = mine(catalogue.storages).filter((s) => s.locked_at === null);

/** Willow Creek's product alias names that resolve to exactly one product (not 'Wetter'). */
export const clearAliasNames: string[] = (() => {
  const names = mine(catalogue.product_aliases).map((a) => a.name);
  return [...new Set(names)].filter((n) => names.filter((m) => m === n).length === 1);
})();

/** Willow Creek's reference data, parsed with the service's response schemas, as loadReferenceData gives it. */
export function willowReference(): ReferenceData {
  return {
    organisationId: WILLOW,
    storages: z.array(Storage).parse(mine(catalogue.storages)),
    productAliases: z.array(ProductAlias).parse(mine(catalogue.product_aliases)),
    products: z.array(Product).parse(mine(catalogue.products)),
  };
}
