/**
 * Big worksheets read in batches of rows, so that reading a sheet never holds SheetJS's model of
 * all of it at once (a 375 MB sheet part of 10 million cells took 2 GB and more to parse whole;
 * issue 26). A worksheet part that unpacks past the batch size is taken out of the workbook
 * SheetJS parses (its `<sheetData>` emptied: names, visibility, date system, autofilter and merged
 * areas are read as before), then its rows are inflated as a stream and cut at row ends into
 * batches of about that size, each parsed by SheetJS on its own inside the same workbook (same
 * shared strings, styles and date system), so every cell is read by the very rules of a whole read.
 * Row numbers come from each row's `r` attribute; a sheet with a row that has none (rows counted
 * by position) is read whole instead, as before.
 *
 * The workbook's parts are unpacked once, into the container SheetJS reads a zip into; each batch is
 * that container with the sheet part's text swapped, parsed by SheetJS's `parse_zip` (what
 * `XLSX.read` runs once it has unzipped): no zip is written, checksummed and unzipped again per
 * batch. The text around the rows comes from the zip check, which inflates the part anyway.
 */
import { Readable } from 'node:stream';
import { createInflateRaw, inflateRawSync } from 'node:zlib';
import * as XLSX from '@e965/xlsx';
import { batchStrings, sharedStringItems, type SharedStringItems } from './batch-strings.ts';
import { centralDirectory, entryData, type ZipEntry } from './zip-entries.ts';
import { sheetEndsFinder, type SheetEnds } from './sheet-ends.ts';
import { normalPath, partsOverLimit, type SheetRowCount } from './zip-sheets.ts';

/**
 * Worksheet parts that unpack past this many bytes are read in batches of rows of about this size.
 * Measured on 60,000 lines × 36 columns (a 75 MB part): peak RSS of the read 539 MB whole, 252 MB
 * in 4 MB batches, for about the same time.
 */
export const SHEET_BATCH_BYTES = 4 * 1024 * 1024;

/** A worksheet taken out of the workbook, to be read in batches: what surrounds its rows, and where they are. */
interface BigSheet {
  entry: ZipEntry;
  /** The part's text (latin1: its bytes, one character each) up to and including `<sheetData>`. */
  head: string;
  /** What closes a batch: `</sheetData></worksheet>` in the part's namespace prefix. */
  close: string;
}

/** A workbook whose big worksheets were taken out, and how to read their rows back. */
export interface BatchedWorkbook {
  /** The workbook with each big sheet's `<sheetData>` emptied: for SheetJS to parse as usual. */
  bytes: Uint8Array;
  /** Big sheets by name (as the workbook names them). */
  sheets: ReadonlySet<string>;
  /**
   * The sheet's rows in batches, in order, each a workbook (the workbook with the sheet part holding
   * only that batch's rows) to parse; null when the sheet cannot be batched.
   * @throws RowsNotBatchable (while iterating) when a row has no `r` attribute, or CDATA, a comment or a
   *   processing instruction is among the rows: read the sheet whole.
   */
  batches(sheet: string): AsyncGenerator<SheetBatch, void, undefined> | null;
}

/** One batch of a big sheet's rows, as a workbook to parse. */
export interface SheetBatch {
  /**
   * The batch's workbook parsed by SheetJS with `options`, as `XLSX.read` parses a workbook's bytes
   * (its own parts parsed anew, the sheet part's text given as it is: no zip written or read again).
   * @throws what SheetJS throws for a part it cannot read.
   */
  parse(options: XLSX.ParsingOptions): XLSX.WorkBook;
}

/** A worksheet with no rows, in place of one over the row limit (never parsed: refused by its count). */
export const EMPTY_WORKSHEET =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData/></worksheet>';

/** SheetJS's parse of an unpacked workbook (a CFB container), exported though not declared in its types. */
const parseContainer = (XLSX as unknown as { parse_zip(zip: unknown, options: XLSX.ParsingOptions): XLSX.WorkBook })
  .parse_zip;

/**
 * Takes the big worksheets (unpacking past `batchBytes`) out of the workbook `bytes`; null when it
 * has none (or none that can be batched), and the workbook is read whole. `counts` names each
 * sheet's part (zip-check's count). A sheet counted over `maxRows` rows is refused by its count
 * before it is parsed (workbook.ts), and the zip check stopped inflating it there (its end unchecked):
 * it is put in as an empty worksheet, neither inflated nor batched.
 */
export async function takeOutBigSheets(
  bytes: Uint8Array,
  counts: readonly SheetRowCount[],
  batchBytes = SHEET_BATCH_BYTES,
  sheetEnds?: ReadonlyMap<string, SheetEnds | null>,
  maxRows = Number.POSITIVE_INFINITY,
): Promise<BatchedWorkbook | null> {
  const entries = centralDirectory(bytes);
  if (!entries) return null;
  const bigParts = new Map<string, string>();
  for (const count of counts) if (count.part !== undefined) bigParts.set(count.part, count.name);
  const overLimit = partsOverLimit(counts, maxRows);
  // Known from the directory: no big sheet, nothing to rebuild (rebuilding costs O(parts²) in SheetJS's CFB).
  if (!entries.some((e) => e.size > batchBytes && bigParts.has(normalPath(e.name)))) return null;
  const bigSheets = new Map<string, BigSheet>();
  let emptied = 0;
  const container = XLSX.CFB.utils.cfb_new();
  for (const entry of entries) {
    if (entry.name.endsWith('/')) continue;
    const data = entryData(bytes, entry);
    if (!data || (entry.method !== 0 && entry.method !== 8)) return null;
    const sheet = bigParts.get(normalPath(entry.name));
    const big = sheet !== undefined && entry.size > batchBytes;
    if (overLimit.has(normalPath(entry.name))) {
      XLSX.CFB.utils.cfb_add(container, entry.name, Buffer.from(EMPTY_WORKSHEET, 'latin1'));
      emptied += 1;
      continue;
    }
    const ends = big && sheetEnds?.has(normalPath(entry.name)) ? sheetEnds.get(normalPath(entry.name))! : undefined;
    const stripped = !big ? null : ends !== undefined ? ends && withoutRows(ends) : await strip(data, entry);
    if (stripped) bigSheets.set(sheet!, { entry, head: stripped.head, close: stripped.close });
    const content = stripped ? Buffer.from(stripped.text, 'latin1') : entry.method === 0 ? data : inflateRawSync(data);
    XLSX.CFB.utils.cfb_add(container, entry.name, content);
  }
  if (bigSheets.size === 0 && emptied === 0) return null;
  const stripped = new Uint8Array(XLSX.CFB.write(container, { fileType: 'zip', type: 'buffer' }) as Buffer);
  return {
    bytes: stripped,
    sheets: new Set(bigSheets.keys()),
    batches(sheet) {
      const found = bigSheets.get(sheet);
      if (!found) return null;
      const index = (container.FullPaths as string[]).findIndex((full) => full.endsWith(`/${found.entry.name}`));
      const file = container.FileIndex[index] as ContainerFile | undefined;
      if (!file) return null;
      const head = batchHead(found.head);
      const emptied = file.content;
      const strings = sharedStringsOf(container);
      return batchesOf(entryData(bytes, found.entry)!, found, batchBytes, (text) => ({
        parse(options) {
          // The part's text as SheetJS takes a part's bytes (latin1, `Buffer.toString('binary')`): given as it is.
          file.content = undefined;
          file.data = head + text + found.close;
          const used = strings && batchStrings(strings.items, text);
          if (strings && used) {
            strings.file.content = undefined;
            strings.file.data = used;
          }
          try {
            // As XLSX.read sets them before parsing: styles read, so number formats and stub cells too.
            return parseContainer(container, {
              ...options,
              ...(options.cellStyles ? { cellNF: true, sheetStubs: true } : {}),
            });
          } finally {
            file.data = undefined;
            file.content = emptied;
            if (strings && used) {
              strings.file.data = undefined;
              strings.file.content = strings.content;
            }
          }
        },
      }));
    },
  };
}

/** A part of the container as SheetJS reads it: its bytes, or (set here) its text. */
interface ContainerFile {
  content?: unknown;
  data?: string;
}

/**
 * The workbook's shared-strings part in the container (the one part named `sharedStrings.xml`), its
 * bytes and its items (batch-strings.ts); null when it has none, or not one SheetJS's split is sure for.
 */
function sharedStringsOf(container: {
  FullPaths: string[];
  FileIndex: ContainerFile[];
}): { file: ContainerFile; content: unknown; items: SharedStringItems } | null {
  const found = container.FullPaths.flatMap((path, i) => (/\/sharedstrings\.xml$/i.test(path) ? [i] : []));
  const file = found.length === 1 ? container.FileIndex[found[0]!] : undefined;
  if (!file || !(file.content instanceof Uint8Array)) return null;
  const { buffer, byteOffset, byteLength } = file.content;
  const items = sharedStringItems(Buffer.from(buffer, byteOffset, byteLength).toString('latin1'));
  return items ? { file, content: file.content, items } : null;
}

/**
 * Empty elements SheetJS looks for before a sheet's rows, set before a batch's rows. SheetJS CE
 * 0.20.3 searches for them in the whole part, rows included (`parse_ws_xml` slices the part at an
 * `index` its match of `<sheetData>` does not have), so that each one a part lacks costs a search
 * of all its rows: about 30 ms each for 100,000 lines. Found here, they cost nothing; a part's own
 * come first and are found first. They set nothing of a batch's cells or rows: the dimension has no
 * range (SheetJS reads one only in the form `"A1:B2"`, and none is within 50 characters of it), the
 * sheet's properties have no code name, the views no view.
 */
const FOUND_BEFORE_ROWS = '<dimension/><sheetPr/><sheetViews></sheetViews>';

/** A big sheet's head (up to its `<sheetData>`) for its batches: {@link FOUND_BEFORE_ROWS} set before `<sheetData>`. */
function batchHead(head: string): string {
  const open = head.lastIndexOf('<');
  return head.slice(0, open) + FOUND_BEFORE_ROWS + head.slice(open);
}

/** A part's text as latin1 chunks (its bytes, one character each), inflated as a stream. */
async function* partText(data: Uint8Array, entry: ZipEntry): AsyncGenerator<string> {
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (entry.method === 0) {
    yield buffer.toString('latin1');
    return;
  }
  for await (const chunk of Readable.from([buffer]).pipe(createInflateRaw({ chunkSize: 1024 * 1024 })))
    yield (chunk as Buffer).toString('latin1');
}

/**
 * The part with its `<sheetData>` emptied (head + `<sheetData/>` + the rest after its end), or null
 * when it has no sheetData with rows. `head` ends with the opening tag; `close` ends a batch. Found
 * by inflating the part again, where the zip check's ends are not given (a part it repaired).
 */
async function strip(data: Uint8Array, entry: ZipEntry): Promise<{ text: string; head: string; close: string } | null> {
  const finder = sheetEndsFinder();
  for await (const chunk of partText(data, entry)) finder.feed(chunk);
  const ends = finder.ends();
  return ends ? withoutRows(ends) : null;
}

/** The part of `ends` with its `<sheetData>` emptied, its head, and what closes a batch. */
function withoutRows({ head, prefix, tail }: SheetEnds): { text: string; head: string; close: string } {
  const text = `${head.slice(0, -1).replace(/\/?$/, '')}/>${tail.slice(`</${prefix}sheetData>`.length)}`;
  return { text, head, close: `</${prefix}sheetData></${prefix}worksheet>` };
}

/**
 * Markup in which a row's or the sheet data's end tag may be text, not a tag (CDATA, a comment, a
 * processing instruction): a cut at such a `</row>` would make rows of a cell's text.
 */
const HIDING_MARKUP = /<[!?]/;

/** One attribute of a tag (quoted value), from where the last one ended. */
const ATTRIBUTE = /\s*([^\s=/>]+)\s*=\s*(?:"[^"]*"|'[^']*')/y;

/** A `row` element's start, in any namespace prefix (as SheetJS finds rows), up to its attributes. */
const ROW_OPEN = /<(?:\w+:)?row(?=[\s>/])/g;

/**
 * Whether every `row` element of `text` carries an `r` attribute, so that SheetJS numbers it by that,
 * not by its position (which restarts in each batch). The usual shape, `r` first, is taken at a
 * glance; otherwise the attributes are read one by one, so an `r=` inside another attribute's value
 * does not count.
 */
function rowsAllNumbered(text: string): boolean {
  ROW_OPEN.lastIndex = 0;
  for (let m = ROW_OPEN.exec(text); m; m = ROW_OPEN.exec(text)) {
    const after = ROW_OPEN.lastIndex;
    if (!text.startsWith(' r="', after) && !hasRowNumber(text, after)) return false;
  }
  return true;
}

/** Whether the tag whose attributes begin at `from` in `text` has an attribute named `r`. */
function hasRowNumber(text: string, from: number): boolean {
  ATTRIBUTE.lastIndex = from;
  for (let m = ATTRIBUTE.exec(text); m; m = ATTRIBUTE.exec(text)) if (m[1] === 'r') return true;
  return false;
}

/** Throws {@link RowsNotBatchable} when the rows' text cannot be cut into batches safely. */
function checkBatchable(rows: string): void {
  if (HIDING_MARKUP.test(rows) || !rowsAllNumbered(rows)) throw new RowsNotBatchable();
}

/**
 * Where to cut the rows' text: after its last row end (`</row>`, in the rows' prefix; a row written
 * empty, `<row r="9"/>`, after it goes with the next batch), or after its last empty row when it has
 * no row end; -1 when it has neither.
 */
function rowsEnd(text: string, prefix: string, rowEnd: RegExp): number {
  const close = `</${prefix}row>`;
  const last = text.lastIndexOf(close);
  if (last >= 0) return last + close.length;
  let end = -1;
  rowEnd.lastIndex = 0;
  for (let m = rowEnd.exec(text); m; m = rowEnd.exec(text)) end = m.index + m[0].length;
  return end;
}

/**
 * The rows of a big sheet cut into batches at row ends, each made a workbook by `workbook`. The
 * part's chunks are kept apart until a batch is cut (joining them as they come copied each batch
 * several times); the end of `<sheetData>` is looked for in each chunk, with the characters before it.
 */
async function* batchesOf(
  data: Uint8Array,
  sheet: BigSheet,
  batchBytes: number,
  workbook: (rowsText: string) => SheetBatch,
): AsyncGenerator<SheetBatch, void, undefined> {
  const prefix = /<(\w+:)?sheetData\b[^>]*>$/.exec(sheet.head)?.[1] ?? '';
  const rowEnd = new RegExp(`<${prefix}row\\b[^>]*/>`, 'g');
  const dataEnd = `</${prefix}sheetData>`;
  let skipped = sheet.head.length;
  // The text not batched yet: `pending`, then `chunks` (`length` characters in all).
  let pending = '';
  let chunks: string[] = [];
  let length = 0;
  // The last characters of the text so far, that may begin the end of `<sheetData>`.
  let seen = '';
  for await (const chunk of partText(data, sheet.entry)) {
    let text = chunk;
    if (skipped > 0) {
      const drop = Math.min(skipped, text.length);
      text = text.slice(drop);
      skipped -= drop;
    }
    // Where the rows end in this chunk (negative: the end tag began in the text held before it).
    const across = (seen + text.slice(0, dataEnd.length - 1)).indexOf(dataEnd);
    const end = across >= 0 ? across - seen.length : text.indexOf(dataEnd);
    if (across >= 0 || end >= 0) {
      pending = (pending + chunks.join('') + text).slice(0, length + end);
      chunks = [];
      break;
    }
    chunks.push(text);
    length += text.length;
    const keep = dataEnd.length - 1;
    seen = text.length >= keep ? text.slice(-keep) : (seen + text).slice(-keep);
    if (length < batchBytes) continue;
    const held = pending + chunks.join('');
    chunks = [];
    const at = rowsEnd(held, prefix, rowEnd);
    if (at <= 0) {
      pending = held;
      continue;
    }
    const rows = held.slice(0, at);
    pending = held.slice(at);
    length = pending.length;
    checkBatchable(rows);
    yield workbook(rows);
  }
  const rest = pending + chunks.join('');
  if (rest.trim() !== '') {
    checkBatchable(rest);
    yield workbook(rest);
  }
}

/**
 * A big sheet whose rows cannot be cut into batches: a row without an `r` attribute (it could not be
 * numbered in a batch), or CDATA, a comment or a processing instruction among the rows (a row end in
 * them is text). The sheet is read whole.
 */
export class RowsNotBatchable extends Error {
  constructor() {
    super('the rows of the sheet cannot be cut into batches');
  }
}
