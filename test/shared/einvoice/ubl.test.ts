// Odd and hostile UBL documents: each is read as written, or refused saying where and why, never read wrong.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EInvoiceError } from '../../../shared/einvoice/einvoice-error.ts';
import { einvoiceSheet } from '../../../shared/einvoice/to-grid.ts';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/einvoices/${name}`, import.meta.url), 'utf8');
const INVOICE = fixture('farm-invoice.xml');
const CREDIT = fixture('farm-credit-note.xml');

/** The document changed by `edit` (which must change it), read into rows. */
function sheetOf(doc: string, edit: (text: string) => string, name = 'doc.xml') {
  const edited = edit(doc);
  expect(edited).not.toBe(doc);
  return einvoiceSheet(new TextEncoder().encode(edited), name);
}

/** The EInvoiceError `read` throws. */
function refusal(read: () => unknown): EInvoiceError {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(EInvoiceError);
    return error as EInvoiceError;
  }
  throw new Error('expected a refusal, but the document was read');
}

describe('the document type code', () => {
  it.each(['381', '396', '261', '81'])('refuses an Invoice whose type code %s says it is a credit note', (code) => {
    const error = refusal(() =>
      sheetOf(INVOICE, (t) => t.replace('<cbc:InvoiceTypeCode>380', `<cbc:InvoiceTypeCode>${code}`)),
    );
    expect(error.code).toBe('einvoice_type');
    expect(error.message).toMatch(
      new RegExp(`doc.xml: RA-20417 is an Invoice whose InvoiceTypeCode ${code} says it is a credit note`),
    );
  });

  it('refuses a CreditNote whose type code says it is an invoice', () => {
    const error = refusal(() =>
      sheetOf(CREDIT, (t) => t.replace('<cbc:CreditNoteTypeCode>381', '<cbc:CreditNoteTypeCode>380')),
    );
    expect(error.code).toBe('einvoice_type');
    expect(error.message).toMatch(/CR-0912 is a CreditNote whose CreditNoteTypeCode 380 says it is an invoice/);
  });

  it('reads invoices and credit notes whose codes agree, self-billed ones and ones without a code', () => {
    expect(sheetOf(INVOICE, (t) => t.replace('<cbc:InvoiceTypeCode>380', '<cbc:InvoiceTypeCode>389')).kind).toBe(
      'receipts',
    );
    expect(sheetOf(INVOICE, (t) => t.replace(/<cbc:InvoiceTypeCode>380<\/cbc:InvoiceTypeCode>/, '')).kind).toBe(
      'receipts',
    );
    expect(sheetOf(CREDIT, (t) => t.replace('<cbc:CreditNoteTypeCode>381', '<cbc:CreditNoteTypeCode>261')).kind).toBe(
      'returns',
    );
  });
});
