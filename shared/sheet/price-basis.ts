/**
 * Whether a sheet's prices include GST (gaps row 28). The service keeps a line's pack cost ex GST;
 * a column headed `Unit Price (inc GST)` mapped to the pack cost would make every cost 10% high, so
 * a header that says which it is decides, and one that contradicts what the import was told stops
 * the import before anything is read further. Pure.
 */
import { words } from '../kinds/index.ts';
import type { ColumnMapping } from './column-mapping.ts';
import { MappingError } from './mapping-error.ts';

/** Whether a column's amounts include GST: from its header, when the header says. */
export type GstBasis = 'inc' | 'ex';

// The words a header says GST with, each list once: the patterns below, the qualifier the mapping
// takes out (withoutGstQualifier) and the words line-amount.ts leaves out are all made of them.
const TAX = ['gst', 'tax', 'vat'];
/** Before the tax word: `inc GST`, `ex GST`, `pre-GST`. */
const INC_BEFORE_WORDS = ['inc', 'incl', 'including', 'inclusive', 'inclusive of', 'with'];
const EX_BEFORE_WORDS = [
  'ex',
  'exc',
  'excl',
  'excluding',
  'exclusive',
  'exclusive of',
  'before',
  'pre',
  'less',
  'net of',
  'without',
];
/** After it: `GST inclusive`, `GST excl`. */
const INC_AFTER_WORDS = ['inc', 'incl', 'inclusive', 'included'];
const EX_AFTER_WORDS = ['ex', 'exc', 'excl', 'exclusive', 'excluded'];
/** Alone at the end, the tax unsaid: `Price inc`, `Cost ex.`. */
const INC_ALONE_WORDS = ['inc', 'incl', 'inclusive'];
const EX_ALONE_WORDS = ['ex', 'exc', 'excl', 'exclusive'];
const NETT_WORDS = ['net', 'nett'];
/**
 * Before a price word at the front, the tax unsaid: `Inc Price`, `Exclusive Price` (GST-inclusive and exclusive to an
 * Australian or NZ bookkeeper). Only these whole words, only first, only before one of {@link PRICE_WORDS}: `Index
 * Price`, `Extra Price`, `Ex Works Price`, `Ex Rate` say nothing of GST.
 */
const INC_FRONT_WORDS = INC_ALONE_WORDS;
const EX_FRONT_WORDS = EX_ALONE_WORDS;
const PRICE_WORDS = ['price', 'prices', 'cost', 'costs', 'amount', 'total', 'value'];
/**
 * The words a GST rate may stand beside (`inc 10% GST`, `GST 10% incl`, `inc. GST 10%`, `Price inc 15%`): the tax
 * words and the words saying inc or ex. A number anywhere else (`Price 2`, `Price 2024 disc`) is kept.
 */
const RATE_BESIDE: ReadonlySet<string> = new Set([
  ...TAX,
  ...INC_AFTER_WORDS,
  ...EX_AFTER_WORDS,
  ...INC_ALONE_WORDS,
  ...EX_ALONE_WORDS,
  'including',
  'excluding',
]);
/** A rate's words: `10`, `15`; `12.5%` is `12`, `5`. One or two digits each, so a year or a code is no rate. */
const RATE_PART = /^\d{1,2}$/;

/**
 * Every word a header says its GST basis (or that it is net) with: `inc`, `excl`, `gst`, `of`, `nett` …
 * Not what a column is: line-amount.ts leaves them out to see what is left.
 */
export const BASIS_WORDS: ReadonlySet<string> = new Set(
  [
    ...TAX,
    ...INC_BEFORE_WORDS,
    ...EX_BEFORE_WORDS,
    ...INC_AFTER_WORDS,
    ...EX_AFTER_WORDS,
    ...INC_ALONE_WORDS,
    ...EX_ALONE_WORDS,
    ...NETT_WORDS,
  ].flatMap((w) => w.split(' ')),
);

// The patterns run on the header's basis words joined by single spaces (`unit price inc gst`): lower
// case, letters and digits, so `\b` is a word's edge however the header separates its words.
const any = (list: readonly string[]): string => `(?:${list.map((w) => w.replace(/ /g, ' ?')).join('|')})`;
/** `inc GST`, `ex GST`, `incGST`: the word before the tax word. */
const INC_BEFORE = new RegExp(`\\b${any(INC_BEFORE_WORDS)} ?${any(TAX)}\\b`);
const EX_BEFORE = new RegExp(`\\b${any(EX_BEFORE_WORDS)} ?${any(TAX)}\\b`);
/** `GST inclusive`, `GST excl`: the word after it. */
const INC_AFTER = new RegExp(`\\b${any(TAX)} ?${any(INC_AFTER_WORDS)}\\b`);
const EX_AFTER = new RegExp(`\\b${any(TAX)} ?${any(EX_AFTER_WORDS)}\\b`);
const NETT = new RegExp(`\\b${any(NETT_WORDS)}\\b`);
/** `inc` or `ex` last: `Price inc`, `Unit Price (incl.)`, `Cost ex.` (the tax unsaid). */
const INC_ALONE = new RegExp(`\\b${any(INC_ALONE_WORDS)}$`);
const EX_ALONE = new RegExp(`\\b${any(EX_ALONE_WORDS)}$`);
/** `inc` or `ex` first, before a price word: `Inc Price`, `Inclusive Unit Price`, `Ex Cost` (the tax unsaid). */
const FRONT = (list: readonly string[]) => new RegExp(`^${any(list)} (?:unit )?${any(PRICE_WORDS)}\\b`);
const INC_FRONT = FRONT(INC_FRONT_WORDS);
const EX_FRONT = FRONT(EX_FRONT_WORDS);
/** A word ending in a qualifier written without spaces: `priceexgst` (`PriceExGST`), `unitpriceincgst`. */
const GLUED = new RegExp(
  `^([a-z0-9]+?)(${[...INC_BEFORE_WORDS, ...EX_BEFORE_WORDS].map((w) => w.replace(/ /g, '')).join('|')})(${TAX.join('|')})$`,
);

/** A tax word and a rate run together: `gst10`, `10gst`. */
const GLUED_RATE = new RegExp(`^(?:(${TAX.join('|')})(\\d{1,2})|(\\d{1,2})(${TAX.join('|')}))$`);

/**
 * The header's words as the mapping sees them (mapping-match.ts: split at spaces, `_`, `-`, `.` and
 * brackets, lower case), a word ending in what it says of GST split from it: `'Unit_Price_Inc_GST'`,
 * `'Unit Price (inc. GST)'`, `'UnitPriceIncGST'` → `['unit', 'price', 'inc', 'gst']`; and without a GST
 * rate beside a tax word or an inc or ex (`10%`, `10 %`, `12.5%`, `GST10`): `'Price (incl. 10% GST)'`,
 * `'Price inc. GST 10%'` → `['price', 'incl', 'gst']`, `['price', 'inc', 'gst']`. The basis is read, and the
 * qualifier taken out, on these, so every header the mapping places has its basis read, whatever rate it names.
 */
export function basisWords(header: string): string[] {
  const split = words(header).flatMap((word) => {
    const glued = GLUED.exec(word) ?? GLUED_RATE.exec(word);
    return glued ? glued.slice(1).filter((w) => w !== undefined) : [word];
  });
  return withoutRates(split);
}

/** `split` without each rate (one or two {@link RATE_PART}s in a row) that stands beside a word of {@link RATE_BESIDE}. */
function withoutRates(split: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < split.length;) {
    let end = i;
    while (end < split.length && end - i < 2 && RATE_PART.test(split[end]!)) end += 1;
    if (end === i) {
      kept.push(split[i]!);
      i += 1;
      continue;
    }
    const beside = [split[i - 1], split[end]].some((w) => w !== undefined && RATE_BESIDE.has(w));
    if (!beside) kept.push(...split.slice(i, end));
    i = end;
  }
  return kept;
}

/**
 * What a header says about GST: `'Unit Price (inc GST)'`, `'Price incl. GST'`, `'Total GST inclusive'`,
 * `'GST-inclusive price'`, `'Price inc'` (the tax unsaid, as Australian invoices write it), `'unit_price_inc_gst'`,
 * `'PriceIncGST'` → `'inc'`; `'Price ex GST'`, `'Cost excl tax'`, `'Pre-GST total'`, `'Nett price'`,
 * `'Price (ex GST, freight incl.)'`, `'price_ex_gst'` → `'ex'`; `'Unit Price'` → null;
 * `'Price inc GST / ex GST'` → `'both'`. The word before the tax word says it first (`'Price ex GST inc disc'` is
 * ex), then the word after it, then `nett`, then an `inc` or `ex` alone at the end or first before a price word
 * (`'Inc Price'`, `'Exclusive Price'`; not `'Index Price'`, `'Ex Works Price'`, `'Price Ex Works'`). A rate beside
 * the qualifier is no matter: `'Price (incl. 10% GST)'`, `'Price (GST 10% incl)'` → `'inc'`, `'Price (ex 15% GST)'` →
 * `'ex'`. Read on {@link basisWords}.
 */
export function gstBasisOfHeader(header: string): GstBasis | 'both' | null {
  const text = basisWords(header).join(' ');
  const said = (inc: boolean, ex: boolean) => (inc && ex ? 'both' : inc ? 'inc' : ex ? 'ex' : null);
  return (
    said(INC_BEFORE.test(text), EX_BEFORE.test(text)) ??
    said(INC_AFTER.test(text), EX_AFTER.test(text)) ??
    (NETT.test(text) ? 'ex' : null) ??
    said(INC_ALONE.test(text) || INC_FRONT.test(text), EX_ALONE.test(text) || EX_FRONT.test(text))
  );
}

/** The four qualifier patterns, each matching everywhere in a header's basis words. */
const QUALIFIERS = [INC_BEFORE, EX_BEFORE, INC_AFTER, EX_AFTER].map((re) => new RegExp(re.source, 'g'));

/**
 * The header's {@link basisWords} without what it says of GST (`inc GST`, `Incl. GST`, `excl tax`, `GST inclusive`,
 * `_inc_gst`: each phrase {@link gstBasisOfHeader} reads before `nett` or a lone `inc`), joined by spaces:
 * `'Price inc GST'` → `'price'`, `'Cost excl. GST'` → `'cost'`, `'unit_price_inc_gst'` → `'unit price'`,
 * `'Unit Price'` → `'unit price'`. The mapping (mapping-match.ts) matches a header on what is left, so a
 * qualifier never counts against a synonym, and what it takes out is always read here for the price basis.
 */
export function withoutGstQualifier(header: string): string {
  return QUALIFIERS.reduce((text, re) => text.replace(re, ' '), basisWords(header).join(' '))
    .split(' ')
    .filter((w) => w !== '')
    .join(' ');
}

/**
 * What the header of the column the pack costs come from says of GST (the pack cost column, else the
 * Line Total a cost is worked out from): `'inc'`, `'ex'`, or null when it does not say (or says both) or there is none.
 */
export function costColumnBasis(mapping: ColumnMapping): GstBasis | null {
  const columns = mapping.columns as Partial<Record<string, number>>;
  const column = columns['pack_cost'] ?? columns['line_total'];
  const basis = column === undefined ? null : gstBasisOfHeader(mapping.headers[column] ?? '');
  // A header saying both decides nothing here: checkPriceBasis refuses it.
  return basis === 'both' ? null : basis;
}

/**
 * How the pack cost and line total columns are to be read:
 * - `costIncludesGst`: the pack cost column's prices include GST (GST is taken off before sending);
 * - `totalIncludesGst`: the line total column's amounts include GST (for the line total check).
 * A column whose header does not say is taken as the import was told (`gstRate` given: inclusive).
 */
export interface PriceBasis {
  costIncludesGst: boolean;
  totalIncludesGst: boolean;
}

/**
 * Reads the GST basis of the pack cost and line total columns and checks it against what the import
 * was told (`gstRate`: prices include GST at that rate; null: they exclude it).
 * @throws MappingError `gst_basis` when the pack cost column says it includes GST and `gstRate` is
 *   null, or says it excludes GST while `gstRate` is given, or a price column says both; the message
 *   names the column and the fix.
 */
export function checkPriceBasis(
  mapping: ColumnMapping,
  gstRate: string | null,
  where: { source: string; sheet: string },
): PriceBasis {
  const headerOf = (field: 'pack_cost' | 'line_total'): string | null => {
    const column = (mapping.columns as Partial<Record<string, number>>)[field];
    return column === undefined ? null : (mapping.headers[column] ?? '');
  };
  // Without a price column, pack costs come from the Line Total ÷ Qty (pack_cost_from): its basis is theirs.
  const costHeader = headerOf('pack_cost') ?? headerOf('line_total');
  const totalHeader = headerOf('line_total');
  const cost = costHeader === null ? null : gstBasisOfHeader(costHeader);
  const total = totalHeader === null ? null : gstBasisOfHeader(totalHeader);
  const at = `${where.source}, sheet '${where.sheet}', header row ${mapping.headerRowNumber}`;
  const both = [costHeader, totalHeader].find((h) => h !== null && gstBasisOfHeader(h) === 'both');
  if (both !== undefined) {
    throw new MappingError(
      'gst_basis',
      `${at}: the column '${both}' says its amounts both include and exclude GST: rename it to say one ` +
        `(e.g. 'Price ex GST'), and import again.`,
    );
  }
  if (cost === 'inc' && gstRate === null) {
    throw new MappingError(
      'gst_basis',
      `${at}: the column '${costHeader}' (mapped to the pack cost) holds prices including GST, but the service keeps ` +
        `the pack cost excluding GST.`,
      { remedies: [{ code: 'prices_include_gst' }] },
    );
  }
  if (cost === 'ex' && gstRate !== null) {
    throw new MappingError(
      'gst_basis',
      `${at}: the import was told prices include GST, but the column '${costHeader}' (mapped to the pack cost) ` +
        `says its prices exclude GST.`,
      { remedies: [{ code: 'prices_exclude_gst' }] },
    );
  }
  const told = gstRate !== null;
  return {
    costIncludesGst: cost === null ? told : cost === 'inc',
    totalIncludesGst: total === null ? told : total === 'inc',
  };
}
