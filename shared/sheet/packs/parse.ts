/**
 * The pack engine: one parser for pack descriptors in product, quantity or pack size text
 * (`4 x 20L`, `20L DRUM`, `IBC 1000L`, `1000 L shuttle`, `25KG BAG`, `1.2 t`, `2 x 10 L twin pack`,
 * `CTN 4x5L`, `1,000 L`), read into decimal strings with a phrase for the row's Message.
 */
import { canonicalDecimal, compareDecimals, multiplyDecimals } from '../values/decimal.ts';
import { type Parsed, parsedFail, parsedOk } from '../values/parsed.ts';
import { cleanText } from '../values/text.ts';
import { type PackConventions, conventionForEach, conventionForKind } from './conventions.ts';
import {
  type Dimension,
  type PackKind,
  type PackUnit,
  KIND_PATTERN,
  MULTI_PACK_KINDS,
  REFUSED_UNITS,
  UNIT_BASE,
  kindOf,
  measureOf,
  wordKey,
} from './vocabulary.ts';
import { describePack } from './phrase.ts';

/**
 * Where the text comes from, which decides what a count means:
 * - `quantity`: a quantity cell; `4 x 20L drums` is 4 packs of 20 l (a plain size alone is not a descriptor);
 * - `size`: a pack size cell; `20L DRUM` is a 20 l drum, `4x5L` one pack of 4 × 5 l;
 * - `product`: a product text; the descriptor is read at its end (`Glyfos 540 20L DRUM`, `Urea (1t bag)`)
 *   and the rest is the product name.
 */
export type PackContext = 'quantity' | 'size' | 'product';

/** How to read: the context, the supplier's conventions (optional), and what the product is kept by (optional). */
export interface PackOptions {
  context: PackContext;
  conventions?: PackConventions | undefined;
}

/**
 * A pack descriptor read from text. Sizes are canonical decimal strings (gaps row 9).
 * - `matched`: the descriptor as written; `rest`: the text without it (the product name), trimmed;
 * - `packs`: how many packs the text says (`'4'` of `4 x 20L` in a quantity cell), null when it does not;
 * - `inner`: a multi-pack's contents (`CTN 4x5L` → `{ count: '4', size: '5' }` in `unit`), else null;
 * - `size`, `unit`: one pack in a service unit (l, ml, kg, g, t); `litresOrKilograms`: the same in l or kg;
 * - `dimension`: volume or mass; `kind`: drum, IBC, bag, carton, twin pack, ... or null;
 * - `source`: `text` (all written), `convention` (a size from the supplier's conventions);
 * - `phrase`: what was read, for the row's Message (`80 l = 4 × 20 l drums`, `20 l = carton of 4 × 5 l`).
 */
export interface PackReading {
  matched: string;
  rest: string;
  packs: string | null;
  inner: { count: string; size: string } | null;
  size: string;
  unit: PackUnit;
  litresOrKilograms: string;
  dimension: Dimension;
  kind: PackKind | null;
  source: 'text' | 'convention';
  phrase: string;
}

const NUM = String.raw`(?:[1-9]\d{0,2}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+`;
const KIND = `(?:${KIND_PATTERN})`;
/** [kind] [count x] size unit [kind]: groups 1 leading kind, 2 count, 3 size, 4 unit word, 5 trailing kind. */
export const DESCRIPTOR = new RegExp(
  String.raw`(?<![\p{L}\d.,/])(?:(${KIND})\s*[:\-–]?\s*)?(?:(${NUM})\s*[x×*]\s*)?(${NUM})\s*(\p{L}[\p{L}.]*)` +
    String.raw`(?![\p{L}\d/%])(?:\s*[-–]?\s*(${KIND})(?!\p{L}))?`,
  'giu',
);
/** `4 drums`, `2 x IBC`: a count and a kind with no size (the size then comes from the conventions). */
const COUNT_KIND = new RegExp(String.raw`^(${NUM})\s*[x×*]?\s*(${KIND})$`, 'iu');
/** A product text ending in a kind word alone (`Glyfos 540 IBC`): sized by the conventions only. */
const TRAILING_KIND = new RegExp(String.raw`^(.*?\S)[\s,\-–(]+(${KIND})\)?$`, 'iu');
const TAIL = /^[\s)\].,;]*$/;

function decimalOf(written: string): string {
  return canonicalDecimal(written.replace(/,/g, ''));
}

function reading(
  parts: Omit<PackReading, 'litresOrKilograms' | 'dimension' | 'phrase'>,
  context: PackContext,
): PackReading {
  const base = UNIT_BASE[parts.unit];
  const full = {
    ...parts,
    litresOrKilograms: multiplyDecimals(parts.size, base.factor),
    dimension: base.dimension,
  };
  return { ...full, phrase: describePack(full, context) };
}

/** {@link DESCRIPTOR} anchored where `lastIndex` says (compiled once: `pick` runs on every line). */
const DESCRIPTOR_AT = new RegExp(DESCRIPTOR.source, 'iuy');
/**
 * What every {@link DESCRIPTOR} match holds (a number ends in a digit and a unit word follows it):
 * text without it holds no descriptor, so the per-start search is skipped.
 */
export const NUMBER_THEN_WORD = /\d\s*\p{L}/u;
/** Each word right after a number: its last digit, spaces, then a letter and letters or dots (a {@link DESCRIPTOR} unit word's place). */
const WORD_AFTER_NUMBER = /\d\s*(\p{L}[\p{L}.]*)/gu;

/** Whether `word` is a unit the engine reads or refuses (what `pick` asks of a match's unit word). */
function isUnitWord(word: string): boolean {
  return measureOf(word) !== null || Object.hasOwn(REFUSED_UNITS, wordKey(word));
}

/**
 * Whether `text` may hold a descriptor `pick` keeps: a unit word it reads or refuses right after a
 * number (the whole word, or the word cut before one of its dots, as the pattern may end it). Text
 * without one (`AtraMax 900 WG`, `Lambda 250 CS`) holds none, so the search (and compiling its
 * pattern, some milliseconds on a cold start) is skipped.
 */
export function mayHoldUnit(text: string): boolean {
  for (const m of text.matchAll(WORD_AFTER_NUMBER)) {
    const word = m[1]!;
    if (isUnitWord(word)) return true;
    for (let dot = word.indexOf('.'); dot > 0; dot = word.indexOf('.', dot + 1))
      if (isUnitWord(word.slice(0, dot))) return true;
  }
  return false;
}

/** What may not stand right before a descriptor (the lookbehind of {@link DESCRIPTOR}). */
const BEFORE_DESCRIPTOR = /[\p{L}\d.,/]/u;

/**
 * Whether the lookbehind of {@link DESCRIPTOR} surely fails at `at`: the code unit before it is a
 * whole character (no surrogate half, left to the pattern itself) that may not precede a descriptor.
 */
export function cannotStartAt(text: string, at: number): boolean {
  if (at === 0) return false;
  const before = text.charCodeAt(at - 1);
  if (before >= 0xd800 && before <= 0xdfff) return false;
  return BEFORE_DESCRIPTOR.test(text[at - 1]!);
}

/** The match of {@link DESCRIPTOR} a context reads: the whole text, or the first with a unit that ends the product text. */
function pick(text: string, context: PackContext): RegExpExecArray | null {
  if (!NUMBER_THEN_WORD.test(text) || !mayHoldUnit(text)) return null;
  // Matches may overlap (`540 IBC 1000L`: `540 IBC` is no size, `IBC 1000L` is): try from every start.
  const pattern = DESCRIPTOR_AT;
  for (let at = 0; at < text.length; at += 1) {
    if (context !== 'product' && at > 0) break;
    if (cannotStartAt(text, at)) continue;
    pattern.lastIndex = at;
    const m = pattern.exec(text);
    if (m && TAIL.test(text.slice(at + m[0].length)) && measureOf(m[4]!) !== null) return m;
    if (m && TAIL.test(text.slice(at + m[0].length)) && Object.hasOwn(REFUSED_UNITS, wordKey(m[4]!))) return m;
  }
  return null;
}

/** Reads one {@link DESCRIPTOR} match; null when its unit word is no unit (`Amine 750 EC`: part of a name). */
function fromMatch(text: string, m: RegExpExecArray, context: PackContext): Parsed<PackReading> | null {
  const [matched, leading, count, sizeText, unitWord, trailing] = m;
  const measure = measureOf(unitWord!);
  const refused = REFUSED_UNITS[wordKey(unitWord!)];
  const whole = context !== 'product';
  if (!measure) {
    if (refused) {
      return parsedFail(
        `'${matched!.trim()}' is in ${refused}: shed records litres and kilograms only and converts nothing it ` +
          `cannot be sure of; write the size in l or kg`,
      );
    }
    return null;
  }
  const leadKind = leading ? kindOf(leading) : null;
  const trailKind = trailing ? kindOf(trailing) : null;
  if (leadKind && trailKind && leadKind !== trailKind && !MULTI_PACK_KINDS.has(leadKind)) {
    return parsedFail(`'${matched!.trim()}' names two kinds of pack (${leadKind}, ${trailKind}): keep one`);
  }
  const each = multiplyDecimals(decimalOf(sizeText!), measure.factor);
  if (compareDecimals(each, '0') <= 0)
    return parsedFail(`'${matched!.trim()}' is a pack of nothing: the size must be more than 0`);
  const n = count === undefined ? null : decimalOf(count);
  if (n !== null && compareDecimals(n, '0') <= 0) {
    return parsedFail(`'${matched!.trim()}' counts ${n} packs: the count must be more than 0`);
  }
  const multi =
    (leadKind && MULTI_PACK_KINDS.has(leadKind) ? leadKind : null) ?? (trailKind === 'twin pack' ? trailKind : null);
  const kind = multi ?? trailKind ?? leadKind;
  const rest = whole ? '' : text.slice(0, m.index).replace(/[\s,\-–(:]+$/, '');
  const base = { matched: matched!.trim(), rest, unit: measure.unit, kind, source: 'text' as const };
  if (multi === 'twin pack' && n !== null && n !== '2') {
    return parsedFail(
      `'${matched!.trim()}' says a twin pack holds ${n} packs: a twin pack holds 2; write the count of packs`,
    );
  }
  if (n !== null && (multi || context !== 'quantity')) {
    // One multi-pack (a carton of 4 × 5 l, a twin pack of 2 × 10 l): the pack counted and priced.
    if (context === 'quantity') {
      return parsedFail(
        `'${matched!.trim()}' says what one ${kind ?? 'pack'} holds, not how many were bought: ` +
          `write the number of ${kind ?? 'pack'}s as the quantity and '${matched!.trim()}' as the pack size`,
      );
    }
    const size = multiplyDecimals(n, each);
    return parsedOk(reading({ ...base, packs: null, inner: { count: n, size: each }, size }, context));
  }
  if (context === 'quantity' && n === null) return null;
  return parsedOk(reading({ ...base, packs: n, inner: null, size: each }, context));
}

/** A count and a kind with no size (`4 drums`), or a kind alone, sized by the supplier's conventions. */
function fromConvention(text: string, options: PackOptions): Parsed<PackReading> | null {
  const { context, conventions } = options;
  let packs: string | null = null;
  let kindWord: string;
  let rest = '';
  let matched = text;
  if (context === 'quantity') {
    const m = COUNT_KIND.exec(text);
    if (!m) return null;
    packs = decimalOf(m[1]!);
    kindWord = m[2]!;
  } else if (context === 'size') {
    if (!kindOf(text) && !conventions?.kinds) return null;
    kindWord = text;
  } else {
    const m = TRAILING_KIND.exec(text);
    if (!m) return null;
    rest = m[1]!.replace(/[\s,\-–(]+$/, '');
    kindWord = m[2]!;
    matched = text
      .slice(m[1]!.length)
      .replace(/^[\s,\-–(]+/, '')
      .replace(/\)$/, '');
  }
  const said = conventionForKind(conventions, kindWord);
  if (!said) return null;
  const parts = { matched, rest, packs, inner: null, size: said.size, unit: said.unit, kind: said.kind };
  return parsedOk(reading({ ...parts, source: 'convention' }, context));
}

/**
 * Reads the pack descriptor in `text` for its context (see {@link PackContext}); `options.conventions`
 * size the kind words the text leaves unsized (`4 drums` with `{ kinds: { drum: '200 l' } }`).
 * Returns null when the text holds no descriptor (a plain number, a product name without a size,
 * a concentration such as `600 g/L`); a refusal with the reason when it holds one that cannot be used
 * safely: gallons, ounces or pounds, a size or count of 0, two kinds, a carton's contents as a quantity.
 * Never throws.
 */
export function readPack(text: string, options: PackOptions): Parsed<PackReading> | null {
  const clean = cleanText(text).replace(/[–—]/g, '-');
  if (clean === '') return null;
  const m = pick(clean, options.context);
  const read = m ? fromMatch(clean, m, options.context) : null;
  return read ?? fromConvention(clean, options);
}

/**
 * The pack one counted item holds by the supplier's conventions (`{ each: '20 l' }`), for a unit cell
 * that counts (`EA`, `C62`, `each`: `code` as written) when the product text names no size; null when
 * the conventions are silent.
 */
export function eachPack(conventions: PackConventions | undefined, code: string): PackReading | null {
  const said = conventionForEach(conventions);
  if (!said) return null;
  const parts = { matched: code.trim(), rest: '', packs: null, inner: null, size: said.size, unit: said.unit };
  return reading({ ...parts, kind: null, source: 'convention' }, 'size');
}

/** A plain size (`'20'`, `'l'`) as a reading, to check it against what the product is kept by. */
export function sizePack(size: string, unit: PackUnit): PackReading {
  const parts = { matched: `${size} ${unit}`, rest: '', packs: null, inner: null, size, unit };
  return reading({ ...parts, kind: null, source: 'text' }, 'size');
}
