/**
 * The farm's time zone: a date-only value becomes `received_at` at local midnight with its offset, so
 * it never moves to another day, and a service timestamp is read back as a local date.
 * All zone rules come from @date-fns/tz (the platform's Intl data); none are written here.
 */
import { TZDate, tz, tzOffset } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import { ShedError } from '../../errors/shed-error.ts';
import { type LocalDate, formatLocalDate, isRealDate } from './local-date.ts';
import type { TimeOfDay } from './time-of-day.ts';

export { DEFAULT_TIME_ZONE } from './default-time-zone.ts';

/** An unknown time zone name (`--timezone Sydney`), or a fixed offset where a zone with its daylight time is needed. */
export class InvalidTimeZoneError extends ShedError {
  readonly timeZone: string;
  constructor(timeZone: string, why = 'is not a time zone') {
    super(
      'invalid_time_zone',
      'usage',
      `'${timeZone}' ${why}: use an IANA name such as Australia/Sydney, Australia/Perth or Pacific/Auckland`,
    );
    this.timeZone = timeZone;
  }
}

/** A date that does not exist in a time zone (a day skipped when the zone moved across the date line). */
export class NonexistentLocalDateError extends ShedError {
  constructor(date: LocalDate, timeZone: string) {
    super('nonexistent_local_date', 'input', `${formatLocalDate(date)} does not exist in the time zone ${timeZone}`);
  }
}

/** A timestamp that is not ISO 8601 (the service's timestamps are, gaps row 15). */
export class InvalidTimestampError extends ShedError {
  readonly timestamp: string;
  constructor(timestamp: string) {
    super(
      'invalid_timestamp',
      'service',
      `'${timestamp}' is not an ISO 8601 timestamp (expected e.g. 2026-03-01T10:00:00.123456Z)`,
    );
    this.timestamp = timestamp;
  }
}

/**
 * The time zone name, trimmed, if @date-fns/tz knows it (IANA names such as `Australia/Sydney`, any case,
 * and `UTC`). Fixed offsets such as `+10:00` are refused: they have no daylight time.
 * @throws InvalidTimeZoneError otherwise.
 */
export function assertTimeZone(timeZone: string): string {
  const known = KNOWN_ZONES.get(timeZone);
  if (known !== undefined) return known;
  const name = timeZone.trim();
  if (/^[+-]\d/.test(name)) throw new InvalidTimeZoneError(timeZone, 'is a fixed offset, not a time zone');
  if (name === '' || Number.isNaN(tzOffset(name, new Date(0)))) throw new InvalidTimeZoneError(timeZone);
  if (KNOWN_ZONES.size < 100) KNOWN_ZONES.set(timeZone, name);
  return name;
}
/** Zone names already found known, as given → trimmed (a plan asks for the same zone for every distinct date). */
const KNOWN_ZONES = new Map<string, string>();

/**
 * The first instant of a calendar date in a time zone, as ISO 8601 with its offset and no fraction:
 * `({2026,2,3}, 'Australia/Sydney')` → `'2026-02-03T00:00:00+11:00'` (daylight time),
 * `({2026,7,1}, 'Australia/Sydney')` → `'2026-07-01T00:00:00+10:00'`, Perth always `+08:00`, UTC `+00:00`.
 * The date part is always the date given. Where a zone skips midnight (daylight time starting at 00:00,
 * e.g. America/Santiago) the day starts at 01:00 and that is returned.
 * @throws InvalidTimeZoneError for an unknown zone; RangeError for a date that is not a real date;
 *   NonexistentLocalDateError for a day the zone skipped (Pacific/Apia, 2011-12-30).
 */
export function localMidnightIso(date: LocalDate, timeZone: string): string {
  const key = `${formatLocalDate(date)} ${timeZone}`;
  const known = MIDNIGHTS.get(key);
  if (known !== undefined) return known;
  const iso = computeLocalMidnightIso(date, timeZone);
  if (MIDNIGHTS.size >= 50_000) MIDNIGHTS.clear();
  MIDNIGHTS.set(key, iso);
  return iso;
}
const MIDNIGHTS = new Map<string, string>();

function computeLocalMidnightIso(date: LocalDate, timeZone: string): string {
  const zone = assertTimeZone(timeZone);
  if (!isRealDate(date)) throw new RangeError(`${JSON.stringify(date)} is not a calendar date`);
  const iso = isoWithOffset(new TZDate(date.year, date.month - 1, date.day, zone));
  if (!iso.startsWith(formatLocalDate(date))) throw new NonexistentLocalDateError(date, zone);
  return iso;
}

/**
 * The calendar date of a timestamp in a time zone, for exports and for comparing a service timestamp
 * with a sheet date: `('2026-02-02T14:00:00Z', 'Australia/Sydney')` → 2026-02-03. Accepts `Z`, offsets
 * (`+10:00`, `+1000`), microseconds or none (gaps row 15); a timestamp without an offset is taken as
 * local time in the zone, and a bare date (`2026-02-03`) is that date.
 * @throws InvalidTimeZoneError for an unknown zone; InvalidTimestampError when the text is not ISO 8601.
 */
export function timestampToLocalDate(iso: string, timeZone: string): LocalDate {
  const key = `${iso} ${timeZone}`;
  const known = LOCAL_DATES.get(key);
  if (known !== undefined) return { ...known };
  const date = computeTimestampToLocalDate(iso, timeZone);
  if (LOCAL_DATES.size >= 50_000) LOCAL_DATES.clear();
  LOCAL_DATES.set(key, date);
  return { ...date };
}
const LOCAL_DATES = new Map<string, LocalDate>();

function computeTimestampToLocalDate(iso: string, timeZone: string): LocalDate {
  const zone = assertTimeZone(timeZone);
  const instant = parseISO(iso.trim(), { in: tz(zone) });
  if (!isValid(instant)) throw new InvalidTimestampError(iso);
  return { year: instant.getFullYear(), month: instant.getMonth() + 1, day: instant.getDate() };
}

/**
 * A date-time cell (a Date whose UTC parts are the sheet's wall-clock time, as exceljs and the
 * add-in read them) as the ISO instant it means in `timeZone`, e.g. an `Updated At` typed or
 * converted by a spreadsheet. @throws InvalidTimeZoneError for an unknown zone.
 */
export function wallClockToIso(cell: Date, timeZone: string): string {
  const zone = assertTimeZone(timeZone);
  const instant = new TZDate(
    cell.getUTCFullYear(),
    cell.getUTCMonth(),
    cell.getUTCDate(),
    cell.getUTCHours(),
    cell.getUTCMinutes(),
    cell.getUTCSeconds(),
    cell.getUTCMilliseconds(),
    zone,
  );
  return new Date(instant.getTime()).toISOString();
}

/**
 * A calendar date and wall-clock time in a time zone as ISO 8601 with its offset:
 * `({2026,2,3}, {14,30,0}, 'Australia/Sydney')` → `'2026-02-03T14:30:00+11:00'`. A time the zone
 * skips (the hour daylight time starts) moves forward by that hour, as the zone's clocks did.
 * @throws InvalidTimeZoneError for an unknown zone; RangeError for a date that is not a real date.
 */
export function localDateTimeIso(date: LocalDate, time: TimeOfDay, timeZone: string): string {
  const zone = assertTimeZone(timeZone);
  if (!isRealDate(date)) throw new RangeError(`${JSON.stringify(date)} is not a calendar date`);
  return isoWithOffset(new TZDate(date.year, date.month - 1, date.day, time.hour, time.minute, time.second, zone));
}

/**
 * date-fns's `format(instant, "yyyy-MM-dd'T'HH:mm:ssxxx")`, the same text from the same getters (the
 * zone's wall clock and offset, from @date-fns/tz), without reading the pattern on every call (a
 * plan makes one per distinct date: date-fns took 0.1 ms each on a cold start).
 * test/shared/sheet/values/time-zone.test.ts holds the two together. @throws RangeError for an invalid date.
 */
export function isoWithOffset(instant: Date): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid time value');
  const signedYear = instant.getFullYear();
  const offset = instant.getTimezoneOffset();
  const abs = Math.abs(offset);
  return (
    `${pad(signedYear > 0 ? signedYear : 1 - signedYear, 4)}-${pad(instant.getMonth() + 1, 2)}-` +
    `${pad(instant.getDate(), 2)}T${pad(instant.getHours(), 2)}:${pad(instant.getMinutes(), 2)}:` +
    `${pad(instant.getSeconds(), 2)}${offset > 0 ? '-' : '+'}${pad(Math.trunc(abs / 60), 2)}:${pad(abs % 60, 2)}`
  );
}

/** date-fns's `addLeadingZeros`: `n` with zeros before it to `length` digits, its sign kept. */
function pad(n: number, length: number): string {
  return (n < 0 ? '-' : '') + Math.abs(n).toString().padStart(length, '0');
}

/**
 * Whether a timestamp is the first instant of its own day in a time zone (a date without a time, as
 * {@link localMidnightIso} makes it): `('2026-02-03T00:00:00+11:00', 'Australia/Sydney')` → true.
 */
export function isLocalMidnight(iso: string, timeZone: string): boolean {
  return Date.parse(localMidnightIso(timestampToLocalDate(iso, timeZone), timeZone)) === Date.parse(iso);
}

/** `now` as the farm's local date-time with its zone, for the About sheet: `2026-11-25 08:40 GMT+11`. */
export function localTimeText(now: Date, timeZone: string): string {
  return format(new TZDate(now, timeZone), 'yyyy-MM-dd HH:mm zzz');
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../../errors/shed-error.ts' {
  interface ErrorCodes {
    InvalidTimeZoneError: 'invalid_time_zone';
    NonexistentLocalDateError: 'nonexistent_local_date';
    InvalidTimestampError: 'invalid_timestamp';
  }
}
