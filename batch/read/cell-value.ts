/**
 * One SheetJS cell as a grid cell: text, numbers (dates by their number format, in the workbook's date
 * system), booleans, error values as their text, ISO date cells. Shared by the workbook reader and the
 * header rows read from every sheet (sheet-heads.ts).
 */
import type * as XLSX from '@e965/xlsx';
import type { CellValue } from '../../shared/sheet/grid.ts';
import { isDateFormat, serialToDate } from './xlsx-cells.ts';

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
 */
export function toCellValue(cell: XLSX.CellObject, date1904: boolean): CellValue {
  switch (cell.t) {
    case 's':
      return typeof cell.v === 'string' && cell.v !== '' ? cell.v : null;
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
