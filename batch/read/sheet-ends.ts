/**
 * A worksheet part's text around its rows (what comes before `<sheetData>` and after `</sheetData>`),
 * found while the zip check inflates the part, so that a big sheet can be read in batches of rows
 * (xlsx-batches.ts) without inflating it whole again.
 */

/**
 * A worksheet part's text around its rows (latin1: its bytes, one character each): `head` up to and
 * including the `<sheetData>` opening tag, `tail` from the `</sheetData>` after it to the part's end;
 * `prefix`: the namespace prefix of `sheetData` (`x:`, or empty).
 */
export interface SheetEnds {
  head: string;
  prefix: string;
  tail: string;
}

/** The opening tag of a worksheet's rows, in any namespace prefix; its group 2 is `/` when it has none. */
export const SHEET_DATA_OPEN = /<(\w+:)?sheetData\b[^>]*?(\/?)>/;

/**
 * Finds a worksheet part's {@link SheetEnds} across chunks of it, each decoded as latin1: null when
 * the part has no `<sheetData>` with rows in it (none, an empty `<sheetData/>`, or its end is
 * missing). The text before the opening tag is kept (it is the head); each chunk is searched for
 * the tag with the text since the last `>` before it (where a tag cut by the chunk's end begins).
 */
export function sheetEndsFinder(): {
  feed(chunk: string): void;
  ends(): SheetEnds | null;
} {
  let before: string[] = [];
  let since = '';
  let head: string | null = null;
  let prefix = '';
  let pending = '';
  let tail: string | null = null;
  let none = false;
  const findHead = (chunk: string): string | null => {
    const open = SHEET_DATA_OPEN.exec(since + chunk);
    if (!open) {
      before.push(chunk);
      const last = chunk.lastIndexOf('>');
      since = last >= 0 ? chunk.slice(last + 1) : since + chunk;
      return null;
    }
    if (open[2] === '/') {
      none = true;
      return null;
    }
    prefix = open[1] ?? '';
    const end = open.index + open[0].length - since.length;
    head = before.join('') + chunk.slice(0, end);
    before = [];
    since = '';
    return chunk.slice(end);
  };
  const finder = {
    feed(chunk: string) {
      if (none) return;
      let text: string | null = chunk;
      if (head === null) text = findHead(chunk);
      if (text === null) return;
      if (tail !== null) {
        tail += text;
        return;
      }
      // The end tag in the characters held from before and the chunk's first ones, else in the chunk:
      // found without joining the chunk to them (that copied every chunk of the rows).
      const close = `</${prefix}sheetData>`;
      const across = (pending + text.slice(0, close.length - 1)).indexOf(close);
      if (across >= 0 && across < pending.length) tail = pending.slice(across) + text;
      else {
        const end = text.indexOf(close);
        if (end < 0) {
          pending = text.length >= 64 ? text.slice(-64) : (pending + text).slice(-64);
          return;
        }
        tail = text.slice(end);
      }
      pending = '';
    },
    ends: () => (none || head === null || tail === null ? null : { head, prefix, tail }),
  };
  return finder;
}
