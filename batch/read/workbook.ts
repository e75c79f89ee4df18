/**
 * Workbooks (.xlsx, .xlsm, .xls, .ods) to the typed grid, read with SheetJS Community Edition
 * (`@e965/xlsx`, a maintained republication of SheetJS CE 0.20.3 on the npm registry). It reads what
 * real producers write: namespace-prefixed XML, inline and rich text, phonetic guides, `t="d"`
 * cells, the 1904 date system, shared strings in any case, Excel 97-2003 and OpenDocument files.
 * The sheet is `--sheet NAME` (case-insensitive), else the first visible worksheet, in tab order,
 * that has any data. Merged cells: only the top-left cell has a value.
 *
 * Dates follow the grid's convention: a date-formatted number becomes a `Date` whose UTC parts are
 * the sheet's wall-clock date and time (`serialToDate`), in the workbook's own date system.
 */
import * as XLSX from '@e965/xlsx';
import type { CellArea, CellValue, SheetRow, SheetTable } from '../../shared/sheet/grid.ts';
import { isBlank, markFilteredRows } from '../../shared/sheet/grid.ts';
import { corrupt, cutShort, emptySheet, missingSheet, noData, refuseLostRows } from './workbook-refusals.ts';
import type { ReadLimits } from './limits.ts';
import { countOf, otherSheets } from './sheet-groups.ts';
import { ROWS_PER_MEMORY_CHECK, tooManyCells, tooManyRows, tooMuchMemory, type ReadMemoryGuard } from './limits.ts';
import { isoDateText, toCellValue } from './cell-value.ts';
import { uncalculatedFormula } from './cell-refusals.ts';
import { interchangeCodePage } from './sniff.ts';
import { cellKey } from './date-cells.ts';
import type { SheetRowCount, TablePart } from './zip-sheets.ts';
import { SLIM_FROM_SHEETS, withoutParts } from './zip-slim.ts';
import type { SheetBatch } from './xlsx-batches.ts';

let codePages: Promise<void> | undefined;

/**
 * Loads SheetJS's code pages, which Excel 97-2003, SYLK and DIF files written outside Western
 * Europe (Cyrillic, CJK, Greek ...) need; loaded only for those (18 MB of tables an .xlsx never uses).
 */
export function loadCodePages(): Promise<void> {
  codePages ??= import('@e965/xlsx/dist/cpexcel.full.mjs').then((cptable) => XLSX.set_cptable(cptable));
  return codePages;
}

/** A worksheet as read: its name, its non-blank rows, its layout, and the names of all the workbook's sheets. */
export interface ReadSheet {
  name: string;
  rows: SheetRow[];
  /** All sheet names of the workbook, in tab order. */
  sheetNames: string[];
  /** The workbook's date system, the sheet's autofilter range and merged areas (see shared/sheet/grid.ts). */
  layout: SheetLayout;
  /** The sheet is one of `batched`: `rows` is empty, to be read with {@link readBatchedRows}. */
  batched?: true;
  /** How its cells read (as the whole sheet's would), for {@link readBatchedRows}. */
  cells?: CellReading;
}

/** What the zip check found that changes how cells read: `t="d"` cells' text, CRs marked by the repair. */
export interface CellReading {
  /** The sheet's `t="d"` cells: their ISO 8601 text by position (date-cells.ts `cellKey`). */
  dateCells?: ReadonlyMap<number, string>;
  /** The sheet's error cells' texts by position: those SheetJS reads as empty (`#SPILL!`) read as their text. */
  errorCells?: ReadonlyMap<number, string>;
  /** The workbook was repaired with its escaped CRs before line feeds marked (part-repair.ts). */
  carriageReturns?: boolean;
  /** The rows holding a value the zip check counted in the sheet's part: fewer read is refused (rows lost). */
  valuedRows?: number;
}

/** What the workbook model holds of a sheet besides its rows (tables: from the zip, as SheetJS CE reads none). */
export interface SheetLayout {
  dateSystem: 1900 | 1904;
  autoFilter?: CellArea;
  merges?: CellArea[];
  tables?: SheetTable[];
}

/** Parsing options shared by every read: raw values and number formats only, no formulas, no styles. */
// cellStyles: SheetJS reads which rows are hidden only with it (it costs no measurable time).
const PARSE: XLSX.ParsingOptions = {
  type: 'buffer',
  dense: true,
  cellDates: false,
  cellNF: true,
  cellText: false,
  cellFormula: false,
  cellHTML: false,
  cellStyles: true,
  bookVBA: false,
  WTF: false,
};

/**
 * Reads one worksheet of a workbook held in memory; `file` names it in messages.
 * A zip must have passed `checkWorkbookZip` first (SheetJS checks neither sizes nor CRCs).
 * @throws InputFileError `sheet_not_found` (the message lists the sheets), `no_data`, `corrupt_workbook`,
 *   `too_large` (more rows or cells than `limits`), `memory_limit` (the heap past `memory`'s watermark).
 */
export function readWorkbookBytes(
  bytes: Uint8Array,
  file: string,
  options: {
    sheet?: string;
    limits: ReadLimits;
    rowCounts?: readonly SheetRowCount[];
    tables?: ReadonlyMap<string, readonly TablePart[]>;
    /** Looked at after parsing and every few thousand rows: past its watermark, `memory_limit`. */
    memory?: ReadMemoryGuard;
    /** Sheets taken out of `bytes` to be read in batches (xlsx-batches.ts): chosen as sheets with data. */
    batched?: ReadonlySet<string>;
    /** The workbook's escaped CRs before line feeds were marked by the part repair (part-repair.ts). */
    carriageReturns?: boolean;
  },
): ReadSheet {
  const counts = options.rowCounts ?? [];
  // Every sheet's part counted and without a single value: no data, said without parsing anything.
  if (options.sheet === undefined && counts.length > 0 && counts.every((c) => c.valueless))
    throw noData(
      file,
      counts.map((c) => c.name),
    );
  const parseChecked = (sheets: readonly (string | number)[]) => {
    for (const sheet of sheets) refuseCountedOverLimit(file, sheet, counts, options.limits);
    return parseSheets(bytes, file, sheets, counts, options.limits);
  };
  const overLimit = (sheet: string | number) => (countOf(sheet, counts)?.rows ?? 0) > options.limits.maxRows;
  // One parse gives the names, their order, which are hidden, and the sheet asked for (or the first
  // within the row limit, which is the one read in nearly every workbook: one over it is refused
  // only if it is read); the other sheets are parsed together, once.
  // By name: the zip check may count fewer sheets than SheetJS lists (a name it cannot read).
  const firstWithin = counts.find((_, i) => !overLimit(i))?.name ?? counts[0]?.name ?? 0;
  const first = parseChecked([options.sheet ?? firstWithin]);
  const names = first.SheetNames;
  const bookOf = otherSheets(first, parseChecked, counts, overLimit);
  let layout: SheetLayout = { dateSystem: 1900 };
  let batchedCells: CellReading = {};
  const rowsOf = (name: string, order: readonly string[]): SheetRow[] | null | 'batched' => {
    const book = bookOf(name, order);
    if (!book) return null;
    if (options.memory?.over()) throw tooMuchMemory(file, name, options.memory, 'parsing the workbook');
    const count = countOf(name, counts);
    if (count?.formulaUnknown)
      throw uncalculatedFormula(file, name, count.formulaUnknown.ref, count.formulaUnknown.recalculate);
    const cells = cellReading(count, options.carriageReturns);
    if (options.batched?.has(name)) {
      layout = sheetLayout(book, name, options.tables?.get(name));
      batchedCells = cells;
      return 'batched';
    }
    const read = { cells: 0, rows: 0, valued: 0 };
    const rows = sheetRows(book, file, name, options.limits, options.memory, counted(name, counts), cells, read);
    refuseLostRows(file, name, cells.valuedRows, read.valued);
    layout = sheetLayout(book, name, options.tables?.get(name));
    if (rows) markFilteredRows(rows, layout.autoFilter, layout.tables);
    return rows;
  };
  if (options.sheet !== undefined) {
    const wanted = options.sheet.trim().toLowerCase();
    const found = names.find((name) => name.trim().toLowerCase() === wanted);
    if (found === undefined) throw missingSheet(file, options.sheet, names);
    const rows = rowsOf(found, [found]);
    if (rows === 'batched')
      return { name: found, rows: [], sheetNames: names, layout, batched: true, cells: batchedCells };
    if (rows === null || rows.length === 0) throw emptySheet(file, found);
    return { name: found, rows, sheetNames: names, layout };
  }
  // The first visible sheet in tab order with data; a hidden one only if no visible sheet has any.
  const sheets = (first.Workbook?.Sheets ?? []).length
    ? first.Workbook!.Sheets!
    : names.map((name) => ({ name, Hidden: 0 }));
  const hidden = new Set(sheets.filter((s) => s.Hidden).map((s) => s.name));
  const order = [...names.filter((n) => !hidden.has(n)), ...names.filter((n) => hidden.has(n))];
  for (const name of order) {
    const rows = rowsOf(name, order);
    if (rows === 'batched') return { name, rows: [], sheetNames: names, layout, batched: true, cells: batchedCells };
    if (rows && rows.length > 0) return { name, rows, sheetNames: names, layout };
  }
  throw noData(file, names);
}

/**
 * The rows of a sheet read in batches (xlsx-batches.ts): each batch a workbook holding some of its
 * rows, parsed and converted as a whole read would be, its SheetJS model let go before the next.
 * Limits and the memory guard apply to the sheet as a whole; hidden rows under the layout's
 * autofilter or tables are marked filtered. Empty when no row has a value.
 * @throws InputFileError as {@link readWorkbookBytes}.
 */
export async function readBatchedRows(
  batches: AsyncIterable<SheetBatch>,
  file: string,
  sheet: ReadSheet,
  options: { limits: ReadLimits; memory?: ReadMemoryGuard },
): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  const counted = { cells: 0, rows: 0, valued: 0 };
  for await (const batch of batches) {
    // A batched sheet's rows were counted by the zip check, within the limit: each batch is parsed whole.
    const book = parsed(file, () => batch.parse({ ...PARSE, sheets: sheet.name }));
    for (const row of sheetRows(book, file, sheet.name, options.limits, options.memory, true, sheet.cells, counted) ??
      [])
      rows.push(row);
  }
  refuseLostRows(file, sheet.name, sheet.cells?.valuedRows, counted.valued);
  return markFilteredRows(rows, sheet.layout.autoFilter, sheet.layout.tables);
}

/**
 * Refuses a sheet (by name, case-insensitive, or tab index) whose rows, counted by the zip check,
 * are over the limit, before SheetJS parses it. A sheet not counted is checked as SheetJS reads it.
 */
function refuseCountedOverLimit(
  file: string,
  sheet: string | number,
  counts: readonly SheetRowCount[],
  limits: ReadLimits,
): void {
  const counted = countOf(sheet, counts);
  if (counted?.rows != null && counted.rows > limits.maxRows) throw tooManyRows(file, counted.name, limits);
}

/**
 * The workbook with the given sheets parsed (by name or tab index). A sheet whose rows the zip check
 * counted within the limit is parsed whole (its rows are counted, not its row numbers: one row at
 * row 1,048,576 is one row); otherwise SheetJS stops one row past the limit, so that a sheet over it
 * is told apart from one exactly at it.
 */
function parseSheets(
  bytes: Uint8Array,
  file: string,
  sheets: readonly (string | number)[],
  counts: readonly SheetRowCount[],
  limits: ReadLimits,
): XLSX.WorkBook {
  const allCounted = counts.length > 0 && sheets.every((sheet) => countOf(sheet, counts)?.rows != null);
  return parse(slim(bytes, sheets, counts), file, {
    ...PARSE,
    sheets: sheets.length === 1 ? sheets[0]! : [...sheets],
    ...(allCounted ? {} : { sheetRows: limits.maxRows + 1 }),
  });
}

/**
 * The workbook without the parts of the sheets not in `sheets` (zip-slim.ts), when it has more than
 * {@link SLIM_FROM_SHEETS} sheets whose parts the zip check named; else `bytes`.
 */
function slim(bytes: Uint8Array, sheets: readonly (string | number)[], counts: readonly SheetRowCount[]): Uint8Array {
  if (counts.length <= SLIM_FROM_SHEETS) return bytes;
  const wanted = new Set(sheets.map((sheet) => countOf(sheet, counts)));
  const others = counts.filter((count) => !wanted.has(count) && count.part !== undefined);
  return withoutParts(bytes, new Set(others.map((count) => count.part!)));
}

/** How a sheet's cells read: its `t="d"` cells (from its count), whether CRs were marked. */
function cellReading(count: SheetRowCount | undefined, carriageReturns: boolean | undefined): CellReading {
  return {
    ...(count?.dateCells ? { dateCells: count.dateCells } : {}),
    ...(count?.errorCells ? { errorCells: count.errorCells } : {}),
    ...(carriageReturns ? { carriageReturns } : {}),
    ...(count?.rows == null ? {} : { valuedRows: count.rows }),
  };
}

/** Whether the sheet's rows were counted by the zip check (then parsed whole: see {@link parseSheets}). */
function counted(name: string, counts: readonly SheetRowCount[]): boolean {
  return countOf(name, counts)?.rows != null;
}

function parse(bytes: Uint8Array, file: string, options: XLSX.ParsingOptions): XLSX.WorkBook {
  const codepage = interchangeCodePage(bytes);
  return parsed(file, () => XLSX.read(bytes, codepage === undefined ? options : { ...options, codepage }));
}

/** What `parse` parses, SheetJS's console noise kept off the terminal, its errors as `corrupt_workbook`. */
function parsed(file: string, parse: () => XLSX.WorkBook): XLSX.WorkBook {
  // SheetJS reports what it could not interpret (an OpenDocument number format's condition) on
  // console.error; the grid does not depend on formats it reports, so that noise is kept off the terminal.
  const consoleError = console.error;
  console.error = () => {};
  try {
    return parse();
  } catch (error) {
    throw corrupt(file, error);
  } finally {
    console.error = consoleError;
  }
}

/** A parsed sheet's date system, autofilter range, merged areas and tables (1-based rows, 0-based columns). */
function sheetLayout(book: XLSX.WorkBook, name: string, tables: readonly TablePart[] = []): SheetLayout {
  const sheet = book.Sheets[name];
  const layout: SheetLayout = { dateSystem: book.Workbook?.WBProps?.date1904 ? 1904 : 1900 };
  const area = (r: XLSX.Range): CellArea => ({
    firstRow: r.s.r + 1,
    lastRow: r.e.r + 1,
    firstColumn: r.s.c,
    lastColumn: r.e.c,
  });
  const filter = sheet?.['!autofilter']?.ref;
  if (filter) layout.autoFilter = area(XLSX.utils.decode_range(filter));
  const merges = sheet?.['!merges'] ?? [];
  if (merges.length > 0) layout.merges = merges.map(area);
  if (tables.length > 0)
    layout.tables = tables.map((t) => ({
      name: t.name,
      area: area(XLSX.utils.decode_range(t.ref)),
      headerRow: t.headerRow,
    }));
  return layout;
}

/** One parsed sheet's non-blank rows; null for a chart or dialog sheet, or one not parsed. */
function sheetRows(
  book: XLSX.WorkBook,
  file: string,
  name: string,
  limits: ReadLimits,
  memory: ReadMemoryGuard | undefined,
  byCount: boolean,
  reading: CellReading = {},
  counted = { cells: 0, rows: 0, valued: 0 },
): SheetRow[] | null {
  const sheet = book.Sheets[name];
  if (!sheet || (sheet['!type'] && sheet['!type'] !== 'sheet')) return null;
  const date1904 = Boolean(book.Workbook?.WBProps?.date1904);
  const data = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
  const rowInfo = sheet['!rows'] ?? [];
  // Rows counted by the zip check were parsed whole: the rows there are count, not the last row's number.
  if (!byCount && (data.length > limits.maxRows || cutShort(sheet, limits))) throw tooManyRows(file, name, limits);
  const rows: SheetRow[] = [];
  for (let r = 0; r < data.length; r += 1) {
    const row = data[r];
    // Each SheetJS row is let go once converted, so the sheet and the grid are not both held whole.
    data[r] = undefined;
    if (memory && r % ROWS_PER_MEMORY_CHECK === ROWS_PER_MEMORY_CHECK - 1 && memory.over())
      throw tooMuchMemory(file, name, memory, `reading row ${(r + 1).toLocaleString('en-AU')}`);
    if (!row) continue;
    const cells: CellValue[] = new Array<CellValue>(row.length).fill(null);
    let any = false;
    let valued = false;
    for (let c = 0; c < row.length; c += 1) {
      const cell = row[c];
      if (!cell) continue;
      if (cell.t !== 'z') valued = true;
      let value = toCellValue(cell, date1904, reading.carriageReturns);
      const iso = reading.dateCells?.get(cellKey(r, c));
      // A `t="d"` cell SheetJS made a serial: its ISO text read as the date it is (its text if none).
      if (iso !== undefined && cell.t === 'n') value = isoDateText(iso) ?? iso;
      if (cell.t === 'e' && value === null) value = reading.errorCells?.get(cellKey(r, c)) ?? null;
      cells[c] = value;
      if (!isBlank(value)) any = true;
    }
    counted.cells += row.length;
    if (valued) counted.valued += 1;
    if (counted.cells > limits.maxCells) throw tooManyCells(file, name, limits);
    if (!any) continue;
    // Rows that hold a value are counted, as the zip check counts them (a blank row costs no more than its cells).
    counted.rows += 1;
    if (counted.rows > limits.maxRows) throw tooManyRows(file, name, limits);
    let end = cells.length;
    while (end > 0 && cells[end - 1] === null) end -= 1;
    cells.length = end;
    rows.push(rowInfo[r]?.hidden ? { rowNumber: r + 1, cells, hidden: true } : { rowNumber: r + 1, cells });
  }
  return rows;
}
