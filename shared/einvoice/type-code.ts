/**
 * The document type code of a UBL Invoice or CreditNote (UNTDID 1001, as Peppol BIS Billing 3.0 lists
 * them) must agree with its root: an `Invoice` whose `InvoiceTypeCode` is a credit note's (381, 396, …)
 * would otherwise be imported as a receipt, stock added where it went back. A contradiction is refused.
 */
import { EInvoiceError } from './einvoice-error.ts';

/** UNTDID 1001 codes Peppol allows on a CreditNote (BIS Billing 3.0, code list "Credit note type code"). */
export const CREDIT_NOTE_TYPE_CODES: ReadonlySet<string> = new Set([
  '81',
  '83',
  '261',
  '262',
  '296',
  '308',
  '381',
  '396',
  '420',
  '458',
  '532',
]);

/** UNTDID 1001 "Corrected invoice": it replaces an invoice sent before, whose goods were received already. */
export const CORRECTED_INVOICE = '384';

/**
 * Refuses a document whose type code contradicts its root: an Invoice with a credit-note code, or a
 * CreditNote with any other code; and a corrected invoice (384), which imported as a receipt would receive
 * the goods of the invoice it corrects a second time. A missing code is left alone (the root says what it is).
 * @param type what the root is; `code` the `InvoiceTypeCode` or `CreditNoteTypeCode` as written ('' when absent);
 *   `document.corrects` the invoice a corrected one names (`BillingReference`), or ''.
 * @throws EInvoiceError `einvoice_type`, naming the document, its code and what to do.
 */
export function checkTypeCode(
  type: 'invoice' | 'credit_note',
  code: string,
  document: { number: string; corrects: string },
  source: string,
): void {
  const { number } = document;
  if (type === 'invoice' && code === CORRECTED_INVOICE) {
    const of = document.corrects ? ` of ${document.corrects}` : '';
    throw new EInvoiceError(
      'einvoice_type',
      source,
      `${number} is a corrected invoice (InvoiceTypeCode 384)${of}: it replaces an invoice whose goods were received already, so importing it as a receipt would receive them twice; nothing sent. Correct the receipt of the invoice it replaces where it was imported from (its rows carry the Record ID) and import that again, or ask the supplier for a credit note and a new invoice.`,
    );
  }
  if (code === '') return;
  const credit = CREDIT_NOTE_TYPE_CODES.has(code);
  if (type === 'invoice' && credit) {
    throw new EInvoiceError(
      'einvoice_type',
      source,
      `${number} is an Invoice whose InvoiceTypeCode ${code} says it is a credit note: it is neither imported as a receipt nor as returns, nothing sent. Ask the supplier to send it as a UBL CreditNote, or key its lines into a returns sheet.`,
    );
  }
  if (type === 'credit_note' && !credit) {
    throw new EInvoiceError(
      'einvoice_type',
      source,
      `${number} is a CreditNote whose CreditNoteTypeCode ${code} says it is an invoice (not a credit note code of UNTDID 1001): it is neither imported as returns nor as a receipt, nothing sent. Ask the supplier which it is.`,
    );
  }
}
