/**
 * Pure conversions of export values ({@link TableValue}) to what a cell holds: an xlsx cell value
 * (number, Date, text, boolean) or a CSV field (text), checked against the column's type; column
 * widths. Number formats are the core's (shared/export/columns.ts exportNumberFormat).
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { DECIMAL_PATTERN } from '../../shared/service/gaps.ts';
import type { ColumnSpec, ColumnType, TableValue } from './table.ts';
import { WriteError } from './write-error.ts';

/** Where a value sits, for messages: sheet name and 1-based data row (the header is not counted). */
export interface CellPlace {
  sheet: string;
  row: number;
}

/** Options shared by both writers' value conversions. */
export interface ValueOptions {
  /**
   * IANA time zone for `datetime` columns (e.g. `Australia/Sydney`); default UTC. xlsx shows the
   * wall-clock time there (Excel cells have no zone); CSV writes ISO 8601 with that zone's offset.
   */
  timeZone?: string;
}

/** Excel's limit on the characters of one cell. */
export const MAX_CELL_TEXT = 32_767;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;
const DAY_MS = 86_400_000;

/**
 * The xlsx cell value of one export value: a number for numeric columns (decimal strings converted
 * with `Number`), a `Date` whose UTC parts are what Excel shows (exceljs writes UTC parts), text, a
 * boolean, or `null`. Throws {@link WriteError} `invalid_cell_value` when the value does not fit the type.
 */
export function toXlsxValue(
  column: ColumnSpec,
  value: TableValue | undefined,
  place: CellPlace,
  options: ValueOptions = {},
): string | number | boolean | Date | null {
  if (value === null || value === undefined || value === '') return null;
  switch (column.type) {
    case 'text':
      return checkedText(column, textOf(column, value, place), place);
    case 'number':
    case 'money':
    case 'integer':
      return numberOf(column, value, place).number;
    case 'date':
      return dateOf(column, value, place);
    case 'datetime':
      return wallClock(instantOf(column, value, place), options.timeZone);
    case 'boolean':
      return booleanOf(column, value, place);
  }
}

/**
 * The CSV field of one export value, before the formula guard: numbers as decimal text (a decimal
 * string kept exactly, a JS number without exponent, money with at least two decimals when exact),
 * dates `YYYY-MM-DD`, datetimes ISO 8601 (UTC `Z`, or the `timeZone`'s offset; an ISO string is kept
 * exactly when no zone is given), booleans `true`/`false`, `''` for empty. Whether the field is text
 * (and so must be guarded) is returned with it. Throws `invalid_cell_value`.
 */
export function toCsvField(
  column: ColumnSpec,
  value: TableValue | undefined,
  place: CellPlace,
  options: ValueOptions = {},
): { text: string; isText: boolean } {
  if (value === null || value === undefined || value === '') return { text: '', isText: false };
  switch (column.type) {
    case 'text':
      return { text: textOf(column, value, place), isText: true };
    case 'number':
    case 'money':
    case 'integer': {
      const { number, exact } = numberOf(column, value, place);
      if (exact !== undefined) return { text: exact, isText: false };
      return { text: column.type === 'money' ? moneyText(number) : plainNumber(number), isText: false };
    }
    case 'date':
      return {
        text: typeof value === 'string' ? (dateOf(column, value, place), value) : isoDate(dateOf(column, value, place)),
        isText: false,
      };
    case 'datetime':
      return { text: isoDateTime(column, value, place, options.timeZone), isText: false };
    case 'boolean':
      return { text: String(booleanOf(column, value, place)), isText: false };
  }
}

/** A JS number as plain decimal text, never in exponent form (`1e21` → `1000000000000000000000`). */
export function plainNumber(n: number): string {
  if (Object.is(n, -0)) return '0';
  const text = String(n);
  return /e/i.test(text) ? n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 }) : text;
}

/**
 * A column width in characters: the widest of the header (plus room for the filter button) and the
 * sampled values as they will be shown, clamped to 8..60. A `width` in the spec wins.
 */
export function columnWidth(column: ColumnSpec, sample: readonly (TableValue | undefined)[]): number {
  if (column.width !== undefined) return column.width;
  let widest = column.header.length + 3;
  for (const value of sample) widest = Math.max(widest, shownLength(column.type, value) + 2);
  return Math.min(60, Math.max(8, widest));
}

function shownLength(type: ColumnType, value: TableValue | undefined): number {
  if (value === null || value === undefined) return 0;
  if (type === 'date') return 10;
  if (type === 'datetime') return 16;
  if (type === 'money' || type === 'number' || type === 'integer') {
    const n = typeof value === 'number' ? value : Number(value);
    if (!Number.isFinite(n)) return String(value).length;
    return type === 'money'
      ? n.toLocaleString('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).length
      : plainNumber(n).length;
  }
  const text = value instanceof Date ? value.toISOString() : String(value);
  return Math.max(...text.split(/\r\n|\r|\n/).map((line) => line.length));
}

function textOf(column: ColumnSpec, value: Exclude<TableValue, null>, place: CellPlace): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return plainNumber(value);
  if (typeof value === 'boolean') return String(value);
  if (Number.isNaN(value.getTime())) throw bad(column, value, place, 'text');
  return value.toISOString();
}

function checkedText(column: ColumnSpec, text: string, place: CellPlace): string {
  if (text.length > MAX_CELL_TEXT) {
    throw new WriteError(
      'invalid_cell_value',
      `sheet '${place.sheet}', row ${place.row}, column '${column.header}': text of ${text.length} characters; an Excel cell holds at most ${MAX_CELL_TEXT}`,
    );
  }
  return text;
}

function numberOf(
  column: ColumnSpec,
  value: Exclude<TableValue, null>,
  place: CellPlace,
): { number: number; exact?: string } {
  let number: number;
  let exact: string | undefined;
  if (typeof value === 'number') {
    number = value;
  } else if (typeof value === 'string' && DECIMAL_PATTERN.test(value.trim())) {
    exact = value.trim();
    number = Number(exact);
  } else {
    throw bad(column, value, place, 'a number or a decimal string such as 20.5');
  }
  if (!Number.isFinite(number)) throw bad(column, value, place, 'a finite number');
  if (column.type === 'integer' && !Number.isInteger(number)) throw bad(column, value, place, 'a whole number');
  return exact === undefined ? { number } : { number, exact };
}

function dateOf(column: ColumnSpec, value: Exclude<TableValue, null>, place: CellPlace): Date {
  if (typeof value === 'string') {
    const match = ISO_DATE.exec(value);
    if (match) {
      const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
      if (isoDate(date) === value) return date;
    }
    throw bad(column, value, place, 'a calendar date YYYY-MM-DD');
  }
  if (value instanceof Date && !Number.isNaN(value.getTime())) {
    if (value.getTime() % DAY_MS === 0) return value;
    throw bad(column, value, place, 'a Date at UTC midnight (its UTC parts are the calendar date)');
  }
  throw bad(column, value, place, 'a calendar date');
}

function instantOf(column: ColumnSpec, value: Exclude<TableValue, null>, place: CellPlace): Date {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value;
  if (typeof value === 'string' && ISO_DATETIME.test(value)) {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime())) return date;
  }
  throw bad(column, value, place, 'a Date or an ISO 8601 timestamp with Z or an offset');
}

function booleanOf(column: ColumnSpec, value: Exclude<TableValue, null>, place: CellPlace): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  throw bad(column, value, place, 'true or false');
}

/** The instant as a Date whose UTC parts are the wall clock in `timeZone` (what Excel should show). */
function wallClock(instant: Date, timeZone: string | undefined): Date {
  if (timeZone === undefined) return instant;
  const local = new TZDate(instant.getTime(), timeZone);
  return new Date(
    Date.UTC(
      local.getFullYear(),
      local.getMonth(),
      local.getDate(),
      local.getHours(),
      local.getMinutes(),
      local.getSeconds(),
      local.getMilliseconds(),
    ),
  );
}

function isoDateTime(
  column: ColumnSpec,
  value: Exclude<TableValue, null>,
  place: CellPlace,
  timeZone: string | undefined,
): string {
  const instant = instantOf(column, value, place);
  if (timeZone === undefined) return typeof value === 'string' ? value : instant.toISOString().replace('.000Z', 'Z');
  const local = new TZDate(instant.getTime(), timeZone);
  // The service's microseconds (`.860069Z`) kept: a Date holds milliseconds only.
  const fraction = typeof value === 'string' ? /\.(\d{4,})(?=Z|[+-]\d)/i.exec(value)?.[1] : undefined;
  if (fraction) return format(local, `yyyy-MM-dd'T'HH:mm:ss'.${fraction}'xxx`);
  return format(local, local.getMilliseconds() === 0 ? "yyyy-MM-dd'T'HH:mm:ssxxx" : "yyyy-MM-dd'T'HH:mm:ss.SSSxxx");
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function moneyText(n: number): string {
  const cents = n.toFixed(2);
  return Number(cents) === n ? cents : plainNumber(n);
}

function bad(column: ColumnSpec, value: unknown, place: CellPlace, expected: string): WriteError {
  const shown =
    value instanceof Date
      ? Number.isNaN(value.getTime())
        ? 'Invalid Date'
        : value.toISOString()
      : JSON.stringify(value);
  return new WriteError(
    'invalid_cell_value',
    `sheet '${place.sheet}', row ${place.row}, column '${column.header}' (${column.type}): expected ${expected}, got ${shown}`,
  );
}

/** Checks writer options before anything is written. Throws `invalid_table` for an unknown time zone. */
export function checkValueOptions(options: ValueOptions): void {
  if (options.timeZone === undefined) return;
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: options.timeZone });
  } catch (cause) {
    throw new WriteError('invalid_table', `'${options.timeZone}' is not an IANA time zone (e.g. Australia/Sydney)`, {
      cause,
    });
  }
}
