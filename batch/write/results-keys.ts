/**
 * The key check of a results file (as the pane does, shared/import/row-key.ts): each result goes on
 * its row only when that row, as the results writer reads it, has the key cells the import read
 * there (invoice, supplier, product, quantity, ...). A result whose row shows another key is not
 * written there but counted as unplaced, so no Status or Record ID ever lands on a row by its
 * number alone.
 */
import type ExcelJS from 'exceljs';
import type { RowResult } from '../../shared/import/outcome.ts';
import { keyColumns, rowKey } from '../../shared/import/row-key.ts';
import type { CellValue, Grid } from '../../shared/sheet/grid.ts';
import type { ColumnMapping } from '../../shared/sheet/mapping.ts';

/** The keys of the rows as the import read them: key columns (0-based), key by 1-based row, date system. */
export interface RowKeys {
  columns: readonly number[];
  byRow: ReadonlyMap<number, string>;
  dateSystem: 1900 | 1904;
}

/** The key of each row of `grid` under `mapping` (shared/import/row-key.ts `rowKey`). */
export function rowKeysOf(grid: Grid, mapping: ColumnMapping): RowKeys {
  const columns = keyColumns(mapping);
  const dateSystem = grid.dateSystem ?? 1900;
  return {
    columns,
    dateSystem,
    byRow: new Map(grid.rows.map((row) => [row.rowNumber, rowKey(row.cells, columns, dateSystem)])),
  };
}

/**
 * Takes out of `byRow` each result whose row, read by `cellsOf` (0-based cells of a 1-based row),
 * has another key than `keys` says (a row the import did not read has the key ''); returns their
 * row numbers, ascending. Without `keys`, nothing is taken out.
 */
export function dropMisplaced(
  byRow: Map<number, RowResult>,
  keys: RowKeys | undefined,
  cellsOf: (rowNumber: number) => readonly CellValue[],
): number[] {
  if (keys === undefined) return [];
  const unplaced: number[] = [];
  for (const rowNumber of byRow.keys()) {
    const now = rowKey(cellsOf(rowNumber), keys.columns, keys.dateSystem);
    if (now !== (keys.byRow.get(rowNumber) ?? '')) unplaced.push(rowNumber);
  }
  for (const rowNumber of unplaced) byRow.delete(rowNumber);
  return unplaced.sort((a, b) => a - b);
}

/**
 * The key cells of an exceljs row as the reader gives them: a formula's result, a rich text's or
 * hyperlink's text, a date as a Date; the parts of a merged area other than its first cell blank
 * (as the reader leaves them); an error value as its text.
 */
export function excelKeyCells(row: ExcelJS.Row, columns: readonly number[]): CellValue[] {
  const cells: CellValue[] = [];
  for (const column of columns) {
    const cell = row.findCell(column + 1);
    cells[column] = cell === undefined || (cell.isMerged && cell.master !== cell) ? null : plainValue(cell.value);
  }
  return cells;
}

function plainValue(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('formula' in value || 'sharedFormula' in value)
    return plainValue((value as { result?: ExcelJS.CellValue }).result);
  if ('hyperlink' in value) return typeof value.text === 'string' ? value.text : plainValue(value.text);
  if ('error' in value) return value.error;
  return null;
}
