/**
 * Pure helpers of the Excel adapter: cell values to and from Excel (dates by number format, text that
 * Excel must not reinterpret), payload estimates and row chunks with halving on a payload error.
 * No office-js here, so all of it is tested without a mock.
 */
import type { CellValue, SheetRow } from '../../shared/sheet/grid.ts';
import { isBlank } from '../../shared/sheet/grid.ts';
import { isDateFormat } from '../../shared/sheet/values/number-format.ts';

/** Excel's day 0 of the 1900 date system as UTC milliseconds (1899-12-30), the convention exceljs uses. */
export const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** Days from 1 January 1900 (1900 system) to 1 January 1904 (1904 system, serial 0): both date systems' offset. */
export const DATE1904_OFFSET_DAYS = 1462;

/** Milliseconds in one day. */
export const MS_PER_DAY = 86_400_000;

/** Rows per chunk to start with; halved on each payload error (Excel on the web refuses requests over 5 MB). */
export const DEFAULT_CHUNK_ROWS = 5_000;

/** The budget of one request in bytes, under Excel on the web's 5 MB limit with room for the envelope. */
export const DEFAULT_PAYLOAD_BUDGET_BYTES = 4_000_000;

/** The error codes office-js gives when one request or its response passes the payload limit. */
export const PAYLOAD_ERROR_CODES: readonly string[] = [
  'RequestPayloadSizeLimitExceeded',
  'ResponsePayloadSizeLimitExceeded',
];

/**
 * A date from an Excel serial number (days since 1899-12-30, fraction = time of day), with the
 * serial's calendar date and time as UTC parts, exactly as exceljs reads a date cell.
 * `45691` → `2025-02-03T00:00:00.000Z`.
 */
export function serialToDate(serial: number): Date {
  return new Date(Math.round(EXCEL_EPOCH_MS + serial * MS_PER_DAY));
}

/** The Excel serial of a date whose UTC parts are the calendar date and time (inverse of {@link serialToDate}). */
export function dateToSerial(date: Date): number {
  return (date.getTime() - EXCEL_EPOCH_MS) / MS_PER_DAY;
}

/**
 * One cell as read through office-js (`values` and `numberFormat` of the same cell) to a grid cell:
 * `''` → `null`; a number under a date format → a Date ({@link serialToDate}); anything else as read
 * (text, number, boolean; an error value such as `#N/A` stays text).
 */
export function toCellValue(value: unknown, numberFormat: unknown): CellValue {
  if (value === '' || value === null || value === undefined) return null;
  if (typeof value === 'number') {
    return typeof numberFormat === 'string' && isDateFormat(numberFormat) ? serialToDate(value) : value;
  }
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  return String(value);
}

/**
 * A block of rows read from a sheet to grid rows: 1-based row numbers from `firstRowNumber`, cells
 * shifted right by `firstColumn` (the used range may start after column A; the grid's index 0 is
 * column A), rows whose every cell is blank left out (the grid holds the non-empty rows), and each
 * row's empty cells at the end left off.
 *
 * @param values the block's `values`, rows × columns.
 * @param formats the block's `numberFormat`, the same shape (missing rows or cells read as General).
 */
export function blockToRows(
  values: unknown[][],
  formats: unknown[][],
  firstRowNumber: number,
  firstColumn: number,
): SheetRow[] {
  const rows: SheetRow[] = [];
  const pad: CellValue[] = new Array<CellValue>(firstColumn).fill(null);
  values.forEach((line, r) => {
    const cells = line.map((value, c) => toCellValue(value, formats[r]?.[c]));
    if (cells.every((cell) => isBlank(cell))) return;
    // Empty cells at the end are left off, as the CLI's reader does: both faces give the same grid.
    let end = cells.length;
    while (end > 0 && cells[end - 1] === null) end--;
    cells.length = end;
    rows.push({ rowNumber: firstRowNumber + r, cells: [...pad, ...cells] });
  });
  return rows;
}

/**
 * Text that Excel would turn into something else when written through `Range.values`: a formula
 * (`=`, `+`, `-`, `@`), a number, currency or date (`0012`, `$1,234.50`, `(5)`, `.5`, `3 Feb 2026`,
 * `Feb 2026`), a boolean (`TRUE`), or an apostrophe that would be taken as a prefix.
 */
export function needsTextPrefix(text: string): boolean {
  const t = text.trimStart();
  if (t === '') return false;
  if (/^[=+\-@'$.(%0-9]/.test(t)) return true;
  if (/^(true|false)$/i.test(t.trim())) return true;
  return /^(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?[\s\-/,]*\d/i.test(t);
}

/**
 * A grid cell as written to Excel: text that Excel would reinterpret gets an apostrophe prefix (kept
 * as the cell's quote prefix, not part of its value), a Date becomes its serial in the workbook's
 * `dateSystem` (default 1900; a 1904 workbook's serials are 1,462 days smaller; give the cell a date
 * format), `null` becomes `''` (an empty cell).
 */
export function toExcelValue(value: CellValue, dateSystem: 1900 | 1904 = 1900): string | number | boolean {
  if (value === null) return '';
  if (value instanceof Date) return dateToSerial(value) - (dateSystem === 1904 ? DATE1904_OFFSET_DAYS : 0);
  if (typeof value === 'string') return needsTextPrefix(value) ? `'${value}` : value;
  return value;
}

/** UTF-8 length of a string in bytes, without allocating. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 4; // a surrogate pair: one 4-byte character
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Estimated bytes a value adds to an office-js request or response: the UTF-8 size of its JSON, which
 * is how office-js carries `values`, `numberFormat` and the like (the envelope is not counted; the
 * budget leaves room for it).
 */
export function estimatePayloadBytes(value: unknown): number {
  return utf8Length(JSON.stringify(value) ?? '');
}

/**
 * Whether an error from `context.sync()` is Excel refusing a request or response for its size
 * (`error.code`, or `error.debugInfo.code`, one of {@link PAYLOAD_ERROR_CODES}).
 */
export function isPayloadTooLarge(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, debugInfo } = error as { code?: unknown; debugInfo?: { code?: unknown } };
  return PAYLOAD_ERROR_CODES.includes(String(code)) || PAYLOAD_ERROR_CODES.includes(String(debugInfo?.code));
}

/** One chunk as run: the first item's index, how many items, and the chunk size limit it ran under. */
export interface ChunkRun {
  start: number;
  count: number;
  size: number;
}

/**
 * Runs `work` over items `[0, total)` in consecutive chunks, one call per chunk. A chunk takes
 * `take(start, size)` items (at least 1, at most `total - start`); when `work` fails with a payload
 * error ({@link isPayloadTooLarge}) the size is halved and the same chunk is tried again, and the
 * smaller size is kept for the rest.
 *
 * @param size the first chunk size (rows), e.g. {@link DEFAULT_CHUNK_ROWS}.
 * @returns the chunks that succeeded, in order.
 * @throws the payload error itself when a chunk of one item is still too large; any other error of
 *   `work` at once.
 */
export async function runChunked(
  total: number,
  size: number,
  take: (start: number, size: number) => number,
  work: (start: number, count: number) => Promise<void>,
): Promise<ChunkRun[]> {
  const runs: ChunkRun[] = [];
  let limit = Math.max(1, Math.floor(size));
  let start = 0;
  while (start < total) {
    const count = Math.min(total - start, Math.max(1, Math.min(limit, take(start, limit))));
    try {
      await work(start, count);
    } catch (error) {
      if (!isPayloadTooLarge(error) || count === 1) throw error;
      limit = Math.max(1, Math.floor(count / 2));
      continue;
    }
    runs.push({ start, count, size: limit });
    start += count;
  }
  return runs;
}

/**
 * How many rows to take from `start` for one chunk: rows whose sheet row numbers span at most
 * `maxRows` rows (counted from the first row's number, so gaps count), with estimated bytes within
 * `maxBytes`. Always at least one row.
 *
 * @param rows row number (1-based, ascending) and estimated bytes ({@link estimatePayloadBytes}) of each row.
 */
export function takeRows(
  rows: readonly { rowNumber: number; bytes: number }[],
  start: number,
  maxRows: number,
  maxBytes: number,
): number {
  const first = rows[start]?.rowNumber ?? 0;
  let bytes = 0;
  let count = 0;
  for (let row = rows[start]; row !== undefined; row = rows[start + count]) {
    if (count > 0 && (row.rowNumber - first + 1 > maxRows || bytes + row.bytes > maxBytes)) break;
    bytes += row.bytes;
    count++;
  }
  return Math.max(1, count);
}
