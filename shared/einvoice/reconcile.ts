/**
 * An e-invoice must add up before it is imported, in decimal strings, to the cent: each line's quantity ×
 * price ÷ base quantity, plus its charges, less its allowances, is its net amount; the lines' amounts sum
 * to `LegalMonetaryTotal/LineExtensionAmount`; that, less the document's allowances and plus its charges,
 * is `TaxExclusiveAmount` (and the allowance and charge totals are their sums). A document that does not
 * add up is refused with the figures, as a sheet's line total is.
 */
import {
  addDecimals,
  compareDecimals,
  divideDecimals,
  multiplyDecimals,
  negateDecimal,
  subtractDecimals,
} from '../sheet/values/decimal.ts';
import { EInvoiceError } from './einvoice-error.ts';
import type { AllowanceCharge, EInvoice, EInvoiceLine } from './ubl.ts';

/** How far apart two amounts may be and still agree: a cent (the sheet's line total allows the same). */
export const CENT = '0.01';

/** The signed sum of allowances (taken off) and charges (added). */
export function netOfAllowances(items: readonly AllowanceCharge[]): string {
  return items.reduce((sum, ac) => addDecimals(sum, ac.charge ? ac.amount : negateDecimal(ac.amount)), '0');
}

/** Whether two decimal amounts are at most a cent apart. */
function agree(a: string, b: string): boolean {
  const difference = subtractDecimals(a, b);
  return compareDecimals(difference.startsWith('-') ? negateDecimal(difference) : difference, CENT) <= 0;
}

/** Money as shown in a message: two places. */
function money(value: string): string {
  return divideDecimals(value, '1', 2);
}

/**
 * A line's quantity × price ÷ base quantity (the amount before line allowances and charges), to 6 places.
 * @throws EInvoiceError `einvoice_totals` when the base quantity is zero.
 */
export function grossOfLine(line: EInvoiceLine, source: string): string {
  if (compareDecimals(line.baseQuantity, '0') === 0)
    throw new EInvoiceError('einvoice_totals', source, `line ${line.id}: the price's base quantity is 0`);
  return divideDecimals(multiplyDecimals(line.quantity, line.price), line.baseQuantity, 6);
}

/**
 * Checks that the e-invoice adds up (see the module comment).
 * @throws EInvoiceError `einvoice_totals` naming the line or total and the figures that disagree.
 */
export function reconcile(invoice: EInvoice, source: string): void {
  const refuse = (message: string): never => {
    throw new EInvoiceError('einvoice_totals', source, `${invoice.number} does not add up: ${message}; not imported`);
  };
  let sum = '0';
  for (const line of invoice.lines) {
    const expected = addDecimals(grossOfLine(line, source), netOfAllowances(line.allowanceCharges));
    if (!agree(expected, line.amount)) {
      const extras = line.allowanceCharges.length > 0 ? ' with its allowances and charges' : '';
      refuse(
        `line ${line.id} is ${money(line.amount)} but ${line.quantity} × ${line.price} ÷ ${line.baseQuantity}${extras} = ${money(expected)}`,
      );
    }
    sum = addDecimals(sum, line.amount);
  }
  const { totals } = invoice;
  if (!agree(sum, totals.lineExtension))
    refuse(`the lines sum to ${money(sum)} but LineExtensionAmount is ${money(totals.lineExtension)}`);
  const allowances = invoice.allowanceCharges.filter((ac) => !ac.charge);
  const charges = invoice.allowanceCharges.filter((ac) => ac.charge);
  const allowanceSum = allowances.reduce((s, ac) => addDecimals(s, ac.amount), '0');
  const chargeSum = charges.reduce((s, ac) => addDecimals(s, ac.amount), '0');
  if (totals.allowanceTotal !== null && !agree(allowanceSum, totals.allowanceTotal))
    refuse(`the allowances sum to ${money(allowanceSum)} but AllowanceTotalAmount is ${money(totals.allowanceTotal)}`);
  if (totals.chargeTotal !== null && !agree(chargeSum, totals.chargeTotal))
    refuse(`the charges sum to ${money(chargeSum)} but ChargeTotalAmount is ${money(totals.chargeTotal)}`);
  const exclusive = addDecimals(totals.lineExtension, netOfAllowances(invoice.allowanceCharges));
  if (!agree(exclusive, totals.taxExclusive))
    refuse(
      `LineExtensionAmount ${money(totals.lineExtension)} less allowances ${money(allowanceSum)} plus charges ${money(chargeSum)} = ${money(exclusive)} but TaxExclusiveAmount is ${money(totals.taxExclusive)}`,
    );
}
