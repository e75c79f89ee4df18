/**
 * Number cells whose value is not a number (`<c r="B2"><v>1,5</v></c>`), found while the zip check
 * inflates a worksheet part: SheetJS reads the number its text starts with (1 for `1,5`, 12 for `12abc`,
 * 0 for `0x10`), so a damaged or forged file would be read as a different number; Excel refuses such
 * a file (or repairs it, dropping the cell). No program writes one; it is refused, naming the cell.
 */
import { InputFileError } from './errors.ts';

/**
 * A `<v>` whose text is not a number as .xlsx writes numbers (xsd:double without INF or NaN, spaces
 * around allowed; an empty `<v>` holds no value, SheetJS keeps no cell); its text
 * is what follows the tag's first `>`, not captured (a capture for every text cell cost more than reading it for the one refused). Text is right in cells of other types (`t="str"`, `"e"`, `"d"`),
 * so the cell's type is looked at for each one found.
 */
const NOT_A_NUMBER =
  /<(?:\w+:)?v(?:\s[^>]*)?>(?![ \t\r\n]*(?:[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)?[ \t\r\n]*<)[^<]*</g;
/** A cell's start tag, in any namespace prefix, where it is tried (sticky); group 1 its attributes. */
const CELL_START = /<(?:\w+:)?c(\s[^>]*)?>/y;
const TYPE = /\st\s*=\s*["']([^"']*)["']/;
const REF = /\sr\s*=\s*["']([^"']*)["']/;
/** Text kept between chunks (a value cut by a chunk's end is looked at with the next), and looked back over for a cell's start. */
const CARRY = 4096;

/** The first number cell found whose value is not a number: its reference (`B2`, or '' without one) and text. */
export interface BadNumber {
  ref: string;
  text: string;
}

/**
 * Finds the first number cell (no `t`, or `t="n"`) whose `<v>` is not a number, across chunks of a
 * worksheet part (decoded as latin1). A value whose cell starts more than {@link CARRY} characters
 * before it (a cell with a long formula) is not judged.
 */
export function badNumberFinder(): { feed(chunk: string): void; found: BadNumber | null } {
  let carry = '';
  const finder = {
    found: null as BadNumber | null,
    feed(chunk: string) {
      if (finder.found) return;
      const text = carry + chunk;
      NOT_A_NUMBER.lastIndex = 0;
      for (let m = NOT_A_NUMBER.exec(text); m; m = NOT_A_NUMBER.exec(text)) {
        // Most values found are text cells' (`<c r="E3" t="str"><v>`): their type read in place.
        const inPlace = typeInPlace(text, m.index);
        if (inPlace !== undefined && inPlace !== 'n') continue;
        const attributes = cellAttributes(text, m.index);
        if (attributes === null) continue;
        const type = TYPE.exec(attributes)?.[1] ?? 'n';
        if (type !== 'n') continue;
        finder.found = { ref: REF.exec(attributes)?.[1] ?? '', text: m[0].slice(m[0].indexOf('>') + 1, -1) };
        return;
      }
      carry = text.slice(-CARRY);
    },
  };
  return finder;
}

/** {@link TYPE} tried in a part's text from a given place (global: `lastIndex` sets where). */
const TYPE_FROM = /\st\s*=\s*["']([^"']*)["']/g;

/**
 * The type of the cell whose value starts at `at`, read in place when its start tag, unprefixed, is
 * the tag just before the value (`<c r="E3" t="str"><v>`): the first {@link TYPE} in its attributes,
 * as {@link cellAttributes} and TYPE find it, without copying them; undefined otherwise (those are
 * read as before). A match running past the tag's end is not taken (undefined).
 */
function typeInPlace(text: string, at: number): string | undefined {
  const start = text.lastIndexOf('<', at - 1);
  const end = at - 1;
  if (start < 0 || at - start > CARRY || text.charCodeAt(end) !== 62) return undefined;
  // `<c` then a space, and no `>` before the one ending the tag (SheetJS's and CELL_START's tag end).
  if (text.charCodeAt(start + 1) !== 99 || text.charCodeAt(start + 2) !== 32 || text.indexOf('>', start) !== end)
    return undefined;
  // A text cell as programs write it, its only small t in ` t="str"` at the end: of type str, as TYPE reads it.
  if (text.indexOf('t', start + 2) === end - 7 && text.startsWith(' t="str"', end - 8)) return 'str';
  TYPE_FROM.lastIndex = start + 2;
  const type = TYPE_FROM.exec(text);
  if (!type || type.index >= end) return 'n';
  return TYPE_FROM.lastIndex <= end ? type[1] : undefined;
}

/**
 * The attributes of the cell start tag the value at `at` is in: the tags before it are stepped back over
 * (a formula's, usually none) to the first that starts a cell, within {@link CARRY} characters; null if none.
 */
function cellAttributes(text: string, at: number): string | null {
  const limit = Math.max(0, at - CARRY);
  for (let i = text.lastIndexOf('<', at - 1); i >= limit; i = i > 0 ? text.lastIndexOf('<', i - 1) : -1) {
    CELL_START.lastIndex = i;
    const cell = CELL_START.exec(text);
    if (cell) return ` ${cell[1] ?? ''}`;
  }
  return null;
}

/**
 * The refusal of a workbook with a number cell whose value is not a number (see {@link badNumberFinder}).
 * @param sheet the sheet's name (or its part's, when the workbook names none for it).
 */
export function badNumber(file: string, sheet: string, found: BadNumber): InputFileError {
  const where = found.ref ? `cell ${found.ref}` : 'a cell';
  return new InputFileError(
    'corrupt_workbook',
    file,
    `${file}, sheet ${sheet}, ${where}: the number cell holds '${found.text.slice(0, 40)}', which is not a number (a damaged or hand-made file: Excel refuses it), so what it reads as cannot be trusted. Nothing was sent. Open it in Excel (which repairs it) and check that cell, then save it again.`,
    { sheet },
  );
}
