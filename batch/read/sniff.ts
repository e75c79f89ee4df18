/**
 * What a file is, judged by its content rather than its name: the first bytes of a zip (`.xlsx`),
 * of an OLE compound file (`.xls`, or a password-protected `.xlsx`), of well-known non-spreadsheet
 * formats, or text (read as CSV). Pure functions over bytes.
 */

import { wideWithoutBom } from './text-decode.ts';

/** How many leading bytes {@link sniffFormat} needs (more is fine). */
export const SNIFF_BYTES = 64 * 1024;

/**
 * The format a file's leading bytes show:
 * - `xlsx`: a zip archive (it may still turn out not to be a workbook: the reader checks);
 * - `ole`: an OLE compound file (old .xls, encrypted .xlsx, .doc ...; see {@link inspectOle});
 * - `text`: text, to be read as CSV (UTF-16 with a byte order mark included);
 * - `other`: something else, with `what` naming it for the message ("a PDF document").
 */
export type SniffedFormat =
  { format: 'xlsx' } | { format: 'ole' } | { format: 'text' } | { format: 'other'; what: string };

const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Magic numbers of formats people mistake for spreadsheets, with how a message names them. */
const OTHER_MAGIC: readonly { bytes: readonly number[]; what: string }[] = [
  { bytes: [0x25, 0x50, 0x44, 0x46], what: 'a PDF document' },
  { bytes: [0x89, 0x50, 0x4e, 0x47], what: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], what: 'a JPEG image' },
  { bytes: [0x47, 0x49, 0x46, 0x38], what: 'a GIF image' },
  { bytes: [0x1f, 0x8b], what: 'a gzip archive' },
  { bytes: [0x52, 0x61, 0x72, 0x21], what: 'a RAR archive' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf], what: 'a 7-Zip archive' },
];

/**
 * Judges the format from the first bytes (at least {@link SNIFF_BYTES} of them when the file is
 * longer). Text is anything without NUL bytes and with few control characters, or UTF-16 or UTF-32
 * (with a BOM, or told by the pattern of its zero bytes).
 */
export function sniffFormat(head: Uint8Array): SniffedFormat {
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) {
    return zipKind(head);
  }
  if (startsWith(head, OLE_MAGIC)) return { format: 'ole' };
  // Excel 2.x–4.x wrote a bare BIFF stream: a BOF record (0x0009, 0x0209 or 0x0409) and no container.
  if (head.length >= 4 && head[0] === 0x09 && [0x00, 0x02, 0x04].includes(head[1]!) && head[3] === 0x00)
    return { format: 'ole' };
  for (const { bytes, what } of OTHER_MAGIC) if (startsWith(head, bytes)) return { format: 'other', what };
  if (startsWith(head, [0xff, 0xfe]) || startsWith(head, [0xfe, 0xff]) || startsWith(head, [0x00, 0x00, 0xfe, 0xff]))
    return { format: 'text' };
  if (wideWithoutBom(head)) return { format: 'text' };
  return looksBinary(head) ? { format: 'other', what: 'binary data, not text' } : { format: 'text' };
}

/** A zip is an .xlsx candidate unless its first entries show an OpenDocument or binary workbook. */
function zipKind(head: Uint8Array): SniffedFormat {
  const ascii = latin1(head.subarray(0, Math.min(head.length, SNIFF_BYTES)));
  // OpenDocument puts an uncompressed `mimetype` entry first (ODF 1.2, section 3.3).
  // OpenDocument text or presentations are not spreadsheets; .ods, .xlsb and .xlsx are read alike.
  if (
    ascii.startsWith('mimetype', 30) &&
    /application\/vnd\.oasis\.opendocument\.(text|presentation|graphics)/.test(ascii.slice(30, 200))
  ) {
    return { format: 'other', what: 'an OpenDocument text or presentation, not a spreadsheet' };
  }
  return { format: 'xlsx' };
}

/**
 * Old spreadsheet interchange text that `sniffFormat` calls text: SYLK starts `ID;P`, DIF `TABLE`
 * then `0,1` (both plain ASCII). They are read as workbooks, not as CSV.
 */
export function isSylkOrDif(head: Uint8Array): boolean {
  const start = latin1(head.subarray(0, 32));
  return /^ID;P/.test(start) || /^TABLE\r?\n0,1\r?\n/.test(start);
}

/**
 * The code page SheetJS is to read a SYLK or DIF file in (undefined for any other file): 65001 (UTF-8)
 * when its bytes are UTF-8, else 1252 (Windows-1252, as Excel writes them). Left to itself, SheetJS reads
 * each byte as a character: UTF-8 letters come out garbled (Crème as CrÃ¨me) and the euro sign is dropped.
 */
export function interchangeCodePage(bytes: Uint8Array): 65001 | 1252 | undefined {
  if (!isSylkOrDif(bytes.subarray(0, 32))) return undefined;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 65001;
  } catch {
    return 1252;
  }
}

/** NUL bytes, or more than 1 in 50 control characters (other than tab, line ends, form feed). */
function looksBinary(head: Uint8Array): boolean {
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return true;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0b && byte !== 0x0d && byte !== 0x0c) control += 1;
  }
  return control * 50 > head.length;
}

/**
 * What an OLE compound file holds, from the names in its directory (UTF-16LE, MS-CFB 2.6):
 * `encrypted` (an `EncryptedPackage` stream: a password-protected .xlsx, MS-OFFCRYPTO 2.3.4),
 * `xls` (a `Workbook` or `Book` stream: Excel 97-2003 or 5.0), `other` with what it is (a Word or
 * PowerPoint file), or `unknown`. Needs the whole file: the directory can be anywhere in it.
 */
export function inspectOle(
  bytes: Uint8Array,
): { kind: 'encrypted' } | { kind: 'xls' } | { kind: 'unknown' } | { kind: 'other'; what: string } {
  if (containsUtf16(bytes, 'EncryptedPackage')) return { kind: 'encrypted' };
  if (bytes[0] === 0x09) return { kind: 'xls' }; // a bare BIFF stream (see sniffFormat)
  if (containsUtf16(bytes, 'Workbook') || containsUtf16(bytes, 'WORKBOOK') || containsUtf16(bytes, 'Book\u0000'))
    return { kind: 'xls' };
  if (containsUtf16(bytes, 'WordDocument')) return { kind: 'other', what: 'a Word document (.doc)' };
  if (containsUtf16(bytes, 'PowerPoint Document')) return { kind: 'other', what: 'a PowerPoint file (.ppt)' };
  return { kind: 'unknown' };
}

function containsUtf16(bytes: Uint8Array, text: string): boolean {
  const pattern = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i += 1) pattern[i * 2] = text.charCodeAt(i);
  return indexOfBytes(bytes, pattern) >= 0;
}

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array): number {
  const first = needle[0];
  outer: for (
    let i = haystack.indexOf(first ?? 0);
    i >= 0 && i <= haystack.length - needle.length;
    i = haystack.indexOf(first ?? 0, i + 1)
  ) {
    for (let j = 1; j < needle.length; j += 1) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}

function latin1(bytes: Uint8Array): string {
  return new TextDecoder('latin1').decode(bytes);
}
