// Hostile XML is refused before the parser expands anything, with a typed error saying what and where.
import { readFileSync } from 'node:fs';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { EInvoiceError } from '../../../shared/einvoice/einvoice-error.ts';
import { einvoiceSheet } from '../../../shared/einvoice/to-grid.ts';
import { parseXml, XML_LIMITS } from '../../../shared/einvoice/xml.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const FIXTURE = new URL('../../fixtures/einvoices/farm-invoice.xml', import.meta.url);
const LAUGHS =
  '<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>\n<Invoice>&lol2;</Invoice>';
const XXE = '<?xml version="1.0"?>\n\n<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><Invoice>&x;</Invoice>';

function refusal(text: string | Uint8Array, limits = XML_LIMITS): EInvoiceError {
  try {
    parseXml(typeof text === 'string' ? bytes(text) : text, 'bad.xml', limits);
  } catch (error) {
    expect(error).toBeInstanceOf(EInvoiceError);
    return error as EInvoiceError;
  }
  throw new Error('not refused');
}

describe('parseXml on hostile input', () => {
  it('what the library does alone: refuses an external entity, leaves nested internal entities unexpanded', () => {
    const parser = new XMLParser({ processEntities: true, htmlEntities: false });
    expect(() => parser.parse(XXE)).toThrow(/External entities/);
    expect(JSON.stringify(parser.parse(LAUGHS))).not.toMatch(/lollol/);
  });

  it('refuses any DOCTYPE or ENTITY declaration before parsing, naming its line (XXE, billion laughs)', () => {
    const xxe = refusal(XXE);
    expect(xxe.code).toBe('xml_doctype');
    expect(xxe.category).toBe('input');
    expect(xxe.message).toMatch(/^bad\.xml: line 3 has a <!DOCTYPE declaration/);
    expect(refusal(LAUGHS).message).toMatch(/line 2 has a <!DOCTYPE/);
    expect(refusal('<Invoice><!ENTITY x "y"></Invoice>').code).toBe('xml_doctype');
  });

  it('refuses a document over the byte limit without decoding it', () => {
    const error = refusal(new Uint8Array(2048).fill(0xff), { ...XML_LIMITS, maxBytes: 1024 });
    expect(error.code).toBe('xml_too_large');
    expect(error.message).toMatch(/2048 bytes, over the 1024-byte limit/);
  });

  it('reads a document in the encoding its declaration or byte order mark names (ISO-8859-1, windows-1252, UTF-16)', () => {
    const doc = (encoding: string) => `<?xml version="1.0" encoding="${encoding}"?>\n<a><b>Crème ®</b></a>`;
    const latin1 = Uint8Array.from([...doc('ISO-8859-1')].map((ch) => ch.charCodeAt(0)));
    expect(parseXml(latin1, 'latin1.xml')).toEqual({ a: { b: 'Crème ®' } });
    const cp1252 = Uint8Array.from(
      [...doc('windows-1252').replace('®', '€')].map((ch) => (ch === '€' ? 0x80 : ch.charCodeAt(0))),
    );
    expect(parseXml(cp1252, 'cp1252.xml')).toEqual({ a: { b: 'Crème €' } });
    // Declared ISO-8859-1 but written by Windows: 0x92 and 0x80 are a quote and the euro sign, not controls.
    const windowsLatin1 = Uint8Array.from([
      ...Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?>\n<a><b>Farm'),
      0x92,
      ...Buffer.from('s '),
      0x80,
      ...Buffer.from('5</b></a>'),
    ]);
    expect(parseXml(windowsLatin1, 'windows-latin1.xml')).toEqual({ a: { b: 'Farm\u2019s \u20ac5' } });
    const le = Uint8Array.from([0xff, 0xfe, ...Buffer.from(doc('UTF-16'), 'utf16le')]);
    expect(parseXml(le, 'le.xml')).toEqual({ a: { b: 'Crème ®' } });
    const be = Uint8Array.from([0xfe, 0xff, ...Buffer.from(doc('UTF-16'), 'utf16le').swap16()]);
    expect(parseXml(be, 'be.xml')).toEqual({ a: { b: 'Crème ®' } });
  });

  it('refuses bytes that are not in the encoding named, saying which and where, and encodings it does not read', () => {
    const bytesOf = (text: string) => Uint8Array.from([...text].map((ch) => ch.charCodeAt(0)));
    const wrong = refusal(bytesOf('<?xml version="1.0" encoding="UTF-8"?>\n<a>\n<b>Crème</b></a>'));
    expect(wrong.code).toBe('xml_malformed');
    expect(wrong.message).toMatch(
      /^bad\.xml: the document is not UTF-8 text as it says \(byte 0xE8 on line 3 is not UTF-8\)/,
    );
    const other = refusal(bytesOf('<?xml version="1.0" encoding="Shift_JIS"?><a/>'));
    expect(other.message).toMatch(/declares the encoding Shift_JIS, which shed does not read/);
  });

  it('refuses nesting deeper than the limit, and malformed XML with its line and column', () => {
    const deep = '<a>'.repeat(500) + '</a>'.repeat(500);
    expect(refusal(deep).code).toBe('xml_too_deep');
    const broken = refusal('<Invoice>\n  <ID>1</Id>\n</Invoice>');
    expect(broken.code).toBe('xml_malformed');
    expect(broken.message).toMatch(/line 2, column/);
  });

  it('keeps the five built-in entities and amounts as exact text', () => {
    const tree = parseXml(bytes('<a><b>Smith &amp; Sons &lt;Rural&gt;</b><c>0.10</c></a>'), 'ok.xml');
    expect(tree).toEqual({ a: { b: 'Smith & Sons <Rural>', c: '0.10' } });
  });

  it('decodes character references as XML does: a product name with &#xAE; or &#174; is Glyfos® 540', () => {
    const tree = parseXml(
      bytes('<a><b u="&#76;TR">Glyfos&#xAE; 540</b><c>Glyfos&#174; 540 &#x1F600;</c></a>'),
      'ok.xml',
    );
    expect(tree).toEqual({ a: { b: { '#text': 'Glyfos® 540', '@u': 'LTR' }, c: 'Glyfos® 540 😀' } });
  });

  it('refuses an entity XML does not define, or a reference to no character, naming its line', () => {
    const nbsp = refusal('<a>\n<b>Glyfos&nbsp;540</b></a>');
    expect(nbsp.code).toBe('xml_malformed');
    expect(nbsp.message).toMatch(/^bad\.xml: line 2 has the reference &nbsp; which XML does not define/);
    expect(refusal('<a><b>&#xD800;</b></a>').message).toMatch(
      /line 1 has the reference &#xD800; which XML does not define/,
    );
    expect(refusal('<a><b>&#0;</b></a>').code).toBe('xml_malformed');
    expect(refusal('<a><b>&constructor;</b></a>').code).toBe('xml_malformed');
    expect(parseXml(bytes('<a><!-- &nbsp; --><b><![CDATA[x&nbsp;y]]></b></a>'), 'ok.xml')).toEqual({
      a: { b: 'x&nbsp;y' },
    });
  });

  it('keeps the spaces around CDATA in a value: MAP <![CDATA[Gran]]>ular is MAP Granular, not MAPGranular', () => {
    expect(parseXml(bytes('<a><b>MAP <![CDATA[Gran]]>ular</b><c> 12.50 </c></a>'), 'ok.xml')).toEqual({
      a: { b: 'MAP Granular', c: ' 12.50 ' },
    });
  });

  it('refuses two attributes of one element with the same local name in different namespaces, naming the line', () => {
    // The parser drops prefixes, so x:unitCode="KGM" would take the place of unitCode="LTR".
    const error = refusal('<a xmlns:x="urn:x">\n<q unitCode="LTR" x:unitCode="KGM">200</q></a>');
    expect(error.code).toBe('xml_malformed');
    expect(error.message).toMatch(
      /^bad\.xml: line 2 has an element with two unitCode attributes \(unitCode, x:unitCode\)/,
    );
    expect(parseXml(bytes('<a xmlns:x="urn:x" x:y="1"><q unitCode="LTR">200</q></a>'), 'ok.xml')).toEqual({
      a: { '@y': '1', q: { '#text': '200', '@unitCode': 'LTR' } },
    });
  });

  it('reads the fixture invoice: the SBDH-less Invoice and its lines', () => {
    const sheet = einvoiceSheet(readFileSync(FIXTURE), 'farm-invoice.xml');
    expect(sheet.kind).toBe('receipts');
    expect(sheet.supplier?.key).toBe('abn:51824753556');
  });
});
