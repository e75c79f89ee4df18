/**
 * The key check of a results file (as the pane does, shared/import/row-key.ts): each result goes on
 * its row only when that row, as the results writer reads it, has the key cells the import read
 * there (invoice, supplier, product, quantity, ...). A result whose row shows another key is not
 * written there but counted as unplaced, so no Status or Record ID ever lands on a row by its
 * number alone.
 */
import type ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { dateCellFinder } from '../read/date-cells.ts';
import { normalPath, sheetPartOf } from '../read/zip-sheets.ts';
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

/**
 * A key cell that exceljs gives as text the reader may have read another way (an escape decoded or
 * not, see {@link excelKeyCells}): it matches when any of its readings does.
 */
export interface EitherText {
  anyOf: readonly string[];
}

/** A key cell as the results writer reads it. */
export type KeyCell = CellValue | EitherText | typeof UNKNOWN;

/** Whether `cell` (one of {@link KeyCell}) folds to `expected` (a `keyText`). */
function matches(cell: KeyCell | undefined, expected: string, dateSystem: 1900 | 1904): boolean {
  if (cell === UNKNOWN) return true;
  if (cell !== null && typeof cell === 'object' && 'anyOf' in cell)
    return cell.anyOf.some((text) => keyText(text, dateSystem) === expected);
  return keyText(cell ?? null, dateSystem) === expected;
}

/**
 * Takes out of `byRow` each result whose row, read by `cellsOf` (0-based cells of a 1-based row),
 * shows another key cell than the import read there (`keys`; a row the import did not read has
 * blank keys): compared cell by cell as `keyText` folds them, an {@link UNKNOWN} cell aside. Returns
 * their row numbers, ascending. Without `keys`, nothing is taken out. `known`: rows already
 * compared ({@link keyDiffers} of the same cells and keys), not compared again.
 */
export function dropMisplaced(
  byRow: Map<number, RowResult>,
  keys: RowKeys | undefined,
  cellsOf: (rowNumber: number) => readonly KeyCell[],
  known?: ReadonlyMap<number, boolean>,
): number[] {
  if (keys === undefined) return [];
  const unplaced: number[] = [];
  for (const rowNumber of byRow.keys()) {
    if (known?.get(rowNumber) ?? keyDiffers(rowNumber, keys, cellsOf(rowNumber))) unplaced.push(rowNumber);
  }
  for (const rowNumber of unplaced) byRow.delete(rowNumber);
  return unplaced.sort((a, b) => a - b);
}

/** Whether row `rowNumber`'s key `cells` (0-based) differ from the key the import read there (see {@link dropMisplaced}). */
export function keyDiffers(rowNumber: number, keys: RowKeys, cells: readonly KeyCell[]): boolean {
  const key = keys.byRow.get(rowNumber) ?? '';
  // rowKey joins the key cells' texts with NUL (no cell holds one), '' when all are blank.
  const expected = key === '' ? keys.columns.map(() => '') : key.split('\u0000');
  return keys.columns.some((column, i) => !matches(cells[column], expected[i] ?? '', keys.dateSystem));
}

/**
 * The key cells of an exceljs row as the reader gives them: a formula's cached result, a rich
 * text's or hyperlink's text, a date as a Date; text that holds an `_xHHHH_` escape as
 * {@link EitherText} (see `readings`); the parts of a merged area other than its first cell blank (as
 * the reader leaves them); a formula saved without its value, or an error, {@link UNKNOWN}. A `t="d"`
 * cell, which exceljs reads as a number, is put back as its date first (results-xlsx.ts).
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
  if (typeof value === 'string') return readings(value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if ('richText' in value) return readings(value.richText.map((run) => run.text).join(''));
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as { result?: ExcelJS.CellValue }).result;
    return result === undefined ? UNKNOWN : plainValue(result);
  }
  if ('hyperlink' in value) return typeof value.text === 'string' ? readings(value.text) : plainValue(value.text);
  return UNKNOWN;
}

/** An `_xHHHH_` escape (Excel's for a character XML cannot hold), in either case. */
const ESCAPE = /_x([\da-f]{4})_/gi;

/**
 * Text as exceljs gives it, with the readings the reader may have made of the same cell: exceljs
 * decodes the `_xHHHH_` escapes of shared strings and rich text (in upper case only), but not of an
 * inline string or a formula's text result; the reader (SheetJS) decodes every one, once, left to
 * right (`_x005F_x000D_` is the text `_x000D_`), and a formula's text result twice. The value cannot
 * say which it was: the text as is, decoded once and decoded twice are each its reading.
 */
function readings(text: string): CellValue | EitherText {
  if (!/_x[\da-f]{4}_/i.test(text)) return text;
  const once = unescapeOnce(text);
  return { anyOf: [...new Set([text, once, unescapeOnce(once)])] };
}

function unescapeOnce(text: string): string {
  return text.replace(ESCAPE, (_all, code: string) => String.fromCharCode(Number.parseInt(code, 16)));
}

/**
 * The `t="d"` cells of the sheet named `sheetName` in an .xlsx's bytes, their text by `cellKey`
 * (batch/read/date-cells.ts, as the reader finds them). Empty when the bytes are no .xlsx, or the
 * sheet or its part is not found (exceljs's values then stand alone).
 */
export function isoDateCellsOf(input: Uint8Array, sheetName: string): ReadonlyMap<number, string> {
  try {
    const text = (entry: Uint8Array | undefined) => (entry ? Buffer.from(entry).toString('utf8') : '');
    const meta = unzipSync(input, {
      filter: (file) => /^xl\/(?:workbook\.xml|_rels\/workbook\.xml\.rels)$/.test(file.name),
    });
    const part = sheetPartOf(text(meta['xl/workbook.xml']), text(meta['xl/_rels/workbook.xml.rels']), sheetName);
    if (part === null) return new Map();
    const entries = unzipSync(input, { filter: (file) => normalPath(file.name) === part });
    const bytes = Object.values(entries)[0];
    if (bytes === undefined) return new Map();
    const finder = dateCellFinder();
    for (let at = 0; at < bytes.length; at += CHUNK)
      finder.feed(
        Buffer.from(bytes.buffer, bytes.byteOffset + at, Math.min(CHUNK, bytes.length - at)).toString('latin1'),
      );
    return finder.found;
  } catch {
    return new Map();
  }
}

/** Bytes of a sheet part searched at a time. */
const CHUNK = 1 << 20;
