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

  it('refuses a corrected invoice (384), which replaces an invoice already received, naming the one it corrects', () => {
    const corrected = (t: string) =>
      t
        .replace('<cbc:InvoiceTypeCode>380', '<cbc:InvoiceTypeCode>384')
        .replace(
          '<cac:OrderReference>',
          '<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>RA-20400</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference><cac:OrderReference>',
        );
    const error = refusal(() => sheetOf(INVOICE, corrected));
    expect(error.code).toBe('einvoice_type');
    expect(error.message).toMatch(/doc\.xml: RA-20417 is a corrected invoice \(InvoiceTypeCode 384\) of RA-20400/);
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

describe('dates', () => {
  it('refuses a date not written as UBL writes it (YYYY-MM-DD), which the sheet reader would read day first', () => {
    const error = refusal(() =>
      sheetOf(INVOICE, (t) => t.replace('<cbc:ActualDeliveryDate>2026-02-12', '<cbc:ActualDeliveryDate>02/12/2026')),
    );
    expect(error.code).toBe('not_an_einvoice');
    expect(error.message).toMatch(
      /doc\.xml: RA-20417: ActualDeliveryDate '02\/12\/2026' is not a date as UBL writes it \(YYYY-MM-DD\)/,
    );
    expect(
      refusal(() => sheetOf(INVOICE, (t) => t.replace('<cbc:IssueDate>2026-02-14', '<cbc:IssueDate>2026-02-30')))
        .message,
    ).toMatch(/IssueDate '2026-02-30' is not a date/);
    expect(
      refusal(() => sheetOf(INVOICE, (t) => t.replace(/<cbc:IssueDate>2026-02-14<\/cbc:IssueDate>/, ''))).message,
    ).toMatch(/RA-20417 has no IssueDate/);
  });

  it('reads a date with a time zone as its calendar date', () => {
    const sheet = sheetOf(INVOICE, (t) =>
      t.replace('<cbc:ActualDeliveryDate>2026-02-12', '<cbc:ActualDeliveryDate>2026-02-12+10:00'),
    );
    expect(sheet.grid.rows[1]!.cells[3]).toBe('2026-02-12');
  });
});

describe('amounts in another currency than the document', () => {
  it('are refused, naming the line, not read as dollars', () => {
    const error = refusal(() =>
      sheetOf(INVOICE, (t) =>
        t.replace('<cbc:PriceAmount currencyID="AUD">130.00', '<cbc:PriceAmount currencyID="USD">130.00'),
      ),
    );
    expect(error.code).toBe('einvoice_currency');
    expect(error.message).toMatch(
      /doc\.xml: RA-20417, line 1: Price\/PriceAmount is in USD but the document is in AUD/,
    );
    const total = refusal(() =>
      sheetOf(INVOICE, (t) =>
        t.replace('<cbc:TaxExclusiveAmount currencyID="AUD">', '<cbc:TaxExclusiveAmount currencyID="NZD">'),
      ),
    );
    expect(total.message).toMatch(
      /the totals: LegalMonetaryTotal\/TaxExclusiveAmount is in NZD but the document is in AUD/,
    );
  });
});

describe('charge indicators', () => {
  it('read 1 and 0 as true and false (xsd:boolean), not a charge of 1 as an allowance', () => {
    const sheet = sheetOf(INVOICE, (t) =>
      t
        .replace('<cbc:ChargeIndicator>true', '<cbc:ChargeIndicator>1')
        .replace('<cbc:ChargeIndicator>false', '<cbc:ChargeIndicator> 0 '),
    );
    expect(sheet.leftOut).toEqual([{ charge: true, amount: '45', reason: 'Freight' }]);
    expect(sheet.invoice.lines[1]!.allowanceCharges[0]!.charge).toBe(false);
  });

  it('refuse anything else, naming the allowance or charge', () => {
    const error = refusal(() =>
      sheetOf(INVOICE, (t) => t.replace('<cbc:ChargeIndicator>true', '<cbc:ChargeIndicator>yes')),
    );
    expect(error.code).toBe('not_an_einvoice');
    expect(error.message).toMatch(
      /the document, allowance or charge 1: ChargeIndicator 'yes' is neither true nor false/,
    );
  });
});

describe('an element written twice where UBL allows it once', () => {
  it('is refused rather than one of them chosen (the quantity, the price, the item name)', () => {
    const quantity = refusal(() =>
      sheetOf(INVOICE, (t) =>
        t.replace(
          '<cbc:InvoicedQuantity unitCode="LTR">200</cbc:InvoicedQuantity>',
          '<cbc:InvoicedQuantity unitCode="LTR">200</cbc:InvoicedQuantity><x:InvoicedQuantity xmlns:x="urn:other" unitCode="LTR">2000</x:InvoicedQuantity>',
        ),
      ),
    );
    expect(quantity.code).toBe('not_an_einvoice');
    expect(quantity.message).toMatch(
      /doc\.xml: InvoicedQuantity is written 2 times in one InvoiceLine where UBL allows it once/,
    );
    const name = refusal(() =>
      sheetOf(INVOICE, (t) =>
        t.replace('<cbc:Name>MAP Granular</cbc:Name>', '<cbc:Name>MAP Granular</cbc:Name><cbc:Name>Urea</cbc:Name>'),
      ),
    );
    expect(name.message).toMatch(/Name is written 2 times in one Item/);
  });
});

describe('a price per a base quantity in another unit than the quantity', () => {
  it('is refused: 130 per 20 of what the quantity is not counted in cannot be made a pack cost', () => {
    const error = refusal(() =>
      sheetOf(INVOICE, (t) => t.replace('<cbc:BaseQuantity unitCode="LTR">20', '<cbc:BaseQuantity unitCode="C62">20')),
    );
    expect(error.code).toBe('not_an_einvoice');
    expect(error.message).toMatch(/doc\.xml: RA-20417, line 1: the price is per 20 C62 but the quantity is in LTR/);
  });

  it('is read when the base quantity gives no unit or the same one', () => {
    expect(
      sheetOf(INVOICE, (t) => t.replace('<cbc:BaseQuantity unitCode="LTR">20', '<cbc:BaseQuantity>20')).grid.rows[1]!
        .cells[11],
    ).toBe('6.5');
  });
});

describe('an element read as text that holds elements', () => {
  it('is refused rather than its text read without them (MAP <b>Granular</b> 20kg as MAP 20kg)', () => {
    const error = refusal(() =>
      sheetOf(INVOICE, (t) =>
        t.replace('<cbc:Name>MAP Granular</cbc:Name>', '<cbc:Name>MAP <b>Granular</b> 20kg</cbc:Name>'),
      ),
    );
    expect(error.code).toBe('not_an_einvoice');
    expect(error.message).toMatch(/doc\.xml: Name holds other elements \(b\) where UBL has text only/);
  });

  it('names the document when a second root element follows the first', () => {
    const error = refusal(() => sheetOf(INVOICE, (t) => `${t}<Invoice/>`));
    expect(error.message).toMatch(/Invoice is written 2 times in one document where UBL allows it once/);
  });
});

describe('a line with sub-lines (cac:SubInvoiceLine, as XRechnung writes a line’s parts)', () => {
  const PRICE = '<cbc:BaseQuantity unitCode="LTR">20</cbc:BaseQuantity></cac:Price>';
  const subLine = (name: string) =>
    `${PRICE}<cac:${name}><cbc:ID>1.1</cbc:ID><cbc:InvoicedQuantity unitCode="LTR">100</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="AUD">650.00</cbc:LineExtensionAmount><cac:Item><cbc:Name>Glyfos 540</cbc:Name></cac:Item><cac:Price><cbc:PriceAmount currencyID="AUD">6.50</cbc:PriceAmount></cac:Price></cac:${name}>`;

  it('is refused naming the line, not read as its parent alone with the sub-lines dropped', () => {
    const error = refusal(() => sheetOf(INVOICE, (t) => t.replace(PRICE, subLine('SubInvoiceLine'))));
    expect(error.code).toBe('not_an_einvoice');
    expect(error.message).toContain('doc.xml: RA-20417, line 1 has sub-lines (SubInvoiceLine)');
    expect(error.message).toContain('Ask the supplier');
    const two = refusal(() =>
      sheetOf(INVOICE, (t) =>
        t.replace(PRICE, subLine('SubInvoiceLine') + subLine('SubInvoiceLine').slice(PRICE.length)),
      ),
    );
    expect(two.message).toContain('line 1 has sub-lines (SubInvoiceLine)');
  });

  it('is refused in a credit note too', () => {
    const error = refusal(() =>
      sheetOf(CREDIT, (t) =>
        t.replace(/(<\/cac:Price>)/, `$1<cac:SubCreditNoteLine><cbc:ID>1.1</cbc:ID></cac:SubCreditNoteLine>`),
      ),
    );
    expect(error.message).toMatch(/line \S+ has sub-lines \(SubCreditNoteLine\)/);
  });
});
