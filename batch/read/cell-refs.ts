/**
 * A cell's reference read in place in a worksheet part's text, for the zip check's cell checks
 * (cell-checks.ts), which look at every cell of a sheet: the cell's attributes are the text from
 * `from` to `to` (after `<c`, before `>` or `/>`), read without copying them, as the same rules
 * read a copy of them.
 */

/** A cell's `r` attribute: its column's letters (group 1) and row's digits (group 2). */
const REF = /\sr\s*=\s*["']([A-Za-z]{1,3})(\d*)["']/;

/**
 * The 0-based column a cell's attributes (`text` from `from` to `to`) write in their `r` (-1 without
 * one): read by hand where `r` comes first, as every program writes it (` r="` and up to three
 * letters); else by {@link REF} on a copy of the attributes.
 */
export function columnWrittenAt(text: string, from: number, to: number): number {
  if (startsWithR(text, from, to)) {
    let column = 0;
    let i = from + 4;
    for (; i < from + 7 && i < to; i += 1) {
      const code = text.charCodeAt(i) & 0xdf;
      if (code < 65 || code > 90) break;
      column = column * 26 + code - 64;
    }
    if (i > from + 4) return column - 1;
  }
  const ref = REF.exec(text.slice(from, to));
  return ref ? columnOf(ref[1]!) : -1;
}

/**
 * Whether a cell's reference (its attributes: `text` from `from` to `to`) names the row it is written
 * in (`rowNumber`), or no row at all: compared by hand where `r` comes first, as every program writes it.
 */
export function inRowAt(text: string, from: number, to: number, rowNumber: string): boolean {
  if (startsWithR(text, from, to)) {
    let i = from + 4;
    while (i < from + 8 && i < to && (text.charCodeAt(i) | 0x20) >= 97 && (text.charCodeAt(i) | 0x20) <= 122) i += 1;
    const end = i + rowNumber.length;
    const quote = end < to ? text.charCodeAt(end) : -1;
    if (text.startsWith(rowNumber, i) && (quote === 34 || quote === 39)) return true;
  }
  const digits = REF.exec(text.slice(from, to))?.[2] ?? '';
  return digits === '' || Number(digits) === Number(rowNumber);
}

/** Whether the attributes begin ` r=` (the quote after it is not looked at). */
function startsWithR(text: string, from: number, to: number): boolean {
  return (
    to - from >= 3 &&
    text.charCodeAt(from) === 32 &&
    text.charCodeAt(from + 1) === 114 &&
    text.charCodeAt(from + 2) === 61
  );
}

/** A column's letters (A, BC) as its 0-based index. */
function columnOf(letters: string): number {
  let column = 0;
  for (let i = 0; i < letters.length; i += 1) column = column * 26 + (letters.charCodeAt(i) & 0xdf) - 64;
  return column - 1;
}
