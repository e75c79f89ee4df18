/**
 * exceljs cell values (as its streaming reader yields them) to the grid's typed cells.
 *
 * Date convention: exceljs turns a date-formatted serial number into a JS `Date` whose UTC parts
 * are the sheet's wall-clock date and time (serial 46028.5625 → `2026-01-06T13:30:00Z`, whatever the
 * machine's time zone). This module keeps that convention for formula results too; the value layer
 * reads the UTC parts as the local date.
 */
import type { CellValue } from '../../shared/sheet/grid.ts';

/** Milliseconds in a day. */
const DAY_MS = 86_400_000;
/** Serial number of 1970-01-01 in the 1900 date system (Excel's leap-year bug included). */
const UNIX_EPOCH_SERIAL = 25_569;
/** Days between the 1900 and 1904 date systems. */
const DATE1904_OFFSET_DAYS = 1_462;

/**
 * An Excel serial date-time to a `Date` with the wall-clock in its UTC parts, the way exceljs does it
 * (rounded to the millisecond). `date1904`: the workbook uses the 1904 date system (old Mac files).
 */
export function serialToDate(serial: number, date1904: boolean): Date {
  // Excel's 1900 system counts a 29 February 1900 that never was (serial 60): dates before it are
  // one day later than a plain count from 1899-12-30 says (serial 1 is 1 January 1900). A time of
  // day alone (serial below 1) is no date and stays as it is.
  const days = !date1904 && serial >= 1 && serial < 60 ? serial + 1 : serial;
  return new Date(Math.round((days - UNIX_EPOCH_SERIAL + (date1904 ? DATE1904_OFFSET_DAYS : 0)) * DAY_MS));
}

/**
 * Whether a number format shows a date or time: a `y m d h s` letter outside quoted text and
 * `[...]` sections (the same test exceljs applies to plain cells; `General` has none).
 */
export function isDateFormat(numFmt: string | undefined): boolean {
  if (!numFmt) return false;
  return /[ymdhsb]/i.test(numFmt.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, '').replace(/\\./g, ''));
}

/**
 * One exceljs cell value to a grid cell:
 * - text → text (empty text → `null`); numbers → numbers (NaN → `null`); booleans; valid Dates;
 * - rich text → its runs' text joined; a hyperlink `{text, hyperlink}` → its text;
 * - a formula (plain or shared) → its cached result, a numeric result in a date-formatted cell → Date;
 *   no cached result (never calculated) → `null`;
 * - an error value (`#N/A`, `#DIV/0!`) → its text. A formula whose cached result is an error reads as
 *   `null`: exceljs's streaming reader parses that result as a number and loses the text.
 * `numFmt` is the cell's number format; `date1904` the workbook's date system.
 */
export function toCellValue(value: unknown, numFmt: string | undefined, date1904: boolean): CellValue {
  if (value === null || value === undefined) return null;
  switch (typeof value) {
    case 'string':
      return value === '' ? null : value;
    case 'number':
      return Number.isFinite(value) ? value : null;
    case 'boolean':
      return value;
    case 'object':
      return fromObject(value, numFmt, date1904);
    default:
      return null;
  }
}

function fromObject(value: object, numFmt: string | undefined, date1904: boolean): CellValue {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if ('richText' in value && Array.isArray(value.richText)) {
    return toCellValue(value.richText.map((run: { text?: unknown }) => (typeof run.text === 'string' ? run.text : '')).join(''), undefined, date1904);
  }
  if ('formula' in value || 'sharedFormula' in value || 'result' in value) {
    const result = 'result' in value ? value.result : undefined;
    if (typeof result === 'number' && Number.isFinite(result) && isDateFormat(numFmt)) return serialToDate(result, date1904);
    return toCellValue(result, undefined, date1904);
  }
  if ('error' in value) return typeof value.error === 'string' && value.error !== '' ? value.error : null;
  if ('text' in value) return toCellValue(value.text, undefined, date1904);
  return null;
}
