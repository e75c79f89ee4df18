/**
 * The shared strings a batch of a big sheet's rows uses (xlsx-batches.ts). SheetJS parses a
 * workbook's whole shared-strings part for every batch it parses: a sheet of 100,000 lines with
 * 100,000 different texts (a 6 MB part) took 6.3 s read in batches against 3.2 s whole. Each batch
 * is given the part with only the items its rows may use left in place, the others emptied (an
 * empty item costs SheetJS next to nothing), so every string keeps its position and every cell
 * reads as before; when that cannot be told for sure (an escaped or CDATA value), the whole part.
 */

/** A shared-strings part split as SheetJS splits it (`parse_sst_xml`): its `<sst>` tags and the text of each item. */
export interface SharedStringItems {
  open: string;
  items: string[];
  close: string;
}

/** SheetJS's patterns for the shared-strings part (`sstr1`, `sstr2`, `str_match_xml_ns(data, "sst")`). */
const ITEM_OPEN = /<(?:\w+:)?(?:si|sstItem)>/g;
const ITEM_CLOSE = /<\/(?:\w+:)?(?:si|sstItem)>/;
const SST_OPEN = /<(?:\w+:)?sst\b[^<>]*>/g;
const SST_CLOSE = /<\/(?:\w+:)?sst>/g;
/** What ends an item where the items are joined again. */
const ITEM_END = '</si>';

/**
 * The items of a shared-strings part's text (latin1, as SheetJS reads an XML part), or null when it
 * is not split with certainty as SheetJS splits it (no `<sst>`, a byte-order mark of UTF-16, an
 * item holding what SheetJS would take as the start of another once the items are joined again).
 */
export function sharedStringItems(text: string): SharedStringItems | null {
  const first = text.charCodeAt(0);
  if (first === 0xff || first === 0xfe || text.charCodeAt(1) === 0xfe) return null;
  SST_OPEN.lastIndex = 0;
  const open = SST_OPEN.exec(text);
  if (!open) return null;
  SST_CLOSE.lastIndex = SST_OPEN.lastIndex;
  const close = SST_CLOSE.exec(text);
  if (!close) return null;
  const inner = text.slice(SST_OPEN.lastIndex, close.index).replace(ITEM_OPEN, '');
  ITEM_OPEN.lastIndex = 0;
  if (ITEM_OPEN.test(inner)) return null;
  return { open: open[0], items: inner.split(ITEM_CLOSE), close: close[0] };
}

/** A value element's opening tag, as SheetJS finds one in a cell (`str_match_xml_ns(d, "v")`), and its end. */
const VALUE_OPEN = /<(?:\w+:)?v\b[^<>]*>/g;
const VALUE_CLOSE = /<\/(?:\w+:)?v>/g;

/**
 * The shared-strings part's text for a batch of rows (`rowsText`): every item a value of the rows
 * may name (each value's text up to its end, read as SheetJS reads a string's number) in place,
 * the others emptied; null when a value is escaped (`&`, `_x`) or the rows hold CDATA, and the
 * number it names cannot be told without reading it as SheetJS does: the whole part is used then.
 */
export function batchStrings(strings: SharedStringItems, rowsText: string): string | null {
  if (rowsText.includes('<![CDATA[')) return null;
  const used = new Uint8Array(strings.items.length);
  VALUE_OPEN.lastIndex = 0;
  for (let open = VALUE_OPEN.exec(rowsText); open; open = VALUE_OPEN.exec(rowsText)) {
    VALUE_CLOSE.lastIndex = VALUE_OPEN.lastIndex;
    const close = VALUE_CLOSE.exec(rowsText);
    if (!close) break;
    const value = rowsText.slice(VALUE_OPEN.lastIndex, close.index);
    if (value.includes('&') || value.includes('_x') || value.includes('_X')) return null;
    const index = parseInt(value, 10);
    if (index >= 0 && index < used.length) used[index] = 1;
  }
  // The items in place, joined by item ends; the unused ones empty (a run of them: item ends alone).
  const parts = [strings.open];
  let ends = 0;
  const last = used.length - 1;
  for (let i = 0; i <= last; i += 1) {
    if (used[i] || i === last) {
      parts.push(ITEM_END.repeat(ends), strings.items[i]!);
      ends = 0;
    }
    if (i < last) ends += 1;
  }
  parts.push(strings.close);
  return parts.join('');
}
