/**
 * A receipt line's money (gaps row 28): the pack cost as the service keeps it (ex GST) from the
 * sheet's price, and the check of a Line Total against quantity × pack cost. Pure.
 */
import type { CellValue } from '../../sheet/grid.ts';
import { isBlank } from '../../sheet/grid.ts';
import type { PriceBasis } from '../../sheet/price-basis.ts';
import {
  addDecimals,
  compareDecimals,
  describeCell,
  divideDecimals,
  multiplyDecimals,
  negateDecimal,
  parseDecimalCell,
  subtractDecimals,
} from '../../sheet/values/index.ts';

/** How prices are read: which columns include GST, and the rate (a decimal string, `'0.1'` for 10%). */
export interface PriceReading {
  basis: PriceBasis;
  gstRate: string;
}

/** Dollars a Line Total may differ from quantity × pack cost when both are on the same basis: one cent. */
export const LINE_TOTAL_TOLERANCE = '0.01';

/**
 * The pack cost to send (dollars ex GST) from the price as written (a canonical decimal): unchanged
 * when the pack cost column excludes GST, else price ÷ (1 + rate) rounded half away from zero to the
 * cent (`'110'` at `'0.1'` → `'100'`, `'100'` → `'90.91'`).
 */
export function packCostExGst(price: string, reading: PriceReading): string {
  return reading.basis.costIncludesGst ? divideDecimals(price, addDecimals('1', reading.gstRate), 2) : price;
}

/**
 * Why a line's Line Total cell disagrees with quantity × the price as written, or null when it agrees
 * (or is blank). Compared on the Line Total's own basis (inc or ex GST, `reading.basis`); the
 * tolerance is one cent, plus half a cent per pack when GST has to be added or taken off (invoices
 * round per pack or per line). `labels` name the columns in the message.
 * @param quantity packs, and `price` dollars per pack as written: canonical decimals.
 */
export function lineTotalProblem(
  total: CellValue | undefined,
  quantity: string,
  price: string,
  reading: PriceReading,
  labels: { quantity: string; price: string; total: string },
): string | null {
  if (total === undefined || isBlank(total)) return null;
  const parsed = parseDecimalCell(total);
  if (!parsed.ok) return `${parsed.reason}: ${labels.total} must be a number (or blank)`;
  const asWritten = multiplyDecimals(quantity, price);
  const { costIncludesGst, totalIncludesGst } = reading.basis;
  const factor = addDecimals('1', reading.gstRate);
  let expected = asWritten;
  let tolerance = LINE_TOTAL_TOLERANCE;
  if (costIncludesGst !== totalIncludesGst) {
    expected = totalIncludesGst ? multiplyDecimals(asWritten, factor) : divideDecimals(asWritten, factor, 6);
    tolerance = addDecimals(
      LINE_TOTAL_TOLERANCE,
      multiplyDecimals('0.005', quantity.startsWith('-') ? negateDecimal(quantity) : quantity),
    );
  }
  const difference = subtractDecimals(parsed.value, expected);
  const distance = difference.startsWith('-') ? negateDecimal(difference) : difference;
  if (compareDecimals(distance, tolerance) <= 0) return null;
  const gst = costIncludesGst === totalIncludesGst ? '' : totalIncludesGst ? ' plus GST' : ' less GST';
  const shown = divideDecimals(expected, '1', 2);
  return (
    `${describeCell(total)} is not ${labels.quantity} × ${labels.price}${gst}: ${quantity} × ${price}${gst} = ${shown} ` +
    `(more than a cent apart): correct the quantity, the price or the total`
  );
}
