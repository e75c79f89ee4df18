/**
 * Checking a date column against `--date-order` (PRODUCT.md; default DMY): a value that can only be
 * read the other way round is reported to the bookkeeper, never silently read in another order.
 */
import type { Notice } from '../../errors/remedy.ts';
import type { CellValue } from '../grid.ts';
import { numericDateParts } from './date-cell.ts';
import type { DateOrder } from './local-date.ts';
import { cleanText } from './text.ts';

/**
 * What {@link detectDateOrder} found: the order to read the column in, a problem to report, and
 * `otherOrderOnly`: a value that can only be read in the other order than `preferred` (DMY/MDY),
 * proof that the column's ambiguous dates may not be in the preferred order either.
 */
export interface DateOrderCheck {
  order: DateOrder;
  conflict?: Notice;
  otherOrderOnly?: string;
}

/**
 * Whether a value is numeric text a date order reads two ways: `'03/04/2026'` (3 April or 4 March),
 * but not `'3/3/2026'`, `'13/4/2026'`, `'2026-03-04'`, date cells or numbers.
 */
export function isAmbiguousNumericDate(value: CellValue): boolean {
  if (typeof value !== 'string') return false;
  const parts = numericDateParts(cleanText(value));
  if (!parts || parts[0].length > 2) return false;
  const [first, second] = [Number(parts[0]), Number(parts[1])];
  return first >= 1 && first <= 12 && second >= 1 && second <= 12 && first !== second;
}

/** Examples of numeric text dates that fit only one reading, or have the year last. */
interface Readings {
  dayFirstOnly?: string;
  monthFirstOnly?: string;
  yearLast?: string;
}

/** Collect the first example of each kind among the column's text values (date cells and numbers are unambiguous). */
function readings(values: CellValue[]): Readings {
  const found: Readings = {};
  // A column repeats its dates: each distinct text is looked at once (its first sight decides every `??=`).
  const seen = new Set<string>();
  // An indexed loop: a for-of here, run once per sheet, makes an iterator result per value.
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i];
    if (typeof value !== 'string' || seen.has(value)) continue;
    seen.add(value);
    const text = cleanText(value);
    const parts = numericDateParts(text);
    if (!parts || parts[0].length > 2) continue;
    const [first, second] = [Number(parts[0]), Number(parts[1])];
    if (parts[2].length === 4) found.yearLast ??= text;
    if (first >= 1 && first <= 12 && second > 12 && second <= 31) found.monthFirstOnly ??= text;
    if (second >= 1 && second <= 12 && first > 12 && first <= 31) found.dayFirstOnly ??= text;
  }
  return found;
}

/**
 * Check the text values of one date column against the preferred order (`--date-order`, default DMY).
 * The returned `order` is always `preferred`: the column is never switched silently. `conflict` is a
 * notice for the caller to report when
 * - the column mixes day-first-only and month-first-only values (`'13/02/2026'` and `'02/13/2026'`);
 * - preferred is DMY and a value can only be read month-first ("'02/13/2026' can only be read
 *   month-first", with the remedy of choosing MDY), or MDY and one only day-first;
 * - preferred is YMD and a value has a four-digit year last (`'3/2/2026'`).
 * Values that are ISO or year-first (`2026-02-03`), named months, date cells and numbers never conflict.
 */
export function detectDateOrder(values: CellValue[], preferred: DateOrder): DateOrderCheck {
  const found = readings(values);
  const conflict = conflictOf(found, preferred);
  const otherOrderOnly =
    preferred === 'DMY' ? found.monthFirstOnly : preferred === 'MDY' ? found.dayFirstOnly : undefined;
  return {
    order: preferred,
    ...(conflict === undefined ? {} : { conflict }),
    ...(otherOrderOnly === undefined ? {} : { otherOrderOnly }),
  };
}

function conflictOf(found: Readings, preferred: DateOrder): Notice | undefined {
  if (found.dayFirstOnly !== undefined && found.monthFirstOnly !== undefined) {
    return {
      message:
        `the column mixes day-first dates ('${found.dayFirstOnly}') and month-first dates ('${found.monthFirstOnly}'); ` +
        'write all its dates the same way',
    };
  }
  if (preferred === 'DMY' && found.monthFirstOnly !== undefined) {
    return {
      message: `'${found.monthFirstOnly}' can only be read month-first`,
      remedies: [{ code: 'choose_date_order', orders: ['MDY'], reading: 'month-first' }],
    };
  }
  if (preferred === 'MDY' && found.dayFirstOnly !== undefined) {
    return {
      message: `'${found.dayFirstOnly}' can only be read day-first`,
      remedies: [{ code: 'choose_date_order', orders: ['DMY'], reading: 'day-first' }],
    };
  }
  if (preferred === 'YMD' && found.yearLast !== undefined) {
    return {
      message: `'${found.yearLast}' has the year last and cannot be read year-first`,
      remedies: [{ code: 'choose_date_order', orders: ['DMY', 'MDY'] }],
    };
  }
  return undefined;
}
