/**
 * The products and product aliases of one organisation indexed for resolution: by alias id, by
 * product id, and by normalised name (a product's own name and every alias name share one namespace).
 */
import type { Product, ProductAlias } from '../schemas/resources.ts';
import { compareNames, normaliseName, quoteList, shownText } from './normalise.ts';
import type { NameMeaning, ResolvedProduct } from './resolution.ts';
import type { NameChoice } from './suggest.ts';

/** Resolved products by lower-case alias id, by lower-case product id, by normalised name; plus names by id. */
export interface ProductIndex {
  /** An alias id normally means one alias; the demo catalogue reuses one id for two 'Wetter' aliases, so it may be ambiguous. */
  byAliasId: Map<string, NameMeaning<ResolvedProduct>>;
  byProductId: Map<string, ResolvedProduct>;
  byName: Map<string, NameMeaning<ResolvedProduct>>;
  productNameById: Map<string, string>;
  aliasNameById: Map<string, string>;
  /** Unambiguous names, a product's own spelling first when an alias normalises the same. */
  choices: NameChoice[];
}

type Entry = { kind: 'product'; product: Product } | { kind: 'alias'; alias: ProductAlias };

/**
 * Indexes products and aliases (already limited to the organisation). A name resolves when every
 * product and alias carrying it points at one product:
 * - the product's own name (even if one of its aliases is spelled the same) → `productAliasId` null;
 * - otherwise the first alias listed with that name → that alias.
 * A name carried by two or more products (as product name or alias) is ambiguous.
 * Products known only through an alias's `product_id` resolve by id, with `productName` null.
 */
export function buildProductIndex(products: readonly Product[], aliases: readonly ProductAlias[]): ProductIndex {
  const productNameById = new Map<string, string>();
  for (const p of products) {
    const id = p.id.toLowerCase();
    if (!productNameById.has(id)) productNameById.set(id, p.name);
  }
  const nameOf = (productId: string) => productNameById.get(productId.toLowerCase()) ?? null;
  const byProductId = new Map<string, ResolvedProduct>();
  for (const productId of [...products.map((p) => p.id), ...aliases.map((a) => a.product_id)]) {
    const id = productId.toLowerCase();
    if (byProductId.has(id)) continue;
    byProductId.set(
      id,
      Object.freeze({ productId, productAliasId: null, productName: nameOf(productId), aliasName: null }),
    );
  }
  const aliasValues = new Map<ProductAlias, ResolvedProduct>();
  const valueOf = (entry: Entry): ResolvedProduct | undefined => {
    if (entry.kind === 'product') return byProductId.get(entry.product.id.toLowerCase());
    const a = entry.alias;
    let value = aliasValues.get(a);
    if (value === undefined) {
      value = Object.freeze({
        productId: a.product_id,
        productAliasId: a.id,
        productName: nameOf(a.product_id),
        aliasName: a.name,
      });
      aliasValues.set(a, value);
    }
    return value;
  };
  const aliasNameById = new Map<string, string>();
  for (const a of aliases) if (!aliasNameById.has(a.id.toLowerCase())) aliasNameById.set(a.id.toLowerCase(), a.name);

  const { byName, choices } = meaningsByName(products, aliases, valueOf, nameOf);
  // The same alias id listed for two products (the demo's two 'Wetter' aliases) is ambiguous too.
  const byAliasId = new Map<string, NameMeaning<ResolvedProduct>>();
  for (const [id, entries] of groupBy(
    aliases.map((alias): Entry => ({ kind: 'alias', alias })),
    (e) => aliasIdOf(e),
  )) {
    byAliasId.set(id, meaningOf(entries, valueOf) ?? describeAmbiguity(representatives(entries), byName, nameOf));
  }
  return { byAliasId, byProductId, byName, productNameById, aliasNameById, choices };
}

type ValueOf = (entry: Entry) => ResolvedProduct | undefined;

/** Every product name and alias name, normalised, with what it means; and the names that resolve. */
function meaningsByName(
  products: readonly Product[],
  aliases: readonly ProductAlias[],
  valueOf: ValueOf,
  nameOf: (productId: string) => string | null,
): { byName: Map<string, NameMeaning<ResolvedProduct>>; choices: NameChoice[] } {
  const entries: Entry[] = [
    ...products.map((product): Entry => ({ kind: 'product', product })),
    ...aliases.map((alias): Entry => ({ kind: 'alias', alias })),
  ];
  const groups = groupBy(entries, (e) => normaliseName(e.kind === 'product' ? e.product.name : e.alias.name));
  groups.delete('');
  const byName = new Map<string, NameMeaning<ResolvedProduct>>();
  const choices: NameChoice[] = [];
  const ambiguous: [string, Entry[]][] = [];
  for (const [key, group] of groups) {
    const meaning = meaningOf(group, valueOf);
    if (meaning === undefined) {
      ambiguous.push([key, group]);
      continue;
    }
    byName.set(key, meaning);
    const shown = representatives(group).values().next().value;
    if (shown !== undefined)
      choices.push({ key, display: shownText(shown.kind === 'product' ? shown.product.name : shown.alias.name) });
  }
  // Second pass: a candidate is written as its product name only when that name itself resolves to it.
  for (const [key, group] of ambiguous) byName.set(key, describeAmbiguity(representatives(group), byName, nameOf));
  return { byName, choices };
}

/** What entries that share a name mean when they all point at one product; undefined when they do not. */
function meaningOf(group: readonly Entry[], valueOf: ValueOf): NameMeaning<ResolvedProduct> | undefined {
  const perProduct = representatives(group);
  if (perProduct.size !== 1) return undefined;
  const [only] = perProduct.values();
  const value = only === undefined ? undefined : valueOf(only);
  return value === undefined ? undefined : { ok: true, value };
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [item]);
    else group.push(item);
  }
  return groups;
}

function aliasIdOf(entry: Entry): string {
  return entry.kind === 'alias' ? entry.alias.id.toLowerCase() : '';
}

function productIdOf(entry: Entry): string {
  return entry.kind === 'product' ? entry.product.id : entry.alias.product_id;
}

/** One entry per product (lower-case id): the product's own name if it is among them, else its first alias. */
function representatives(group: readonly Entry[]): Map<string, Entry> {
  const perProduct = new Map<string, Entry>();
  for (const entry of group) {
    const id = productIdOf(entry).toLowerCase();
    const seen = perProduct.get(id);
    if (seen === undefined || (seen.kind === 'alias' && entry.kind === 'product')) perProduct.set(id, entry);
  }
  return perProduct;
}

function describeAmbiguity(
  perProduct: Map<string, Entry>,
  byName: Map<string, NameMeaning<ResolvedProduct>>,
  nameOf: (productId: string) => string | null,
): NameMeaning<ResolvedProduct> {
  const rows = [...perProduct.values()].map((entry) => {
    const productId = productIdOf(entry);
    const name = nameOf(productId);
    const shownName = name === null ? null : shownText(name);
    const via = entry.kind === 'alias' ? ` (alias '${shownText(entry.alias.name)}')` : '';
    const label = shownName === null ? `product ${productId}${via}` : `'${shownName}'${via}`;
    const own = name === null ? undefined : byName.get(normaliseName(name));
    const nameWorks = own !== undefined && own.ok && own.value.productId.toLowerCase() === productId.toLowerCase();
    return {
      label,
      sortKey: shownName ?? productId,
      candidate: nameWorks && shownName !== null ? shownName : productId,
      byName: nameWorks,
    };
  });
  rows.sort((a, b) => compareNames(a.sortKey, b.sortKey));
  const advice = rows.every((r) => r.byName)
    ? 'write the product name instead'
    : 'write the product name or id instead';
  return {
    ok: false,
    detail: `it names ${rows.length} products: ${rows.map((r) => r.label).join(', ')}; ${advice}`,
    candidates: rows.map((r) => r.candidate),
  };
}

/** `no product or alias named 'Glyfos 450'; closest: 'Glyfos 540'` (the closest part only when there are suggestions). */
export function unknownProductMessage(shown: string, suggestions: readonly string[]): string {
  const closest = suggestions.length > 0 ? `; closest: ${quoteList(suggestions)}` : '';
  return `no product or alias named '${shown}'${closest}`;
}
