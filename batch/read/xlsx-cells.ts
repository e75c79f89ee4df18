/**
 * Excel serial numbers and number formats, for the workbook reader (workbook.ts).
 *
 * Date convention: a date-formatted serial number becomes a JS `Date` whose UTC parts are the sheet's
 * wall-clock date and time (serial 46028.5625 → `2026-01-06T13:30:00Z`, whatever the machine's time
 * zone); the value layer reads the UTC parts as the local date.
 */

/** Milliseconds in a day. */
const DAY_MS = 86_400_000;
/** Serial number of 1970-01-01 in the 1900 date system (Excel's leap-year bug included). */
const UNIX_EPOCH_SERIAL = 25_569;
/** Days between the 1900 and 1904 date systems. */
const DATE1904_OFFSET_DAYS = 1_462;

/**
 * An Excel serial date-time to a `Date` with the wall-clock in its UTC parts (rounded to the millisecond). `date1904`: the workbook uses the 1904 date system (old Mac files).
 */
export function serialToDate(serial: number, date1904: boolean): Date {
  // Excel's 1900 system counts a 29 February 1900 that never was (serial 60): dates before it are
  // one day later than a plain count from 1899-12-30 says (serial 1 is 1 January 1900). A time of
  // day alone (serial below 1) is no date and stays as it is.
  const days = !date1904 && serial >= 1 && serial < 60 ? serial + 1 : serial;
  return new Date(Math.round((days - UNIX_EPOCH_SERIAL + (date1904 ? DATE1904_OFFSET_DAYS : 0)) * DAY_MS));
}
