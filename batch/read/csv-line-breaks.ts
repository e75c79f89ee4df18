/**
 * CSV whose records end with line breaks of more than one kind (a CRLF file appended to on Linux, a
 * header written by one program and rows by another): Excel and LibreOffice end a record at each CRLF,
 * LF or CR outside quotes, but papaparse takes one kind and reads the others as text, so rows would be
 * merged into cells of the row above. The breaks outside quoted values are made one kind first.
 */

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;
/** A CR not followed by LF, or an LF not after a CR: in a text holding a CR, a break of another kind. */
const MIXED_BREAK = /\r(?!\n)|(?<!\r)\n/;

/**
 * The text with every line break outside a quoted value made the kind of the first one, when they are
 * of more than one kind; `newline` is then that kind, for the parser to use. Line breaks inside quoted
 * values stay as written. A value is quoted when it starts with `"`; `""` inside it is a quote; it ends
 * at a `"` followed (after spaces) by the delimiter, a line break or the end; a value never closed runs
 * to the end (the parser refuses it). Text with one kind of line break is returned as it is, unscanned.
 * @param delimiter the delimiter the text is parsed with.
 */
export function unifyLineBreaks(text: string, delimiter: string): { text: string; newline?: string } {
  // One kind throughout (LF only, or CRLF only: no CR alone, no LF alone): nothing to do, in one scan.
  if (!text.includes('\r') || !MIXED_BREAK.test(text)) return { text };
  const parts: string[] = [];
  let first: string | undefined;
  let copied = 0;
  let fieldStart = true;
  for (let i = 0; i < text.length;) {
    const ch = text.charCodeAt(i);
    if (ch === CR || ch === LF) {
      const end = ch === CR && text.charCodeAt(i + 1) === LF ? i + 2 : i + 1;
      const found = text.slice(i, end);
      first ??= found;
      if (found !== first) {
        parts.push(text.slice(copied, i), first);
        copied = end;
      }
      i = end;
      fieldStart = true;
    } else if (text.startsWith(delimiter, i)) {
      i += delimiter.length;
      fieldStart = true;
    } else if (ch === QUOTE && fieldStart) {
      i = afterClosingQuote(text, i + 1, delimiter);
      fieldStart = false;
    } else {
      i += 1;
      fieldStart = false;
    }
  }
  if (parts.length === 0) return { text };
  parts.push(text.slice(copied));
  return { text: parts.join(''), newline: first! };
}

/** The index after the quote that closes a quoted value whose text starts at `from`, or the text's end. */
function afterClosingQuote(text: string, from: number, delimiter: string): number {
  for (let at = text.indexOf('"', from); at >= 0; at = text.indexOf('"', at + 1)) {
    if (text.charCodeAt(at + 1) === QUOTE) {
      at += 1;
      continue;
    }
    let next = at + 1;
    while (text.charCodeAt(next) === SPACE) next += 1;
    const after = text.charCodeAt(next);
    if (next >= text.length || after === CR || after === LF || text.startsWith(delimiter, next)) return at + 1;
  }
  return text.length;
}
