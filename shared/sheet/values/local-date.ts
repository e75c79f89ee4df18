/**
 * Calendar dates without a time or zone (a receipt's date as the bookkeeper wrote it), checked with
 * the platform's calendar and date-fns so that no calendar arithmetic of our own decides what a real
 * date is.
 */
import { tz } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { getDaysInMonth } from 'date-fns/getDaysInMonth';
import { isValid } from 'date-fns/isValid';
import { parse } from 'date-fns/parse';

/** Which part of an ambiguous numeric date comes first (`--date-order`, PRODUCT.md; default DMY). */
export type DateOrder = 'DMY' | 'MDY' | 'YMD';

/** The date orders `--date-order` accepts. */
export const DATE_ORDERS: readonly DateOrder[] = ['DMY', 'MDY', 'YMD'];

/** A calendar date: full year, month 1–12, day of month 1–31. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/**
 * Years a receipt or return date may have; anything else is a typo, a time-only cell (Excel's
 * 1899-12-30) or a number that is not a date serial.
 */
export const PLAUSIBLE_YEARS = { min: 1990, max: 2100 } as const;

/** date-fns works in UTC here, so the machine's time zone never shifts a day. */
const IN_UTC = { in: tz('UTC') };
const REFERENCE = new Date(Date.UTC(2000, 0, 1));

/** Two digits, for dates. */
function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** `2026-02-03`. */
export function formatLocalDate(d: LocalDate): string {
  return `${String(d.year).padStart(4, '0')}-${pad2(d.month)}-${pad2(d.day)}`;
}

/**
 * A Date whose UTC parts are that date at 00:00:00.000 UTC, the way exceljs writes a date cell
 * (its UTC parts are the sheet's wall-clock date).
 */
export function localDateToUtcDate(d: LocalDate): Date {
  const date = new Date(0);
  date.setUTCFullYear(d.year, d.month - 1, d.day);
  return date;
}

/**
 * Whether year, month and day name a real calendar date (so 29/02/2028 yes, 29/02/2026 no), by the
 * platform's own calendar: the date set on a Date comes back unchanged only when it is real (an
 * impossible one rolls over, 2026-02-29 to 2026-03-01). The same answer as date-fns's parse
 * (test/shared/sheet/values/date-cell.test.ts holds them together), without its cost on a cold start.
 */
export function isRealDate(d: LocalDate): boolean {
  const { year, month, day } = d;
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (year < 1 || year > 9999) return false;
  const date = localDateToUtcDate(d);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Why year, month and day are not an acceptable date, or null when they are: "there is no month 13",
 * "February 2026 has no day 31", "the year 1900 is outside 1990 to 2100".
 */
export function dateProblem(d: LocalDate): string | null {
  if (d.month < 1 || d.month > 12) return `there is no month ${d.month}`;
  if (d.year < PLAUSIBLE_YEARS.min || d.year > PLAUSIBLE_YEARS.max) {
    return `the year ${d.year} is outside ${PLAUSIBLE_YEARS.min} to ${PLAUSIBLE_YEARS.max}`;
  }
  if (isRealDate(d)) return null;
  if (d.day < 1) return `there is no day ${d.day}`;
  const firstOfMonth = localDateToUtcDate({ ...d, day: 1 });
  const days = getDaysInMonth(firstOfMonth, IN_UTC);
  return `${format(firstOfMonth, 'MMMM yyyy', IN_UTC)} has no day ${d.day} (it has ${days} days)`;
}

/**
 * The month number (1–12) of an English month name or abbreviation in any case (`Feb`, `FEBRUARY`,
 * `sept`), read by date-fns; null when it is not one.
 */
export function monthNumber(name: string): number | null {
  const word = name.toLowerCase() === 'sept' ? 'sep' : name;
  for (const pattern of ['MMMM', 'MMM']) {
    const date = parse(word, pattern, REFERENCE, IN_UTC);
    if (isValid(date)) return date.getMonth() + 1;
  }
  return null;
}
