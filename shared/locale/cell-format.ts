/**
 * A cell format in the user's locale: the table of Excel number formats (shared/kinds/number-formats.ts)
 * with dates, date-times and money written as the locale writes them. Here, not in kinds/, so that the
 * field registry's ground floor knows nothing of locales.
 */
import { NUMBER_FORMATS, type CellFormat } from '../kinds/number-formats.ts';
import { DEFAULT_LOCALE, localeFormat, type Locale } from './locale.ts';

/**
 * The Excel number format of `format` in `locale`: dates and date-times in the locale's order
 * (`dd/mm/yyyy` or `mm/dd/yyyy`), money as it writes it, the rest as {@link NUMBER_FORMATS}; `null`
 * leaves the cell's format alone.
 */
export function cellNumberFormat(format: CellFormat, locale: Locale = DEFAULT_LOCALE): string | null {
  const local = localeFormat(locale);
  if (format === 'date') return local.dateFormat;
  if (format === 'datetime') return local.dateTimeFormat;
  if (format === 'money') return local.moneyFormat;
  return NUMBER_FORMATS[format];
}
