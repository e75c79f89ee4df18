/**
 * A CSV file far over the row limit refused from its bytes, before they are decoded: its records are
 * counted by papaparse over the bytes 64 KiB at a time, so the whole file is never held as text
 * too (a 1,048,576-row file would otherwise hold 46 MB of bytes and 46 MB of text: bench 2b asks
 * 200 MB). The count is the one {@link parseCsvText} makes, so a file is refused here exactly when it
 * would be refused there; any file this cannot count that way (UTF-16 or UTF-32, line breaks of more
 * than one kind, a head that is not CSV) is left to it.
 */
import { Readable } from 'node:stream';
import { isUtf8 } from 'node:buffer';
import Papa from 'papaparse';
import { guessDelimiter, SEP_LINE } from './csv.ts';
import { decodeWindows1252, wideWithoutBom } from './text-decode.ts';

const CR = 0x0d;
const LF = 0x0a;
/** Bytes decoded and parsed at a time: the memory the count holds beyond the file's bytes. */
const PIECE_BYTES = 64 * 1024;
/** Papaparse guesses the line break from the first megabyte of text: as much text as the head decodes to. */
const GUESS_CHARS = 1024 * 1024;

/**
 * Whether the CSV file `bytes` holds more than `maxRows` records, as {@link parseCsvText} counts them
 * (the line break that ends the file starts none; a `sep=` line is a record). False when the file
 * cannot hold that many (no more line breaks than `maxRows`) and when it cannot be counted here
 * exactly: UTF-16 or UTF-32 text, CR, LF and CRLF breaks mixed (they are made one kind first, on the
 * text), a NUL byte, a UTF-8 byte order mark before bytes that are not UTF-8, or a head that is not
 * CSV (each refused on the text, with its own reason).
 * @param maxRows the row limit (`--max-rows`); a limit that is not finite is never passed.
 */
export async function csvBytesOverLimit(bytes: Uint8Array, maxRows: number): Promise<boolean> {
  if (!Number.isFinite(maxRows) || bytes.length <= maxRows) return false;
  const breaks = oneKindOfBreak(bytes);
  if (breaks === null || breaks.count < maxRows) return false;
  if (bytes[0] === 0xff || bytes[0] === 0xfe || bytes[0] === 0 || wideWithoutBom(bytes) !== null) return false;
  if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(0) >= 0) return false;
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const utf8 = isUtf8(bytes);
  if (bom && !utf8) return false;
  // The head as decodeCsvBytes decodes it: the delimiter and line break are guessed on the same text.
  const head = utf8
    ? new TextDecoder('utf-8').decode(bytes.subarray(0, 4 * GUESS_CHARS + 4)).slice(0, GUESS_CHARS)
    : decodeWindows1252(bytes.subarray(0, GUESS_CHARS));
  if (/^\s*(?:[<{[]|socialcalc:)/i.test(head)) return false;
  const delimiter = SEP_LINE.exec(head)?.[1] ?? guessDelimiter(head);
  const newline = Papa.parse<string[]>(head, { delimiter, preview: 1 }).meta.linebreak as '\r\n' | '\n' | '\r';
  const settings = { delimiter, newline, skipEmptyLines: false, dynamicTyping: false, header: false };
  return (await countRecords(bytes.subarray(bom), utf8, settings, maxRows)) > maxRows;
}

/**
 * The line breaks in `bytes` when they are all of one kind (CRLF, LF or CR), inside quoted values
 * too; null when kinds are mixed. Each break holds a CR or an LF byte in every encoding counted here.
 */
function oneKindOfBreak(bytes: Uint8Array): { count: number } | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let crs = 0;
  let lfs = 0;
  let crlfs = 0;
  for (let at = buffer.indexOf(CR); at >= 0; at = buffer.indexOf(CR, at + 1)) {
    crs += 1;
    if (buffer[at + 1] === LF) crlfs += 1;
  }
  for (let at = buffer.indexOf(LF); at >= 0; at = buffer.indexOf(LF, at + 1)) lfs += 1;
  if (crs === 0) return { count: lfs };
  if (lfs === 0) return { count: crs };
  return crs === crlfs && lfs === crlfs ? { count: crlfs } : null;
}

/**
 * The records papaparse reads in `bytes` (UTF-8 or Windows-1252, BOM removed), stopping past
 * `limit` + 1, decoded and parsed {@link PIECE_BYTES} at a time (small enough for V8's young
 * generation: larger pieces sat in its large-object space until a full collection).
 */
function countRecords(
  bytes: Uint8Array,
  utf8: boolean,
  settings: Papa.ParseConfig<string[]>,
  limit: number,
): Promise<number> {
  function* pieces(): Generator<string> {
    const decoder = new TextDecoder('utf-8');
    for (let at = 0; at < bytes.length; at += PIECE_BYTES) {
      const piece = bytes.subarray(at, at + PIECE_BYTES);
      yield utf8 ? decoder.decode(piece, { stream: at + PIECE_BYTES < bytes.length }) : decodeWindows1252(piece);
    }
  }
  // A stream's last line break ends the input, where a parse of the whole text reads one more record,
  // empty (which does not count); a file not ending in one may end in an empty record of its own.
  const last = bytes[bytes.length - 1];
  const endsWithBreak = last === CR || last === LF;
  return new Promise((resolve, reject) => {
    let records = 0;
    let lastEmpty = false;
    const stream = Readable.from(pieces());
    // A Node stream is papaparse's streaming input (its types name browser files only).
    Papa.parse<string[]>(stream as unknown as File, {
      ...settings,
      step: (row, parser) => {
        records += 1;
        lastEmpty = row.data.length === 1 && row.data[0] === '';
        if (records <= limit + 1) return;
        // Papaparse stops parsing but not its input: the rest of the file is not even decoded.
        stream.destroy();
        parser.abort();
      },
      complete: () => resolve(records - (!endsWithBreak && lastEmpty && records <= limit + 1 ? 1 : 0)),
      error: (error) => reject(error),
    });
  });
}
