/**
 * Values as exports show them: a service timestamp as the calendar date in the farm's time zone,
 * and a quantity in litres or kilograms (PRODUCT.md job 4: "totals in litres or kilograms").
 */
import {
  formatLocalDate,
  localDateToUtcDate,
  multiplyDecimals,
  normaliseUnit,
  canonicalDecimal,
  timestampToLocalDate,
  type LocalDate,
} from '../sheet/values/index.ts';

/**
 * The date cell of a service timestamp: a `Date` at UTC midnight whose UTC parts are the calendar
 * date in `timeZone` (how exceljs writes a date cell): `('2026-02-02T14:00:00Z', 'Australia/Sydney')`
 * → 2026-02-03. @throws InvalidTimeZoneError, InvalidTimestampError (shared/sheet/values).
 */
export function localDateCell(iso: string, timeZone: string): Date {
  return localDateToUtcDate(timestampToLocalDate(iso, timeZone));
}

/** Each unit a quantity is totalled in, and the factor into it (exact decimal strings). */
export const BASE_UNITS: Readonly<Record<string, { unit: 'l' | 'kg'; factor: string }>> = {
  l: { unit: 'l', factor: '1' },
  ml: { unit: 'l', factor: '0.001' },
  kg: { unit: 'kg', factor: '1' },
  g: { unit: 'kg', factor: '0.001' },
  t: { unit: 'kg', factor: '1000' },
};

/** A quantity in its base unit: `value` an exact decimal string, `unit` `l`, `kg`, or the unit as written when unknown. */
export interface BaseQuantity {
  value: string;
  unit: string;
  /** Whether the unit is one of {@link BASE_UNITS} (else the value is kept as it is). */
  known: boolean;
}

/**
 * A quantity in litres or kilograms, exactly: the unit is first read as a known spelling
 * (`L`, `litres` → l; gaps row 10, `normaliseUnit`), then ml → l (÷ 1000), g → kg (÷ 1000),
 * t → kg (× 1000); l and kg as they are. A unit it does not know (`drum`) is kept as written and the
 * value is not converted. `('250', 'g')` → `{ value: '0.25', unit: 'kg' }`.
 * @throws InvalidDecimalError when `value` is not a decimal string (the service's are).
 */
export function toBaseQuantity(value: string, unit: string): BaseQuantity {
  const normal = normaliseUnit(unit);
  const base = normal.known ? BASE_UNITS[normal.unit] : undefined;
  if (base === undefined) return { value: canonicalDecimal(value), unit: normal.unit, known: false };
  return { value: multiplyDecimals(value, base.factor), unit: base.unit, known: true };
}

/** An inclusive range of calendar dates in the farm's time zone; `null` ends are open. */
export interface DateRange {
  from: LocalDate | null;
  to: LocalDate | null;
}

/** Whether a calendar date lies in the range (both ends inclusive). */
export function inDateRange(date: LocalDate, range: DateRange | undefined): boolean {
  if (range === undefined) return true;
  const day = formatLocalDate(date);
  if (range.from !== null && day < formatLocalDate(range.from)) return false;
  if (range.to !== null && day > formatLocalDate(range.to)) return false;
  return true;
}

/** Compares two texts as people sort names: case and accents ignored, numbers in order (`Shed 2` before `Shed 10`). */
export function compareText(a: string, b: string): number {
  return TEXT_ORDER.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
/** One collator for every comparison: `localeCompare` with options builds one per call (~20× slower). */
const TEXT_ORDER = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
