/**
 * Reading an e-invoice's XML safely with fast-xml-parser: the size is checked on the bytes before
 * anything is decoded, any DOCTYPE or ENTITY declaration is refused outright (so no DTD, external entity
 * or entity expansion beyond the five XML built-ins can happen: XXE, billion laughs), well-formedness is
 * checked by the library's validator, and nesting deeper than {@link XML_LIMITS.maxDepth} is refused.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { EInvoiceError } from './einvoice-error.ts';

/** Limits on an e-invoice document. A Peppol invoice with an embedded PDF is a few megabytes; UBL nests about 10 deep. */
export const XML_LIMITS = {
  /** Bytes of the whole document (an embedded PDF included). */
  maxBytes: 25 * 1024 * 1024,
  /** Elements nested in each other (an SBDH envelope and UBL need about 10). */
  maxDepth: 40,
} as const;

/** A parsed element: attributes as `@name`, text as `#text` (when it has attributes), children by local name. */
export type XmlNode = { [name: string]: XmlValue };
/** What an element's child can be: text, an element, or a list of them. */
export type XmlValue = string | XmlNode | XmlValue[];

/** Elements that may repeat in a UBL Invoice or CreditNote: always read as lists. */
const REPEATING = new Set([
  'InvoiceLine',
  'CreditNoteLine',
  'AllowanceCharge',
  'AdditionalDocumentReference',
  'PartyIdentification',
  'PartyLegalEntity',
  'PartyTaxScheme',
  'TaxSubtotal',
  'TaxTotal',
  'Note',
  'Delivery',
  'SellersItemIdentification',
]);

/**
 * Parses the bytes of an e-invoice into a tree of {@link XmlNode} (namespace prefixes removed, values
 * kept as text, so amounts stay exact decimal strings).
 * @param bytes the file's content
 * @param source how messages name the document (its file name)
 * @throws EInvoiceError `xml_too_large`, `xml_doctype`, `xml_malformed`, `xml_too_deep`
 */
export function parseXml(bytes: Uint8Array, source: string, limits = XML_LIMITS): XmlNode {
  if (bytes.byteLength > limits.maxBytes) {
    throw new EInvoiceError(
      'xml_too_large',
      source,
      `the document is ${bytes.byteLength} bytes, over the ${limits.maxBytes}-byte limit of an e-invoice: not read`,
    );
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch (cause) {
    throw new EInvoiceError('xml_malformed', source, 'the document is not UTF-8 text: not an e-invoice', { cause });
  }
  refuseDeclarations(text, source);
  const valid = XMLValidator.validate(text, { allowBooleanAttributes: false });
  if (valid !== true) {
    const { line, col, msg } = valid.err;
    throw new EInvoiceError('xml_malformed', source, `not well-formed XML at line ${line}, column ${col}: ${msg}`);
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    processEntities: true,
    htmlEntities: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    maxNestedTags: limits.maxDepth,
    isArray: (name) => REPEATING.has(name),
  });
  try {
    return parser.parse(text) as XmlNode;
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    if (/nest/i.test(message)) {
      throw new EInvoiceError(
        'xml_too_deep',
        source,
        `elements are nested more than ${limits.maxDepth} deep (an e-invoice needs about 10): not read`,
        { cause },
      );
    }
    throw new EInvoiceError('xml_malformed', source, `not readable as XML: ${message}`, { cause });
  }
}

/**
 * Refuses a DOCTYPE or an ENTITY declaration anywhere in the text (a UBL document never has one), naming
 * its line: no DTD is read, so no external entity is fetched and no entity is expanded.
 */
function refuseDeclarations(text: string, source: string): void {
  const found = /<!\s*(DOCTYPE|ENTITY)/i.exec(text);
  if (!found) return;
  const line = text.slice(0, found.index).split('\n').length;
  throw new EInvoiceError(
    'xml_doctype',
    source,
    `line ${line} has a <!${found[1]!.toUpperCase()} declaration: e-invoices never carry one and shed does not read DTDs or entities (XXE, entity expansion); refused, nothing sent`,
  );
}
