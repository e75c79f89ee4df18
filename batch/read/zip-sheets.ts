/**
 * Rows of each worksheet of an .xlsx, counted while the zip check inflates its parts, so that a sheet
 * over the row limit is refused before SheetJS parses it (parsing a 1,048,576-row sheet up to the
 * limit alone took 1 GB). The parts are named by the workbook part and its relationships, so the
 * count belongs to the sheet the import reads, not to another sheet of the workbook. The sheets'
 * tables (ListObjects), which SheetJS CE does not read, are found the same way from the table parts.
 */

/**
 * A sheet's name (as its tab shows it) and the rows its part holds that have a value (a row written
 * at row 1,048,576 with no value in it, as some programs write one, is not counted); `rows` is null
 * for a sheet whose part was not counted (a chart sheet, a part not found).
 */
export interface SheetRowCount {
  name: string;
  rows: number | null;
  /** The sheet's part in the zip ({@link normalPath}), when its relationship names one. */
  part?: string;
  /** Bytes the sheet's part unpacks to, when counted. */
  bytes?: number;
  /** The part holds no value element at all (`<v>`, `<is>`): the sheet has no data, without parsing it. */
  valueless?: true;
  /** The part's `t="d"` cells (ISO 8601 dates), their text by position (date-cells.ts `cellKey`). */
  dateCells?: ReadonlyMap<number, string>;
  /** The part's error cells' texts by position (date-cells.ts `cellKey`): cell-checks.ts `withFormulaChecks`. */
  errorCells?: ReadonlyMap<number, string>;
  /** A formula cell of the part whose value is not known (cell-checks.ts `withFormulaChecks`). */
  formulaUnknown?: { ref: string; recalculate: boolean };
}

/** A row element in any namespace prefix (`<row `, `<x:row>`), not `<rowBreaks>`. */
const ROW = /<(?:\w+:)?row[\s>/]/g;
/** Long enough to hold any `<prefix:row ` split between two chunks. */
const CARRY = 40;

/**
 * Counts row elements (or another `element`, a global pattern) across chunks of a part, each decoded as
 * latin1 (the markup is ASCII); `counted` is the count so far.
 */
export function rowCounter(element: RegExp = ROW): { feed(chunk: string): void; total(): number; counted(): number } {
  let count = 0;
  const scanner = chunkScanner((text, before) => {
    for (const match of text.matchAll(element)) if (match.index < before) count += 1;
  });
  return {
    counted: () => count,
    feed: scanner.feed,
    total: () => (scanner.end(), count),
  };
}

/**
 * Feeds `scan` the chunks of a part with the last {@link CARRY} characters of each held back: `scan`
 * looks only at what starts before `before`, so a token cut by a chunk's end is seen whole with the next.
 */
function chunkScanner(scan: (text: string, before: number) => void): { feed(chunk: string): void; end(): void } {
  let carry = '';
  return {
    feed(chunk) {
      const text = carry + chunk;
      const cut = Math.max(0, text.length - CARRY);
      scan(text, cut);
      carry = text.slice(cut);
    },
    end() {
      scan(carry, carry.length);
      carry = '';
    },
  };
}

/** Text kept from one chunk to the next, so that a match split between two is still found. */
const SCANNER_TAIL = 16_384;

/**
 * The tail for a match as long as a cell's text (32,767 characters, up to 3 bytes each as latin1):
 * a string item written as a plain text then runs is found wherever the chunks cut it (at 16 KB one
 * of 30,000 characters cut by a 64 KB chunk's end was missed, and its runs read as lost).
 */
export const CELL_TEXT_TAIL = 128 * 1024;

/**
 * Looks for a pattern across chunks (keeping a tail so a match split between two is still found).
 * `needles`: texts one of which every match holds; a chunk (with the tail before it) holding none
 * is not searched (a pattern's search cost more than looking for its needles, as it tries at every
 * `<`), nor joined to its tail. `tail`: the characters kept, at least the longest match.
 */
export function textScanner(
  test: (text: string) => boolean,
  needles?: readonly string[],
  keep = SCANNER_TAIL,
): { feed(chunk: string): void; found: boolean } {
  let tail = '';
  const holdsNeedle = (chunk: string) =>
    needles!.some(
      (needle) =>
        chunk.includes(needle) ||
        tail.includes(needle) ||
        (tail.slice(1 - needle.length) + chunk.slice(0, needle.length - 1)).includes(needle),
    );
  const scanner = {
    found: false,
    feed(chunk: string) {
      if (scanner.found) return;
      if (needles && !holdsNeedle(chunk)) {
        tail = chunk.length >= keep ? chunk.slice(-keep) : (tail + chunk).slice(-keep);
        return;
      }
      const text = tail + chunk;
      scanner.found = test(text);
      tail = text.slice(-keep);
    },
  };
  return scanner;
}

/**
 * A value in a row: a `<v>` with text (an empty `<v></v>` holds none, and SheetJS keeps no cell for
 * it) or an inline string `<is>`; in any namespace prefix.
 */
const VALUE_IN_ROW = /<(?:\w+:)?(?:v(?:\s[^>]*)?>[^<]|is[\s>])/;

/**
 * Counts the rows that hold a value (see {@link VALUE_IN_ROW}) across chunks of a worksheet part,
 * each decoded as latin1: the limit counts rows, not row numbers nor blank rows. Each row is searched
 * up to its first value only, so a sheet costs about what counting its row elements does.
 */
export function valuedRowCounter(): { feed(chunk: string): void; total(): number; counted(): number } {
  let count = 0;
  // A row has begun and no value was found in it yet.
  let open = false;
  const countIn = (text: string, before: number) => {
    let from = 0;
    ROW.lastIndex = 0;
    for (;;) {
      const row = ROW.exec(text);
      const next = row && row.index < before ? row.index : -1;
      if (open) {
        // The text of the row so far: up to the next row, or all the text (a value must start before `before`).
        const value = VALUE_IN_ROW.exec(next < 0 ? text.slice(from) : text.slice(from, next));
        if (value && from + value.index < (next < 0 ? before : next)) {
          count += 1;
          open = false;
        }
      }
      if (next < 0) break;
      open = true;
      from = next + 1;
    }
    ROW.lastIndex = 0;
  };
  const scanner = chunkScanner(countIn);
  return { feed: scanner.feed, total: () => (scanner.end(), count), counted: () => count };
}

/**
 * The parts ({@link normalPath}) of the sheets counted past `maxRows` rows: refused if read (by their
 * count, before SheetJS parses them) and never parsed otherwise, so put in empty wherever the
 * workbook is unpacked again (xlsx-batches.ts, part-repair.ts).
 */
export function partsOverLimit(counts: readonly SheetRowCount[], maxRows: number): Set<string> {
  return new Set(counts.flatMap((c) => (c.part !== undefined && c.rows !== null && c.rows > maxRows ? [c.part] : [])));
}

/** Whether a zip part is a worksheet (`xl/worksheets/sheet1.xml`, any folder, any case). */
export function isWorksheetPart(name: string): boolean {
  return /(^|[/\\])worksheets[/\\][^/\\]+\.xml$/i.test(name);
}

/** The relationships part of a part: `xl/workbook.xml` → `xl/_rels/workbook.xml.rels`. */
export function relationshipsPartOf(part: string): string {
  const path = normalPath(part);
  const slash = path.lastIndexOf('/');
  return `${path.slice(0, slash + 1)}_rels/${path.slice(slash + 1)}.rels`;
}

/**
 * The worksheets of a workbook in tab order with their row counts, from the workbook part's text,
 * its relationships' text and the rows counted per part (`rowsByPart`, keyed by {@link normalPath}),
 * with the bytes each part unpacks to (`bytesByPart`, same keys) and the parts with no value element.
 * Every sheet is listed, so that a tab's position in the list is its position in the workbook.
 */
export function sheetRowCounts(
  workbookPart: string,
  workbookXml: string,
  relationshipsXml: string,
  rowsByPart: ReadonlyMap<string, number>,
  bytesByPart: ReadonlyMap<string, number> = new Map(),
  valuelessParts: ReadonlySet<string> = new Set(),
): SheetRowCount[] {
  return sheetParts(workbookPart, workbookXml, relationshipsXml).map(({ name, part }) => {
    const bytes = part === undefined ? undefined : bytesByPart.get(part);
    return {
      name,
      rows: (part === undefined ? undefined : rowsByPart.get(part)) ?? null,
      ...(part === undefined ? {} : { part }),
      ...(bytes === undefined ? {} : { bytes }),
      ...(part !== undefined && valuelessParts.has(part) ? { valueless: true as const } : {}),
    };
  });
}

/** A table (ListObject) as its part (`xl/tables/table1.xml`) declares it: name, A1 range, header row shown. */
export interface TablePart {
  name: string;
  /** The whole table, header and totals rows included (`A3:I9`). */
  ref: string;
  headerRow: boolean;
}

/** Whether a part is needed to find the sheets' tables: a worksheet's relationships or a table part. */
export function isTableLookupPart(name: string): boolean {
  return /(^|\/)(worksheets\/_rels\/[^/]+\.rels|tables\/[^/]+\.xml)$/i.test(normalPath(name));
}

/**
 * Each worksheet's tables, by sheet name, in the order its relationships list them: the table
 * relationships of the sheet's part lead to table parts, whose `<table>` element gives the name
 * (`displayName`, as Excel shows it), the range and whether the header row is shown
 * (`headerRowCount="0"`: not). `parts` holds the text of the parts kept ({@link isTableLookupPart}),
 * keyed by {@link normalPath}; a sheet without tables is left out.
 */
export function sheetTables(
  workbookPart: string,
  workbookXml: string,
  relationshipsXml: string,
  parts: ReadonlyMap<string, string>,
): Map<string, TablePart[]> {
  const tables = new Map<string, TablePart[]>();
  for (const { name, part } of sheetParts(workbookPart, workbookXml, relationshipsXml)) {
    const rels = part === undefined ? undefined : parts.get(relationshipsPartOf(part));
    if (part === undefined || rels === undefined) continue;
    const found = relationships(rels, part.replace(/[^/]*$/, ''))
      .filter((r) => /\/table$/.test(r.type))
      .flatMap((r) => tablePart(parts.get(r.target)));
    if (found.length > 0) tables.set(name, found);
  }
  return tables;
}

function tablePart(xml: string | undefined): TablePart[] {
  const attributes = xml === undefined ? undefined : /<(?:\w+:)?table\b([^>]*)>/.exec(xml)?.[1];
  if (attributes === undefined) return [];
  const ref = attribute(attributes, 'ref');
  const name = attribute(attributes, 'displayName') ?? attribute(attributes, 'name');
  if (ref === undefined || name === undefined) return [];
  return [{ name: unescapeXml(name), ref, headerRow: attribute(attributes, 'headerRowCount') !== '0' }];
}

/**
 * The part of the worksheet named `name` ({@link normalPath}, `xl/worksheets/sheet1.xml`), from the
 * workbook part's text and its relationships' text; null when the workbook names no such sheet or no part.
 */
export function sheetPartOf(workbookXml: string, relationshipsXml: string, name: string): string | null {
  return sheetParts('xl/workbook.xml', workbookXml, relationshipsXml).find((s) => s.name === name)?.part ?? null;
}

/** Each sheet of the workbook part in tab order, with its part's path (undefined when its relationship is missing). */
function sheetParts(
  workbookPart: string,
  workbookXml: string,
  relationshipsXml: string,
): { name: string; part: string | undefined }[] {
  const folder = normalPath(workbookPart).replace(/[^/]*$/, '');
  const targets = new Map(relationships(relationshipsXml, folder).map((r) => [r.id, r.target]));
  const sheets: { name: string; part: string | undefined }[] = [];
  for (const [, attributes] of workbookXml.matchAll(/<(?:\w+:)?sheet\b([^>]*)>/g)) {
    const name = attribute(attributes!, 'name');
    const id = /\b\w+:id="([^"]*)"/.exec(attributes!)?.[1];
    if (name !== undefined)
      sheets.push({ name: unescapeXml(name), part: id === undefined ? undefined : targets.get(id) });
  }
  return sheets;
}

/** The relationships of a relationships part, targets resolved from `folder` (the source part's folder) to {@link normalPath}s. */
function relationships(xml: string, folder: string): { id: string; type: string; target: string }[] {
  const found: { id: string; type: string; target: string }[] = [];
  for (const [, attributes] of xml.matchAll(/<(?:\w+:)?Relationship\b([^>]*)>/g)) {
    const id = attribute(attributes!, 'Id');
    const target = attribute(attributes!, 'Target');
    if (id && target)
      found.push({
        id,
        type: attribute(attributes!, 'Type') ?? '',
        target: target.startsWith('/') ? normalPath(target) : resolvePath(folder, target),
      });
  }
  return found;
}

/** A part name as a comparable path: forward slashes, no leading slash, lower case. */
export function normalPath(name: string): string {
  return name.replace(/\\/g, '/').replace(/^\//, '').toLowerCase();
}

function resolvePath(folder: string, target: string): string {
  const parts: string[] = [];
  for (const piece of `${folder}${normalPath(target)}`.split('/')) {
    if (piece === '..') parts.pop();
    else if (piece !== '.' && piece !== '') parts.push(piece);
  }
  return parts.join('/');
}

function attribute(attributes: string, name: string): string | undefined {
  return new RegExp(`(?:^|\\s)${name}="([^"]*)"`).exec(attributes)?.[1];
}

function unescapeXml(text: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (all, code: string) =>
    code.startsWith('#x') || code.startsWith('#X')
      ? String.fromCodePoint(parseInt(code.slice(2), 16))
      : code.startsWith('#')
        ? String.fromCodePoint(Number(code.slice(1)))
        : (named[code] ?? all),
  );
}

/** Each sheet's count ({@link sheetRowCounts}) from what the zip check found in the parts, by part. */
export function sheetCounts(
  workbookPart: string,
  workbookXml: string,
  relationshipsXml: string,
  found: {
    rowsByPart: ReadonlyMap<string, number>;
    bytesByPart: ReadonlyMap<string, number>;
    valuelessParts: ReadonlySet<string>;
    datesByPart: ReadonlyMap<string, ReadonlyMap<number, string>>;
  },
): SheetRowCount[] {
  const { rowsByPart, bytesByPart, valuelessParts, datesByPart } = found;
  const counts = sheetRowCounts(workbookPart, workbookXml, relationshipsXml, rowsByPart, bytesByPart, valuelessParts);
  return withDateCells(counts, datesByPart);
}

/** Each sheet's count with its part's `t="d"` cells, where it has any. */
function withDateCells(
  counts: SheetRowCount[],
  datesByPart: ReadonlyMap<string, ReadonlyMap<number, string>>,
): SheetRowCount[] {
  return counts.map((count) => {
    const dateCells = count.part === undefined ? undefined : datesByPart.get(count.part);
    return dateCells ? { ...count, dateCells } : count;
  });
}
