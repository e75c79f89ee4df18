// Small Peppol A-NZ e-invoices of our own (Invoice or CreditNote), whose lines add up, for tests.

/** One line: its UN/ECE unit code, quantity, item name, seller's item code and price (decimal strings). */
export type UblLine = { unit: string; qty: string; name: string; code?: string; price: string };

/** A UBL 2.1 Invoice (or, with `credit`, a CreditNote) from `seller` (ABN) with `lines`, issued on `date`. */
export function ublDocument(
  number: string,
  seller: { name: string; abn: string },
  lines: UblLine[],
  options: { credit?: boolean; date?: string } = {},
): string {
  const root = options.credit ? 'CreditNote' : 'Invoice';
  const cents = (s: string) => Math.round(Number(s) * 100);
  const amount = (l: UblLine) => ((cents(l.qty) * cents(l.price)) / 10000).toFixed(2);
  const total = (lines.reduce((t, l) => t + cents(amount(l)), 0) / 100).toFixed(2);
  const tag = (n: string, v: string) => `<cbc:${n} currencyID="AUD">${v}</cbc:${n}>`;
  const party = (abn: string, name: string) =>
    `<cac:Party><cbc:EndpointID schemeID="0151">${abn}</cbc:EndpointID><cac:PartyName><cbc:Name>${name}</cbc:Name></cac:PartyName><cac:PartyLegalEntity><cbc:RegistrationName>${name}</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party>`;
  const body = lines
    .map(
      (l, i) =>
        `<cac:${root}Line><cbc:ID>${i + 1}</cbc:ID><cbc:${options.credit ? 'Credited' : 'Invoiced'}Quantity unitCode="${l.unit}">${l.qty}</cbc:${options.credit ? 'Credited' : 'Invoiced'}Quantity>${tag('LineExtensionAmount', amount(l))}<cac:Item><cbc:Name>${l.name}</cbc:Name>${l.code ? `<cac:SellersItemIdentification><cbc:ID>${l.code}</cbc:ID></cac:SellersItemIdentification>` : ''}<cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>10</cbc:Percent><cac:TaxScheme><cbc:ID>GST</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item><cac:Price>${tag('PriceAmount', l.price)}</cac:Price></cac:${root}Line>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
<cbc:CustomizationID>urn:cen.eu:en16931:2017#conformant#urn:fdc:peppol.eu:2017:poacc:billing:international:aunz:3.0</cbc:CustomizationID>
<cbc:ID>${number}</cbc:ID><cbc:IssueDate>${options.date ?? '2026-03-02'}</cbc:IssueDate><cbc:${root}TypeCode>${options.credit ? '381' : '380'}</cbc:${root}TypeCode><cbc:DocumentCurrencyCode>AUD</cbc:DocumentCurrencyCode>
<cac:AccountingSupplierParty>${party(seller.abn, seller.name)}</cac:AccountingSupplierParty>
<cac:AccountingCustomerParty>${party('53004085616', 'Willow Creek Pastoral Co')}</cac:AccountingCustomerParty>
<cac:LegalMonetaryTotal>${tag('LineExtensionAmount', total)}${tag('TaxExclusiveAmount', total)}${tag('PayableAmount', total)}</cac:LegalMonetaryTotal>
${body}
</${root}>`;
}
