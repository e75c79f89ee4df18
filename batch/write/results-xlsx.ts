/**
 * The .xlsx results file: the imported workbook as it was (every cell, style, merge, formula and
 * other sheet), plus the result columns on the imported sheet and invalid cells marked red.
 */
import * as XLSX from '@e965/xlsx';
import { writeFile } from 'node:fs/promises';
import { isDeepStrictEqual } from 'node:util';
import ExcelJS from 'exceljs';
import type { RowResult } from '../../shared/import/outcome.ts';
import { writeAtomically } from './atomic-file.ts';
import { markedColumns, markResultBlock } from './results-mark.ts';
import { isoDateText } from '../read/cell-value.ts';
import { dropMisplaced, excelKeyCells, isoDateCellsOf, keyDiffers, type RowKeys } from './results-keys.ts';
import { indexResults, isMarked, locateResultColumns, resultCells } from './results-plan.ts';
import { shareUnstyledStyles } from './shared-styles.ts';
import { WriteError } from './write-error.ts';
import { deflateStoredZip } from './zip-deflate.ts';

/** The last editor a results workbook names in its core properties (its creator stays the bookkeeper's). */
export const RESULTS_EDITOR = 'shed import';
/** Excel's "Bad" cell style: light red fill, dark red text. */
const BAD_FILL = 'FFFFC7CE';
const BAD_FONT = 'FF9C0006';
/** Our notes start with this, so that a later run can tell them from the bookkeeper's own. */
export const NOTE_PREFIX = 'shed: ';
/** Widths (characters) of newly added result columns: status, UUIDs, sequence, UUIDs, message. */
const RESULT_WIDTHS = [12, 38, 14, 38, 60, 28];

/**
 * Another workbook format (.xls, .ods, .xlsm, .xlsb) converted to .xlsx by SheetJS, so that its
 * results file is an .xlsx with the same cells (values and number formats; not its styles).
 */
function asXlsx(input: Uint8Array): ArrayBuffer {
  const book = XLSX.read(input, { type: 'buffer', cellNF: true, cellDates: false, cellStyles: false });
  const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}

/** What the .xlsx results writer needs (see `writeResultsFile`). */
export interface XlsxResultsJob {
  /** Names the input in messages, and says its format (.xlsx, or another converted). */
  inputPath: string;
  /** The input's bytes, as read at the start of the run. */
  input: Uint8Array;
  /** The same bytes already loading ({@link loadResultsWorkbook} started earlier); used once, then changed. */
  loaded?: Promise<ExcelJS.Workbook>;
  rowKeys?: RowKeys;
  outputPath: string;
  sheetName?: string;
  headerRowNumber: number;
  results: readonly RowResult[];
  names: readonly string[];
}

/** What {@link loadResultsWorkbook} did ahead on a sheet: its `t="d"` cells put back, its rows' keys compared. */
interface DoneAhead {
  sheet: string;
  keys?: RowKeys;
  /** By row number (those of `keys`): whether the row's key cells differ from the key read there. */
  differs?: ReadonlyMap<number, boolean>;
}
const doneAhead = new WeakMap<ExcelJS.Workbook, DoneAhead>();

/** What {@link loadResultsWorkbook} may do ahead, on the sheet the results will go on. */
export interface LoadAhead {
  /** The sheet the results will go on (default the first). */
  sheetName?: string;
  /** The keys of its rows as the import read them: each row's key cells compared ahead (results-keys.ts). */
  rowKeys?: RowKeys;
}

/**
 * Loads the input's bytes as a workbook (exceljs, whole workbook; another format converted first):
 * what the results are written onto, the `t="d"` cells of the sheet `ahead.sheetName` (default the
 * first) put back as dates and, with `ahead.rowKeys`, each of its rows' key cells compared with the
 * key read there (the write then only looks the answer up). May start before the results are known
 * (while records are sent). Rejects with `results_input_unreadable` when the bytes are not a workbook.
 */
export async function loadResultsWorkbook(
  inputPath: string,
  bytes: Uint8Array,
  ahead: LoadAhead = {},
): Promise<ExcelJS.Workbook> {
  const { sheetName, rowKeys } = ahead;
  const workbook = new ExcelJS.Workbook();
  try {
    // A view of the snapshot, not a copy: the file's bytes are held once. (exceljs takes a Node
    // Buffer, which its typings declare as its own ArrayBuffer-like Buffer.)
    const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer;
    if (/\.xlsx$/i.test(inputPath)) await workbook.xlsx.load(view);
    else await workbook.xlsx.load(asXlsx(bytes));
  } catch (cause) {
    throw new WriteError(
      'results_input_unreadable',
      `cannot read '${inputPath}' (as read at the start) to write the results: ${(cause as Error).message}`,
      { cause },
    );
  }
  // The workbook's last editor: not an export any more (an export's --out will not replace it, overwrite.ts).
  workbook.lastModifiedBy = RESULTS_EDITOR;
  const sheet = sheetName === undefined ? workbook.worksheets[0] : workbook.getWorksheet(sheetName);
  if (sheet !== undefined) {
    restoreDateCells(sheet, bytes);
    const differs = rowKeys && keyComparisons(sheet, rowKeys);
    doneAhead.set(workbook, { sheet: sheet.name, ...(rowKeys && differs ? { keys: rowKeys, differs } : {}) });
  }
  return workbook;
}

/** A results workbook made in memory: the file's bytes, and the rows whose results the key check left out (ascending). */
export interface RenderedResults {
  bytes: Uint8Array;
  unplaced: number[];
}

/**
 * Loads the input's bytes (exceljs, whole workbook; or takes `job.loaded`), writes the results on the
 * imported sheet and saves to `outputPath` atomically; returns the rows whose results were left out by
 * the key check.
 * Throws `results_input_unreadable` (not a workbook, no such sheet, no such header row),
 * `invalid_results`, `output_not_writable`.
 */
export async function writeXlsxResults(job: XlsxResultsJob): Promise<{ unplaced: number[] }> {
  const { bytes, unplaced } = await renderXlsxResults(job);
  await writeRendered(job.outputPath, bytes);
  return { unplaced };
}

/** Writes a rendered results workbook's bytes to `outputPath` atomically (temp, fsync, rename). */
export async function writeRendered(outputPath: string, bytes: Uint8Array): Promise<void> {
  await writeAtomically(outputPath, (temp) => writeFile(temp, bytes));
}

/**
 * The results workbook of `job` in memory, without writing it (`job.outputPath` is not used): loads
 * the input's bytes (or takes `job.loaded`, which it changes), writes the results on the imported
 * sheet and packs the workbook. Throws as {@link writeXlsxResults}, `output_not_writable` aside.
 */
export async function renderXlsxResults(job: XlsxResultsJob): Promise<RenderedResults> {
  const loadAhead = { ...(job.sheetName === undefined ? {} : { sheetName: job.sheetName }) };
  const workbook = await (job.loaded ?? loadResultsWorkbook(job.inputPath, job.input, loadAhead));
  const worksheet = job.sheetName === undefined ? workbook.worksheets[0] : workbook.getWorksheet(job.sheetName);
  if (worksheet === undefined) {
    const names = workbook.worksheets.map((sheet) => `'${sheet.name}'`).join(', ');
    throw new WriteError(
      'results_input_unreadable',
      `'${job.inputPath}' has no sheet '${job.sheetName ?? ''}' (sheets: ${names || 'none'})`,
    );
  }
  if (job.headerRowNumber > worksheet.rowCount) {
    throw new WriteError(
      'results_input_unreadable',
      `sheet '${worksheet.name}' of '${job.inputPath}' has ${worksheet.rowCount} rows; no header row ${job.headerRowNumber}`,
    );
  }
  // Done when loaded (for a workbook loaded ahead for another sheet or other keys, or not by loadResultsWorkbook: now).
  const done = doneAhead.get(workbook);
  const here = done?.sheet === worksheet.name;
  if (!here) restoreDateCells(worksheet, job.input);
  const byRow = indexResults(job.results, job.headerRowNumber, worksheet.rowCount);
  const columns = job.rowKeys?.columns ?? [];
  const known = here && done.keys === job.rowKeys ? done.differs : undefined;
  const unplaced = dropMisplaced(byRow, job.rowKeys, (n) => excelKeyCells(worksheet.getRow(n), columns), known);
  const ahead = rowsAhead.get(workbook);
  if (ahead && !keptAhead(ahead, worksheet, job, byRow)) {
    // Rows written ahead that are not the final word: made again from the bytes.
    const { loaded: _spoiled, ...fresh } = job;
    return renderXlsxResults(fresh);
  }
  const positions = ahead?.positions ?? placeResultColumns(workbook, worksheet, job);
  for (const [rowNumber, result] of byRow)
    if (!ahead?.written.has(rowNumber)) writeRowResult(worksheet.getRow(rowNumber), result, positions);
  return { bytes: await packWorkbook(workbook), unplaced };
}

/** Places the result columns on the sheet (shed's own block, or right of the last used column), heads and marks them. */
function placeResultColumns(workbook: ExcelJS.Workbook, worksheet: ExcelJS.Worksheet, job: ResultsPlace): number[] {
  const header = worksheet.getRow(job.headerRowNumber);
  const headerTexts = Array.from({ length: header.cellCount }, (_, index) => header.getCell(index + 1).text);
  const marked = markedColumns(workbook, worksheet.name, job.headerRowNumber);
  const positions = locateResultColumns(headerTexts, lastUsedColumn(worksheet), job.names, marked);
  markResultBlock(workbook, worksheet.name, job.headerRowNumber, positions);
  writeResultHeaders(worksheet, header, positions, job.names);
  return positions;
}

/** Where results go on a sheet: what placing them and the key check depend on. */
type ResultsPlace = Pick<XlsxResultsJob, 'sheetName' | 'headerRowNumber' | 'names' | 'rowKeys'>;

/** Result rows written onto a workbook while the rest were sent ({@link writeRowsAhead}). */
interface RowsAhead {
  place: ResultsPlace;
  sheet: string;
  positions: number[];
  /** The result written on each row, by row number. */
  written: Map<number, RowResult>;
  /** A write ahead failed part way: the workbook is made again from the bytes. */
  spoiled: boolean;
}
const rowsAhead = new WeakMap<ExcelJS.Workbook, RowsAhead>();

/**
 * Writes some records' result rows, as they are known while the rest are sent, onto `workbook` (one
 * {@link loadResultsWorkbook} loaded for `place`'s sheet and row keys, not yet written): the result
 * columns placed and headed at the first call, then each row as the write would write it. A row the
 * key check leaves off, out of range or already written is left to the write. The write of the final
 * results keeps these rows when each is the final word for its row (the same result, the same sheet,
 * header row, headers and keys), else makes the workbook again from the bytes. Never throws.
 */
export function writeRowsAhead(workbook: ExcelJS.Workbook, place: ResultsPlace, results: readonly RowResult[]): void {
  const done = doneAhead.get(workbook);
  const worksheet = place.sheetName === undefined ? workbook.worksheets[0] : workbook.getWorksheet(place.sheetName);
  let ahead = rowsAhead.get(workbook);
  if (ahead?.spoiled || !worksheet || done?.sheet !== worksheet.name || done.keys !== place.rowKeys) return;
  if (place.headerRowNumber < 1 || place.headerRowNumber > worksheet.rowCount) return;
  try {
    if (!ahead) {
      ahead = { place, sheet: worksheet.name, positions: [], written: new Map(), spoiled: true };
      rowsAhead.set(workbook, ahead);
      ahead.positions = placeResultColumns(workbook, worksheet, place);
      ahead.spoiled = false;
    }
    for (const result of results) {
      const row = result.rowNumber;
      const inRange = Number.isInteger(row) && row > place.headerRowNumber && row <= worksheet.rowCount;
      const columnsFine = (result.invalidColumns ?? []).every((c) => Number.isInteger(c) && c >= 0 && c <= 16_383);
      if (!inRange || !columnsFine || ahead.written.has(row) || (place.rowKeys && done.differs?.get(row) !== false))
        continue;
      ahead.spoiled = true; // until the row is written whole
      writeRowResult(worksheet.getRow(row), result, ahead.positions);
      ahead.written.set(row, result);
      ahead.spoiled = false;
    }
  } catch {
    if (ahead) ahead.spoiled = true;
  }
}

/** Whether the rows written ahead stand for the final results `byRow` (after the key check) of `job` on `worksheet`. */
function keptAhead(
  ahead: RowsAhead,
  worksheet: ExcelJS.Worksheet,
  job: XlsxResultsJob,
  byRow: ReadonlyMap<number, RowResult>,
): boolean {
  const { place } = ahead;
  const same =
    !ahead.spoiled &&
    ahead.sheet === worksheet.name &&
    place.headerRowNumber === job.headerRowNumber &&
    place.rowKeys === job.rowKeys &&
    isDeepStrictEqual(place.names, job.names);
  return same && [...ahead.written].every(([row, result]) => isDeepStrictEqual(byRow.get(row), result));
}

/**
 * The workbook's file bytes: its zip written stored, then re-packed by fflate (zip-deflate.ts), which
 * is quicker than exceljs's own deflate and gives the same entries; exceljs's own deflate when the
 * stored zip cannot be read back.
 */
async function packWorkbook(workbook: ExcelJS.Workbook): Promise<Uint8Array> {
  shareUnstyledStyles(workbook); // the last change before the write (see its comment)
  // A Node Buffer, which exceljs's typings declare as their own Buffer.
  const stored = (await workbook.xlsx.writeBuffer({ zip: { compression: 'STORE' } })) as unknown as Uint8Array;
  return deflateStoredZip(stored) ?? ((await workbook.xlsx.writeBuffer()) as unknown as Uint8Array);
}

/**
 * Puts back the input's `t="d"` cells, which exceljs cannot read (it takes `2026-03-04T00:00:00` for the
 * number 2026 and would save that): each as the date the reader reads (batch/read/cell-value.ts), in a
 * date format when the cell has none, or as its text when the text is no date.
 */
function restoreDateCells(worksheet: ExcelJS.Worksheet, input: Uint8Array): void {
  for (const [key, iso] of isoDateCellsOf(input, worksheet.name)) {
    // The inverse of batch/read/date-cells.ts `cellKey` (0-based row × 16,384 + 0-based column).
    const cell = worksheet.getCell(Math.floor(key / 16_384) + 1, (key % 16_384) + 1);
    const date = isoDateText(iso);
    cell.value = date ?? iso;
    if (date && !/[dmyhs]/i.test(cell.numFmt ?? '')) cell.numFmt = dateFormatOf(iso);
  }
}

/** Whether each row of `keys` shows other key cells on `worksheet` than the import read there, by row number. */
function keyComparisons(worksheet: ExcelJS.Worksheet, keys: RowKeys): Map<number, boolean> {
  const differs = new Map<number, boolean>();
  for (const rowNumber of keys.byRow.keys()) {
    // A row exceljs does not hold has blank cells (`findRow`, which adds no row to the sheet).
    const row = worksheet.findRow(rowNumber);
    differs.set(rowNumber, keyDiffers(rowNumber, keys, row ? excelKeyCells(row, keys.columns) : []));
  }
  return differs;
}

/** The format that shows an ISO date, date and time, or time as written. */
function dateFormatOf(iso: string): string {
  const text = iso.trim();
  if (/^\d{1,2}:/.test(text)) return 'hh:mm:ss';
  return /T(?!00:00(?::00)?(?:\.0+)?(?:Z|[+-]\d{2}:?\d{2})?$)/.test(text) ? 'yyyy-mm-dd hh:mm:ss' : 'yyyy-mm-dd';
}

/** 0-based index of the first column right of every cell holding a value, on any row. */
function lastUsedColumn(worksheet: ExcelJS.Worksheet): number {
  let last = 0;
  worksheet.eachRow({ includeEmpty: false }, (row) => {
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      if (cell.value !== null && cell.value !== '' && column > last) last = column;
    });
  });
  return last;
}

function writeResultHeaders(
  worksheet: ExcelJS.Worksheet,
  header: ExcelJS.Row,
  positions: readonly number[],
  names: readonly string[],
): void {
  positions.forEach((position, index) => {
    const cell = header.getCell(position + 1);
    if (cell.text.trim() === '') {
      cell.value = names[index] ?? null;
      const column = worksheet.getColumn(position + 1);
      if (column.width === undefined) column.width = RESULT_WIDTHS[index] ?? 14;
    }
    cell.style = { ...cell.style, font: { ...cell.style.font, bold: true } };
  });
}

function writeRowResult(row: ExcelJS.Row, result: RowResult, positions: readonly number[]): void {
  const cells = resultCells(result);
  positions.forEach((position, index) => {
    row.getCell(position + 1).value = cells[index] ?? null;
  });
  const resultColumns = new Set(positions);
  const invalid = new Set((result.invalidColumns ?? []).filter((column) => !resultColumns.has(column)));
  // Clear our marks of an earlier run first: a cell fixed since then is no longer red. Empty cells
  // too (a required value that was missing), without creating cells that do not exist.
  for (let column = 1; column <= row.cellCount; column++) {
    const cell = row.findCell(column);
    if (cell !== undefined && !invalid.has(column - 1)) unmark(cell);
  }
  const message = positions[4];
  for (const column of invalid) mark(row.getCell(column + 1), result.message);
  if (message !== undefined && isMarked(result)) mark(row.getCell(message + 1), undefined);
}

/** Fills a cell red (a fresh style object: exceljs shares style objects between cells) and notes why. */
function mark(cell: ExcelJS.Cell, message: string | undefined): void {
  cell.style = {
    ...cell.style,
    fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: BAD_FILL } },
    font: { ...cell.style.font, color: { argb: BAD_FONT } },
  };
  const note = cell.note;
  if (message !== undefined && (note === undefined || isOurNote(note))) cell.note = `${NOTE_PREFIX}${message}`;
}

/** Removes our red fill, red font and note from a cell; anything else on it stays. */
function unmark(cell: ExcelJS.Cell): void {
  const style = cell.style;
  const fill = style.fill;
  if (fill?.type === 'pattern' && fill.pattern === 'solid' && fill.fgColor?.argb === BAD_FILL) {
    const { fill: _fill, ...rest } = style;
    if (rest.font?.color?.argb === BAD_FONT) {
      const { color: _color, ...font } = rest.font;
      rest.font = font;
    }
    cell.style = rest;
  }
  if (cell.note !== undefined && isOurNote(cell.note)) removeNote(cell);
}

/**
 * exceljs has no API to delete a note: a cell keeps it in `_comment` and, when read from a file, in
 * its value's model too. Dropping the first and rebuilding the cell from its model without `comment`
 * removes both; value and style stay.
 */
function removeNote(cell: ExcelJS.Cell): void {
  const { comment: _comment, ...model } = cell.model;
  (cell as unknown as { _comment?: unknown })._comment = undefined;
  cell.model = model as ExcelJS.CellModel;
}

/** Whether a note is one of ours; exceljs reads a note back as rich text (runs with fonts) or plain text. */
function isOurNote(note: ExcelJS.Comment | string): boolean {
  const text = typeof note === 'string' ? note : (note.texts ?? []).map((run) => run.text).join('');
  return text.startsWith(NOTE_PREFIX);
}
