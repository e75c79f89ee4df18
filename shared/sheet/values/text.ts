/**
 * Cell values as a bookkeeper reads them: clean text for matching, and the value as written for
 * messages. Pure; the same in Node and the browser.
 */
import type { CellValue } from '../grid.ts';
import { numberToDecimal } from './decimal.ts';

/** Zero-width characters Excel and web copies leave behind; removed, not turned into spaces. */
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g;
/** JavaScript's `\s` covers NBSP (U+00A0), U+202F, U+2000–U+200A, U+3000 and the other Unicode spaces. */
const SPACES = /\s+/g;

/**
 * Text with every Unicode space (non-breaking ones included) turned into a plain space, runs of
 * spaces collapsed, zero-width characters removed, and the ends trimmed: `'\u00a020\u00a0 L '` → `'20 L'`.
 */
export function cleanText(text: string): string {
  if (isCleanAscii(text)) return text;
  return text.replace(ZERO_WIDTH, '').replace(SPACES, ' ').trim();
}

/**
 * Whether `text` is printable ASCII with single spaces between words and none at the ends (and, when
 * `spaces` is false, no space at all): what {@link cleanText} would give back unchanged (most cells),
 * found without a regular expression.
 */
export function isCleanAscii(text: string, spaces = true): boolean {
  let space = true;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 32) {
      if (!spaces || space) return false;
      space = true;
    } else if (c > 32 && c < 127) {
      space = false;
    } else {
      return false;
    }
  }
  return !space || text.length === 0;
}

/**
 * Whether text read from a sheet equals the service's text as the sheet would read it: the service
 * may hold spaces, tabs or line breaks at the ends (`'\tMix with care'`) that a cell read cleans away,
 * so an unchanged export imported back is not taken for an edit. Null and blank are the same.
 */
export function sameSheetText(sheet: string | null | undefined, service: string | null | undefined): boolean {
  return (sheet ?? '') === cleanText(service ?? '');
}

/** Two digits, for dates and times. */
function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** `YYYY-MM-DD` of a Date's UTC parts (exceljs puts the sheet's wall-clock date there). */
function utcDateText(date: Date): string {
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
}

/** A number as plain decimal text: no float noise, no exponent, no `.0` (`0.1 + 0.2` → `0.3`, `1e-7` → `0.0000001`). */
function numberText(n: number): string {
  return Number.isFinite(n) ? numberToDecimal(n) : String(n);
}

/**
 * A cell as a bookkeeper would read it: strings cleaned by {@link cleanText}; numbers as plain decimals
 * (`182` not `182.0`, `0.3` not `0.30000000000000004`); Dates as `YYYY-MM-DD` of their UTC parts (time of
 * day dropped); booleans as `TRUE`/`FALSE`; null as `''`.
 */
export function cellText(value: CellValue): string {
  if (value === null) return '';
  if (typeof value === 'string') return cleanText(value);
  if (typeof value === 'number') return numberText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return Number.isNaN(value.getTime()) ? 'Invalid Date' : utcDateText(value);
}

/**
 * A cell as written, for messages: text in single quotes (`'27/01/2026'`), numbers bare (`46104`),
 * date cells as `2026-03-23 (date cell)` (with `HH:mm` when the cell has a time of day), booleans as
 * `TRUE`/`FALSE`, and `an empty cell` for null or blank text.
 */
export function describeCell(value: CellValue): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return 'an invalid date cell';
    const hasTime = value.getUTCHours() !== 0 || value.getUTCMinutes() !== 0;
    const time = hasTime ? ` ${pad2(value.getUTCHours())}:${pad2(value.getUTCMinutes())}` : '';
    return `${utcDateText(value)}${time} (date cell)`;
  }
  const text = cellText(value);
  if (text === '') return 'an empty cell';
  return typeof value === 'string' ? `'${text}'` : text;
}
