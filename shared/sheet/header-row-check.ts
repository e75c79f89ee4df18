/**
 * Whether a row said to hold the column headers holds data instead: a header-less sheet whose first
 * invoice line is named as the header row would otherwise import one invoice fewer, silently.
 */
import { isBlank, type CellValue, type SheetRow } from './grid.ts';
import { parseDateCell, parseDecimalCell } from './values/index.ts';

/** A cell that reads as data (a number, a date, an amount or a date written as text), not as a header. */
function readsAsData(cell: CellValue): boolean {
  if (typeof cell === 'number' || typeof cell === 'boolean' || cell instanceof Date) return true;
  if (typeof cell !== 'string' || isBlank(cell)) return false;
  return parseDecimalCell(cell).ok || parseDateCell(cell, 'DMY').ok || parseDateCell(cell, 'MDY').ok;
}

/**
 * The cells of `row` that read as data, when they are too many for a header row (two or more, and at
 * least a third of its non-blank cells); else an empty list. Headers are words: `Qty`, `Price ex GST`.
 */
export function dataCellsOfHeaderRow(row: SheetRow): CellValue[] {
  const filled = row.cells.filter((c) => !isBlank(c));
  const data = filled.filter(readsAsData);
  return data.length >= 2 && data.length * 3 >= filled.length ? data : [];
}
