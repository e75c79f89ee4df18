/**
 * A returns sheet kept in the invoices' layout: a count of packs (`Qty`) taken as the amount, beside a pack
 * size column the returns kind has no field for. Read so, two 20 L drums would be returned as 2 L with no
 * word; such a sheet is refused before anything is read further. Pure.
 */
import { KINDS, normaliseHeader } from '../../kinds/index.ts';
import type { ColumnMapping } from '../../sheet/column-mapping.ts';
import { isBlank, type Grid } from '../../sheet/grid.ts';
import { MappingError } from '../../sheet/mapping-error.ts';
import { stripBrackets } from '../../sheet/mapping-match.ts';

/** Headers that count packs (an invoice's quantity), and headers of a pack's size. */
const COUNTS = new Set(KINDS.receipts.synonyms.quantity);
const SIZES = new Set(KINDS.receipts.synonyms.pack_size);

/** The header, normalised, with and without its bracketed parts (`Qty (drums)`). */
function keys(header: string): string[] {
  return [normaliseHeader(header), normaliseHeader(stripBrackets(header))];
}

/**
 * Refuses a returns mapping whose amount column is headed as a count of packs (`Qty`, `No. of packs`)
 * while a column the mapping left out is headed as a pack size (`Pack Size`, `Size`) and holds a value
 * on a row below the header (an empty one, beside amounts written whole like `40 L`, says nothing).
 * @param grid the sheet (its `source` and `sheet` name it in the message).
 * @throws MappingError `pack_size_column`, naming both columns and how to write the amount.
 */
export function checkReturnPackColumns(grid: Grid, mapping: ColumnMapping): void {
  const where = grid;
  const amount = mapping.columns.amount;
  if (amount === undefined) return;
  const count = mapping.headers[amount] ?? '';
  if (!keys(count).some((k) => COUNTS.has(k))) return;
  const size = mapping.unplaced.find((u) => keys(u.header).some((k) => SIZES.has(k)));
  if (!size || !holdsValue(grid, mapping.headerRowNumber, size.column)) return;
  throw new MappingError(
    'pack_size_column',
    `${where.source}, sheet '${where.sheet}', header row ${mapping.headerRowNumber}: the column '${count}' counts ` +
      `packs and '${size.header}' holds their size, but a return is recorded by its whole amount and a pack ` +
      `size would be left out (2 drums of 20 L would go in as 2 L). Write the whole amount in '${count}' ` +
      `(40, with its unit), or the packs and their size in one cell, like '2 x 20 L'; then delete the ` +
      `'${size.header}' column.`,
  );
}

/** Whether a column holds a value on any row below the header. */
function holdsValue(grid: Grid, headerRowNumber: number, column: number): boolean {
  return grid.rows.some((row) => row.rowNumber > headerRowNumber && !isBlank(row.cells[column] ?? null));
}
