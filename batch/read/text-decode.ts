/**
 * Bytes of a CSV file to text: UTF-8 (with or without BOM, PRODUCT.md "What a sheet may look like"),
 * UTF-32 or UTF-16 with a BOM (Excel's "Unicode Text"), or without one (told by where its zero bytes fall),
 * or, when the bytes are not valid UTF-8, Windows-1252 (Excel's "CSV (Comma delimited)" on
 * Western-European Windows) with a warning; bytes partly UTF-8 and partly not are refused.
 */
import type { SheetRow } from '../../shared/sheet/grid.ts';
import { InputFileError } from './errors.ts';

/** The encodings the CSV reader accepts. */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'utf-32le' | 'utf-32be' | 'windows-1252';

/** Decoded text (BOM removed), the encoding used, whether a BOM was there, and a warning if guessed. */
export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  bom: boolean;
  warning?: string;
}

/**
 * Bytes Windows-1252 leaves undefined (they decode to C1 controls): their presence means the bytes
 * are in some other legacy encoding. Looked for in the bytes, and as code points in the decoded text.
 */
const UNDEFINED_1252_BYTES = [0x81, 0x8d, 0x8f, 0x90, 0x9d] as const;
const UNDEFINED_IN_1252 = new RegExp(`[${UNDEFINED_1252_BYTES.map((b) => String.fromCharCode(b)).join('')}]`);

/**
 * Decodes CSV bytes. `file` names the file in messages.
 * @throws InputFileError `unreadable_encoding` when the bytes fit none of the encodings above (a
 *   UTF-8 BOM followed by invalid UTF-8, invalid UTF-16, or bytes undefined in Windows-1252).
 */
export function decodeCsvBytes(bytes: Uint8Array, file: string): DecodedText {
  // UTF-32's byte order marks first: FF FE 00 00 also begins like UTF-16LE's.
  if (startsWith(bytes, [0xff, 0xfe, 0x00, 0x00]))
    return { text: utf32(bytes, true, file), encoding: 'utf-32le', bom: true };
  if (startsWith(bytes, [0x00, 0x00, 0xfe, 0xff]))
    return { text: utf32(bytes, false, file), encoding: 'utf-32be', bom: true };
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: strict('utf-16le', bytes, file), encoding: 'utf-16le', bom: true };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: strict('utf-16be', bytes, file), encoding: 'utf-16be', bom: true };
  const wide = wideWithoutBom(bytes);
  if (wide === 'utf-32le' || wide === 'utf-32be')
    return { text: utf32(bytes, wide === 'utf-32le', file, 0), encoding: wide, bom: false };
  if (wide) return { text: strict(wide, bytes, file, false), encoding: wide, bom: false };
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  try {
    // TextDecoder drops the BOM itself (ignoreBOM defaults to false).
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8', bom };
  } catch {
    if (bom) throw notText(file, 'it starts with a UTF-8 byte order mark but holds bytes that are not UTF-8');
  }
  const mixed = utf8AndNot(bytes);
  if (mixed) {
    throw notText(
      file,
      `it mixes encodings: line ${lineAt(bytes, mixed.utf8)} is UTF-8 but line ${lineAt(bytes, mixed.other)} is not (part of it was saved or appended by another program), so neither reading is right`,
    );
  }
  const text = decodeWindows1252(bytes);
  const odd = UNDEFINED_IN_1252.exec(text);
  if (odd) {
    const byte = odd[0].charCodeAt(0).toString(16).toUpperCase();
    throw notText(
      file,
      `it is not UTF-8, and byte 0x${byte} on line ${lineOf(text, odd.index)} is not Windows-1252 either`,
    );
  }
  return {
    text,
    encoding: 'windows-1252',
    bom: false,
    warning:
      `${file} is not UTF-8 text; read it as Windows-1252 (Western European). Check letters such as é and ` +
      `symbols such as ® came through; to avoid this, save it as "CSV UTF-8 (Comma delimited)".`,
  };
}

/**
 * Whether {@link decodeCsvBytes} reads `bytes` (not UTF-8, no UTF-16 or UTF-32) as Windows-1252 without
 * refusing them: no UTF-8 byte order mark, no UTF-8 sequence mixed in ({@link utf8AndNot}), no byte
 * Windows-1252 leaves undefined. Looks at the bytes only (csv-count.ts counts such a file from them).
 */
export function readsAsWindows1252(bytes: Uint8Array): boolean {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return false;
  if (utf8AndNot(bytes)) return false;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return UNDEFINED_1252_BYTES.every((byte) => buffer.indexOf(byte) < 0);
}

/**
 * Where bytes that are not valid UTF-8 hold a valid UTF-8 sequence of two to four bytes too: the byte
 * offset of the first such sequence and of the first byte that is not UTF-8; null when there is no
 * such sequence (text in one legacy encoding). Windows-1252 text rarely holds one by chance: it would
 * take a capital accented letter followed by a symbol such as ’ or ©.
 */
export function utf8AndNot(bytes: Uint8Array): { utf8: number; other: number } | null {
  let utf8 = -1;
  let other = -1;
  for (let i = 0; i < bytes.length && (utf8 < 0 || other < 0);) {
    const lead = bytes[i]!;
    if (lead < 0x80) {
      i += 1;
      continue;
    }
    const length = utf8SequenceLength(bytes, i);
    if (length > 0) {
      if (utf8 < 0) utf8 = i;
      i += length;
    } else {
      if (other < 0) other = i;
      i += 1;
    }
  }
  return utf8 >= 0 && other >= 0 ? { utf8, other } : null;
}

/** The length of the valid UTF-8 sequence of 2 to 4 bytes at `at` (no overlong form, surrogate or code past U+10FFFF), or 0. */
function utf8SequenceLength(bytes: Uint8Array, at: number): number {
  const lead = bytes[at]!;
  const length =
    lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
  if (length === 0 || at + length > bytes.length) return 0;
  for (let k = 1; k < length; k += 1) if ((bytes[at + k]! & 0xc0) !== 0x80) return 0;
  const second = bytes[at + 1]!;
  if (lead === 0xe0 && second < 0xa0) return 0;
  if (lead === 0xed && second > 0x9f) return 0;
  if (lead === 0xf0 && second < 0x90) return 0;
  if (lead === 0xf4 && second > 0x8f) return 0;
  return length;
}

/** The 1-based line of byte `offset` (line feeds before it, plus one). */
function lineAt(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = bytes.indexOf(0x0a); i >= 0 && i < offset; i = bytes.indexOf(0x0a, i + 1)) line += 1;
  return line;
}

/**
 * The rows SheetJS read from a DIF file with their text decoded: SheetJS takes each byte of a DIF for a
 * character (Crème in UTF-8 comes out CrÃ¨me, the euro sign of Windows-1252 as U+0080), so the text is
 * decoded again from those bytes, as UTF-8 when the file is UTF-8, else as Windows-1252. Rows of any other
 * file (`bytes` not starting as DIF does) are returned as they are.
 */
export function difTextDecoded(rows: SheetRow[], bytes: Uint8Array): SheetRow[] {
  if (!/^TABLE\r?\n0,1\r?\n/.test(String.fromCharCode(...bytes.subarray(0, 16)))) return rows;
  let utf8 = true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    utf8 = false;
  }
  const decode = (text: string) => {
    if (!/[\u0080-\u00ff]/.test(text) || /[^\u0000-\u00ff]/.test(text)) return text;
    const raw = Uint8Array.from(text, (ch) => ch.charCodeAt(0));
    return utf8 ? new TextDecoder('utf-8').decode(raw) : decodeWindows1252(raw);
  };
  return rows.map((row) => ({
    ...row,
    cells: row.cells.map((cell) => (typeof cell === 'string' ? decode(cell) : cell)),
  }));
}

/**
 * Windows-1252 as the WHATWG Encoding Standard defines it: Latin-1, except bytes 0x80-0x9F, which
 * are € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ (0x81, 0x8D, 0x8F, 0x90, 0x9D stay C1
 * controls). Done by hand because Node's TextDecoder('windows-1252') decodes plain Latin-1 (the
 * euro sign comes out as U+0080).
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (ch) => C1_1252[ch.charCodeAt(0) - 0x80] ?? ch);
}

const C1_1252 =
  '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
  '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}

/**
 * UTF-16 written without a byte order mark: in its first 4 KiB every other byte is zero (text in
 * Latin script), on odd positions for little-endian, even ones for big-endian, and no other is.
 */
export function utf16WithoutBom(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length, 4096) & ~1;
  if (n < 4) return null;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZero += 1;
    if (bytes[i + 1] === 0) oddZero += 1;
  }
  const pairs = n / 2;
  if (oddZero >= pairs * 0.9 && evenZero === 0) return 'utf-16le';
  if (evenZero >= pairs * 0.9 && oddZero === 0) return 'utf-16be';
  return null;
}

/**
 * UTF-32 or UTF-16 written without a byte order mark, told by where its zero bytes fall in the first
 * 4 KiB: UTF-32 has a zero in the top byte of every 4 and at most 0x10 in the next (no code point is
 * past U+10FFFF); UTF-16 has its zeros on one side of each pair (the high byte of ASCII delimiters
 * and line ends), whatever else it holds (CJK, characters outside the basic plane as surrogate pairs).
 * Null for anything else; what is detected is still decoded strictly.
 */
export function wideWithoutBom(bytes: Uint8Array): 'utf-32le' | 'utf-32be' | 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length, 4096) & ~3;
  if (n >= 8 && bytes.length % 4 === 0) {
    let le = true;
    let be = true;
    for (let i = 0; i < n && (le || be); i += 4) {
      if (bytes[i + 3] !== 0 || bytes[i + 2]! > 0x10 || (bytes[i] === 0 && bytes[i + 1] === 0 && bytes[i + 2] === 0))
        le = false;
      if (bytes[i] !== 0 || bytes[i + 1]! > 0x10 || (bytes[i + 3] === 0 && bytes[i + 2] === 0 && bytes[i + 1] === 0))
        be = false;
    }
    if (le) return 'utf-32le';
    if (be) return 'utf-32be';
  }
  const strictly = utf16WithoutBom(bytes);
  if (strictly) return strictly;
  const pairs = Math.min(bytes.length, 4096) >> 1;
  if (pairs < 2 || bytes.length % 2 !== 0) return null;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < pairs * 2; i += 2) {
    if (bytes[i] === 0) evenZero += 1;
    if (bytes[i + 1] === 0) oddZero += 1;
    if (bytes[i] === 0 && bytes[i + 1] === 0) return null;
  }
  if (oddZero >= pairs * 0.2 && evenZero * 20 <= oddZero) return 'utf-16le';
  if (evenZero >= pairs * 0.2 && oddZero * 20 <= evenZero) return 'utf-16be';
  return null;
}

/** UTF-32 (from byte `start`: 4 after a BOM) to text. TextDecoder has no UTF-32. */
function utf32(bytes: Uint8Array, littleEndian: boolean, file: string, start = 4): string {
  const how = start === 0 ? 'looks like UTF-32 without a byte order mark' : 'starts with a UTF-32 byte order mark';
  if ((bytes.length - start) % 4 !== 0)
    throw notText(file, `it ${how} but its length is not a whole number of characters`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: string[] = [];
  for (let at = start; at < bytes.length; at += 4) {
    const code = view.getUint32(at, littleEndian);
    if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff))
      throw notText(file, `it ${how} but holds an invalid character at byte ${at}`);
    parts.push(String.fromCodePoint(code));
  }
  return parts.join('');
}

function strict(encoding: 'utf-16le' | 'utf-16be', bytes: Uint8Array, file: string, bom = true): string {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch (error) {
    const looks = bom
      ? `starts with a ${encoding.toUpperCase()} byte order mark`
      : `looks like ${encoding.toUpperCase()} without a byte order mark`;
    throw notText(file, `it ${looks} but is not valid ${encoding.toUpperCase()}`, error);
  }
}

function notText(file: string, why: string, cause?: unknown): InputFileError {
  return new InputFileError(
    'unreadable_encoding',
    file,
    `Cannot read ${file} as text: ${why}. Open it in Excel and save it as "CSV UTF-8 (Comma delimited) (*.csv)".`,
    cause === undefined ? undefined : { cause },
  );
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
}
