/**
 * One SheetJS cell as a grid cell: text, numbers (dates by their number format, in the workbook's date
 * system), booleans, error values as their text, ISO date cells. Shared by the workbook reader and the
 * header rows read from every sheet (sheet-heads.ts).
 */
import type * as XLSX from '@e965/xlsx';
import type { CellValue } from '../../shared/sheet/grid.ts';
import { CARRIAGE_RETURN_MARK } from './part-repair.ts';
import { isDateFormat } from '../../shared/sheet/values/number-format.ts';
import { serialToDate } from './xlsx-cells.ts';

/** SheetJS's error codes (BIFF), for error cells that carry no text. */
const ERROR_TEXT: Readonly<Record<number, string>> = {
  0: '#NULL!',
  7: '#DIV/0!',
  15: '#VALUE!',
  23: '#REF!',
  29: '#NAME?',
  36: '#NUM!',
  42: '#N/A',
  43: '#GETTING_DATA',
};

/**
 * One SheetJS cell to a grid cell: text (empty → null), numbers (a date format → Date, in the
 * workbook's date system), booleans, error values as their text (`#N/A`), ISO date cells as Dates.
 * `carriageReturns`: the workbook's parts were repaired so that an escaped carriage return before a
 * line feed is marked ({@link CARRIAGE_RETURN_MARK}, part-repair.ts): the mark is a CR again.
 */
export function toCellValue(cell: XLSX.CellObject, date1904: boolean, carriageReturns = false): CellValue {
  switch (cell.t) {
    case 's':
      if (typeof cell.v !== 'string' || cell.v === '') return null;
      return carriageReturns && cell.v.includes(CARRIAGE_RETURN_MARK)
        ? cell.v.replaceAll(CARRIAGE_RETURN_MARK, '\r')
        : cell.v;
    case 'n': {
      const n = cell.v as number;
      if (typeof n !== 'number' || !Number.isFinite(n)) return null;
      // A negative serial is no date (Excel shows ####): it stays a number whatever its format.
      const dated = n >= 0 && (isDateFormat(typeof cell.z === 'string' ? cell.z : undefined) || isBuiltInDate(cell.z));
      return dated ? serialToDate(n, date1904) : n;
    }
    case 'b':
      return Boolean(cell.v);
    case 'e':
      return cell.w ?? ERROR_TEXT[cell.v as number] ?? null;
    case 'd':
      return isoDateCell(cell.v);
    default:
      return null;
  }
}

/** Built-in number formats that SheetJS leaves as an id: the CJK date formats (ids 27–36, 50–58). */
function isBuiltInDate(format: unknown): boolean {
  return (
    typeof format === 'number' &&
    ((format >= 14 && format <= 22) ||
      (format >= 27 && format <= 36) ||
      (format >= 45 && format <= 47) ||
      (format >= 50 && format <= 58))
  );
}

/** A `t="d"` cell: SheetJS gives a Date of the ISO text; its wall clock goes into the UTC parts. */
function isoDateCell(value: unknown): Date | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return new Date(
      Date.UTC(
        value.getFullYear(),
        value.getMonth(),
        value.getDate(),
        value.getHours(),
        value.getMinutes(),
        value.getSeconds(),
        value.getMilliseconds(),
      ),
    );
  }
  if (typeof value === 'string') {
    const parsed = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
    return Number.isNaN(parsed) ? null : new Date(parsed);
  }
  return null;
}

/** ISO 8601 as a `t="d"` cell holds it: a date, a date and time, or a time of day (seconds and fraction optional). */
const ISO_DATE = /^(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d)(\.\d+)?)?)?(Z|[+-]\d\d:?\d\d)?$/;
const ISO_TIME = /^T?(\d\d):(\d\d)(?::(\d\d)(\.\d+)?)?$/;

/**
 * The text of a `t="d"` cell (ISO 8601, as Excel reads it: `2026-03-04T10:30:00`) as a grid date:
 * its wall clock in the UTC parts (a text with a zone or `Z`: that instant, in UTC); a time of day
 * alone is that time on 30 December 1899, as a date-formatted serial below 1 is. Null when the text
 * is not such a date (or names a day that does not exist, 2026-02-30).
 */
export function isoDateText(text: string): Date | null {
  const trimmed = text.trim();
  const time = ISO_TIME.exec(trimmed);
  if (time) return wallClock(1899, 12, 30, time[1], time[2], time[3], time[4]);
  const match = ISO_DATE.exec(trimmed);
  if (!match) return null;
  const [, y, mo, d, h, mi, s, fraction, zone] = match;
  const date = wallClock(Number(y), Number(mo), Number(d), h, mi, s, fraction);
  if (!date || zone === undefined || zone === 'Z') return date;
  const sign = zone.startsWith('-') ? -1 : 1;
  const [zh, zm] = [Number(zone.slice(1, 3)), Number(zone.slice(-2))];
  return new Date(date.getTime() - sign * (zh * 60 + zm) * 60_000);
}

function wallClock(
  year: number,
  month: number,
  day: number,
  hours = '0',
  minutes = '0',
  seconds = '0',
  fraction = '',
): Date | null {
  const [h, mi, s] = [Number(hours), Number(minutes), Number(seconds)];
  if (h > 23 || mi > 59 || s > 59) return null;
  const ms = fraction === '' ? 0 : Math.round(Number(`0${fraction}`) * 1000);
  const date = new Date(Date.UTC(year, month - 1, day, h, mi, s, ms));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : null;
}
