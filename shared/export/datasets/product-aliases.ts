/**
 * The `product-aliases` dataset: every product alias (trade name) with the name of
 * the product it points at when known (products are seen only sideloaded, spec section 2).
 */
import type { ProductAlias } from '../../schemas/resources.ts';
import type { ExportColumn, ExportTable } from '../columns.ts';
import type { ExportNames } from '../names.ts';
import { compareText } from '../values.ts';

/** Product alias columns: the trade name, the product it names (name blank when no list sideloaded it). */
export const PRODUCT_ALIAS_COLUMNS: readonly ExportColumn[] = [
  { key: 'name', header: 'Trade Name', type: 'text' },
  { key: 'product', header: 'Product', type: 'text' },
  { key: 'product_id', header: 'Product ID', type: 'text' },
  { key: 'record_id', header: 'Record ID', type: 'text' },
  { key: 'inserted_at', header: 'Created At', type: 'datetime' },
  { key: 'updated_at', header: 'Updated At', type: 'datetime' },
];

/** The product aliases export, sorted by trade name; `Product` is the product's name when known, else blank. */
export function productAliasesTable(aliases: readonly ProductAlias[], names: ExportNames): ExportTable {
  const rows = [...aliases]
    .sort((a, b) => compareText(a.name, b.name) || compareText(a.id, b.id))
    .map((a) => ({
      name: a.name,
      product: names.resolver.productName(a.product_id),
      product_id: a.product_id,
      record_id: a.id,
      inserted_at: a.inserted_at ?? null,
      updated_at: a.updated_at ?? null,
    }));
  return { dataset: 'product-aliases', sheets: [{ name: 'Product Aliases', columns: PRODUCT_ALIAS_COLUMNS, rows }] };
}
