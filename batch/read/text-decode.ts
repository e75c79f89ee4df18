/**
 * Bytes of a CSV file to text: UTF-8 (with or without BOM, PRODUCT.md "What a sheet may look like"),
 * UTF-16 with a BOM (Excel's "Unicode Text"), or, when the bytes are not valid UTF-8, Windows-1252
 * (Excel's "CSV (Comma delimited)" on Western-European Windows) with a warning.
 */
import { InputFileError } from './errors.ts';

/** The encodings the CSV reader accepts. */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** Decoded text (BOM removed), the encoding used, whether a BOM was there, and a warning if guessed. */
export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
  bom: boolean;
  warning?: string;
}

/**
 * Code points Windows-1252 leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D decode to C1 controls):
 * their presence means the bytes are in some other legacy encoding.
 */
const UNDEFINED_IN_1252 = /[\u0081\u008d\u008f\u0090\u009d]/;

/**
 * Decodes CSV bytes. `file` names the file in messages.
 * @throws InputFileError `unreadable_encoding` when the bytes fit none of the encodings above (a
 *   UTF-8 BOM followed by invalid UTF-8, invalid UTF-16, or bytes undefined in Windows-1252).
 */
export function decodeCsvBytes(bytes: Uint8Array, file: string): DecodedText {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: strict('utf-16le', bytes, file), encoding: 'utf-16le', bom: true };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: strict('utf-16be', bytes, file), encoding: 'utf-16be', bom: true };
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  try {
    // TextDecoder drops the BOM itself (ignoreBOM defaults to false).
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8', bom };
  } catch {
    if (bom) throw notText(file, 'it starts with a UTF-8 byte order mark but holds bytes that are not UTF-8');
  }
  const text = decodeWindows1252(bytes);
  const odd = UNDEFINED_IN_1252.exec(text);
  if (odd) {
    const byte = odd[0].charCodeAt(0).toString(16).toUpperCase();
    throw notText(file, `it is not UTF-8, and byte 0x${byte} on line ${lineOf(text, odd.index)} is not Windows-1252 either`);
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

function strict(encoding: 'utf-16le' | 'utf-16be', bytes: Uint8Array, file: string): string {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch (error) {
    throw notText(file, `it starts with a ${encoding.toUpperCase()} byte order mark but is not valid ${encoding.toUpperCase()}`, error);
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
