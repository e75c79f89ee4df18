/**
 * The date column of an import, checked as a whole before its cells are read: a column that holds
 * a date only the other order can read ('03/14/2026' under the default DMY) may be month-first
 * throughout, so its ambiguous dates ('03/04/2026') are refused rather than read day-first, unless
 * the user chose the order (`--date-order`). Pure.
 */
import type { Notice } from '../errors/remedy.ts';
import type { CellValue } from '../sheet/grid.ts';
import { detectDateOrder } from '../sheet/values/index.ts';
import type { ReadSettings } from './cells.ts';

/** Sheet warnings about the date column, and why its ambiguous dates are refused (when they are). */
export interface DateColumnCheck {
  warnings: Notice[];
  refuseAmbiguousDates?: Notice;
}

/**
 * Checks a date column's values (`values`: the cells of the date field, one per data row).
 * @returns the sheet warning of {@link detectDateOrder}, and `refuseAmbiguousDates` when a value can
 *   only be read in the other order and `settings.dateOrderGiven` is not set.
 */
export function checkDateColumn(values: CellValue[], settings: ReadSettings): DateColumnCheck {
  const dates = detectDateOrder(values, settings.dateOrder);
  const warnings = dates.conflict ? [dates.conflict] : [];
  if (dates.otherOrderOnly === undefined || settings.dateOrderGiven) return { warnings };
  const other = settings.dateOrder === 'DMY' ? 'month-first' : 'day-first';
  const [otherOrder, ownOrder] = settings.dateOrder === 'DMY' ? (['MDY', 'DMY'] as const) : (['DMY', 'MDY'] as const);
  return {
    warnings,
    refuseAmbiguousDates: {
      message: `the same column has '${dates.otherOrderOnly}', which can only be read ${other}, so its other dates may be ${other} too`,
      remedies: [{ code: 'choose_date_order', orders: [otherOrder], reading: other, otherwise: ownOrder }],
    },
  };
}
