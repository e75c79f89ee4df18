/**
 * Cells SheetJS would read as something other than what Excel shows, found while the zip check
 * inflates a worksheet part: a cell written twice in one row (SheetJS keeps the last; Excel repairs
 * the file), or inside another row than its reference names (SheetJS moves it to that row), a shared-string cell whose value is no index into the strings table (SheetJS reads it as
 * empty, or the whole sheet as empty, or `1.5` as item 1), a TRUE/FALSE cell holding neither (`2`,
 * read as FALSE), a cell of a type Excel has not (`t="x"`, read as nothing) or an inline-text cell
 * without its inline text, an error cell holding no error value, and a formula with no saved value
 * (read as an empty cell: the file was written by a program that does not calculate). Each is refused
 * naming the sheet and the cell (cell-refusals.ts). Error values SheetJS does not know (Excel 365's `#SPILL!`, `#CALC!` …,
 * read as empty cells) are kept by position, for the reader to read as their text.
 */
import { cellKey } from './date-cells.ts';
import { columnWrittenAt, inRowAt } from './cell-refs.ts';
import type { SheetRowCount } from './zip-sheets.ts';

/** What a worksheet part was found to hold, each the first one found (`ref` '' for a cell without an `r`). */
export interface CellFindings {
  /** A cell written a second time in its row. */
  twice: { ref: string } | null;
  /** A cell whose reference names another row than the row it is written in (`B3` inside row 2). */
  elsewhere: { ref: string; row: string } | null;
  /** A `t="s"` cell whose value is not a whole number (`1.5`, `-1`; an empty one reads as an empty cell). */
  badIndex: { ref: string; text: string } | null;
  /** The `t="s"` cell naming the highest item of the shared strings (0-based). */
  highestIndex: { ref: string; index: number } | null;
  /** A `t="b"` cell holding other than 0, 1, true or false. */
  badBoolean: { ref: string; text: string } | null;
  /** A cell of a type Excel has not, an inline-text cell whose text is not inline, or an error cell holding no error. */
  badType: { ref: string; what: string } | null;
  /** Each error cell's text SheetJS does not read itself (`#SPILL!`), by position (date-cells.ts `cellKey`). */
  errorTexts: Map<number, string>;
  /** More than {@link MOST_ERROR_TEXTS} of them. */
  tooManyErrors?: true;
  /** A formula cell with no saved value (no `<v>`, or an empty one in a cell that is not text). */
  uncalculated: { ref: string } | null;
  /** The first formula cell. */
  firstFormula: { ref: string } | null;
}

/** A row's or a cell's start tag, in any namespace prefix, up to its attributes. */
const START = /<(?:\w+:)?(?:row|c)(?=[\s>/])/g;
/** Columns a sheet has (A to XFD): a cell past them is not looked at for being written twice. */
const SHEET_COLUMNS = 16_384;
/** The cell types of SpreadsheetML (ST_CellType): any other is refused. */
const TYPES: ReadonlySet<string> = new Set(['b', 'd', 'e', 'inlineStr', 'n', 's', 'str']);
/** The error values SheetJS reads itself (its RBErr table): not kept. */
const SHEETJS_ERRORS: ReadonlySet<string> = new Set([
  '#NULL!',
  '#DIV/0!',
  '#VALUE!',
  '#REF!',
  '#NAME?',
  '#NUM!',
  '#N/A',
  '#GETTING_DATA',
  '#WTF?',
]);
/** Error texts SheetJS does not read kept per part at most (a sheet of millions of #SPILL! is made to exhaust memory). */
export const MOST_ERROR_TEXTS = 100_000;
/** An error value as Excel writes one (`#N/A`, `#DIV/0!`, `#SPILL!`, `#GETTING_DATA`). */
const ERROR_VALUE = /^#[A-Z0-9_/]+[!?]?$/;
const TYPE = /\st\s*=\s*["']([^"']*)["']/;
const REF = /\sr\s*=\s*["']([A-Za-z]{1,3})(\d*)["']/;
const ROW_NUMBER = /\sr\s*=\s*["'](\d+)["']/;
/** A cell's value element and its text (an inline string's, `<is>`, is none: its text is its value); searched in the cell's content. */
const VALUE = /<(?:\w+:)?(?:(is)[\s>/]|v(?:\s[^>]*)?(?:\/>|>([^<]*)<))/g;
const CELL_END = /<\/(?:\w+:)?c>/g;
/** An inline string element, in any namespace prefix. */
const INLINE_TEXT = /<(?:\w+:)?is[\s>/]/;
/** A formula element, in any namespace prefix. */
const FORMULA = /<(?:\w+:)?f[\s>/]/;
/** A close tag after which a part may be cut without cutting a cell: a cell's or a row's. */
const CUT = /<\/(?:\w+:)?(?:c|row)>/y;
/** Text carried past this without a cell's or row's end is cut at its last tag anyway (a row of self-closed cells). */
const LONGEST_CARRY = 1024 * 1024;

/** Finds {@link CellFindings} across chunks of a worksheet part (decoded as latin1: the markup is ASCII). */
export function cellCheckFinder(): { feed(chunk: string): void; end(): CellFindings; found: CellFindings } {
  const found = noFindings();
  // The columns holding a cell with a value in the row so far: marked in `seen`, listed in `row` to unmark.
  const seen = new Uint8Array(SHEET_COLUMNS);
  const row: number[] = [];
  let last = -1;
  let rowNumber = '';
  let rowIndex = -1;
  let carry = '';
  // A cell's attributes are `text` from `from` to `to`: read in place, copied only for what is found or looked at further.
  const cell = (text: string, from: number, to: number, closed: boolean, after: number, anyFormula: boolean) => {
    const written = columnWrittenAt(text, from, to);
    const column = written < 0 ? last + 1 : written;
    if (!closed && column < SHEET_COLUMNS) {
      if (seen[column] === 0) {
        seen[column] = 1;
        row.push(column);
      } else if (!found.twice) found.twice = { ref: refName(text.slice(from, to), written, column, rowNumber) };
    }
    if (written >= 0 && rowNumber !== '' && !found.elsewhere && !inRowAt(text, from, to, rowNumber))
      found.elsewhere = { ref: refName(text.slice(from, to), written, column, rowNumber), row: rowNumber };
    last = column;
    if (closed) return;
    // Most cells are numbers (their attributes, ` r="C7" s="1"`, hold no small t), in a part without formulas.
    const t = text.indexOf('t', from);
    if (!anyFormula && (t < 0 || t >= to)) return;
    // A text cell as programs write it, its only small t in ` t="str"` at the end: of type str, as TYPE reads it.
    if (!anyFormula && t === to - 7 && text.startsWith(' t="str"', to - 8)) return;
    const attributes = text.slice(from, to);
    const type = TYPE.exec(attributes)?.[1] ?? 'n';
    if (!TYPES.has(type) && !found.badType)
      found.badType = {
        ref: refName(attributes, written, column, rowNumber),
        what: `is of type '${type.slice(0, 20)}', which Excel has not`,
      };
    if (!anyFormula && (type === 'n' || type === 'str' || type === 'd' || !TYPES.has(type))) return;
    const name = refName(attributes, written, column, rowNumber);
    checkValue(found, { text, after, anyFormula }, type, name, cellKey(rowIndex, column));
  };
  const scan = (text: string) => {
    // The pattern is tried only where a `<f` or a prefixed `:f` is (searching for those is several times faster).
    const anyFormula = (text.includes('<f') || text.includes(':f')) && FORMULA.test(text);
    START.lastIndex = 0;
    // `test`, not `exec`: no match object for each of a sheet's million tags; a row's name ends in `w`, a cell's in `c`.
    while (START.test(text)) {
      const isRow = text.charCodeAt(START.lastIndex - 1) === 119; // 'w'
      const close = text.indexOf('>', START.lastIndex);
      if (close < 0) break;
      const closed = text.charCodeAt(close - 1) === 47; // '/'
      const from = START.lastIndex;
      const to = closed ? close - 1 : close;
      START.lastIndex = close + 1;
      if (isRow) {
        const attributes = text.slice(from, to);
        for (const column of row) seen[column] = 0;
        row.length = 0;
        last = -1;
        rowNumber = ROW_NUMBER.exec(attributes)?.[1] ?? '';
        rowIndex = rowNumber === '' ? rowIndex + 1 : Number(rowNumber) - 1;
      } else cell(text, from, to, closed, close + 1, anyFormula);
    }
  };
  return {
    found,
    feed(chunk) {
      // Text with no tag at all (a zip bomb's zeros) holds no cell: not carried, not scanned.
      if (!chunk.includes('<') && !carry.includes('<')) {
        carry = '';
        return;
      }
      const text = carry + chunk;
      const cut = cutAt(text);
      scan(text.slice(0, cut));
      carry = text.slice(cut);
    },
    /** The findings, once the part's last chunk is fed. */
    end() {
      scan(carry);
      carry = '';
      return found;
    },
  };
}

/** Findings of a part with nothing found yet. */
function noFindings(): CellFindings {
  return {
    twice: null,
    elsewhere: null,
    badIndex: null,
    highestIndex: null,
    badBoolean: null,
    badType: null,
    errorTexts: new Map(),
    uncalculated: null,
    firstFormula: null,
  };
}

/**
 * Looks at a cell's content (in `at.text` from `at.after`) for what its `type` may hold wrong: a shared
 * string's index, a TRUE/FALSE, an inline text, an error value, a formula without a saved value.
 * `name`: the cell's reference; `key`: its position (date-cells.ts `cellKey`).
 */
function checkValue(
  found: CellFindings,
  at: { text: string; after: number; anyFormula: boolean },
  type: string,
  name: string,
  key: number,
): void {
  const inside = content(at.text, at.after);
  const hasFormula = at.anyFormula && FORMULA.test(inside);
  if (hasFormula && !found.firstFormula) found.firstFormula = { ref: name };
  VALUE.lastIndex = 0;
  const value = VALUE.exec(inside);
  const valueText = value && value[1] === undefined ? (value[2] ?? '') : undefined;
  const saved = value !== null && (value[1] !== undefined || valueText!.trim() !== '' || type === 'str');
  if (hasFormula && !found.uncalculated && !saved) found.uncalculated = { ref: name };
  if (type === 's' && valueText !== undefined) sharedString(found, name, valueText);
  // An inline text cell with a value element as well as its inline text reads the inline text, as every
  // reader does (calamine's inlineStr_with_value.xlsx); one with a value element alone is refused.
  if (type === 'inlineStr' && valueText !== undefined && !found.badType && !INLINE_TEXT.test(inside))
    found.badType = { ref: name, what: 'is an inline text cell holding its text in a value element, not inline' };
  if (type === 'e' && valueText !== undefined) errorText(found, name, valueText.trim(), key);
  if (type === 'b' && valueText !== undefined && !found.badBoolean && !/^(?:0|1|true|false)$/.test(valueText))
    found.badBoolean = { ref: name, text: valueText };
}

/** An error cell's text: kept by position when it is an error value SheetJS does not read itself, else the cell is refused. */
function errorText(found: CellFindings, ref: string, text: string, key: number): void {
  if (ERROR_VALUE.test(text)) {
    if (SHEETJS_ERRORS.has(text)) return;
    if (found.errorTexts.size >= MOST_ERROR_TEXTS) found.tooManyErrors = true;
    else found.errorTexts.set(key, text);
  } else if (!found.badType)
    found.badType = { ref, what: `is an error cell holding '${text.slice(0, 40)}', which is no error value` };
}

/** A shared-string cell's index: the highest kept, one that is no whole number refused. */
function sharedString(found: CellFindings, ref: string, text: string): void {
  const index = stringIndex(text);
  if (index === null) {
    if (!found.badIndex) found.badIndex = { ref, text };
  } else if (index >= 0 && (!found.highestIndex || index > found.highestIndex.index))
    found.highestIndex = { ref, index };
}

/** A whole number as a `t="s"` value may write it: spaces, a sign, leading zeros, a `.0` (as SheetJS reads them all). */
const WHOLE = /^[+-]?\d{1,9}(?:\.0*)?$/;

/**
 * The shared-string item a `t="s"` value names (0-based): -1 for an empty value (`<v/>`, as some programs
 * write an empty text: an empty cell, as every reader has it); null for one that is not a whole number
 * (`1.5`, `6e2`, `-1`: SheetJS would read item 1 or 6, Excel refuses the file). Character references and
 * `_xHHHH_` escapes are read first, as SheetJS reads them.
 */
function stringIndex(text: string): number | null {
  const decoded = (text.includes('&') || text.includes('_x') ? unescaped(text) : text).trim();
  if (decoded === '') return -1;
  if (!WHOLE.test(decoded)) return null;
  const index = parseInt(decoded, 10);
  // -0 names item 0.
  return index >= 0 ? Math.abs(index) : null;
}

/** Text with its XML character references and OOXML `_xHHHH_` escapes read. */
function unescaped(text: string): string {
  return text
    .replace(/&#x([\da-f]{1,6});|&#(\d{1,7});/gi, (all, hex?: string, dec?: string) => {
      const code = hex === undefined ? Number(dec) : parseInt(hex, 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : all;
    })
    .replace(/_x([\da-f]{4})_/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A cell's content, from its start tag's end to its end tag (or the text's end). */
function content(text: string, from: number): string {
  CELL_END.lastIndex = from;
  const end = CELL_END.exec(text);
  return text.slice(from, end ? end.index : text.length);
}

/** Where a chunk's text may be cut (after its last cell or row end tag), so that no cell is cut in two. */
function cutAt(text: string): number {
  for (let at = text.lastIndexOf('</'); at >= 0; at = at > 0 ? text.lastIndexOf('</', at - 1) : -1) {
    CUT.lastIndex = at;
    if (CUT.test(text)) return CUT.lastIndex;
    if (text.length - at > LONGEST_CARRY) return atLastTag(text);
  }
  return text.length > LONGEST_CARRY ? atLastTag(text) : 0;
}

/**
 * After the text's last tag, and never more than {@link LONGEST_CARRY} before its end: text with no
 * tag for that long (a zip bomb's zeros, far past any cell Excel writes) is let go, not carried, so the
 * carry cannot grow with the part.
 */
function atLastTag(text: string): number {
  return Math.max(text.lastIndexOf('>') + 1, text.length - LONGEST_CARRY);
}

/** A cell's reference as its `r` writes it, in capitals (`B2`), else by its place ({@link implied}). */
function refName(attributes: string, written: number, column: number, rowNumber: string): string {
  const ref = written < 0 ? null : REF.exec(attributes);
  return ref ? `${ref[1]!.toUpperCase()}${ref[2]}` : implied(column, rowNumber);
}

/** A cell without an `r` by its place: its column's letters and its row's number, or '' when the row has none. */
function implied(column: number, row: string): string {
  if (row === '') return '';
  let letters = '';
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return `${letters}${row}`;
}

/** A workbook part's `<calcPr fullCalcOnLoad="1">`: Excel is asked to calculate every formula again when it opens the file. */
const FULL_CALC_ON_LOAD = /<(?:\w+:)?calcPr\b[^>]*\sfullCalcOnLoad\s*=\s*["'](?:1|true)["']/;

/**
 * Each sheet's count with its part's formula whose value is not known, when it has one (a formula with
 * no saved value, or, the workbook asking to be calculated again when opened: `workbookXml`'s
 * `fullCalcOnLoad`, its first formula), and its error cells' texts.
 */
export function withFormulaChecks(
  counts: SheetRowCount[],
  cellsByPart: ReadonlyMap<string, CellFindings>,
  workbookXml: string,
): SheetRowCount[] {
  const recalculate = FULL_CALC_ON_LOAD.test(workbookXml);
  return counts.map((count) => {
    const cells = count.part === undefined ? undefined : cellsByPart.get(count.part);
    const unknown = cells?.uncalculated ?? (recalculate ? cells?.firstFormula : null);
    const errors = cells && cells.errorTexts.size > 0 ? { errorCells: cells.errorTexts } : {};
    return unknown
      ? { ...count, ...errors, formulaUnknown: { ref: unknown.ref, recalculate: !cells?.uncalculated } }
      : { ...count, ...errors };
  });
}
