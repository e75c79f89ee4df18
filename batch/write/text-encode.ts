/**
 * Text to bytes in each encoding the CSV reader accepts (batch/read/text-decode.ts), so that a results
 * CSV is written in its input's encoding: UTF-8, UTF-16 and UTF-32 (either byte order, BOM or not) and
 * Windows-1252. Node's Buffer has no Windows-1252, UTF-16BE or UTF-32: done by hand, inverting the reader.
 */
import { decodeWindows1252, type TextEncodingName } from '../read/text-decode.ts';

/** Characters shed's own words may hold that Windows-1252 lacks, and what is written instead. */
const PLAIN: Readonly<Record<string, string>> = { '→': '->', '←': '<-', '≤': '<=', '≥': '>=', '≠': '!=', '✓': 'v' };

/** Windows-1252's bytes 0x80-0x9F by the character they decode to (the reader's table, inverted). */
const C1_BYTES: ReadonlyMap<string, number> = new Map(
  Array.from({ length: 32 }, (_, i) => [decodeWindows1252(Uint8Array.of(0x80 + i)), 0x80 + i] as const),
);

/**
 * Whether Windows-1252 can hold `text` as it is (every character is Latin-1 outside 0x80-0x9F, or
 * one of the 27 characters of that range).
 */
export function fitsWindows1252(text: string): boolean {
  for (const ch of text) if (windows1252Byte(ch) === undefined) return false;
  return true;
}

/**
 * Text Windows-1252 can hold: each character it lacks becomes a plain equivalent (`→` `->`, `ā` `a`
 * by dropping its accent), else `?`. For shed's own cells (messages); the input's cells fit already.
 */
export function toWindows1252Text(text: string): string {
  if (fitsWindows1252(text)) return text;
  let out = '';
  for (const ch of text) {
    if (windows1252Byte(ch) !== undefined) out += ch;
    else {
      const plain = PLAIN[ch] ?? ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += plain !== '' && fitsWindows1252(plain) ? plain : '?';
    }
  }
  return out;
}

/**
 * `text` as bytes in `encoding`, with a byte order mark first when `bom` (UTF-8's EF BB BF, UTF-16's
 * and UTF-32's in their byte order; Windows-1252 has none).
 * @throws RangeError when `encoding` is Windows-1252 and `text` holds a character it lacks (pass the
 *   text through {@link toWindows1252Text} first).
 */
export function encodeText(text: string, encoding: TextEncodingName, bom: boolean): Uint8Array {
  const withBom = bom && encoding !== 'windows-1252' ? `\ufeff${text}` : text;
  switch (encoding) {
    case 'utf-8':
      return Buffer.from(withBom, 'utf8');
    case 'utf-16le':
      return Buffer.from(withBom, 'utf16le');
    case 'utf-16be':
      return Buffer.from(withBom, 'utf16le').swap16();
    case 'utf-32le':
    case 'utf-32be':
      return utf32(withBom, encoding === 'utf-32le');
    case 'windows-1252':
      return windows1252(withBom);
  }
}

function windows1252Byte(ch: string): number | undefined {
  const code = ch.codePointAt(0) ?? 0;
  if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
  return C1_BYTES.get(ch);
}

function windows1252(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  let at = 0;
  for (const ch of text) {
    const byte = windows1252Byte(ch);
    if (byte === undefined) throw new RangeError(`'${ch}' cannot be written in Windows-1252`);
    bytes[at++] = byte;
  }
  return bytes.subarray(0, at);
}

function utf32(text: string, littleEndian: boolean): Uint8Array {
  const codes = Array.from(text, (ch) => ch.codePointAt(0) ?? 0);
  const bytes = new Uint8Array(codes.length * 4);
  const view = new DataView(bytes.buffer);
  codes.forEach((code, i) => view.setUint32(i * 4, code, littleEndian));
  return bytes;
}
