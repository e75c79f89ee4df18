/**
 * Repairs of valid workbooks that SheetJS would read wrong or refuse, made on the zip before it
 * parses it (`zip-check.ts` finds what needs them; usually nothing does, and the bytes go through):
 * - a string item holding a plain `<t>` followed by runs
 *   (`<si><t>ARREST BOOKINGS for </t><r><t>01/30/17</t></r></si>`, valid SpreadsheetML) keeps only
 *   the `<t>`, silently: the plain `<t>` is wrapped in a run of its own; an empty item written as one
 *   tag (`<si/>`) is not counted, so every later item was read for the index before its own: it is
 *   written whole (`<si><t></t></si>`);
 * - a workbook without a styles part (optional in OOXML and ODF) is refused: an empty one is added;
 * - OpenDocument paragraphs: a space that ends a paragraph (`<text:p>after </text:p>`, kept by
 *   ODF 1.2's white-space rule, §6.1.2, and written so by LibreOffice) is trimmed, so it is written
 *   as `<text:s/>`; and an empty paragraph `<text:p/>` in a cell whose `office:string-value` already
 *   gives its text (a formula's result) is added to that text as a line feed, so it is taken out;
 * - an escaped carriage return followed by a line feed (`one_x000D_&#10;two`, or `_x000D_` then a
 *   line break: Excel's CR LF in a cell) loses its CR, as SheetJS turns every CR LF it unescaped into
 *   LF: the escaped CR is written as `_xFFFF_` instead, a character no text holds (a noncharacter,
 *   not allowed in XML), which the reader turns back into a CR ({@link CARRIAGE_RETURN_MARK}). Made
 *   only when no string part of the workbook writes `_xFFFF_` itself.
 */
import * as XLSX from '@e965/xlsx';
import { EMPTY_WORKSHEET } from './xlsx-batches.ts';
import { centralDirectory } from './zip-entries.ts';
import { normalPath } from './zip-sheets.ts';
import { withoutParts } from './zip-slim.ts';

/** A plain `<t>` opening a string item and followed by a run, in any namespace prefix. */
export const PLAIN_THEN_RUNS =
  /<(?:\w+:)?(?:si|is)>\s*<(?:\w+:)?t[\s>][^<]*<\/(?:\w+:)?t>\s*<(?:\w+:)?r>|<(?:\w+:)?si\s*\/>/;
/** An empty string item written as one tag (`<si/>`): an item, an empty text, which SheetJS does not count. */
const EMPTY_ITEM = /<(\w+:)?si\s*\/>/g;
const WRAP = /(<(\w+:)?(?:si|is)>)(\s*)(<\2?t(?:\s[^>]*)?>[^<]*<\/\2?t>)(?=\s*<\2?r>)/g;

/** The styles part a workbook without one gets: OOXML (`xl/styles.xml`) or OpenDocument (`styles.xml`). */
export const EMPTY_STYLES = {
  ooxml:
    '<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
  odf: '<?xml version="1.0" encoding="UTF-8"?><office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" office:version="1.2"/>',
};

/** A paragraph that ends in a space after its text (not a paragraph of only a space, which is empty). */
const TRAILING_SPACE = /([^\s>]) (<\/(\w+:)?p>)/g;
/** A cell whose `string-value` gives its text, up to the end of the cell (cells do not nest). */
const STRING_VALUE_CELL =
  /(<(?:\w+:)?table-cell\b[^>]*\bstring-value="[^"]*"[^>]*>)([\s\S]*?)(?=<\/(?:\w+:)?table-cell>)/g;
const EMPTY_PARAGRAPH = /<(?:\w+:)?p\/>/g;

/** Whether OpenDocument content text has a paragraph `repairOdfParagraphs` changes. */
export function hasOdfParagraphsToRepair(text: string): boolean {
  TRAILING_SPACE.lastIndex = 0;
  if (TRAILING_SPACE.test(text)) return true;
  for (const match of text.matchAll(STRING_VALUE_CELL)) if (/<(?:\w+:)?p\/>/.test(match[2]!)) return true;
  return false;
}

/** OpenDocument content with its paragraphs repaired (see the module's comment). */
export function repairOdfParagraphs(xml: string): string {
  return xml
    .replace(STRING_VALUE_CELL, (_all, open: string, body: string) => open + body.replace(EMPTY_PARAGRAPH, ''))
    .replace(
      TRAILING_SPACE,
      (_all, last: string, close: string, prefix: string | undefined) => `${last}<${prefix ?? ''}s/>${close}`,
    );
}

/** What the `_xFFFF_` written for an escaped CR before a line feed reads as: U+FFFF, a CR to the reader. */
export const CARRIAGE_RETURN_MARK = '\uFFFF';

/**
 * An escaped CR (`_x000D_`, `&#13;`, `&#xD;`) followed by a line feed (written, or escaped), in any case;
 * an `_xHHHH_` escape before it is matched first, so that `_x005F_x000D_` (the text `_x000D_`) is not one.
 */
const ESCAPED = /_x([\da-f]{4})_|&#(?:x0*d|0*13);/gi;
const LINE_FEED = /^(?:\n|&#(?:x0*a|0*10);|_x000a_)/i;
/** Whether a part's text (or a piece of it) may hold an escaped CR before a line feed: see {@link markCarriageReturns}. */
export const CR_BEFORE_LF = /(?:_x000d_|&#(?:x0*d|0*13);)(?:\n|&#(?:x0*a|0*10);|_x000a_)/i;
/** The escape of the mark itself: a part that holds it is not repaired (its U+FFFF would read as a CR). */
export const MARK_ESCAPE = /_xffff_/i;

/** What to repair: parts whose plain-then-runs strings to wrap, OpenDocument content whose paragraphs to repair, parts whose escaped CRs to mark, and parts to add. */
export interface PartRepairs {
  plainThenRuns: string[];
  odfParagraphs: string[];
  /** Shared strings and worksheet parts with an escaped CR before a line feed (see the module's comment). */
  carriageReturns?: string[];
  add: { name: string; content: string }[];
}

/** Whether there is anything to repair. */
export function needsRepair(repairs: PartRepairs): boolean {
  return (
    repairs.plainThenRuns.length > 0 ||
    repairs.odfParagraphs.length > 0 ||
    (repairs.carriageReturns?.length ?? 0) > 0 ||
    repairs.add.length > 0
  );
}

/**
 * A text element (`<t>`, `<x:t>`, not `<t/>`): the only place the mark is written. A formula's text
 * result (`<v>`) is left alone: SheetJS reads `_xFFFF_` there as U+FFFD, which no step could tell
 * from a real one.
 */
const TEXT_ELEMENT = /(<(?:\w+:)?t\b[^>]*?(?<!\/)>)([\s\S]*?)(<\/(?:\w+:)?t>)/g;

/** A part's text with each escaped CR that a line feed follows, in a text element, written as `_xFFFF_` (the mark). */
export function markCarriageReturns(xml: string): string {
  return xml.replace(TEXT_ELEMENT, (_whole: string, open: string, text: string, close: string) => {
    const marked = text.replace(ESCAPED, (escape: string, code: string | undefined, at: number) => {
      if (code !== undefined && code.toLowerCase() !== '000d') return escape;
      return LINE_FEED.test(text.slice(at + escape.length, at + escape.length + 12)) ? '_xFFFF_' : escape;
    });
    return open + marked + close;
  });
}

/**
 * The workbook's bytes with the repairs made (a new zip). The parts in `emptied` ({@link normalPath}s:
 * zip-sheets.ts `partsOverLimit`) are put in as empty worksheets, not unpacked: SheetJS's unzip holds
 * every part of the zip it rewrites (with a 1,048,576-row sheet, 1.3 GB).
 */
export function repairParts(
  bytes: Uint8Array,
  repairs: PartRepairs,
  emptied: ReadonlySet<string> = new Set(),
): Uint8Array {
  const names =
    emptied.size === 0 ? [] : (centralDirectory(bytes) ?? []).filter((e) => emptied.has(normalPath(e.name)));
  const zip = XLSX.CFB.read(names.length > 0 ? withoutParts(bytes, emptied) : bytes, { type: 'buffer' });
  for (const { name } of names) XLSX.CFB.utils.cfb_add(zip, name, Buffer.from(EMPTY_WORKSHEET, 'latin1'));
  const rewrite = (part: string, change: (xml: string) => string) => {
    const index = (zip.FullPaths as string[]).findIndex((full) => full.endsWith(`/${part}`));
    const entry = index >= 0 ? zip.FileIndex[index] : undefined;
    if (!entry) return;
    entry.content = Buffer.from(change(Buffer.from(entry.content as Uint8Array).toString('utf8')), 'utf8');
    entry.size = (entry.content as Buffer).length;
  };
  for (const part of repairs.plainThenRuns) rewrite(part, wrapPlainText);
  for (const part of repairs.odfParagraphs) rewrite(part, repairOdfParagraphs);
  for (const part of repairs.carriageReturns ?? []) rewrite(part, markCarriageReturns);
  for (const part of repairs.add) XLSX.CFB.utils.cfb_add(zip, part.name, Buffer.from(part.content, 'utf8'));
  return new Uint8Array(XLSX.CFB.write(zip, { fileType: 'zip', type: 'buffer' }) as Buffer);
}

function wrapPlainText(xml: string): string {
  // An empty item written as one tag is written whole, so that SheetJS counts it (it took it for the
  // start of the next item: every item after it was read for the index before its own).
  if (xml.includes('/>'))
    xml = xml.replace(EMPTY_ITEM, (_all, prefix = '') => `<${prefix}si><${prefix}t></${prefix}t></${prefix}si>`);
  return xml.replace(
    WRAP,
    (_all, open: string, prefix: string | undefined, space: string, text: string) =>
      `${open}${space}<${prefix ?? ''}r>${text}</${prefix ?? ''}r>`,
  );
}
