// The demo catalogue read straight from the example file, to check results against it independently
// of the resolver under test.
import { readFileSync } from 'node:fs';

interface Named {
  id: string;
  name: string;
  organisation_id: string;
}
interface Catalogue {
  organisations: Named[];
  storages: Named[];
  products: Named[];
  product_aliases: (Named & { product_id: string })[];
}

export const catalogue: Catalogue = JSON.parse(
  readFileSync(new URL('../../examples/demo-catalogue.json', import.meta.url), 'utf8'),
);

export const WILLOW = catalogue.organisations.find((o) => o.name === 'Willow Creek Pastoral Co')!.id;

/** The storage id of a storage name in Willow Creek. */
export function storageId(name: string): string {
  const found = catalogue.storages.find((s) => s.name === name && s.organisation_id === WILLOW);
  if (!found) throw new Error(`no storage ${name}`);
  return found.id;
}

/** `{ product_id, product_alias_id }` of an alias name, or of a product name (alias null), in Willow Creek. */
export function productIds(name: string): { product_id: string; product_alias_id: string | null } {
  const alias = catalogue.product_aliases.filter((a) => a.name === name && a.organisation_id === WILLOW);
  if (alias.length === 1) return { product_id: alias[0]!.product_id, product_alias_id: alias[0]!.id };
  const product = catalogue.products.find((p) => p.name === name && p.organisation_id === WILLOW);
  if (!product) throw new Error(`no product or single alias ${name}`);
  return { product_id: product.id, product_alias_id: null };
}
