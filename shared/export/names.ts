/**
 * Names for export rows: storage, product and product alias names by id, from the organisation's
 * storages and aliases plus what list responses sideloaded (`included`, gaps row 22), through the
 * resolver of shared/resolve. For the import layouts it also gives cell texts that import back to
 * exactly the same ids (a name another record shares would resolve elsewhere, so the id is written).
 */
import { collectProducts, createResolver, type Resolver } from '../resolve/index.ts';
import { ProductAlias, Storage, type Included, type Product } from '../schemas/resources.ts';

/** What an export knows of the organisation: lists it fetched, and the `included` maps of its record lists. */
export interface ExportReferenceInput {
  organisationId: string;
  storages: readonly Storage[];
  productAliases: readonly ProductAlias[];
  /** Products known otherwise (e.g. `loadReferenceData().products`). */
  products?: readonly Product[];
  /** `included` objects of receipt and return lists (products, product aliases, storages). */
  included?: readonly (Included | null | undefined)[];
}

/** Names by id, and cell texts that resolve back to the same ids on import. */
export interface ExportNames {
  resolver: Resolver;
  /** Every product known by name (listed and sideloaded), de-duplicated by id. */
  products: readonly Product[];
  /** The storage's name, or its id when the name is unknown. */
  storage(storageId: string): string;
  /** The product's name, or its id when the name is unknown (a product seen only through an alias). */
  product(productId: string): string;
  /** The alias's name, or null when the line has no alias (or the alias is unknown). */
  alias(aliasId: string | null): string | null;
  /** The storage cell that `Resolver.storage` reads back as this storage: its name, else its id. */
  storageCell(storageId: string): string;
  /**
   * The Product cell that `Resolver.product` reads back as exactly these ids: the alias name when
   * the line has an alias, else the product name; the alias or product id when that name would
   * resolve to something else (the demo's two 'Wetter' aliases) or is unknown.
   */
  productCell(productId: string, aliasId: string | null): string;
}

/**
 * Builds the names of one organisation's export. Sideloaded storages and aliases fill in records the
 * lists lack (a storage deleted since, say); sideloaded products are parsed with `collectProducts`.
 * @throws ReferenceDataError (shared/resolve) when `organisationId` is blank.
 */
export function createExportNames(input: ExportReferenceInput): ExportNames {
  const included = input.included ?? [];
  const storages = mergeById(input.storages, sideloaded(included, ['storages', 'storage'], Storage));
  const productAliases = mergeById(input.productAliases, sideloaded(included, ['product_aliases'], ProductAlias));
  const products = mergeById(input.products ?? [], collectProducts(included));
  const resolver = createResolver({ organisationId: input.organisationId, storages, productAliases, products });
  const same = (a: string | null, b: string | null) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();
  return {
    resolver,
    products,
    storage: (id) => resolver.storageName(id) ?? id,
    product: (id) => resolver.productName(id) ?? id,
    alias: (id) => (id === null ? null : resolver.aliasName(id)),
    storageCell(id) {
      const name = resolver.storageName(id);
      const back = name === null ? null : resolver.storage(name);
      return back?.ok && same(back.value.id, id) ? (name as string) : id;
    },
    productCell(productId, aliasId) {
      const name = aliasId === null ? resolver.productName(productId) : resolver.aliasName(aliasId);
      const back = name === null ? null : resolver.product(name);
      if (back?.ok && same(back.value.productId, productId) && same(back.value.productAliasId, aliasId))
        return name as string;
      return aliasId ?? productId;
    },
  };
}

/** Records of `schema` found in `included` under any of `keys`; objects that do not parse are skipped. */
function sideloaded<T>(
  included: readonly (Included | null | undefined)[],
  keys: readonly string[],
  schema: { safeParse(v: unknown): { success: boolean; data?: T } },
): T[] {
  const found: T[] = [];
  for (const source of included) {
    if (source === null || typeof source !== 'object') continue;
    for (const key of keys) {
      const map: unknown = source[key];
      if (map === null || typeof map !== 'object') continue;
      for (const raw of Object.values(map)) {
        const parsed = schema.safeParse(raw);
        if (parsed.success && parsed.data !== undefined) found.push(parsed.data);
      }
    }
  }
  return found;
}

/** The listed records, then sideloaded ones whose id the list lacks (ids compared case-insensitively). */
function mergeById<T extends { id: string }>(listed: readonly T[], extra: readonly T[]): T[] {
  const seen = new Set(listed.map((r) => r.id.toLowerCase()));
  const merged = [...listed];
  for (const record of extra) {
    if (seen.has(record.id.toLowerCase())) continue;
    seen.add(record.id.toLowerCase());
    merged.push(record);
  }
  return merged;
}
