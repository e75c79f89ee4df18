/**
 * An export table (shared/export: columns and rows of plain values) as the sheets the workbook
 * adapter writes ({@link TableSheetInput}): values by column order, decimal strings as numbers,
 * service timestamps as the farm's wall-clock time (Excel cells have no time zone), calendar dates
 * as they are; each column's number format in the user's locale (dates `mm/dd/yyyy` in en-US). The same
 * conversions as the CLI's xlsx writer (batch/write/cell-values.ts, xlsx-writer.ts). Pure.
 */
import type { ExportColumn, ExportTable, ExportValue as SharedValue } from '../../shared/export/index.ts';
import { exportNumberFormat } from '../../shared/export/columns.ts';
import { DEFAULT_LOCALE, type Locale } from '../../shared/locale/locale.ts';
import type { ExportValue, TableSheetInput } from '../excel/workbook-port.ts';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Every sheet of the table (the movements export has two: Movements and Summary), each column with
 * its number format in `locale` (its own, else its type's: shared/export exportNumberFormat).
 */
export function tableSheets(table: ExportTable, timeZone: string, locale: Locale = DEFAULT_LOCALE): TableSheetInput[] {
  const clock = wallClock(timeZone);
  return table.sheets.map((sheet) => ({
    name: sheet.name,
    columns: sheet.columns.map((c) => {
      const numFmt = exportNumberFormat(c, locale);
      return { header: c.header, type: c.type, ...(numFmt === null ? {} : { numFmt }) };
    }),
    rows: Array.from(sheet.rows, (row) => sheet.columns.map((c) => cellValue(c, row[c.key] ?? null, clock))),
  }));
}

/**
 * One value for its column: numbers from decimal strings, dates as Dates (UTC parts = the date
 * shown), datetimes as the wall clock of `timeZone`; text and booleans as they are.
 * Text that does not read as its column's type is kept as text rather than lost.
 */
export function cellValue(
  column: Pick<ExportColumn, 'type'>,
  value: SharedValue,
  clock: (d: Date) => Date,
): ExportValue {
  if (value === null || value === '') return null;
  switch (column.type) {
    case 'number':
    case 'money':
    case 'integer': {
      const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
      return Number.isFinite(n) ? n : asText(value);
    }
    case 'date': {
      if (value instanceof Date) return value;
      const m = typeof value === 'string' ? ISO_DAY.exec(value) : null;
      return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : asText(value);
    }
    case 'datetime': {
      const instant = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : new Date(NaN);
      return Number.isNaN(instant.getTime()) ? asText(value) : clock(instant);
    }
    case 'boolean':
      return typeof value === 'boolean' ? value : asText(value);
    case 'text':
      return asText(value);
  }
}

function asText(value: SharedValue): string {
  return value instanceof Date ? value.toISOString() : String(value);
}

/** A function giving the Date whose UTC parts are an instant's wall-clock time in `timeZone`. */
export function wallClock(timeZone: string): (instant: Date) => Date {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return (instant) => {
    const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
    const n = (key: string) => Number(parts[key]);
    return new Date(
      Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'), instant.getUTCMilliseconds()),
    );
  };
}
