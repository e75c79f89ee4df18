/**
 * The `products` dataset: the products seen through sideloading (they have no list
 * endpoint, spec section 2), each with the names of its product aliases.
 */
import type { Product, ProductAlias } from '../../schemas/resources.ts';
import type { ExportColumn, ExportTable } from '../columns.ts';
import { compareText } from '../values.ts';

/** Product columns, with the product's trade names (its aliases) joined by `; `. */
export const PRODUCT_COLUMNS: readonly ExportColumn[] = [
  { key: 'name', header: 'Product', type: 'text' },
  { key: 'trade_names', header: 'Trade Names', type: 'text', width: 50 },
  { key: 'record_id', header: 'Record ID', type: 'text' },
  { key: 'inserted_at', header: 'Created At', type: 'datetime' },
  { key: 'updated_at', header: 'Updated At', type: 'datetime' },
];

/** The products export (products seen sideloaded), sorted by name, each with its aliases' names. */
export function productsTable(products: readonly Product[], aliases: readonly ProductAlias[]): ExportTable {
  const tradeNames = new Map<string, string[]>();
  for (const a of aliases) {
    const key = a.product_id.toLowerCase();
    const list = tradeNames.get(key) ?? [];
    if (!list.includes(a.name)) list.push(a.name);
    tradeNames.set(key, list);
  }
  const rows = [...products]
    .sort((a, b) => compareText(a.name, b.name) || compareText(a.id, b.id))
    .map((p) => ({
      name: p.name,
      trade_names: (tradeNames.get(p.id.toLowerCase()) ?? []).sort(compareText).join('; ') || null,
      record_id: p.id,
      inserted_at: p.inserted_at ?? null,
      updated_at: p.updated_at ?? null,
    }));
  return { dataset: 'products', sheets: [{ name: 'Products', columns: PRODUCT_COLUMNS, rows }] };
}
