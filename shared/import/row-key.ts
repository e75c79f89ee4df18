/**
 * What identifies a sheet row and its header while the sheet changes under an import (the add-in: a
 * bookkeeper inserts a title row, sorts, deletes a row mid-import): the cells whose content names a
 * row (its KEY: invoice or reference, supplier, storage, product, quantity, pack size and cost,
 * amount), and the header row, found by the add-in's own result header or else by the mapping's
 * headers. The write-back re-reads only these cells. Pure.
 */
import { isBlank, type CellValue, type SheetRow } from '../sheet/grid.ts';
import { IMPORT_KINDS, fieldsWith, normaliseHeader, RESULT_COLUMNS } from '../kinds/index.ts';
import type { ColumnMapping } from '../sheet/mapping.ts';
import { cellText } from '../sheet/values/index.ts';

/** The fields whose cells identify a data row, of either kind: the registry's `identifiesRow` flags. */
export const ROW_KEY_FIELDS: readonly string[] = [
  ...new Set(IMPORT_KINDS.flatMap((kind) => fieldsWith(kind, 'identifiesRow'))),
];

/** The 0-based columns of a row's key cells under `mapping`, ascending, no duplicates. */
export function keyColumns(mapping: ColumnMapping): number[] {
  const columns = mapping.columns as Partial<Record<string, number>>;
  const found = ROW_KEY_FIELDS.flatMap((field) => (columns[field] === undefined ? [] : [columns[field]]));
  return [...new Set(found)].sort((a, b) => a - b);
}

/**
 * A key cell as compared: its text, case and spacing folded; blank is ''. A date cell compares as
 * its serial day in the workbook's date system, and every number to a millionth, so a re-read of
 * values only (a date comes back as its serial) still matches the sheet as read at the start.
 */
export function keyText(cell: CellValue | undefined, dateSystem: 1900 | 1904 = 1900): string {
  if (cell === undefined || isBlank(cell)) return '';
  const value = cell instanceof Date ? (cell.getTime() - EPOCH_MS[dateSystem]) / 86_400_000 : cell;
  const text = typeof value === 'number' ? cellText(Math.round(value * 1e6) / 1e6) : cellText(value);
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Day 0 of each of Excel's date systems: 1899-12-30 (1900) and 1904-01-01 (1904). */
const EPOCH_MS = { 1900: Date.UTC(1899, 11, 30), 1904: Date.UTC(1904, 0, 1) } as const;

/**
 * The key of a row: its key cells' texts joined; '' when every key cell is blank (a row no key names).
 * `dateSystem`: the workbook's (the grid's `dateSystem`), for date cells.
 */
export function rowKey(
  cells: readonly CellValue[],
  columns: readonly number[],
  dateSystem: 1900 | 1904 = 1900,
): string {
  const texts = columns.map((c) => keyText(cells[c], dateSystem));
  return texts.every((t) => t === '') ? '' : texts.join('\u0000');
}

/**
 * Whether `row` is the header of `mapping`: its cells at `resultColumns` are shed's own result
 * header (`Status` … `Updated At`) when those columns are given, else its cells at the key columns are
 * the mapping's headers as read at the start (case, spacing and punctuation ignored; columns the
 * mapping found by their values, with no header, are not compared). A row of blanks is never a header.
 */
export function isHeaderRow(row: SheetRow, mapping: ColumnMapping, resultColumns?: readonly number[] | null): boolean {
  const same = (column: number, wanted: string) =>
    normaliseHeader(typeof row.cells[column] === 'string' ? (row.cells[column] as string) : '') ===
    normaliseHeader(wanted);
  if (resultColumns && resultColumns.length === RESULT_COLUMNS.length)
    return resultColumns.every((c, i) => same(c, RESULT_COLUMNS[i] ?? ''));
  const named = keyColumns(mapping).filter((c) => normaliseHeader(mapping.headers[c] ?? '') !== '');
  return named.length > 0 && named.every((c) => same(c, mapping.headers[c] ?? ''));
}

/**
 * The row number of the header among `rows` (the key columns, and the result columns once written,
 * as read now): by the result header once it is written (`resultColumns`), else by the mapping's headers; the candidate nearest
 * `expected` (the header's last known row). Null when no row is the header, or two are equally near:
 * then nothing is written, rather than a block of results under the wrong row.
 */
export function findHeaderRow(
  rows: readonly SheetRow[],
  mapping: ColumnMapping,
  expected: number,
  resultColumns?: readonly number[] | null,
): number | null {
  // Once the add-in's result block is in the sheet, only the block says where the header is: the
  // mapping's headers would still be found after a column was inserted, and results written under
  // the block's old columns would overwrite the bookkeeper's own cells.
  for (const by of resultColumns ? [resultColumns] : [null]) {
    const candidates = rows.filter((row) => isHeaderRow(row, mapping, by)).map((row) => row.rowNumber);
    if (candidates.length === 0) continue;
    const distance = (n: number) => Math.abs(n - expected);
    const nearest = Math.min(...candidates.map(distance));
    const at = candidates.filter((n) => distance(n) === nearest);
    return at.length === 1 ? (at[0] ?? null) : null;
  }
  return null;
}
