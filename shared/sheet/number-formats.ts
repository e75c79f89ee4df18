/**
 * The one table of Excel number formats, used by both faces: the CLI's xlsx writers (exports and the
 * template, via exceljs) and the task pane's sheets (exports and the template, via office-js). The
 * users are in Australia and New Zealand, so dates are shown day first.
 */

/**
 * How a cell is shown:
 * - `general`: as Excel shows it unformatted;
 * - `text`: kept as typed (`@`), so an invoice number `00123` keeps its leading zeros;
 * - `number`: a quantity or pack size (`General`: whole numbers show no trailing point);
 * - `integer`: a count (`0`);
 * - `money`: dollars with cents (`#,##0.00`);
 * - `date`: a day, day first (`dd/mm/yyyy`);
 * - `datetime`: a day and a time, day first (`dd/mm/yyyy hh:mm`);
 * - `boolean`: TRUE or FALSE, unformatted.
 */
export type CellFormat = 'general' | 'text' | 'number' | 'integer' | 'money' | 'date' | 'datetime' | 'boolean';

/** The Excel number format of each {@link CellFormat}; `null` leaves the cell's format alone (General). */
export const NUMBER_FORMATS: Readonly<Record<CellFormat, string | null>> = Object.freeze({
  general: null,
  text: '@',
  number: 'General',
  integer: '0',
  money: '#,##0.00',
  date: 'dd/mm/yyyy',
  datetime: 'dd/mm/yyyy hh:mm',
  boolean: null,
});
