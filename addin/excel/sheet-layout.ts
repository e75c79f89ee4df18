/**
 * Pure layout helpers of the Excel adapter: where the result columns go, which cells to mark,
 * grouped into rectangles, A1 addresses, sheet names Excel accepts, and column widths in points.
 * Shared by the office-js adapter and the in-memory workbook. (Number formats are the core's:
 * shared/kinds/number-formats.ts.)
 */
import { RESULT_COLUMNS } from '../../shared/kinds/index.ts';
import type { RowResult } from '../../shared/import/outcome.ts';
import { resultValues } from '../../shared/import/results.ts';
import { findResultBlockOrOlder } from '../../shared/import/result-block.ts';
import { columnLetter } from '../../shared/sheet/grid.ts';
import { normaliseHeader } from '../../shared/kinds/index.ts';
import { toExcelValue } from './sheet-helpers.ts';

/** The fill of an invalid cell: Excel's light red "Bad" cell style. */
export const INVALID_FILL = '#FFC7CE';

/** Where the result columns go (0-based), and the header cells to write for the new ones. */
export interface ResultLayout {
  /** Column of `Status`, `Record ID`, `Sequence`, `Line Item ID`, `Message`, `Updated At`, in that order. */
  columns: number[];
  /** Headers to write: result columns not yet in the header row. */
  newHeaders: { column: number; header: string }[];
}

/**
 * Places the result columns (PRODUCT.md, "Results file"): shed's own block (the core's rule,
 * shared/import/result-block.ts: the one run of `Status`, `Record ID`, `Sequence`, `Line Item ID`,
 * `Message`, `Updated At` side by side in that order; case, spacing and punctuation ignored) is reused, so re-importing a sheet overwrites its
 * earlier results; so is an older block of the first five, with `Updated At` where the header has it,
 * else in a new column. Otherwise new columns go right of everything the sheet holds: a bookkeeper's own `Status`
 * column (Paid/Unpaid) is never taken for ours, and no cell of theirs is overwritten.
 *
 * @param headers the header row as read (0-based columns, blanks allowed).
 * @param usedWidth columns the sheet uses in any row (data right of the headers too); default the headers'.
 */
export function resultLayout(
  headers: readonly (string | null | undefined)[],
  usedWidth = 0,
  marked?: readonly number[] | null,
): ResultLayout {
  const found = findResultBlockOrOlder(headers, RESULT_COLUMNS, marked);
  if (found && !found.lastMissing) return { columns: found.columns, newHeaders: [] };
  const normalised = headers.map((h) => (typeof h === 'string' ? normaliseHeader(h) : ''));
  const lastHeader = normalised.reduce((last, h, i) => (h === '' ? last : i), -1);
  const next = Math.max(lastHeader + 1, usedWidth);
  // A block written before `Updated At` was a result column: reused, the version in a column of its own.
  if (found) {
    const columns = found.columns;
    const version = normalised.indexOf(normaliseHeader(RESULT_COLUMNS.at(-1)!));
    if (version >= 0 && !columns.includes(version)) return { columns: [...columns, version], newHeaders: [] };
    return { columns: [...columns, next], newHeaders: [{ column: next, header: RESULT_COLUMNS.at(-1)! }] };
  }
  const columns = RESULT_COLUMNS.map((_, k) => next + k);
  return { columns, newHeaders: RESULT_COLUMNS.map((header, k) => ({ column: next + k, header })) };
}

/**
 * The result cells of one row as written (the core's `resultValues`, the status worded for the sheet),
 * text guarded against reinterpretation (an `Updated At` stays the service's exact text); `''` clears.
 */
export function resultCells(result: RowResult): (string | number | boolean)[] {
  const [, ...rest] = resultValues(result);
  return [statusText(result), ...rest].map((v) => toExcelValue(v ?? null));
}

/** A rectangle of cells: 1-based first row, 0-based first column, and its size. */
export interface CellRect {
  rowNumber: number;
  column: number;
  rowCount: number;
  columnCount: number;
}

/**
 * Groups cells into few rectangles: contiguous columns of one row become one run, and a run with
 * the same columns on the next row extends the rectangle above it. Input order does not matter;
 * duplicates count once.
 *
 * @param cells `{ rowNumber (1-based), columns (0-based) }` per row, e.g. a result's invalid columns.
 */
export function cellRects(cells: readonly { rowNumber: number; columns: readonly number[] }[]): CellRect[] {
  const byRow = new Map<number, Set<number>>();
  for (const { rowNumber, columns } of cells) {
    const set = byRow.get(rowNumber) ?? new Set<number>();
    for (const c of columns) set.add(c);
    byRow.set(rowNumber, set);
  }
  const rects: CellRect[] = [];
  const open = new Map<string, CellRect>(); // runs of the previous row, by "column:count"
  for (const rowNumber of [...byRow.keys()].sort((a, b) => a - b)) {
    const columns = [...(byRow.get(rowNumber) ?? [])].sort((a, b) => a - b);
    const current = new Map<string, CellRect>();
    for (let i = 0; i < columns.length;) {
      let j = i;
      while (j + 1 < columns.length && columns[j + 1] === (columns[j] ?? 0) + 1) j++;
      const column = columns[i] ?? 0;
      const key = `${column}:${j - i + 1}`;
      const above = open.get(key);
      if (above && above.rowNumber + above.rowCount === rowNumber) {
        above.rowCount++;
        current.set(key, above);
      } else {
        const rect = { rowNumber, column, rowCount: 1, columnCount: j - i + 1 };
        rects.push(rect);
        current.set(key, rect);
      }
      i = j + 1;
    }
    open.clear();
    for (const [key, rect] of current) open.set(key, rect);
  }
  return rects;
}

/** The A1 address of a rectangle: `C5`, or `C5:E7` for more than one cell. */
export function a1Address(rect: CellRect): string {
  const first = `${columnLetter(rect.column)}${rect.rowNumber}`;
  if (rect.rowCount === 1 && rect.columnCount === 1) return first;
  return `${first}:${columnLetter(rect.column + rect.columnCount - 1)}${rect.rowNumber + rect.rowCount - 1}`;
}

/** Longest sheet name Excel accepts. */
export const SHEET_NAME_MAX = 31;

/**
 * A sheet name Excel accepts and no sheet has yet (compared case-insensitively, as Excel does):
 * `: \ / ? * [ ]` become spaces, leading and trailing apostrophes go, the name is cut to 31
 * characters, `History` and blanks become `Sheet`, and a taken name gets ` (2)`, ` (3)`, ….
 */
export function uniqueSheetName(wanted: string, existing: readonly string[]): string {
  let base = wanted
    .replace(/[:\\/?*[\]]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^'+|'+$/g, '')
    .trim();
  if (base === '' || base.toLowerCase() === 'history') base = 'Sheet';
  const taken = new Set(existing.map((n) => n.toLowerCase()));
  const cut = (text: string, room: number) => text.slice(0, room).trimEnd();
  let name = cut(base, SHEET_NAME_MAX);
  for (let n = 2; taken.has(name.toLowerCase()); n++) {
    const suffix = ` (${n})`;
    name = `${cut(base, SHEET_NAME_MAX - suffix.length)}${suffix}`;
  }
  return name;
}

/** A sheet name as written in a formula: always quoted, apostrophes doubled (`'Lists'!`). */
export function sheetRef(name: string): string {
  return `'${name.replace(/'/g, "''")}'`;
}

/**
 * The data-validation list source for `count` items in one column of a lists sheet, from row 2
 * (row 1 holds the list's name): `='Lists'!$B$2:$B$41`. A formula source has no length limit, unlike
 * an inline comma-separated list, which stops at 255 characters.
 */
export function listSource(sheetName: string, column: number, count: number): string {
  const letter = columnLetter(column);
  return `=${sheetRef(sheetName)}!$${letter}$2:$${letter}$${count + 1}`;
}

/**
 * A column width of `characters` (the width the CLI gives exceljs, in widths of the digit 0 of the
 * default font) in points, as office-js's `columnWidth` takes it: Excel shows such a column 7 pixels
 * a character plus 5 of padding (Calibri 11), and a pixel is ¾ of a point.
 */
export function columnPoints(characters: number): number {
  return (characters * 7 + 5) * 0.75;
}

/** The Status a row shows in the workbook: a record the run stopped before is `not sent` (neutral), not failed. */
export function statusText(result: RowResult): string {
  return result.notSent ? 'not sent' : result.status;
}
