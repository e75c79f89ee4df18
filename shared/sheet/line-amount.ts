/**
 * A pack cost column headed like a line amount (`Amount ex GST`, `Ext. price`, `Total ex GST`): read
 * as the price of one pack, every cost would be its line's quantity times too high, and nothing else
 * would say so. Such a column is refused unless the sheet proves it holds prices per pack (a Line
 * Total column that quantity × it matches, checked line by line; or every quantity is 1) or the
 * mapping says so (`pack_cost_per_pack`). When another column times the quantity gives it, it is
 * a line total and the refusal says which column is the price. Pure.
 */
import { KINDS } from '../kinds/index.ts';
import type { ColumnMapping } from './column-mapping.ts';
import type { CellValue, Grid } from './grid.ts';
import { MappingError } from './mapping-error.ts';
import { BASIS_WORDS, basisWords } from './price-basis.ts';
import {
  compareDecimals,
  multiplyDecimals,
  negateDecimal,
  parseDecimalCell,
  subtractDecimals,
} from './values/index.ts';

/** Headers (basis words taken out, normalised) that name a line's amount rather than a price per pack. */
const LINE_AMOUNTS: ReadonlySet<string> = new Set([
  ...KINDS.receipts.synonyms.line_total.map(withoutBasis),
  // What a bookkeeper heads the line's total with, should a mapping place it on the pack cost (`Line Price`,
  // `Line Cost`, `Extd Price` are line total synonyms: mapped on their own, they are the line total).
  'amount',
  'lineamount',
  'linevalue',
  'value',
  'extended',
  'extendedprice',
  'extendedamount',
  'extendedvalue',
  'extprice',
  'extvalue',
  'priceext',
  'priceextd',
  'priceextended',
  'extamount',
  'extd',
  'extdamount',
  'costextd',
  'costextended',
  'total',
  'subtotal',
  'linetotal',
  'totalprice',
  'totalcost',
  'totalamount',
]);

/**
 * The header's words (price-basis.ts reads its GST basis on the same) without those that say its GST
 * basis or that it is net, joined: `'Amount_ex_GST'`, `'AmountExGST'`, `'Net amount'` → `'amount'`.
 */
function withoutBasis(header: string): string {
  return basisWords(header)
    .filter((w) => !BASIS_WORDS.has(w))
    .join('');
}

/**
 * Whether a header names a line's amount (quantity × price) rather than a price per pack:
 * `'Amount ex GST'`, `'Line amount'`, `'Ext. price'`, `'Extd Price'`, `'Extended'`, `'Total (ex GST)'`, `'Amount'`,
 * `'Line Price inc GST'`, `'Line Cost'`, `'Cost Ext'`, `'total_inc_gst'` → true; `'Unit price'`, `'Price ex GST'`, `'Rate'` → false.
 */
export function namesLineAmount(header: string): boolean {
  const key = withoutBasis(header);
  return key !== '' && LINE_AMOUNTS.has(key);
}

/** A cell as a canonical decimal, or null when it is not a number. */
function decimal(cell: CellValue | undefined): string | null {
  if (cell === undefined || cell === null || cell === '') return null;
  const parsed = parseDecimalCell(cell);
  return parsed.ok ? parsed.value : null;
}

function withinACent(a: string, b: string): boolean {
  const difference = subtractDecimals(a, b);
  return compareDecimals(difference.startsWith('-') ? negateDecimal(difference) : difference, '0.01') <= 0;
}

/** The quantity and amount of each data line that has both as numbers. */
function linesOf(grid: Grid, mapping: ColumnMapping, quantity: number, amount: number) {
  return grid.rows.flatMap((row) => {
    if (row.rowNumber <= mapping.headerRowNumber) return [];
    const q = decimal(row.cells[quantity]);
    const a = decimal(row.cells[amount]);
    return q === null || a === null ? [] : [{ cells: row.cells, quantity: q, amount: a }];
  });
}

/**
 * Refuses a pack cost column headed like a line amount ({@link namesLineAmount}) unless `perPack`
 * (the mapping says it holds prices per pack), a Line Total column is mapped too (each line's
 * quantity × price is then checked against it), or every line's quantity is 1.
 * @throws MappingError `line_amount_as_cost`, naming the column; when an unmapped column times the
 *   quantity gives it on every line, the message says it is a line total and names that column.
 */
export function checkLineAmountCost(grid: Grid, mapping: ColumnMapping, perPack: boolean): void {
  const columns = mapping.columns as Partial<Record<string, number>>;
  const { pack_cost: cost, quantity, line_total: total } = columns;
  if (perPack || cost === undefined || quantity === undefined || total !== undefined) return;
  const header = mapping.headers[cost] ?? '';
  const used = new Set(Object.values(columns));
  if (!namesLineAmount(header)) {
    // Headed like a price: refused only when the values prove it a line total (`Unit Price` beside `Price ex GST`).
    const price = priceBeside(grid, mapping, used, quantity, cost);
    if (price >= 0) throw isLineTotal(grid, mapping, quantity, cost, price);
    return;
  }
  const lines = linesOf(grid, mapping, quantity, cost);
  if (lines.every((l) => compareDecimals(l.quantity, '1') === 0)) return;
  const price = mapping.headers.findIndex(
    (h, c) =>
      !used.has(c) &&
      h.trim() !== '' &&
      lines.length > 0 &&
      lines.every((l) => {
        const p = decimal(l.cells[c]);
        return p !== null && withinACent(multiplyDecimals(l.quantity, p), l.amount);
      }),
  );
  if (price >= 0) throw isLineTotal(grid, mapping, quantity, cost, price);
  const at = `${grid.source}, sheet '${grid.sheet}', header row ${mapping.headerRowNumber}`;
  throw new MappingError(
    'line_amount_as_cost',
    `${at}: the column '${header}' (mapped to the pack cost) is headed like a line amount (quantity × price); ` +
      `read as the price of one pack, each cost would be its quantity times too high.`,
    { remedies: [{ code: 'line_total_as_cost' }, { code: 'pack_cost_per_pack' }] },
  );
}

/** The refusal of a pack cost column that is the quantity × the column `price` on every line. */
function isLineTotal(grid: Grid, mapping: ColumnMapping, quantity: number, cost: number, price: number): MappingError {
  const at = `${grid.source}, sheet '${grid.sheet}', header row ${mapping.headerRowNumber}`;
  const header = mapping.headers[cost] ?? '';
  const quantityHeader = mapping.headers[quantity] || KINDS.receipts.registry.quantity.label;
  return new MappingError(
    'line_amount_as_cost',
    `${at}: the column '${header}' (mapped to the pack cost) is a line total: on every line it is ` +
      `'${quantityHeader}' × '${mapping.headers[price]}'. Map the pack cost to '${mapping.headers[price]}' ` +
      `(and '${header}' to the line total).`,
    { remedies: [{ code: 'map_columns', fields: ['pack_cost'] }] },
  );
}

/**
 * An unmapped, headed column that times the quantity gives the pack cost on every line that has all
 * three as numbers, on one line at least whose quantity is not 1 (else nothing is proven): its index,
 * or -1. A column drops out at its first line that disagrees, so a sheet without one costs a line or two.
 */
function priceBeside(
  grid: Grid,
  mapping: ColumnMapping,
  used: ReadonlySet<number | undefined>,
  quantity: number,
  cost: number,
): number {
  let alive = mapping.headers.flatMap((h, c) => (!used.has(c) && h.trim() !== '' ? [c] : []));
  const proven = new Set<number>();
  // An indexed loop: a for-of, run over the sheet's rows, makes an iterator result per row.
  for (let r = 0; r < grid.rows.length; r += 1) {
    const row = grid.rows[r]!;
    if (alive.length === 0) return -1;
    if (row.rowNumber <= mapping.headerRowNumber) continue;
    const q = decimal(row.cells[quantity]);
    const amount = decimal(row.cells[cost]);
    if (q === null || amount === null) continue;
    const notOne = compareDecimals(q, '1') !== 0;
    alive = alive.filter((c) => {
      const p = decimal(row.cells[c]);
      if (p === null) return true; // blank here (a totals row, a note): proves nothing either way
      if (!withinACent(multiplyDecimals(q, p), amount)) return false;
      if (notOne) proven.add(c);
      return true;
    });
  }
  return alive.find((c) => proven.has(c)) ?? -1;
}
