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

/**
 * Refuses a document whose type code contradicts its root: an Invoice with a credit-note code, or a
 * CreditNote with any other code. A missing code is left alone (the root says what the document is).
 * @param type what the root is; `code` the `InvoiceTypeCode` or `CreditNoteTypeCode` as written ('' when absent).
 * @throws EInvoiceError `einvoice_type`, naming the document, its code and what to do.
 */
export function checkTypeCode(type: 'invoice' | 'credit_note', code: string, number: string, source: string): void {
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
