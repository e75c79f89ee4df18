/**
 * The one table of Excel number formats, used by both faces: the CLI's xlsx writers (exports and the
 * template, via exceljs) and the task pane's sheets (exports and the template, via office-js). The
 * users are in Australia and New Zealand, so dates are shown day first. Also the formats a column
 * may be given (a template column's, an export column's type), so that the field registry
 * (field-registry.ts) can state each field's layout without reaching up into template/ or export/.
 */
/**
 * How a cell is shown:
 * - `general`: as Excel shows it unformatted;
 * - `text`: kept as typed (`@`), so an invoice number `00123` keeps its leading zeros;
 * - `number`: a quantity or pack size (`General`: whole numbers show no trailing point);
 * - `integer`: a count (`0`);
 * - `money`: dollars with cents (`#,##0.00`);
 * - `date`: a day (`dd/mm/yyyy` in the table; `cellNumberFormat` in shared/locale gives the user's locale's order);
 * - `datetime`: a day and a time (`dd/mm/yyyy hh:mm`; likewise);
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

/** A template column's cell format: plain, text kept as typed (leading zeros of invoice numbers), a day-first date, a number, dollars. */
export type TemplateFormat = Extract<CellFormat, 'general' | 'text' | 'date' | 'number' | 'money'>;

/** The drop-down lists of a template (the Lists sheet has one column each). */
export type TemplateListName = 'storages' | 'products' | 'units';

/**
 * How an export column's values are meant:
 * - `text`: text;
 * - `number`, `money`, `integer`: numbers, given as exact decimal strings (`'240'`, `'-0.5'`) so no
 *   float ever rounds a total (the writers accept decimal strings), or JS numbers for counts;
 * - `date`: a calendar date, as a `Date` at UTC midnight whose UTC parts are the date in the farm's
 *   time zone (see `localDateCell`);
 * - `datetime`: an instant, as the service's ISO 8601 timestamp;
 * - `boolean`: true or false.
 */
export type ExportColumnType = 'text' | 'number' | 'integer' | 'money' | 'date' | 'datetime' | 'boolean';
