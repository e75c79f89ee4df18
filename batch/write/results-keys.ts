/**
 * The key check of a results file (as the pane does, shared/import/row-key.ts): each result goes on
 * its row only when that row, as the results writer reads it, has the key cells the import read
 * there (invoice, supplier, product, quantity, ...). A result whose row shows another key is not
 * written there but counted as unplaced, so no Status or Record ID ever lands on a row by its
 * number alone.
 */
import type ExcelJS from 'exceljs';
import type { RowResult } from '../../shared/import/outcome.ts';
import { keyColumns, keyText, rowKey } from '../../shared/import/row-key.ts';
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

/** A cell the results writer cannot read as the reader did (a formula saved without its value, an error): not compared. */
export const UNKNOWN: unique symbol = Symbol('unknown cell');

/** A key cell as the results writer reads it. */
export type KeyCell = CellValue | typeof UNKNOWN;

/**
 * Takes out of `byRow` each result whose row, read by `cellsOf` (0-based cells of a 1-based row),
 * shows another key cell than the import read there (`keys`; a row the import did not read has
 * blank keys): compared cell by cell as `keyText` folds them, an {@link UNKNOWN} cell aside. Returns
 * their row numbers, ascending. Without `keys`, nothing is taken out.
 */
export function dropMisplaced(
  byRow: Map<number, RowResult>,
  keys: RowKeys | undefined,
  cellsOf: (rowNumber: number) => readonly KeyCell[],
): number[] {
  if (keys === undefined) return [];
  const unplaced: number[] = [];
  for (const rowNumber of byRow.keys()) {
    const key = keys.byRow.get(rowNumber) ?? '';
    // rowKey joins the key cells' texts with NUL (no cell holds one), '' when all are blank.
    const expected = key === '' ? keys.columns.map(() => '') : key.split('\u0000');
    const cells = cellsOf(rowNumber);
    const differs = keys.columns.some((column, i) => {
      const cell = cells[column];
      return cell !== UNKNOWN && keyText(cell ?? null, keys.dateSystem) !== expected[i];
    });
    if (differs) unplaced.push(rowNumber);
  }
  for (const rowNumber of unplaced) byRow.delete(rowNumber);
  return unplaced.sort((a, b) => a - b);
}

/**
 * The key cells of an exceljs row as the reader gives them: a formula's cached result, a rich
 * text's or hyperlink's text, a date as a Date, Excel's `_x000D_` before a line feed decoded; the parts of a merged
 * area other than its first cell blank (as the reader leaves them); a formula saved without its
 * value, or an error, {@link UNKNOWN}.
 */
export function excelKeyCells(row: ExcelJS.Row, columns: readonly number[]): KeyCell[] {
  const cells: KeyCell[] = [];
  for (const column of columns) {
    const cell = row.findCell(column + 1);
    cells[column] = cell === undefined || (cell.isMerged && cell.master !== cell) ? null : plainValue(cell.value);
  }
  return cells;
}

function plainValue(value: ExcelJS.CellValue): KeyCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return unescapeXml(value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if ('richText' in value) return unescapeXml(value.richText.map((run) => run.text).join(''));
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: ExcelJS.CellValue }).result;
    return result === undefined ? UNKNOWN : plainValue(result);
  }
  if ('hyperlink' in value) return typeof value.text === 'string' ? unescapeXml(value.text) : plainValue(value.text);
  return UNKNOWN;
}

/**
 * Excel writes the carriage return of a line break in a cell as `_x000D_`, which exceljs leaves as
 * text (the reader decodes it). Only before a line feed: a literal `_x000D_` (written escaped, as
 * `_x005F_x000D_`) comes out of both readers alike.
 */
function unescapeXml(text: string): string {
  return text.replace(/_x000D_(?=\n)/g, '\r');
}
