/**
 * Reading an e-invoice's XML safely with fast-xml-parser: the size is checked on the bytes before
 * anything is decoded (in the encoding the document names: xml-encoding.ts), any DOCTYPE or ENTITY declaration is refused outright (so no DTD, external entity
 * or entity expansion beyond the five XML built-ins can happen: XXE, billion laughs), a reference to any
 * other entity too (character references such as `&#174;` are decoded), well-formedness is
 * checked by the library's validator, and nesting deeper than {@link XML_LIMITS.maxDepth} is refused.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { EInvoiceError } from './einvoice-error.ts';
import { decodeXml } from './xml-encoding.ts';

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
export const REPEATING: ReadonlySet<string> = new Set([
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
  'BillingReference',
  'SubInvoiceLine',
  'SubCreditNoteLine',
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
  const text = decodeXml(bytes, source);
  refuseDeclarations(text, source);
  refuseUndefinedReferences(text, source);
  refuseDeepNesting(text, source, limits.maxDepth);
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
    // Values are trimmed where read (ubl.ts): trimmed here, each piece of a value split by CDATA or a
    // comment would lose its spaces (MAP <![CDATA[Gran]]>ular read as MAPGranular).
    trimValues: false,
    processEntities: true,
    entityDecoder: REFERENCE_DECODER,
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

/** The entities XML predefines (XML 1.0 §4.6): the only names a document without a DTD may refer to. */
const XML_ENTITIES: Record<string, string> = { amp: '&', apos: "'", gt: '>', lt: '<', quot: '"' };

/** Comments and CDATA sections (whose `&` is text), or a reference `&…;` (group 1: what is between). */
const REFERENCE = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|&([^;\s<&]{0,40});/g;

/** Whether a code point is a character XML 1.0 allows (§2.2 Char). */
function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/**
 * The decoder of text and attribute values the parser is given (its own decodes character references only
 * with HTML's entities as well): the five XML entities and character references, in one pass (`&amp;#174;`
 * stays `&#174;`). Only these reach it: refuseUndefinedReferences has refused any other. CDATA is not decoded.
 */
const REFERENCE_DECODER = {
  setExternalEntities: () => undefined,
  addInputEntities: () => undefined,
  reset: () => undefined,
  setXmlVersion: () => undefined,
  decode: (value: string): string =>
    value.includes('&')
      ? value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (whole, ref: string) => {
          if (!ref.startsWith('#')) return Object.hasOwn(XML_ENTITIES, ref) ? XML_ENTITIES[ref]! : whole;
          const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
          return isXmlChar(code) ? String.fromCodePoint(code) : whole;
        })
      : value,
};

/**
 * Refuses a reference to an entity XML does not define (`&nbsp;`, `&reg;`: HTML's, which the validator
 * lets through and the parser would leave as text in a product name), or a character reference to no
 * character XML allows (`&#0;`, `&#xD800;`, which the parser would drop), naming its line.
 */
function refuseUndefinedReferences(text: string, source: string): void {
  REFERENCE.lastIndex = 0;
  for (let m = REFERENCE.exec(text); m; m = REFERENCE.exec(text)) {
    const name = m[1];
    if (name === undefined || Object.hasOwn(XML_ENTITIES, name)) continue;
    const numeric = /^#(?:x([0-9a-fA-F]{1,8})|([0-9]{1,10}))$/.exec(name);
    if (numeric && isXmlChar(numeric[1] ? parseInt(numeric[1], 16) : Number(numeric[2]))) continue;
    const line = text.slice(0, m.index).split('\n').length;
    throw new EInvoiceError(
      'xml_malformed',
      source,
      `line ${line} has the reference ${m[0]} which XML does not define (only &amp; &lt; &gt; &quot; &apos; and character references such as &#174;): not well-formed XML, not read. Ask the supplier to send the document again from their system.`,
    );
  }
}

/**
 * Markup the nesting count steps over: comments, CDATA, processing instructions, and tags (attribute
 * values quoted, so a `>` inside one does not end the tag). Group 1 is `/` for an end tag.
 */
const MARKUP =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<(\/?)[^\s>/!?][^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>/g;

/** An attribute with a namespace prefix, other than a namespace declaration (`x:unitCode=`, not `xmlns:x=`). */
const PREFIXED_ATTRIBUTE = /\s(?!xmlns:)[\w.-]+:[\w.-]+\s*=/;
/** Each attribute of a start tag: group 1 its name (with any prefix), group 2 its local name. */
const ATTRIBUTE = /\s((?:[\w.-]+:)?([\w.-]+))\s*=\s*(?:"[^"]*"|'[^']*')/g;

/**
 * Refuses a start tag with two attributes of the same local name (`unitCode` and `x:unitCode`): the
 * parser drops prefixes, so the last would take the place of the first (a quantity in kilograms read
 * for one in litres). Namespace declarations are not attributes here.
 */
function refuseSameLocalAttributes(tag: string, text: string, at: number, source: string): void {
  const seen = new Map<string, string>();
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(tag); m; m = ATTRIBUTE.exec(tag)) {
    const [, name, local] = m as unknown as [string, string, string];
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    const before = seen.get(local);
    if (before === undefined) {
      seen.set(local, name);
      continue;
    }
    const line = text.slice(0, at).split('\n').length;
    throw new EInvoiceError(
      'xml_malformed',
      source,
      `line ${line} has an element with two ${local} attributes (${before}, ${name}) in different namespaces, so which one counts cannot be told: not read. Ask the supplier to send the document again from their system.`,
    );
  }
}

/**
 * Refuses nesting deeper than `maxDepth` in one pass over the text, before the validator and parser
 * build anything (a document nested a million deep would cost them hundreds of megabytes): start tags
 * count up, end tags down, empty-element tags neither. Malformed markup is left to the validator.
 */
function refuseDeepNesting(text: string, source: string, maxDepth: number): void {
  let depth = 0;
  MARKUP.lastIndex = 0;
  for (let m = MARKUP.exec(text); m; m = MARKUP.exec(text)) {
    const markup = m[0];
    if (markup[1] === '!' || markup[1] === '?') continue;
    if (PREFIXED_ATTRIBUTE.test(markup)) refuseSameLocalAttributes(markup, text, m.index, source);
    if (m[1] === '/') depth--;
    else if (!markup.endsWith('/>')) depth++;
    if (depth > maxDepth) {
      const line = text.slice(0, m.index).split('\n').length;
      throw new EInvoiceError(
        'xml_too_deep',
        source,
        `elements are nested more than ${maxDepth} deep at line ${line} (an e-invoice needs about 10): not read`,
      );
    }
  }
}
