/**
 * A CSV file far over the row limit refused from its bytes, before they are decoded: its records are
 * counted by papaparse over the bytes 64 KiB at a time, so the whole file is never held as text too
 * (a 1,048,576-row file would otherwise hold 46 MB of bytes and 46 MB of text: bench 2b asks 200 MB).
 * The count is the one {@link parseCsvText} makes, so a file is refused here only when it would be
 * refused there; any file this cannot count that way cheaply (UTF-16 or UTF-32, line breaks of more
 * than one kind, a head that is not CSV, a record running past a megabyte) is left to it, and so are
 * the refusals it makes before counting (text that is neither UTF-8 nor Windows-1252).
 */
import { Readable } from 'node:stream';
import { isUtf8 } from 'node:buffer';
import Papa from 'papaparse';
import { guessDelimiter, SEP_LINE } from './csv.ts';
import { decodeWindows1252, readsAsWindows1252 } from './text-decode.ts';

const CR = 0x0d;
const LF = 0x0a;
/** Bytes decoded and parsed at a time: the memory the count holds beyond the file's bytes. */
const PIECE_BYTES = 64 * 1024;
/** Papaparse guesses the line break from the first megabyte of text (characters). */
const GUESS_CHARS = 1024 * 1024;
/**
 * Pieces a record may run over before the count gives up: papaparse parses an unfinished record
 * again with each piece, so a stray quote near the top of a 48 MB file took 15 s and 384 MB. No
 * spreadsheet writes a record of a megabyte (a cell holds 32,767 characters).
 */
const PIECES_PER_RECORD = 16;

/**
 * Whether the CSV file `bytes` holds more than `maxRows` records, as {@link parseCsvText} counts them
 * (the line break that ends the file starts none; a `sep=` line is a record). False when the file
 * cannot hold that many (no more line breaks than `maxRows`) and when it cannot be counted here
 * exactly and cheaply: text decodeCsvBytes would refuse for its encoding (it does so first), UTF-16
 * or UTF-32 (a NUL byte, a UTF-16 byte order mark), CR, LF and CRLF breaks mixed (they are made one
 * kind first, on the text), a head that is not CSV, or a record running past a megabyte (a stray
 * quote): each is left to the text reader, which refuses it with its own reason or counts it.
 * @param maxRows the row limit (`--max-rows`); a limit that is not finite is never passed.
 */
export async function csvBytesOverLimit(bytes: Uint8Array, maxRows: number): Promise<boolean> {
  if (!Number.isFinite(maxRows) || bytes.length <= maxRows) return false;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const breaks = oneKindOfBreak(buffer);
  if (breaks === null || breaks.count < maxRows) return false;
  if (buffer.indexOf(0) >= 0) return false;
  // A UTF-16 byte order mark: decodeCsvBytes reads UTF-16 even with no NUL byte (CJK text).
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return false;
  // UTF-16 and UTF-32 hold NUL bytes (passed on above); text decodeCsvBytes would refuse is passed on.
  const utf8 = isUtf8(bytes);
  if (!utf8 && !readsAsWindows1252(bytes)) return false;
  // A second mark is stripped by the pieces' decoder as papaparse strips it from the whole text.
  const bom = utf8 && hasBom(bytes) ? 3 : 0;
  // The head as decodeCsvBytes decodes it, more than papaparse guesses on (it cuts it itself, after
  // a second mark): the delimiter and line break are guessed on the same text.
  const head = utf8
    ? new TextDecoder('utf-8').decode(bytes.subarray(0, 4 * GUESS_CHARS + 8))
    : decodeWindows1252(bytes.subarray(0, GUESS_CHARS + 8));
  if (/^\s*(?:[<{[]|socialcalc:)/i.test(head)) return false;
  const delimiter = SEP_LINE.exec(head)?.[1] ?? guessDelimiter(head);
  const newline = Papa.parse<string[]>(head, { delimiter, preview: 1 }).meta.linebreak as '\r\n' | '\n' | '\r';
  const settings = { delimiter, newline, skipEmptyLines: false, dynamicTyping: false, header: false };
  const records = await countRecords(bytes.subarray(bom), utf8, settings, maxRows);
  return records !== null && records > maxRows;
}

/** Whether `bytes` start with UTF-8's byte order mark. */
function hasBom(bytes: Uint8Array): boolean {
  return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/**
 * The line breaks in `buffer` when they are all of one kind (CRLF, LF or CR), inside quoted values
 * too; null when kinds are mixed. Each break holds a CR or an LF byte in every encoding counted here.
 */
function oneKindOfBreak(buffer: Buffer): { count: number } | null {
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
 * The records papaparse reads in `bytes` (UTF-8, its BOM removed, or Windows-1252), stopping past
 * `limit` + 1, decoded and parsed {@link PIECE_BYTES} at a time (small enough for V8's young
 * generation: larger pieces sat in its large-object space until a full collection). Null when a
 * record runs over more than {@link PIECES_PER_RECORD} pieces: not counted here.
 */
function countRecords(
  bytes: Uint8Array,
  utf8: boolean,
  settings: Papa.ParseConfig<string[]>,
  limit: number,
): Promise<number | null> {
  // A stream's last line break ends the input, where a parse of the whole text reads one more record,
  // empty (which does not count); a file not ending in one may end in an empty record of its own.
  const last = bytes[bytes.length - 1];
  const endsWithBreak = last === CR || last === LF;
  let sinceRecord = 0;
  let gaveUp = false;
  function* pieces(): Generator<string> {
    const decoder = new TextDecoder('utf-8');
    for (let at = 0; at < bytes.length; at += PIECE_BYTES) {
      sinceRecord += 1;
      if (sinceRecord > PIECES_PER_RECORD) {
        gaveUp = true;
        return;
      }
      const piece = bytes.subarray(at, at + PIECE_BYTES);
      yield utf8 ? decoder.decode(piece, { stream: at + PIECE_BYTES < bytes.length }) : decodeWindows1252(piece);
    }
  }
  // One piece read ahead at most: the pieces a record runs over are counted as they are parsed.
  const stream = Readable.from(pieces(), { highWaterMark: 1 });
  return new Promise<number | null>((resolve, reject) => {
    let records = 0;
    let lastEmpty = false;
    // A Node stream is papaparse's streaming input (its types name browser files only).
    Papa.parse<string[]>(stream as unknown as File, {
      ...settings,
      step: (row, parser) => {
        records += 1;
        sinceRecord = 0;
        lastEmpty = row.data.length === 1 && row.data[0] === '';
        if (records <= limit + 1) return;
        stream.destroy();
        parser.abort();
      },
      complete: () => {
        if (gaveUp) resolve(null);
        else resolve(records - (!endsWithBreak && lastEmpty && records <= limit + 1 ? 1 : 0));
      },
      error: (error) => reject(error),
    });
  }).finally(() => {
    // Papaparse stops parsing but not its input: the rest of the file is not even decoded.
    stream.destroy();
  });
}
