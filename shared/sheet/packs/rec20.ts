/**
 * UN/ECE Recommendation 20 unit codes (UBL `unitCode`, accounting exports' unit columns) and unit
 * cells: a measure (LTR → l, KGM → kg, MTQ → 1000 l) or a count (EA, C62, H87, XBG) whose pack size
 * must come from the product text or the supplier's conventions.
 */
import { type Dimension, type PackKind, type PackUnit, REC20_COUNTS, REC20_MEASURES, UNIT_BASE } from './vocabulary.ts';

/**
 * What a Rec 20 code means to a receipt line:
 * - `measure`: one of the code is `factor` of `unit` (`LTR` → 1 l, `MTQ` → 1000 l, `TNE` → 1 t);
 * - `count`: the code counts items or packages (`EA`, `C62`, `H87`, `XBG` bag): the pack size is not in it.
 */
export type Rec20Unit =
  | { type: 'measure'; code: string; name: string; unit: PackUnit; factor: string; dimension: Dimension }
  | { type: 'count'; code: string; name: string; kind: PackKind | null };

/**
 * A UN/ECE Recommendation 20 (or Rec 21 `X`-prefixed package) code as a {@link Rec20Unit}; case and
 * surrounding spaces ignored; null when the code is not one a farm receipt uses (`HUR`, `KWH`, `LBR`:
 * pounds are refused, not converted).
 */
export function unitFromRec20(code: string): Rec20Unit | null {
  const key = code.trim().toUpperCase();
  if (Object.hasOwn(REC20_MEASURES, key)) {
    const { unit, factor, name } = REC20_MEASURES[key]!;
    return { type: 'measure', code: key, name, unit, factor, dimension: UNIT_BASE[unit].dimension };
  }
  if (Object.hasOwn(REC20_COUNTS, key)) {
    const { name, kind } = REC20_COUNTS[key]!;
    return { type: 'count', code: key, name, kind: kind ?? null };
  }
  return null;
}

/** Words a unit cell may hold that count items (not Rec 20 codes): `each`, `unit`, `units`, `item`, `pce`, `pcs`. */
const COUNT_WORDS = new Set([
  'each',
  'ea',
  'unit',
  'units',
  'item',
  'items',
  'pce',
  'pcs',
  'piece',
  'pieces',
  'no',
  'qty',
]);

/** Whether a unit cell counts items (`EA`, `C62`, `each`, `units`, `XBG`): the pack size must then come from elsewhere. */
export function isCountUnit(text: string): boolean {
  const key = text.trim().toLowerCase().replace(/\./g, '');
  return COUNT_WORDS.has(key) || unitFromRec20(key)?.type === 'count';
}
