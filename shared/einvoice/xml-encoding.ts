/**
 * The text of an e-invoice's bytes, in the encoding they say they are in (XML 1.0 §4.3.3 and appendix F):
 * a UTF-16 byte order mark (or the `<?` of a declaration written in UTF-16), else the declaration's
 * `encoding` (UTF-8 when none). Peppol documents are UTF-8; ISO-8859-1 (read as windows-1252, as the
 * WHATWG Encoding Standard does), windows-1252 and US-ASCII are read too. Bytes that are not in the encoding named are refused, saying where, never guessed.
 */
import { EInvoiceError } from './einvoice-error.ts';

/** Declared encodings read, by their name in lower case, to the WHATWG label decoded with. */
const ENCODINGS: Readonly<Record<string, string>> = {
  'utf-8': 'utf-8',
  utf8: 'utf-8',
  'us-ascii': 'utf-8',
  ascii: 'utf-8',
  'utf-16': 'utf-16le',
  // ISO-8859-1 is read as windows-1252, as the WHATWG Encoding Standard (and every browser) does: files
  // declared Latin-1 are most often written by Windows, and 0x80-0x9F as C1 controls would be invisible
  // characters in a supplier's name ('Farm\u0092s'), not the euro sign and quotes they are.
  'iso-8859-1': 'windows-1252',
  'iso_8859-1': 'windows-1252',
  latin1: 'windows-1252',
  'windows-1252': 'windows-1252',
  cp1252: 'windows-1252',
};

/**
 * Windows-1252's characters for bytes 0x80-0x9F (WHATWG Encoding Standard; 0x81, 0x8D, 0x8F, 0x90, 0x9D
 * undefined). Decoded by hand: Node's TextDecoder('windows-1252') drops byte 0x80 (the euro sign).
 */
const C1_1252 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * Windows-1252 (bytes 0x80-0x9F as {@link C1_1252}, every other byte its code point), by hand.
 * @returns the text, or the offset of a byte windows-1252 leaves undefined.
 */
function singleByte(bytes: Uint8Array): string | number {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += 8192) parts.push(String.fromCharCode(...bytes.subarray(i, i + 8192)));
  const latin1 = parts.join('');
  const undefinedByte = /[\u0081\u008d\u008f\u0090\u009d]/.exec(latin1);
  if (undefinedByte) return undefinedByte.index;
  return latin1.replace(/[\u0080-\u009f]/g, (ch) => C1_1252[ch.charCodeAt(0) - 0x80] ?? ch);
}

/**
 * Decodes an e-invoice's bytes (a byte order mark is dropped).
 * @throws EInvoiceError `xml_malformed` for an encoding not read, or bytes not valid in the one named.
 */
export function decodeXml(bytes: Uint8Array, source: string): string {
  const utf16 =
    (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0x3c && bytes[1] === 0 && bytes[2] === 0x3f)
      ? 'utf-16le'
      : (bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0 && bytes[1] === 0x3c && bytes[2] === 0)
        ? 'utf-16be'
        : null;
  if (utf16) return strictly(utf16, bytes, source, 'UTF-16');
  const head = String.fromCharCode(...bytes.subarray(0, 200));
  const declared = /^(?:\uFEFF|\u00EF\u00BB\u00BF)?<\?xml[^?]*?\sencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(
    head,
  )?.[1];
  const label = ENCODINGS[(declared ?? 'utf-8').toLowerCase()];
  if (!label || label === 'utf-16le') {
    throw new EInvoiceError(
      'xml_malformed',
      source,
      `the document declares the encoding ${declared}, which shed does not read (Peppol e-invoices are UTF-8): not read. Ask the supplier to send it in UTF-8.`,
    );
  }
  if (label === 'utf-8') return strictly(label, bytes, source, declared ?? 'UTF-8');
  const text = singleByte(bytes);
  if (typeof text === 'string') return text;
  throw new EInvoiceError(
    'xml_malformed',
    source,
    `the document is not ${declared!} text as it says (byte 0x${bytes[text]!.toString(16).toUpperCase()} on line ${lineAt(bytes, text)} is no character of it): not read. Ask the supplier to send it again from their system.`,
  );
}

function strictly(label: string, bytes: Uint8Array, source: string, named: string): string {
  try {
    return new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch (cause) {
    const at = label === 'utf-8' ? firstNotUtf8(bytes) : -1;
    const where =
      at >= 0
        ? ` (byte 0x${bytes[at]!.toString(16).toUpperCase().padStart(2, '0')} on line ${lineAt(bytes, at)} is not UTF-8)`
        : '';
    throw new EInvoiceError(
      'xml_malformed',
      source,
      `the document is not ${named.toUpperCase()} text as it says${where}: not read. Ask the supplier to send it again from their system.`,
      { cause },
    );
  }
}

/** The offset of the first byte that does not begin or continue a valid UTF-8 sequence, or -1. */
function firstNotUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const lead = bytes[i]!;
    const length =
      lead < 0x80
        ? 1
        : lead >= 0xc2 && lead <= 0xdf
          ? 2
          : lead >= 0xe0 && lead <= 0xef
            ? 3
            : lead >= 0xf0 && lead <= 0xf4
              ? 4
              : 0;
    if (length === 0) return i;
    for (let k = 1; k < length; k += 1) if (i + k >= bytes.length || (bytes[i + k]! & 0xc0) !== 0x80) return i;
    i += length;
  }
  return -1;
}

function lineAt(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = bytes.indexOf(0x0a); i >= 0 && i < offset; i = bytes.indexOf(0x0a, i + 1)) line += 1;
  return line;
}
