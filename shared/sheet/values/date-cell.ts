/**
 * Dates from cells (PRODUCT.md, "What a sheet may look like"): real Excel date cells, Excel serial
 * numbers, ISO text, and day-first (or `--date-order`) text such as `3/2/2026`, `03-02-2026`, `3 Feb 2026`.
 */
import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import type { Remedy } from '../../errors/remedy.ts';
import type { CellValue } from '../grid.ts';
import {
  type DateOrder,
  type LocalDate,
  dateProblem,
  formatLocalDate,
  monthNumber,
  PLAUSIBLE_YEARS,
} from './local-date.ts';
import { EMPTY_REASON, type Parsed, parsedFail, parsedOk } from './parsed.ts';
import { cleanText, describeCell } from './text.ts';

/** Excel's serial number of 1970-01-01 in the 1900 date system (the Unix epoch). */
export const EXCEL_SERIAL_UNIX_EPOCH = 25569;
const MS_PER_DAY = 86_400_000;

/** `2026-02-03`, optionally followed by a time (`T10:00:00+11:00`, ` 10:00:00Z`). */
const ISO = /^(\d{4})-(\d{2})-(\d{2})([T ].+)?$/i;
/** Three numeric parts with one separator (`/`, `-`, `.` or space), optionally followed by a time of day. */
const NUMERIC = /^(\d{1,4})([/\-. ])(\d{1,2})\2(\d{1,4})(?:\s+\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\.?)?)?$/i;
/** A named month with the day before it (`3rd Feb 2026`) or after it (`Feb 3 2026`). */
const DAY_FIRST_NAMED = /^(?<day>\d{1,2})(?:st|nd|rd|th)?[\s\-/.]+(?<name>[a-z]+)\.?[\s\-/.]+(?<year>\d{4}|\d{2})$/i;
const MONTH_FIRST_NAMED = /^(?<name>[a-z]+)\.?[\s\-/.]+(?<day>\d{1,2})(?:st|nd|rd|th)?[\s\-/.]+(?<year>\d{4}|\d{2})$/i;
/** A serial number written as text (a CSV cell): five digits, perhaps with a time fraction. */
const SERIAL_TEXT = /^\d{5}(?:\.\d+)?$/;

/** The three numeric parts of text such as `3/2/2026`, `03-02-2026`, `2026.02.03`, or null. */
export function numericDateParts(text: string): [string, string, string] | null {
  const m = NUMERIC.exec(text.replace(/\s*([/\-.])\s*/g, '$1'));
  return m ? [m[1]!, m[3]!, m[4]!] : null;
}

/** A year as written: two digits are this century (`26` → 2026). */
function fullYear(text: string): number {
  return text.length === 2 ? 2000 + Number(text) : Number(text);
}

/** The date, or a refusal naming the value as written and the date problem. */
function checked(subject: string, d: LocalDate, hint?: { read: string; remedy: Remedy }): Parsed<LocalDate> {
  const problem = dateProblem(d);
  if (problem === null) return parsedOk(d);
  return hint
    ? parsedFail(`${subject} is not a date: ${problem} (${hint.read})`, [hint.remedy])
    : parsedFail(`${subject} is not a date: ${problem}`);
}

/** An Excel serial (1900 date system, 25569 = 1970-01-01); a fraction is a time of day and is dropped. */
function fromSerial(serial: number, subject: string): Parsed<LocalDate> {
  const date = new Date((Math.floor(serial) - EXCEL_SERIAL_UNIX_EPOCH) * MS_PER_DAY);
  if (!Number.isFinite(serial) || Number.isNaN(date.getTime())) return parsedFail(`${subject} is not a date`);
  const d = { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
  if (d.year < PLAUSIBLE_YEARS.min || d.year > PLAUSIBLE_YEARS.max) {
    return parsedFail(
      `${subject} is not a date: as an Excel date serial number it would be ${formatLocalDate(d)}, ` +
        `outside the years ${PLAUSIBLE_YEARS.min} to ${PLAUSIBLE_YEARS.max}`,
    );
  }
  return checked(subject, d);
}

/** Refusal for numeric text whose parts have the wrong number of digits. */
function badShape(subject: string): Parsed<LocalDate> {
  return parsedFail(`${subject} is not a date: expected a date like 3/2/2026, 3 Feb 2026 or 2026-02-03`);
}

/** Numeric parts in the order the column uses; a four-digit first part is always year-month-day. */
function fromNumeric([a, b, c]: [string, string, string], order: DateOrder, subject: string): Parsed<LocalDate> {
  if (a.length === 4)
    return c.length > 2 ? badShape(subject) : checked(subject, { year: Number(a), month: Number(b), day: Number(c) });
  if (a.length === 3) return badShape(subject);
  if (order === 'YMD') {
    if (c.length === 4) {
      return parsedFail(`${subject} is not a date: it has the year last, but the date order is YMD`, [
        { code: 'choose_date_order', orders: ['DMY', 'MDY'] },
      ]);
    }
    if (a.length !== 2 || c.length > 2) return badShape(subject);
    return checked(subject, { year: fullYear(a), month: Number(b), day: Number(c) });
  }
  if (c.length !== 2 && c.length !== 4) return badShape(subject);
  const year = fullYear(c);
  if (order === 'MDY') {
    const hint = Number(a) > 12 && Number(b) <= 12 ? readAs('month-first', 'DMY', 'day-first') : undefined;
    return checked(subject, { year, month: Number(a), day: Number(b) }, hint);
  }
  const hint = Number(b) > 12 && Number(a) <= 12 ? readAs('day-first', 'MDY', 'month-first') : undefined;
  return checked(subject, { year, month: Number(b), day: Number(a) }, hint);
}

/** How an impossible date was read, and the order that may read it (its column may be the other way round). */
function readAs(read: string, other: 'DMY' | 'MDY', reading: string): { read: string; remedy: Remedy } {
  return { read: `read ${read}`, remedy: { code: 'choose_date_order', orders: [other], reading } };
}

/** `3 Feb 2026`, `3-FEB-26`, `3rd February 2026`, `Feb 3, 2026`: the month is named, so order does not matter. */
function fromNamed(text: string, subject: string): Parsed<LocalDate> | null {
  const plain = text.replace(/,/g, ' ').replace(/\s+/g, ' ');
  const { day, name, year } = (DAY_FIRST_NAMED.exec(plain) ?? MONTH_FIRST_NAMED.exec(plain))?.groups ?? {};
  if (day === undefined || name === undefined || year === undefined) return null;
  const month = monthNumber(name);
  if (month === null) return parsedFail(`${subject} is not a date: '${name}' is not a month`);
  return checked(subject, { year: fullYear(year), month, day: Number(day) });
}

/** ISO `2026-02-03` (always year-month-day) or an ISO date-time, whose date is taken as written. */
function fromIso(m: RegExpExecArray, text: string, subject: string): Parsed<LocalDate> {
  const date = checked(subject, { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) });
  if (date.ok && m[4] !== undefined && !isValid(parseISO(text))) {
    return parsedFail(`${subject} is not a date: the time after the date is not ISO 8601`);
  }
  return date;
}

/** A weekday written before a date (`Mon 3 Mar 2026`, `Tuesday, 03/03/2026`): its name, then the rest. */
const WEEKDAY_FIRST = /^(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|sday|nesday|rsday|urday)?\.?,?\s+(.+)$/i;
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The date after a weekday, checked against it: a date the weekday contradicts is refused (a typo, or the wrong order). */
function fromWeekdayFirst(m: RegExpExecArray, order: DateOrder, subject: string): Parsed<LocalDate> {
  const date = fromText(m[2]!, order);
  if (!date.ok)
    return date.reason === EMPTY_REASON
      ? date
      : parsedFail(`${subject} is not a date: ${date.reason.replace(/^.*? is not a date: /, '')}`);
  const { year, month, day } = date.value;
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  const written = WEEKDAYS.indexOf(m[1]!.toLowerCase().slice(0, 3));
  if (weekday === written) return date;
  return parsedFail(
    `${subject} is not a date: ${formatLocalDate(date.value)} is a ${WEEKDAY_NAMES[weekday]}, not a ${WEEKDAY_NAMES[written]}`,
  );
}

function fromText(raw: string, order: DateOrder): Parsed<LocalDate> {
  const text = cleanText(raw);
  if (text === '') return parsedFail(EMPTY_REASON);
  const subject = describeCell(raw);
  const weekdayFirst = WEEKDAY_FIRST.exec(text);
  if (weekdayFirst) return fromWeekdayFirst(weekdayFirst, order, subject);
  if (SERIAL_TEXT.test(text)) return fromSerial(Number(text), subject);
  const iso = ISO.exec(text);
  if (iso) return fromIso(iso, text, subject);
  const numeric = numericDateParts(text);
  if (numeric) return fromNumeric(numeric, order, subject);
  return (
    fromNamed(text, subject) ??
    parsedFail(`${subject} is not a date: expected a date like 3/2/2026, 3 Feb 2026 or 2026-02-03`)
  );
}

/**
 * A date field's cell as a calendar date.
 * - Date objects (exceljs date cells): their UTC parts are the sheet's wall-clock date; a time of day
 *   is dropped (a date field keeps the date only).
 * - Numbers: Excel serials in the 1900 date system (46104 → 2026-03-23); a fraction (time) is dropped.
 *   Five-digit text such as `'46104'` (a CSV cell) is read the same way.
 * - Text: ISO `2026-02-03` (always year first, whatever `order` says) and ISO date-times such as
 *   `2026-02-03T10:00:00+11:00` (the date as written, not converted); numeric dates separated by
 *   `/`, `-`, `.` or spaces, read in `order` (`3/2/2026` is 3 February under DMY, 2 March under MDY)
 *   unless the year comes first (`2026/02/03`); a trailing time of day (`3/2/2026 14:30`) is dropped;
 *   two-digit years are 20xx (`3/2/26` → 2026); month names and abbreviations in any case,
 *   day first or month first (`3 Feb 2026`, `3-feb-26`, `3rd February 2026`, `Feb 3, 2026`); a
 *   weekday before any of these (`Mon 2 Mar 2026`, `Tuesday, 3/03/2026`), which must be the date's.
 * Refused with a reason naming the value: empty cells ({@link EMPTY_REASON}), impossible dates
 * (`'31/02/2026' is not a date: February 2026 has no day 31 …`), months over 12 (with the other
 * date order as a remedy when it reads the value), years outside {@link PLAUSIBLE_YEARS}, booleans and other text.
 * @example
 * parseDateCell('3/2/2026', 'DMY'); // { ok: true, value: { year: 2026, month: 2, day: 3 } }
 * parseDateCell('02/13/2026', 'DMY'); // { ok: false, reason: "… there is no month 13 (read day-first)", remedies: [choose MDY] }
 */
export function parseDateCell(value: CellValue, order: DateOrder): Parsed<LocalDate> {
  if (value === null) return parsedFail(EMPTY_REASON);
  if (typeof value === 'string') return fromText(value, order);
  const subject = describeCell(value);
  if (typeof value === 'number') return fromSerial(value, subject);
  if (typeof value === 'boolean' || Number.isNaN(value.getTime())) return parsedFail(`${subject} is not a date`);
  return checked(subject, { year: value.getUTCFullYear(), month: value.getUTCMonth() + 1, day: value.getUTCDate() });
}
