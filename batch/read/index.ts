/**
 * Reading an input file into the typed grid (shared/sheet/grid.ts), choosing the reader by content:
 * a workbook (.xlsx, .xlsm, .xlsb, .ods: a zip; .xls: an OLE file) is read with SheetJS (workbook.ts),
 * text as CSV with papaparse; a password-protected workbook and anything else are refused with a
 * message that says what the file is and how to fix it. Limits (limits.ts) refuse a zip bomb or a
 * sheet too large to hold. Every refusal is an {@link InputFileError} (category `input`: exit
 * status 2, nothing sent).
 *
 * Cells: text, numbers, booleans, `null` for empty, and `Date` for date-formatted workbook cells,
 * with the sheet's wall-clock date and time in the Date's UTC parts (see xlsx-cells.ts). CSV values
 * are all text. Rows with no non-blank cell are left out; the others keep their 1-based sheet row
 * number (CSV: record number, header included).
 */
import { parse as parsePath } from 'node:path';
import type { Grid } from '../../shared/sheet/grid.ts';
import type { CsvFormat } from './csv.ts';
import { parseCsvText, tooManyRecords } from './csv.ts';
import { csvBytesOverLimit } from './csv-count.ts';
import { InputFileError } from './errors.ts';
import { inspectOle, isSylkOrDif, sniffFormat } from './sniff.ts';
import { bufferSource, fileSource, type InputSource } from './source.ts';
import { decodeCsvBytes, difTextDecoded } from './text-decode.ts';
import type { ReadLimits, ReadMemoryGuard } from './limits.ts';
import { DEFAULT_LIMITS, tooManyBytes } from './limits.ts';
import { loadCodePages, readBatchedRows, readWorkbookBytes } from './workbook.ts';
import { emptySheet } from './workbook-refusals.ts';
import { RowsNotBatchable, SHEET_BATCH_BYTES, takeOutBigSheets } from './xlsx-batches.ts';
import type { SheetEnds } from './sheet-ends.ts';
import { checkWorkbookZip } from './zip-check.ts';
import { partsOverLimit } from './zip-sheets.ts';
import { needsRepair, repairParts } from './part-repair.ts';

export { InputFileError, type InputFileErrorCode } from './errors.ts';
export type { CsvFormat } from './csv.ts';

/** Options of the readers. */
export interface ReadOptions {
  /** `--sheet NAME`: the worksheet to read (case-insensitive). Ignored for CSV, with a warning. */
  sheet?: string;
  /** Limits on rows, cells and bytes; each defaults to {@link DEFAULT_LIMITS}. */
  limits?: Partial<ReadLimits>;
  /** The process's heap guard, looked at between rows of a workbook (`memory_limit` past it). */
  memory?: ReadMemoryGuard;
  /** Worksheet parts unpacking past this many bytes are read in batches of about this size (default `SHEET_BATCH_BYTES` of xlsx-batches.ts). */
  sheetBatchBytes?: number;
  /**
   * Milliseconds a CSV whose last line has no line end must have been left unchanged before it is
   * read (default {@link CSV_SETTLE_MS}): a file still being written is refused, not read cut short.
   */
  settleMs?: number;
}

/**
 * How long a CSV without a final line end must have gone unchanged (size and modification time) to
 * be read: 2 seconds. Most CSVs saved by hand have no final line end and were saved well before the
 * import, so they pass at once; one written a moment ago is looked at again when the interval is up,
 * and refused if it grew meanwhile. A writer that pauses longer than this mid-line is not detected.
 */
export const CSV_SETTLE_MS = 2000;

/**
 * A {@link Grid} with what the reader learnt on the way; usable wherever a Grid is expected.
 * - `format`: which reader read it.
 * - `warnings`: things the user should check, e.g. a CSV read as Windows-1252, or `--sheet` on a CSV.
 * - `sheetNames`: every sheet of the workbook, in tab order (CSV: just `sheet`).
 * - `csv`: delimiter, line break, encoding and BOM of a CSV, to write a results file the same way.
 */
export interface ReadGrid extends Grid {
  format: 'xlsx' | 'csv';
  warnings: string[];
  sheetNames: string[];
  csv?: CsvFormat;
  /**
   * The file's bytes exactly as read (before any repair): the snapshot the grid was read from, kept
   * so that the results file is written from what was sent, never from the file as it is later.
   */
  snapshot: Uint8Array;
}

/**
 * Reads the file at `path` as .xlsx or CSV, whichever its content is.
 * @throws InputFileError: `file_not_found`, `file_unreadable`, `empty_file`, `not_a_spreadsheet`,
 *   `corrupt_workbook`, `password_protected`, `sheet_not_found`, `no_data`,
 *   `unreadable_encoding`, `malformed_csv`, `too_large`, `memory_limit` (see {@link ReadOptions.memory}).
 */
export async function readGrid(path: string, options: ReadOptions = {}): Promise<ReadGrid> {
  return readSource(await fileSource(path), 'any', options);
}

/**
 * Reads the .xlsx workbook at `path` (content checked: a CSV is refused; an .xls or .ods workbook is read too).
 * @throws InputFileError as {@link readGrid}; `not_a_spreadsheet` for a file that is not a zip.
 */
export async function readXlsx(path: string, options: ReadOptions = {}): Promise<ReadGrid> {
  return readSource(await fileSource(path), 'xlsx', options);
}

/**
 * Reads the CSV file at `path` (content checked: a workbook is refused).
 * @throws InputFileError as {@link readGrid}; `not_a_spreadsheet` for a file that is not text.
 */
export async function readCsv(path: string, options: ReadOptions = {}): Promise<ReadGrid> {
  return readSource(await fileSource(path), 'csv', options);
}

/**
 * Reads bytes in memory as .xlsx or CSV, by content; `fileName` names them in messages and becomes
 * the grid's `source` (its base name). For tests and for callers that already hold the bytes.
 * @throws InputFileError as {@link readGrid} (but never `file_not_found` or `file_unreadable`).
 */
export async function readGridFromBuffer(
  bytes: Uint8Array,
  fileName: string,
  options: ReadOptions = {},
): Promise<ReadGrid> {
  return readSource(bufferSource(bytes, fileName), 'any', options);
}

/**
 * Reads an input source opened earlier (see `source.ts`): for callers and tests that open the file
 * themselves, e.g. to see what happens when it changes between opening and reading.
 * @throws InputFileError as {@link readGrid}.
 */
export function readGridFromSource(source: InputSource, options: ReadOptions = {}): Promise<ReadGrid> {
  return readSource(source, 'any', options);
}

async function readSource(
  source: InputSource,
  expected: 'any' | 'xlsx' | 'csv',
  options: ReadOptions,
): Promise<ReadGrid> {
  const file = source.label;
  if (source.size === 0) {
    throw new InputFileError(
      'empty_file',
      file,
      `${file} is empty (0 bytes): there is nothing to import. Check it was saved completely.`,
    );
  }
  const limits: ReadLimits = { ...DEFAULT_LIMITS, ...options.limits };
  if (source.size > limits.maxBytes) throw tooManyBytes(file, source.size, limits);
  const sniffed = sniffFormat(source.head);
  if (sniffed.format === 'ole' && expected !== 'csv') {
    const bytes = await source.all();
    await loadCodePages();
    const found = inspectOle(bytes);
    if (found.kind === 'encrypted' || found.kind === 'other') throw oleError(file, found);
    try {
      return workbookGrid(source, bytes, readWorkbookBytes(bytes, file, { ...sheetOption(options), limits }));
    } catch (error) {
      // An OLE file whose streams were not recognised and that SheetJS cannot read either.
      if (found.kind === 'unknown' && error instanceof InputFileError && error.code === 'corrupt_workbook')
        throw oleError(file, found);
      throw error;
    }
  }
  if (sniffed.format === 'other') throw notSpreadsheet(file, sniffed.what);
  if (sniffed.format === 'xlsx' && expected !== 'csv') {
    const bytes = await source.all();
    const batchBytes = options.sheetBatchBytes ?? SHEET_BATCH_BYTES;
    const { repairs, sheets, tables, sheetEnds } = await checkWorkbookZip(bytes, file, limits, {
      endsPast: batchBytes,
      defaultSheet: options.sheet === undefined,
    });
    const repaired = needsRepair(repairs);
    const readable = repaired ? repairParts(bytes, repairs, partsOverLimit(sheets, limits.maxRows)) : bytes;
    const carriageReturns = (repairs.carriageReturns?.length ?? 0) > 0;
    // A repaired part's text around its rows may have changed: the big sheets' are found again then.
    const big = { batchBytes, ...(repaired ? {} : { sheetEnds }) };
    return readBigOrWhole(source, bytes, readable, options, big, {
      limits,
      rowCounts: sheets,
      tables,
      carriageReturns,
    });
  }
  if (sniffed.format === 'text' && isSylkOrDif(source.head)) {
    // Old spreadsheet interchange text (SYLK, DIF): read as the workbooks they are, not as CSV.
    await loadCodePages();
    const bytes = await source.all();
    const sheet = readWorkbookBytes(bytes, file, { ...sheetOption(options), limits });
    return workbookGrid(source, bytes, { ...sheet, rows: difTextDecoded(sheet.rows, bytes) });
  }
  if (sniffed.format === 'text' && expected !== 'xlsx') return readCsvSource(source, options, limits);
  throw notSpreadsheet(
    file,
    sniffed.format === 'xlsx' ? 'an .xlsx workbook, not CSV text' : 'text, not an .xlsx workbook',
  );
}

/**
 * An .xlsx checked by the zip check: its big worksheets read in batches of rows (xlsx-batches.ts),
 * the rest as a whole; a big sheet with a row SheetJS would number by position, or markup among its
 * rows that may hide a row end (CDATA, a comment), is read whole.
 */
async function readBigOrWhole(
  source: InputSource,
  snapshot: Uint8Array,
  bytes: Uint8Array,
  options: ReadOptions,
  big: { batchBytes: number; sheetEnds?: ReadonlyMap<string, SheetEnds | null> },
  checked: Pick<Parameters<typeof readWorkbookBytes>[2], 'limits' | 'rowCounts' | 'tables' | 'carriageReturns'>,
): Promise<ReadGrid> {
  const file = source.label;
  const whole = () =>
    workbookGrid(source, snapshot, readWorkbookBytes(bytes, file, { ...sheetOption(options), ...checked }));
  const maxRows = checked.limits.maxRows;
  const taken = await takeOutBigSheets(bytes, checked.rowCounts ?? [], big.batchBytes, big.sheetEnds, maxRows);
  if (!taken) return whole();
  const batched = new Set(taken.sheets);
  for (;;) {
    const sheet = readWorkbookBytes(taken.bytes, file, { ...sheetOption(options), ...checked, batched });
    const batches = sheet.batched ? taken.batches(sheet.name) : null;
    if (!batches) return workbookGrid(source, snapshot, sheet);
    let rows;
    try {
      rows = await readBatchedRows(batches, file, sheet, { limits: checked.limits, ...sheetOption(options) });
    } catch (error) {
      if (error instanceof RowsNotBatchable) return whole();
      throw error;
    }
    if (rows.length > 0) return workbookGrid(source, snapshot, { ...sheet, rows });
    if (options.sheet !== undefined) throw emptySheet(file, sheet.name);
    // A big sheet of blank rows: taken out, it reads empty, so the next sheet with data is chosen.
    batched.delete(sheet.name);
  }
}

function sheetOption(options: ReadOptions): { sheet?: string; memory?: ReadMemoryGuard } {
  return {
    ...(options.sheet === undefined ? {} : { sheet: options.sheet }),
    ...(options.memory ? { memory: options.memory } : {}),
  };
}

function workbookGrid(
  source: InputSource,
  snapshot: Uint8Array,
  sheet: ReturnType<typeof readWorkbookBytes>,
): ReadGrid {
  return {
    source: source.name,
    sheet: sheet.name,
    rows: sheet.rows,
    ...sheet.layout,
    format: 'xlsx',
    warnings: [],
    sheetNames: sheet.sheetNames,
    snapshot,
  };
}

async function readCsvSource(source: InputSource, options: ReadOptions, limits: ReadLimits): Promise<ReadGrid> {
  const file = source.label;
  const bytes = await source.all();
  // The last line of a file still being written may be cut short (a quantity 1 that will read 12).
  const settleMs = options.settleMs ?? CSV_SETTLE_MS;
  if (!endsWithLineBreak(bytes) && !(await source.settled(settleMs))) {
    throw new InputFileError(
      'file_changed',
      file,
      `${file} changed while it was read (or within ${settleMs / 1000} seconds before) and its last line has no line end: a program is still writing it, so that line may be cut short. Nothing was sent. Wait until it is saved completely, then import again.`,
    );
  }
  // A file far over the row limit is refused from its bytes, never decoded whole (bench 2b: 200 MB).
  if (await csvBytesOverLimit(bytes, limits.maxRows)) throw tooManyRecords(file, limits.maxRows);
  const decoded = decodeCsvBytes(bytes, file);
  const other = nonCsvText(decoded.text);
  if (other) throw notSpreadsheet(file, other);
  refuseNul(decoded.text, file);
  const parsed = parseCsvText(decoded.text, file, limits.maxRows);
  const sheet = parsePath(source.name).name;
  if (parsed.rows.length === 0) {
    throw new InputFileError('no_data', file, `${file} has no data: no row has a value.`, { sheet });
  }
  const warnings = decoded.warning ? [decoded.warning] : [];
  if (options.sheet !== undefined)
    warnings.push(`--sheet ${options.sheet} is ignored: ${file} is a CSV file, with one sheet.`);
  return {
    source: source.name,
    sheet,
    rows: parsed.rows,
    format: 'csv',
    warnings,
    sheetNames: [sheet],
    csv: { delimiter: parsed.delimiter, newline: parsed.newline, encoding: decoded.encoding, bom: decoded.bom },
    snapshot: bytes,
  };
}

/**
 * Refuses text holding a NUL character (the sniff looks at the first 64 KiB only): no spreadsheet writes
 * one in CSV text; it means a damaged file or binary data, and would be sent inside a cell.
 */
function refuseNul(text: string, file: string): void {
  const at = text.indexOf('\u0000');
  if (at < 0) return;
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) line += 1;
  throw new InputFileError(
    'malformed_csv',
    file,
    `${file} line ${line} holds a NUL character (byte 0), which no spreadsheet writes in CSV text: the file is damaged, or binary data was appended to it. Nothing was sent. Open it in Excel, check that line, and save it again as CSV UTF-8.`,
  );
}

/** Whether the bytes end with LF or CR (UTF-16 text: the high byte after it is 0). */
function endsWithLineBreak(bytes: Uint8Array): boolean {
  const last = bytes.at(-1);
  const beforeLast = bytes.at(-2);
  return last === 0x0a || last === 0x0d || (last === 0 && (beforeLast === 0x0a || beforeLast === 0x0d));
}

/** Text that is plainly not CSV: a web page, an XML file (Excel 2003 XML included), JSON. */
function nonCsvText(text: string): string | undefined {
  const start = text.slice(0, 2000).trimStart();
  if (/^<\?xml[\s\S]*urn:schemas-microsoft-com:office:spreadsheet/i.test(start)) return 'an Excel 2003 XML spreadsheet';
  if (/^<(?:!doctype html|html|table|head|body)\b/i.test(start)) return 'a web page (HTML)';
  if (/^<\?xml/i.test(start)) return 'an XML file';
  if (start.startsWith('{\\rtf')) return 'an RTF document';
  if (start.startsWith('socialcalc:version:')) return 'a SocialCalc sheet';
  if (/^[{[]/.test(start)) {
    try {
      JSON.parse(text);
      return 'a JSON file';
    } catch {
      return undefined;
    }
  }
  return undefined;
}

const HINTS: Readonly<Record<string, string>> = {
  'a PDF document': 'Key the invoice lines into a sheet first (`shed template receipts --out FILE` makes one).',
  'a JSON file': 'A saved column mapping goes in --mapping FILE; the file to import is the .xlsx or .csv.',
};

function notSpreadsheet(file: string, what: string): InputFileError {
  const hint = HINTS[what] ?? 'Open it in Excel and save it as .xlsx (Excel Workbook) or CSV UTF-8.';
  return new InputFileError(
    'not_a_spreadsheet',
    file,
    `${file} is ${what}, not a spreadsheet this tool reads (.xlsx, .xls or .ods workbook, or .csv text). ${hint}`,
  );
}

/**
 * The refusal of an OLE compound file with no workbook SheetJS could read: encrypted (a password-protected
 * .xlsx), another Office file (Word, PowerPoint), or none of these (`unknown`: no `Workbook` or `Book`
 * stream, so not an .xls either). An .xls is read, never refused here.
 */
function oleError(
  file: string,
  found: { kind: 'encrypted' | 'unknown' } | { kind: 'other'; what: string },
): InputFileError {
  switch (found.kind) {
    case 'encrypted':
      return new InputFileError(
        'password_protected',
        file,
        `${file} is a password-protected (encrypted) workbook and cannot be read. Open it in Excel, remove the ` +
          `password (File > Info > Protect Workbook > Encrypt with Password, clear it) and save it as .xlsx.`,
      );
    case 'other':
      return notSpreadsheet(file, found.what);
    case 'unknown':
      return notSpreadsheet(file, 'an Office 97-2003 (OLE) file with no workbook in it');
  }
}
