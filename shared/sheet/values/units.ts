/**
 * Pack sizes and units (gaps row 10): a size with its unit in one cell (`20 L`, `20L`, `20 litres`,
 * `1000kg`) or in two columns, and unit spellings normalised by {@link UNIT_SYNONYMS}.
 */
import type { CellValue } from '../grid.ts';
import { UNIT_SYNONYMS } from '../../service/gaps.ts';
import { parseDecimalCell, parseDecimalText } from './decimal-cell.ts';
import { EMPTY_REASON, type Parsed, parsedFail, parsedOk } from './parsed.ts';
import { cleanText, describeCell } from './text.ts';

/**
 * What {@link normaliseUnit} made of a unit: the unit to send, whether it is a known spelling, and,
 * for a unit the mapping file's `units` table converts, how many of `unit` one written unit is
 * (`drum` → `{ unit: 'l', factor: '200' }`: a pack size of 2 drums is 400 l).
 */
export interface NormalisedUnit {
  unit: string;
  known: boolean;
  factor?: string;
}

/** One entry of a `units` table: one written unit is `factor` (a decimal) of `unit`, a known unit. */
export interface UnitAlias {
  factor: string;
  unit: string;
}

/** A `units` table, keyed by {@link unitKey} of the written unit. */
export type UnitAliases = ReadonlyMap<string, UnitAlias>;

/** A unit as looked up: lower case, dots and all whitespace removed (`'Ltr.'` → `'ltr'`, `'1t Bag'` → `'1tbag'`). */
export function unitKey(text: string): string {
  return cleanText(text).toLowerCase().replace(/[.\s]/g, '');
}

/**
 * A `units` table value (`'l'`, `'Lts'`, `'200 l'`, `'1 t'`) as a {@link UnitAlias}, or null when it
 * is not a positive number and a known unit (gaps rows 10 and 27).
 */
export function parseUnitAlias(text: string): UnitAlias | null {
  const parsed = parseQuantityWithUnit(/^\p{L}/u.test(text.trim()) ? `1 ${text}` : text);
  if (
    !parsed.ok ||
    parsed.value.unit === null ||
    parsed.value.value.startsWith('-') ||
    /^0(\.0*)?$/.test(parsed.value.value)
  )
    return null;
  const unit = normaliseUnit(parsed.value.unit);
  return unit.known ? { factor: parsed.value.value, unit: unit.unit } : null;
}

/** A pack size (or return amount) as a canonical decimal string, and its unit as written (null when none). */
export interface QuantityWithUnit {
  value: string;
  unit: string | null;
}

/** A number (digits, thousands commas, a point) then optionally one word of letters and dots. */
const QUANTITY = /^([+-]?(?:\d[\d,]*(?:\.\d*)?|\.\d+))\s*(\p{L}[\p{L}.]*)?$/u;
const EXAMPLE = "expected a number and one unit, like '20 L', '250 g' or '1,000 kg'";

/**
 * A unit in the service's spelling (gaps row 10): trimmed, lower-cased, dots and spaces removed, then
 * looked up in {@link UNIT_SYNONYMS} (`L`, `Ltr`, `litres` → `l`; `KG` → `kg`; `T`, `tonnes` → `t`;
 * `ml`; `g`), after the mapping file's `aliases` (which may carry a factor). Unknown units come back
 * trimmed as written with `known: false` (the caller refuses them, gaps row 27);
 * length (over 20 characters) is checked by validation.
 */
export function normaliseUnit(text: string, aliases?: UnitAliases): NormalisedUnit {
  const written = cleanText(text);
  const key = unitKey(written);
  const alias = aliases?.get(key);
  if (alias) return { unit: alias.unit, known: true, factor: alias.factor };
  const unit = Object.hasOwn(UNIT_SYNONYMS, key) ? UNIT_SYNONYMS[key] : undefined;
  return unit === undefined ? { unit: written, known: false } : { unit, known: true };
}

/**
 * A pack size (or return amount) cell: a number alone (`20` → `{ value: '20', unit: null }`, the unit
 * then comes from its own column) or a number and one unit word (`'20 L'`, `'20L'`, `'20 litres'`,
 * `'1000kg'`, `'1,000 kg'`, `'0.5 t'` → value `'0.5'`, unit `'t'`). The unit is returned as written
 * (trimmed); the caller normalises it with {@link normaliseUnit}. Negative values are accepted
 * (validation checks signs). Refused with a reason naming the cell: empty ({@link EMPTY_REASON}),
 * a unit with no number (`'L'`), more than one word after the number (`'20 L drum'`), dates, booleans.
 */
export function parseQuantityWithUnit(value: CellValue): Parsed<QuantityWithUnit> {
  if (typeof value !== 'string') {
    const number = parseDecimalCell(value);
    return number.ok ? parsedOk({ value: number.value, unit: null }) : number;
  }
  const text = cleanText(value);
  if (text === '') return parsedFail(EMPTY_REASON);
  const m = QUANTITY.exec(text);
  if (!m) {
    const why = /\d/.test(text) ? EXAMPLE : `it has no number (${EXAMPLE})`;
    return parsedFail(`${describeCell(value)} is not a pack size: ${why}`);
  }
  const number = parseDecimalText(m[1]!);
  if (!number.ok) return parsedFail(`${describeCell(value)} is not a pack size: ${number.why}`);
  return parsedOk({ value: number.value, unit: m[2] ?? null });
}
