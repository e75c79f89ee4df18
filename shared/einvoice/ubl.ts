/**
 * A UBL 2.1 Invoice or CreditNote (Peppol BIS Billing 3.0, A-NZ), with or without a Standard Business
 * Document Header envelope, read from its parsed XML into what a receipt or a return needs: the seller,
 * the document's number, dates and order reference, its lines (quantity and unit code, price and base
 * quantity, net amount, line allowances and charges), its document-level allowances and charges, its
 * totals and its embedded attachments. Amounts stay decimal strings as written.
 */
import { canonicalDecimal, decimalParts } from '../sheet/values/decimal.ts';
import { EInvoiceError } from './einvoice-error.ts';
import { checkTypeCode } from './type-code.ts';
import { ublBoolean, ublDate } from './values.ts';
import { REPEATING, type XmlNode, type XmlValue } from './xml.ts';

/** An allowance (a discount) or a charge (freight, a levy), on the document or on one line. */
export interface AllowanceCharge {
  /** `true`: a charge (added); `false`: an allowance (taken off). */
  charge: boolean;
  /** Amount excluding tax, a decimal string. */
  amount: string;
  /** `Freight`, `Discount`, the reason code… (empty when the document gives none). */
  reason: string;
}

/** One invoice (or credit note) line. */
export interface EInvoiceLine {
  /** The line's `cbc:ID`. */
  id: string;
  /** Item name (`cac:Item/cbc:Name`). */
  name: string;
  /** The seller's item code (`SellersItemIdentification/ID`), or ''. */
  sellerItemCode: string;
  /** Invoiced (credited) quantity, a decimal string. */
  quantity: string;
  /** The quantity's UN/ECE Rec 20 unit code as written (`LTR`, `KGM`, `EA`, `C62`), or ''. */
  unitCode: string;
  /** Net price per base quantity (`Price/PriceAmount`), a decimal string. */
  price: string;
  /** How many units the price is for (`Price/BaseQuantity`), default `'1'`. */
  baseQuantity: string;
  /** Line net amount (`LineExtensionAmount`), after line allowances and charges. */
  amount: string;
  allowanceCharges: AllowanceCharge[];
}

/** An embedded document (`AdditionalDocumentReference/Attachment/EmbeddedDocumentBinaryObject`). */
export interface EmbeddedAttachment {
  /** The reference's `cbc:ID`. */
  id: string;
  mimeCode: string;
  filename: string;
  /** The content, base64 as written (whitespace removed). */
  base64: string;
}

/** An e-invoice as a receipt or returns need it. */
export interface EInvoice {
  /** `invoice` (an Invoice: a receipt) or `credit_note` (a CreditNote: returns). */
  type: 'invoice' | 'credit_note';
  /** Invoice (credit note) number, `cbc:ID`. */
  number: string;
  /** `cbc:IssueDate`, `YYYY-MM-DD`. */
  issueDate: string;
  /** `cac:Delivery/cbc:ActualDeliveryDate` when given, else null. */
  deliveryDate: string | null;
  /** `cac:OrderReference/cbc:ID` (the buyer's order number), or ''. */
  orderReference: string;
  currency: string;
  seller: {
    /** Trading name (`PartyName/Name`), else the registration name. */
    name: string;
    /** Candidates for the business number: legal entity CompanyID, then EndpointID and party ids, with scheme. */
    ids: { scheme: string; value: string }[];
  };
  lines: EInvoiceLine[];
  /** Document-level allowances and charges. */
  allowanceCharges: AllowanceCharge[];
  totals: {
    lineExtension: string;
    taxExclusive: string;
    allowanceTotal: string | null;
    chargeTotal: string | null;
  };
  attachments: EmbeddedAttachment[];
}

/** The first element of a value (lists are read as lists), or undefined. */
function first(value: XmlValue | undefined): XmlValue | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Every element of a value, as a list. */
function all(value: XmlValue | undefined): XmlValue[] {
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/**
 * An element that breaks UBL's shape where it is read: written more than once where UBL allows it once
 * (or twice in different namespaces, which the parser merges), or holding elements where UBL has text.
 * Thrown by {@link at} and {@link text}, made an EInvoiceError by {@link readUbl}, which knows the document.
 */
class MisshapenElement extends Error {}

/** The element name each parsed element sits under, for messages (filled by {@link nameElements}). */
const ELEMENT_NAMES = new WeakMap<object, string>();

/** Records under which name each element of the tree sits. */
function nameElements(value: XmlValue, name: string): void {
  if (typeof value === 'string') return;
  if (Array.isArray(value)) {
    for (const item of value) nameElements(item, name);
    return;
  }
  ELEMENT_NAMES.set(value, name);
  for (const [key, child] of Object.entries(value))
    if (!key.startsWith('@') && key !== '#text') nameElements(child, key);
}

/**
 * The child at a path of local names, or undefined. An element that may repeat (xml.ts `REPEATING`) gives
 * its first; any other written more than once is refused (DuplicateElement) rather than one chosen.
 */
function at(node: XmlValue | undefined, ...path: string[]): XmlValue | undefined {
  let current = first(node);
  for (const name of path) {
    if (current === undefined || typeof current === 'string' || Array.isArray(current)) return undefined;
    const child = current[name];
    if (Array.isArray(child) && child.length > 1 && !REPEATING.has(name))
      throw new MisshapenElement(
        `${name} is written ${child.length} times in one ${ELEMENT_NAMES.get(current) || 'document'} where UBL allows it once`,
      );
    current = first(child);
  }
  return current;
}

/** An element's text (with or without attributes), trimmed; '' when absent. */
function text(node: XmlValue | undefined): string {
  const value = first(node);
  if (value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (Array.isArray(value)) return '';
  const children = Object.keys(value).filter((key) => !key.startsWith('@') && key !== '#text');
  if (children.length > 0)
    throw new MisshapenElement(
      `${ELEMENT_NAMES.get(value) || 'an element'} holds other elements (${children.join(', ')}) where UBL has text only`,
    );
  const inner = value['#text'];
  return typeof inner === 'string' ? inner.trim() : '';
}

/** An attribute of an element, or ''. */
function attribute(node: XmlValue | undefined, name: string): string {
  const value = first(node);
  if (value === undefined || typeof value === 'string' || Array.isArray(value)) return '';
  const found = value[`@${name}`];
  return typeof found === 'string' ? found.trim() : '';
}

/** Reads one document: its amounts checked as decimals in the document's currency, saying where one is not. */
class Reader {
  /** The document's number and currency, once read (messages name the number; amounts are checked against the currency). */
  document = { number: '', currency: '' };

  constructor(readonly source: string) {}

  /** `RA-20417, line 1: ` (or just `line 1: ` before the number is known), for messages. */
  private at(where: string): string {
    return `${this.document.number ? `${this.document.number}, ` : ''}${where}`;
  }

  /** A decimal at `path` of `node`, canonical; `fallback` when absent (undefined: required). */
  decimal(node: XmlValue | undefined, where: string, path: string[], fallback?: string): string {
    const element = at(node, ...path);
    this.checkCurrency(element, where, path);
    const written = text(element);
    if (written === '') {
      if (fallback !== undefined) return fallback;
      throw new EInvoiceError('not_an_einvoice', this.source, `${where} has no ${path.join('/')}: cannot read it`);
    }
    if (!/^[+-]?\d*\.?\d+$|^[+-]?\d+\.$/.test(written) || decimalParts(written) === null) {
      throw new EInvoiceError(
        'not_an_einvoice',
        this.source,
        `${where}: ${path.join('/')} '${written}' is not a number`,
      );
    }
    return canonicalDecimal(written);
  }

  /** Refuses an amount whose `currencyID` is not the document's: it would be saved as dollars. */
  private checkCurrency(element: XmlValue | undefined, where: string, path: string[]): void {
    const currency = attribute(element, 'currencyID').toUpperCase();
    const documentCurrency = this.document.currency.toUpperCase();
    if (!currency || !documentCurrency || currency === documentCurrency) return;
    throw new EInvoiceError(
      'einvoice_currency',
      this.source,
      `${this.at(where)}: ${path.join('/')} is in ${currency} but the document is in ${documentCurrency}; shed converts no currency, so nothing is sent. Ask the supplier for an invoice with every amount in ${documentCurrency}.`,
    );
  }

  /** A date at `path` of `node` as `YYYY-MM-DD`, '' when absent and not `required`. */
  date(node: XmlValue | undefined, path: string[], required: boolean): string {
    const written = text(at(node, ...path));
    const name = path.at(-1)!;
    if (written === '') {
      if (!required) return '';
      throw new EInvoiceError('not_an_einvoice', this.source, `${this.document.number} has no ${name}: cannot read it`);
    }
    const date = ublDate(written);
    if (date !== null) return date;
    throw new EInvoiceError(
      'not_an_einvoice',
      this.source,
      `${this.document.number}: ${name} '${written}' is not a date as UBL writes it (YYYY-MM-DD): not read, rather than guess its day and month. Ask the supplier to send the document again from their system.`,
    );
  }

  /** The ChargeIndicator of an allowance or charge, as xsd:boolean. */
  private chargeIndicator(ac: XmlValue, where: string): boolean {
    const written = text(at(ac, 'ChargeIndicator'));
    const charge = ublBoolean(written);
    if (charge !== null) return charge;
    throw new EInvoiceError(
      'not_an_einvoice',
      this.source,
      `${this.at(where)}: ChargeIndicator '${written}' is neither true nor false (UBL writes true, false, 1 or 0), so whether it is added or taken off cannot be told: not read`,
    );
  }

  allowanceCharges(node: XmlValue | undefined, where: string): AllowanceCharge[] {
    const parent = first(node);
    if (parent === undefined || typeof parent === 'string' || Array.isArray(parent)) return [];
    return all(parent['AllowanceCharge']).map((ac, i) => ({
      charge: this.chargeIndicator(ac, `${where}, allowance or charge ${i + 1}`),
      amount: this.decimal(ac, `${where}, allowance or charge ${i + 1}`, ['Amount']),
      reason: text(at(ac, 'AllowanceChargeReason')) || text(at(ac, 'AllowanceChargeReasonCode')),
    }));
  }
}

/**
 * The e-invoice in a parsed document: the root `Invoice` or `CreditNote`, or the one inside a
 * `StandardBusinessDocument` envelope.
 * @throws EInvoiceError `not_an_einvoice` for any other root, a document without a number, seller, issue date
 *   or line, a date not `YYYY-MM-DD`, a ChargeIndicator not xsd:boolean, an element UBL allows once written
 *   twice, a price per a base quantity in another unit than the quantity; `einvoice_type` when its type code
 *   contradicts its root (type-code.ts); `einvoice_currency` for an amount in another currency than the document's.
 */
export function readUbl(root: XmlNode, source: string): EInvoice {
  nameElements(root, '');
  try {
    return readDocument(root, source);
  } catch (error) {
    if (!(error instanceof MisshapenElement)) throw error;
    throw new EInvoiceError(
      'not_an_einvoice',
      source,
      `${error.message}: not read, rather than guess which text counts. Ask the supplier to send the document again from their system.`,
    );
  }
}

function readDocument(root: XmlNode, source: string): EInvoice {
  const envelope = at(root, 'StandardBusinessDocument');
  const holder = envelope ?? root;
  const invoice = at(holder, 'Invoice');
  const credit = at(holder, 'CreditNote');
  const doc = invoice ?? credit;
  if (doc === undefined || typeof doc === 'string') {
    const names =
      typeof holder === 'object' && !Array.isArray(holder) ? Object.keys(holder).filter((k) => !k.startsWith('@')) : [];
    throw new EInvoiceError(
      'not_an_einvoice',
      source,
      `the document is ${names[0] ? `a ${names[0]}` : 'empty'}, not a UBL Invoice or CreditNote: only invoices and credit notes are imported`,
    );
  }
  const type = invoice ? 'invoice' : 'credit_note';
  const read = new Reader(source);
  const number = text(at(doc, 'ID'));
  if (!number) throw new EInvoiceError('not_an_einvoice', source, 'the document has no number (cbc:ID)');
  const typeCode = text(at(doc, invoice ? 'InvoiceTypeCode' : 'CreditNoteTypeCode'));
  const corrects = text(at(doc, 'BillingReference', 'InvoiceDocumentReference', 'ID'));
  checkTypeCode(type, typeCode, { number, corrects }, source);
  read.document = { number, currency: text(at(doc, 'DocumentCurrencyCode')) };
  const party = at(doc, 'AccountingSupplierParty', 'Party');
  const name = text(at(party, 'PartyName', 'Name')) || text(at(party, 'PartyLegalEntity', 'RegistrationName'));
  if (!name)
    throw new EInvoiceError('not_an_einvoice', source, `${number} has no seller name (AccountingSupplierParty)`);
  const lineName = type === 'invoice' ? 'InvoiceLine' : 'CreditNoteLine';
  const lineNodes = typeof doc === 'object' && !Array.isArray(doc) ? all(doc[lineName]) : [];
  if (lineNodes.length === 0) throw new EInvoiceError('not_an_einvoice', source, `${number} has no ${lineName}`);
  const quantityName = type === 'invoice' ? 'InvoicedQuantity' : 'CreditedQuantity';
  return {
    type,
    number,
    issueDate: read.date(doc, ['IssueDate'], true),
    deliveryDate: read.date(doc, ['Delivery', 'ActualDeliveryDate'], false) || null,
    orderReference: text(at(doc, 'OrderReference', 'ID')),
    currency: read.document.currency,
    seller: { name, ids: sellerIds(party) },
    lines: lineNodes.map((line, i) => readLine(read, line, i, quantityName)),
    allowanceCharges: read.allowanceCharges(doc, 'the document'),
    totals: {
      lineExtension: read.decimal(doc, 'the totals', ['LegalMonetaryTotal', 'LineExtensionAmount']),
      taxExclusive: read.decimal(doc, 'the totals', ['LegalMonetaryTotal', 'TaxExclusiveAmount']),
      allowanceTotal: read.decimal(doc, 'the totals', ['LegalMonetaryTotal', 'AllowanceTotalAmount'], '') || null,
      chargeTotal: read.decimal(doc, 'the totals', ['LegalMonetaryTotal', 'ChargeTotalAmount'], '') || null,
    },
    attachments: attachmentsOf(doc),
  };
}

/** A line's parts (UBL 2.1; XRechnung writes them, Peppol BIS 3 does not): a line holding any is refused. */
const SUB_LINES = ['SubInvoiceLine', 'SubCreditNoteLine'] as const;

/**
 * One InvoiceLine or CreditNoteLine (the `index`th, 0-based).
 * @throws EInvoiceError `not_an_einvoice` when its price is per a base quantity in another unit than its
 *   quantity, or when it holds sub-lines.
 */
function readLine(read: Reader, line: XmlValue, index: number, quantityName: string): EInvoiceLine {
  const id = text(at(line, 'ID')) || String(index + 1);
  const where = `line ${id}`;
  const subLines = SUB_LINES.find((name) => at(line, name) !== undefined);
  if (subLines)
    throw new EInvoiceError(
      'not_an_einvoice',
      read.source,
      `${read.document.number}, ${where} has sub-lines (${subLines}): the line's own quantity and price and those of its parts each say what was delivered, and which of them is the stock cannot be told, so nothing is read. Ask the supplier to send the document again without sub-lines, or import the lines from a sheet.`,
    );
  const unitCode = attribute(at(line, quantityName), 'unitCode');
  const baseQuantity = read.decimal(line, where, ['Price', 'BaseQuantity'], '1');
  const baseUnit = attribute(at(line, 'Price', 'BaseQuantity'), 'unitCode');
  if (baseUnit && unitCode && baseUnit.toUpperCase() !== unitCode.toUpperCase()) {
    throw new EInvoiceError(
      'not_an_einvoice',
      read.source,
      `${read.document.number}, ${where}: the price is per ${baseQuantity} ${baseUnit} but the quantity is in ${unitCode}, so the price of one ${unitCode} cannot be told (Peppol requires the same unit): not read. Ask the supplier to send the document again with both in one unit.`,
    );
  }
  return {
    id,
    name: text(at(line, 'Item', 'Name')) || text(at(line, 'Item', 'Description')),
    sellerItemCode: text(at(line, 'Item', 'SellersItemIdentification', 'ID')),
    quantity: read.decimal(line, where, [quantityName]),
    unitCode,
    price: read.decimal(line, where, ['Price', 'PriceAmount']),
    baseQuantity,
    amount: read.decimal(line, where, ['LineExtensionAmount']),
    allowanceCharges: read.allowanceCharges(line, where),
  };
}

/** The seller's identifiers, most telling first: legal entity CompanyID, EndpointID, party identifications. */
function sellerIds(party: XmlValue | undefined): { scheme: string; value: string }[] {
  const ids: { scheme: string; value: string }[] = [];
  const add = (node: XmlValue | undefined) => {
    const value = text(node);
    if (value) ids.push({ scheme: attribute(node, 'schemeID'), value });
  };
  const holder = first(party);
  if (holder === undefined || typeof holder === 'string' || Array.isArray(holder)) return ids;
  for (const legal of all(holder['PartyLegalEntity'])) add(at(legal, 'CompanyID'));
  add(at(holder, 'EndpointID'));
  for (const id of all(holder['PartyIdentification'])) add(at(id, 'ID'));
  for (const tax of all(holder['PartyTaxScheme'])) add(at(tax, 'CompanyID'));
  return ids;
}

/** The embedded documents of `AdditionalDocumentReference`s. */
function attachmentsOf(doc: XmlValue): EmbeddedAttachment[] {
  const holder = first(doc);
  if (holder === undefined || typeof holder === 'string' || Array.isArray(holder)) return [];
  return all(holder['AdditionalDocumentReference']).flatMap((ref) => {
    const object = at(ref, 'Attachment', 'EmbeddedDocumentBinaryObject');
    const base64 = text(object).replace(/\s+/g, '');
    if (!base64) return [];
    return [
      {
        id: text(at(ref, 'ID')),
        mimeCode: attribute(object, 'mimeCode'),
        filename: attribute(object, 'filename'),
        base64,
      },
    ];
  });
}
