/**
 * Bench 2's floor of a receipts plan: the least any plan of the read bench's sheet must do, for scale
 * beside the real one (shared/import/receipts/plan.ts). Every mapped cell a body needs is read once
 * (decimals and names through a memo of distinct cell texts, as the real plan's ReadMemo and
 * CleanLines do), lines are grouped under the invoice number above them, and one body is built per
 * invoice. Nothing else: no fill-down rules, no totals or note rows, no problems pinned to cells, no
 * checks of the whole sheet, no validation. A bench baseline only, never used by `shed`; it handles
 * the read bench's own sheet (every line valid) and says so when it meets anything else.
 */
import type { ColumnMapping } from '../shared/sheet/column-mapping.ts';
import type { CellValue, Grid } from '../shared/sheet/grid.ts';
import type { Resolver } from '../shared/resolve/index.ts';

/** A line item as the floor builds it: the service's shape (ids, packs, litres or kilograms, dollars). */
interface FloorItem {
  product_id: string;
  product_alias_id: string | null;
  quantity: string;
  pack_size: string;
  pack_unit: string;
  pack_cost: string;
}

/** One invoice of the floor: its key, its sheet rows and its body. */
export interface FloorDraft {
  key: string;
  rowNumbers: number[];
  body: { invoice_number: string; supplier: string; storage_id: string; received_at: string; line_items: FloorItem[] };
}

/** A plain decimal as written: digits, one optional point and fraction (`244.41`, `14`). */
const PLAIN_DECIMAL = /^\d+(?:\.\d+)?$/;

/** A day-first date as the read bench writes it (`1/1/2025`). */
const DAY_FIRST = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * The floor plan of `grid` under `mapping` (receipts; the read bench's columns).
 * @throws Error naming the row and cell when the sheet holds anything the read bench does not write.
 */
export function floorPlan(grid: Grid, mapping: ColumnMapping, resolver: Resolver): FloorDraft[] {
  const at = columnsOf(mapping);
  const memo = new Map<CellValue, string>();
  const names = new Map<string, { productId: string; productAliasId: string | null }>();
  const storages = new Map<string, string>();
  const drafts: FloorDraft[] = [];
  let draft: FloorDraft | null = null;
  for (let r = 0; r < grid.rows.length; r += 1) {
    const row = grid.rows[r]!;
    if (row.rowNumber <= mapping.headerRowNumber) continue;
    const cells = row.cells;
    const key = cells[at.invoice];
    if (typeof key === 'string' && key !== '') {
      draft = {
        key,
        rowNumbers: [],
        body: {
          invoice_number: key,
          supplier: text(cells[at.supplier], row.rowNumber),
          storage_id: storageOf(storages, resolver, text(cells[at.storage], row.rowNumber)),
          received_at: dateOf(memo, cells[at.date], row.rowNumber),
          line_items: [],
        },
      };
      drafts.push(draft);
    }
    if (draft === null) throw new Error(`floor plan: row ${row.rowNumber} has no invoice number above it`);
    draft.rowNumbers.push(row.rowNumber);
    const product = productOf(names, resolver, text(cells[at.product], row.rowNumber));
    draft.body.line_items.push({
      product_id: product.productId,
      product_alias_id: product.productAliasId,
      quantity: decimalOf(memo, cells[at.quantity], row.rowNumber),
      pack_size: decimalOf(memo, cells[at.packSize], row.rowNumber),
      pack_unit: text(cells[at.packUnit], row.rowNumber),
      pack_cost: decimalOf(memo, cells[at.packCost], row.rowNumber),
    });
  }
  return drafts;
}

/** The columns the floor reads. @throws Error when the mapping lacks one. */
function columnsOf(mapping: ColumnMapping) {
  const c = mapping.columns as Partial<Record<string, number>>;
  const need = (field: string) => {
    const column = c[field];
    if (column === undefined) throw new Error(`floor plan: the sheet has no ${field} column`);
    return column;
  };
  return {
    invoice: need('invoice'),
    supplier: need('supplier'),
    date: need('received_at'),
    storage: need('storage'),
    product: need('product'),
    quantity: need('quantity'),
    packSize: need('pack_size'),
    packUnit: need('pack_unit'),
    packCost: need('pack_cost'),
  };
}

function text(cell: CellValue | undefined, rowNumber: number): string {
  if (typeof cell !== 'string' || cell === '') throw new Error(`floor plan: row ${rowNumber}: a text cell is empty`);
  return cell;
}

/** A decimal cell as canonical text, once per distinct cell (a number cell as its shortest text). */
function decimalOf(memo: Map<CellValue, string>, cell: CellValue | undefined, rowNumber: number): string {
  const known = memo.get(cell ?? null);
  if (known !== undefined) return known;
  const written = typeof cell === 'number' ? String(cell) : typeof cell === 'string' ? cell.trim() : '';
  if (!PLAIN_DECIMAL.test(written)) throw new Error(`floor plan: row ${rowNumber}: '${String(cell)}' is no decimal`);
  const canonical = written.includes('.') ? written.replace(/\.?0+$/, '') : written.replace(/^0+(?=\d)/, '');
  memo.set(cell ?? null, canonical);
  return canonical;
}

/** A day-first date cell (or an Excel date) as midnight UTC, once per distinct cell. */
function dateOf(memo: Map<CellValue, string>, cell: CellValue | undefined, rowNumber: number): string {
  const known = memo.get(cell ?? null);
  if (known !== undefined) return known;
  let iso: string;
  if (cell instanceof Date) iso = cell.toISOString();
  else {
    const parts = typeof cell === 'string' ? DAY_FIRST.exec(cell) : null;
    if (!parts) throw new Error(`floor plan: row ${rowNumber}: '${String(cell)}' is no date`);
    iso = new Date(Date.UTC(Number(parts[3]), Number(parts[2]) - 1, Number(parts[1]))).toISOString();
  }
  memo.set(cell ?? null, iso);
  return iso;
}

/** A product name through the resolver, once per distinct text. */
function productOf(
  names: Map<string, { productId: string; productAliasId: string | null }>,
  resolver: Resolver,
  name: string,
): { productId: string; productAliasId: string | null } {
  let product = names.get(name);
  if (product === undefined) {
    const resolved = resolver.product(name);
    if (!resolved.ok) throw new Error(`floor plan: product '${name}' does not resolve`);
    product = { productId: resolved.value.productId, productAliasId: resolved.value.productAliasId };
    names.set(name, product);
  }
  return product;
}

/** A storage name through the resolver, once per distinct text. */
function storageOf(storages: Map<string, string>, resolver: Resolver, name: string): string {
  let id = storages.get(name);
  if (id === undefined) {
    const resolved = resolver.storage(name);
    if (!resolved.ok) throw new Error(`floor plan: storage '${name}' does not resolve`);
    id = resolved.value.id;
    storages.set(name, id);
  }
  return id;
}
