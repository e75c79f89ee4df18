/**
 * The words of the pack engine: unit spellings (gaps row 10's synonyms and more), UN/ECE
 * Recommendation 20 unit codes, units refused on purpose (gallons, ounces, pounds) and pack kinds.
 * Plain tables, looked up by {@link wordKey}.
 */
import { UNIT_SYNONYMS } from '../../service/gaps.ts';

/** The units the service is sent (gaps row 10): litres, millilitres, kilograms, grams, tonnes. */
export type PackUnit = 'l' | 'ml' | 'kg' | 'g' | 't';

/** What a size measures: a volume (litres) or a mass (kilograms). Never converted into each other without a density. */
export type Dimension = 'volume' | 'mass';

/** The dimension and the size in litres or kilograms of one of each unit. */
export const UNIT_BASE: Readonly<Record<PackUnit, { dimension: Dimension; base: 'l' | 'kg'; factor: string }>> = {
  l: { dimension: 'volume', base: 'l', factor: '1' },
  ml: { dimension: 'volume', base: 'l', factor: '0.001' },
  kg: { dimension: 'mass', base: 'kg', factor: '1' },
  g: { dimension: 'mass', base: 'kg', factor: '0.001' },
  t: { dimension: 'mass', base: 'kg', factor: '1000' },
};

/** A word or code as looked up: lower case, dots, spaces and hyphens removed (`'Ltr.'` → `'ltr'`, `'Twin-Pack'` → `'twinpack'`). */
export function wordKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[.\s\-–]/g, '');
}

/** A measure unit: one written unit is `factor` of `unit` (`'cl'` → 0.01 l; `'MTQ'` → 1000 l). */
export interface Measure {
  unit: PackUnit;
  factor: string;
}

/**
 * UN/ECE Recommendation 20 measure codes (UBL `unitCode`, upper case) that are volumes or masses,
 * with what one of each is in a service unit.
 */
export const REC20_MEASURES: Readonly<Record<string, Measure & { name: string }>> = {
  LTR: { unit: 'l', factor: '1', name: 'litre' },
  MLT: { unit: 'ml', factor: '1', name: 'millilitre' },
  CLT: { unit: 'l', factor: '0.01', name: 'centilitre' },
  DLT: { unit: 'l', factor: '0.1', name: 'decilitre' },
  HLT: { unit: 'l', factor: '100', name: 'hectolitre' },
  DMQ: { unit: 'l', factor: '1', name: 'cubic decimetre' },
  CMQ: { unit: 'ml', factor: '1', name: 'cubic centimetre' },
  MTQ: { unit: 'l', factor: '1000', name: 'cubic metre' },
  KGM: { unit: 'kg', factor: '1', name: 'kilogram' },
  GRM: { unit: 'g', factor: '1', name: 'gram' },
  TNE: { unit: 't', factor: '1', name: 'tonne' },
  DTN: { unit: 'kg', factor: '100', name: 'decitonne' },
};

/**
 * Rec 20 codes that count things rather than measure them: the pack size must come from the product
 * text or the supplier's pack conventions. `kind` when the code names a package (Rec 21 `X..` codes).
 */
export const REC20_COUNTS: Readonly<Record<string, { name: string; kind?: PackKind }>> = {
  EA: { name: 'each' },
  C62: { name: 'one' },
  H87: { name: 'piece' },
  NAR: { name: 'number of articles' },
  NPL: { name: 'number of parcels' },
  SET: { name: 'set' },
  PR: { name: 'pair' },
  XBG: { name: 'bag', kind: 'bag' },
  XSA: { name: 'sack', kind: 'bag' },
  XJB: { name: 'bulk bag', kind: 'bulk bag' },
  XDR: { name: 'drum', kind: 'drum' },
  XCT: { name: 'carton', kind: 'carton' },
  XCS: { name: 'case', kind: 'carton' },
  XBX: { name: 'box', kind: 'box' },
  XCA: { name: 'can', kind: 'can' },
  XJC: { name: 'jerrican', kind: 'jerry can' },
  XJR: { name: 'jar', kind: 'jug' },
  XBO: { name: 'bottle', kind: 'bottle' },
  XPA: { name: 'packet', kind: 'pack' },
  XPK: { name: 'package', kind: 'pack' },
  XPL: { name: 'pail', kind: 'pail' },
  XTB: { name: 'tub', kind: 'tub' },
  XWA: { name: 'intermediate bulk container', kind: 'IBC' },
  XPX: { name: 'pallet', kind: 'pallet' },
};

/** Unit spellings of text (beyond gaps row 10's synonyms): each is a service unit times a factor. */
const EXTRA_UNITS: Readonly<Record<string, Measure>> = {
  ltrs: { unit: 'l', factor: '1' },
  lit: { unit: 'l', factor: '1' },
  litr: { unit: 'l', factor: '1' },
  mls: { unit: 'ml', factor: '1' },
  cc: { unit: 'ml', factor: '1' },
  cl: { unit: 'l', factor: '0.01' },
  kgs: { unit: 'kg', factor: '1' },
  grm: { unit: 'g', factor: '1' },
  grms: { unit: 'g', factor: '1' },
  tne: { unit: 't', factor: '1' },
  tn: { unit: 't', factor: '1' },
  ltr: { unit: 'l', factor: '1' },
  kgm: { unit: 'kg', factor: '1' },
  mlt: { unit: 'ml', factor: '1' },
};

/**
 * A unit word of text or a unit cell (`'L'`, `'Ltrs'`, `'kg'`, `'tonne'`, `'KGM'`, `'MTQ'`) as a
 * {@link Measure}, or null when it is not a volume or mass the engine knows.
 */
export function measureOf(word: string): Measure | null {
  const key = wordKey(word);
  const rec20 = REC20_MEASURES[key.toUpperCase()];
  if (rec20 && Object.hasOwn(REC20_MEASURES, key.toUpperCase())) return { unit: rec20.unit, factor: rec20.factor };
  if (Object.hasOwn(EXTRA_UNITS, key)) return EXTRA_UNITS[key]!;
  if (Object.hasOwn(UNIT_SYNONYMS, key)) {
    const unit = UNIT_SYNONYMS[key] as PackUnit;
    if (Object.hasOwn(UNIT_BASE, unit)) return { unit, factor: '1' };
  }
  return null;
}

/**
 * Units refused on purpose, with the reason: the service totals litres and kilograms, and these are
 * ambiguous (US or imperial gallons) or would need a conversion nobody stated.
 */
export const REFUSED_UNITS: Readonly<Record<string, string>> = {
  gal: 'gallons (US or imperial?)',
  gals: 'gallons (US or imperial?)',
  gallon: 'gallons (US or imperial?)',
  gallons: 'gallons (US or imperial?)',
  oz: 'ounces (by weight or fluid?)',
  floz: 'fluid ounces',
  lb: 'pounds',
  lbs: 'pounds',
  pound: 'pounds',
  pounds: 'pounds',
  pint: 'pints (US or imperial?)',
  pints: 'pints (US or imperial?)',
  qt: 'quarts',
  quart: 'quarts',
  quarts: 'quarts',
  cwt: 'hundredweight (short or long?)',
};

/** The kinds of pack the engine names. A multi-pack (carton, twin pack, ...) holds several inner packs. */
export type PackKind =
  | 'drum'
  | 'IBC'
  | 'shuttle'
  | 'bag'
  | 'bulk bag'
  | 'bulk'
  | 'carton'
  | 'box'
  | 'twin pack'
  | 'pack'
  | 'pallet'
  | 'can'
  | 'jerry can'
  | 'jug'
  | 'bottle'
  | 'tub'
  | 'pail'
  | 'tote'
  | 'sachet';

/** Kinds that hold several inner packs: `CTN 4x5L` is one carton of 20 l, `2 x 10 L twin pack` one pack of 20 l. */
export const MULTI_PACK_KINDS: ReadonlySet<PackKind> = new Set(['carton', 'box', 'twin pack', 'pack', 'pallet']);

/** Written kind words (keyed by {@link wordKey}, plurals included) → the kind. */
export const KIND_WORDS: Readonly<Record<string, PackKind>> = {
  drum: 'drum',
  drums: 'drum',
  drm: 'drum',
  ibc: 'IBC',
  ibcs: 'IBC',
  shuttle: 'shuttle',
  shuttles: 'shuttle',
  bag: 'bag',
  bags: 'bag',
  bg: 'bag',
  sack: 'bag',
  sacks: 'bag',
  bulkbag: 'bulk bag',
  bulkbags: 'bulk bag',
  bulkabag: 'bulk bag',
  bulkabags: 'bulk bag',
  bigbag: 'bulk bag',
  fibc: 'bulk bag',
  bulka: 'bulk bag',
  bulk: 'bulk',
  carton: 'carton',
  cartons: 'carton',
  ctn: 'carton',
  ctns: 'carton',
  case: 'carton',
  cases: 'carton',
  box: 'box',
  boxes: 'box',
  twinpack: 'twin pack',
  twinpacks: 'twin pack',
  twin: 'twin pack',
  pack: 'pack',
  packs: 'pack',
  pk: 'pack',
  pallet: 'pallet',
  pallets: 'pallet',
  can: 'can',
  cans: 'can',
  tin: 'can',
  tins: 'can',
  jerrycan: 'jerry can',
  jerrycans: 'jerry can',
  jug: 'jug',
  jugs: 'jug',
  bottle: 'bottle',
  bottles: 'bottle',
  btl: 'bottle',
  tub: 'tub',
  tubs: 'tub',
  pail: 'pail',
  pails: 'pail',
  bucket: 'pail',
  buckets: 'pail',
  tote: 'tote',
  totes: 'tote',
  sachet: 'sachet',
  sachets: 'sachet',
};

/** The kind a written word names, or null. */
export function kindOf(word: string): PackKind | null {
  const key = wordKey(word);
  return Object.hasOwn(KIND_WORDS, key) ? KIND_WORDS[key]! : null;
}

/** A regular-expression alternation of every kind word (two-word kinds with any spacing), longest first. */
export const KIND_PATTERN = [
  'twin[\\s-]*packs?',
  'bulk[\\s-]*bags?',
  'bulka[\\s-]*bags?',
  'big[\\s-]*bags?',
  'jerry[\\s-]*cans?',
  ...Object.keys(KIND_WORDS)
    .filter((k) => !/^(twinpack|bulkbag|bulkabag|bigbag|jerrycan)/.test(k))
    .sort((a, b) => b.length - a.length),
].join('|');
