/**
 * The currencies an e-invoice may be in: the service keeps pack costs as plain dollar amounts with no
 * currency (PRODUCT.md: the farms are in Australia and New Zealand, amounts in dollars), so a document
 * in another currency would be saved as dollars, wrong by its exchange rate. It is refused instead.
 */
import { EInvoiceError } from './einvoice-error.ts';
import type { EInvoice } from './ubl.ts';

/** ISO 4217 codes of the dollars the service's amounts are in. */
export const ACCEPTED_CURRENCIES: readonly string[] = ['AUD', 'NZD'];

/**
 * Refuses a document whose `DocumentCurrencyCode` is not one of {@link ACCEPTED_CURRENCIES}, or is missing.
 * @throws EInvoiceError `einvoice_currency` naming the currency and what to do.
 */
export function checkCurrency(invoice: Pick<EInvoice, 'currency' | 'number'>, source: string): void {
  const code = invoice.currency.trim().toUpperCase();
  if (ACCEPTED_CURRENCIES.includes(code)) return;
  const said = code ? `is in ${code}` : 'names no currency (cbc:DocumentCurrencyCode)';
  throw new EInvoiceError(
    'einvoice_currency',
    source,
    `invoice ${invoice.number} ${said}; the service keeps pack costs in dollars (${ACCEPTED_CURRENCIES.join(' or ')}) and shed converts no currency, so nothing is sent. Ask the supplier for an invoice in dollars, or import the converted prices from a sheet.`,
  );
}
