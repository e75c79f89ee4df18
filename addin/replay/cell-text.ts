/**
 * What Excel shows in a cell (`Range.text`) for the workbook-backed Excel: the value formatted by its
 * number format in the workbook's date system, with SheetJS's number-format engine (SSF). Node-only.
 */
import * as XLSX from '@e965/xlsx';

/**
 * The text Excel shows for `value` under `format` (`General` when none): numbers and dates by the
 * format (a 1904 workbook's serials in that system), text as it is, booleans as `TRUE`/`FALSE`,
 * empty as `''`. A format SSF cannot read shows the bare value.
 */
export function cellText(value: unknown, format: unknown, date1904: boolean): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value !== 'number') return String(value);
  const fmt = typeof format === 'string' && format !== '' ? format : 'General';
  try {
    return XLSX.SSF.format(fmt, value, { date1904 });
  } catch {
    return String(value);
  }
}
