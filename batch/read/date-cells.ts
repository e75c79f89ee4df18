/**
 * The `t="d"` cells of a worksheet part (a date written as ISO 8601 text, `2026-03-04T10:30:00`),
 * found while the zip check inflates the part. SheetJS turns such a cell into a bare serial number
 * when it has no date style, so the reader could not tell it from a number: it takes these cells'
 * text instead (cell-value.ts `isoDateText`), as Excel shows a date for them.
 */

/** A cell's position as a key: 0-based row × 16,384 + 0-based column. */
export function cellKey(row: number, column: number): number {
  return row * 16_384 + column;
}

/** The start of a `t="d"` attribute, in either quote. */
const DATE_TYPE = /\st\s*=\s*["']d["']/g;
/** The attribute value `d`, in either quote: a part without one has no `t="d"` cell. */
const QUOTED_D = /["']d["']/;
/** A whole cell element from its start: attributes, content; in any namespace prefix. */
const CELL = /<(?:\w+:)?c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/(?:\w+:)?c>)/y;
const VALUE = /<(?:\w+:)?v\b[^>]*>([^<]*)</;
const REF = /(?:^|\s)r\s*=\s*["']([A-Za-z]{1,3})(\d{1,7})["']/;
/** Text kept between chunks: a cell cut by a chunk's end is read whole with the next. */
const CARRY = 4096;
/** A `t="d"` cell longer than this (a huge formula) is not waited for across chunks. */
const LONGEST_CELL = 64 * 1024;

/**
 * Finds `t="d"` cells across chunks of a part (decoded as latin1: the dates are ASCII). `found`:
 * their text by {@link cellKey}, empty when the part has none (nearly always; each chunk is then
 * only searched for `t="d"`). A `t="d"` cell without an `r` attribute is not found (SheetJS's serial
 * stays).
 */
export function dateCellFinder(): { feed(chunk: string): void; found: Map<number, string> } {
  const found = new Map<number, string>();
  let carry = '';
  const take = (attributes: string, content: string) => {
    const ref = REF.exec(attributes);
    const value = VALUE.exec(content);
    if (!ref || !value) return;
    let column = 0;
    for (const letter of ref[1]!.toUpperCase()) column = column * 26 + letter.charCodeAt(0) - 64;
    found.set(cellKey(Number(ref[2]) - 1, column - 1), value[1]!);
  };
  return {
    found,
    feed(chunk) {
      // Nearly every part has none: a quick search for the value `"d"` decides that (measured: a
      // quarter of the time `includes` takes, as `"` is in every attribute), in the chunk, the
      // text carried and where they meet, without joining them (that copied every chunk).
      if (!QUOTED_D.test(chunk) && !QUOTED_D.test(carry) && !QUOTED_D.test(carry.slice(-2) + chunk.slice(0, 2))) {
        carry = chunk.length >= CARRY ? chunk.slice(-CARRY) : (carry + chunk).slice(-CARRY);
        return;
      }
      const text = carry + chunk;
      let keepFrom = Math.max(0, text.length - CARRY);
      DATE_TYPE.lastIndex = 0;
      for (let m = DATE_TYPE.exec(text); m; m = DATE_TYPE.exec(text)) {
        const start = text.lastIndexOf('<', m.index);
        if (start < 0 || !/^<(?:\w+:)?c\b/.test(text.slice(start, start + 40))) continue;
        CELL.lastIndex = start;
        const cell = CELL.exec(text);
        if (cell) {
          if (cell[2] !== undefined) take(cell[1]!, cell[2]);
          DATE_TYPE.lastIndex = CELL.lastIndex;
          keepFrom = Math.max(keepFrom, CELL.lastIndex);
        } else if (text.length - start < LONGEST_CELL) {
          // Cut by the chunk's end: read again, whole, with the next chunk.
          keepFrom = Math.min(keepFrom, start);
          break;
        }
      }
      carry = text.slice(keepFrom);
    },
  };
}
