/**
 * How a name in a cell is compared with the names of storages, products and product aliases
 * (PRODUCT.md, "What a sheet may look like": trailing spaces, non-breaking spaces, different case,
 * `®` and `™` in product names).
 */

/** ® © ™ ℠: removed before NFKC, which would otherwise spell ™ as "TM" and ℠ as "SM". */
const SIGNS = /[\u00AE\u00A9\u2122\u2120]/g;
/** The typed stand-ins `(R)` and `(TM)` (compared after lower-casing). `(C)` is left alone. */
const TYPED_SIGNS = /\((?:r|tm)\)/g;
/** Soft hyphen, zero-width space/joiners, word joiner, BOM: invisible, so they never count. */
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;
/** Hyphen, non-breaking hyphen, figure dash, en dash, em dash, bar, minus sign: all written as `-`. */
const DASHES = /[\u2010-\u2015\u2212]/g;
/** Curly single quotes and the prime (word processors' autocorrect): all written as `'`. */
const QUOTES = /[\u2018\u2019\u201B\u2032]/g;
/** Every Unicode space (NBSP, narrow NBSP, em space, ideographic space ...), tab and line break. */
const SPACES = /\s+/gu;

/** A service id as written in a cell: 8-4-4-4-12 hex digits (the same shape as the `Id` schema). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Longest cell text quoted back in a message; longer text is cut with an ellipsis. */
const SHOWN_MAX = 80;

/**
 * A name as compared: NFKC (full-width letters, ligatures), lower case, the signs ® © ™ ℠ and the
 * typed `(R)` / `(TM)` removed, dashes and curly apostrophes made plain, invisible characters
 * removed, every kind of whitespace made one space, trimmed. A sign counts as a word break:
 * `"Alphaguard®100"` and `"Alphaguard® 100"` both become `"alphaguard 100"`.
 * Anything else (digits, `/`, `%`, spaces inside a name) is kept: `"540g/L"` is not `"540 g/L"`.
 * @example normaliseName('  GLYFOS\u00A0540 ') === 'glyfos 540'
 * @example normaliseName('Alphaguard™ 100') === 'alphaguard 100'
 */
export function normaliseName(text: string): string {
  return String(text ?? '')
    .replace(SIGNS, ' ')
    .normalize('NFKC')
    .toLowerCase()
    .replace(TYPED_SIGNS, ' ')
    .replace(INVISIBLE, '')
    .replace(DASHES, '-')
    .replace(QUOTES, "'")
    .replace(SPACES, ' ')
    .trim();
}

/** Whether a normalised name is a service id (lower-case 8-4-4-4-12 hex). */
export function isIdKey(key: string): boolean {
  return UUID.test(key);
}

/**
 * A cell's text as quoted back in a message: case and signs kept as written, whitespace
 * collapsed and trimmed, cut at 80 characters.
 */
export function shownText(text: string): string {
  const shown = String(text ?? '')
    .replace(INVISIBLE, '')
    .replace(SPACES, ' ')
    .trim();
  return shown.length > SHOWN_MAX ? `${shown.slice(0, SHOWN_MAX - 1)}…` : shown;
}

const COLLATOR = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Orders names for people: case-insensitive, numbers by value (`'Wetter 600'` before `'Wetter 1000'`). */
export function compareNames(a: string, b: string): number {
  return COLLATOR.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/** A list of names quoted for a message: `'A', 'B', 'C'`. */
export function quoteList(names: readonly string[]): string {
  return names.map((name) => `'${name}'`).join(', ');
}
