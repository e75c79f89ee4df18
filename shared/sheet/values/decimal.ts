/**
 * Exact decimal strings as the service carries them (gaps row 9: `^-?\d+(\.\d+)?$`): the canonical
 * form, conversion from spreadsheet numbers without floating-point noise, and the little arithmetic
 * an import needs (packs × pack size, packs × cost), done on BigInt scaled integers.
 */
import { ShedError } from '../../errors/shed-error.ts';

/**
 * A decimal string that is not one (`'abc'`, `'1,5'`, `NaN`). Thrown only by the strict helpers in this
 * module, whose inputs come from {@link parseDecimalCell} or from the service; a bad one is a bug or a
 * service fault, never a bookkeeper's typo (cells go through `parseDecimalCell`, which never throws).
 */
export class InvalidDecimalError extends ShedError {
  readonly text: string;
  constructor(text: string) {
    super(
      'invalid_decimal',
      'internal',
      `'${text}' is not a decimal number (expected digits with an optional point, like 1234.5)`,
    );
    this.text = text;
  }
}

/** The parts of a decimal literal: sign, digits before and after the point, and a power of ten. */
export interface DecimalParts {
  negative: boolean;
  integer: string;
  fraction: string;
  exponent: number;
}

/** A plain decimal literal with an optional exponent: `-12.5`, `+.5`, `5.`, `1.00000000000000e-7`. */
const LITERAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,4}))?$/;

/** Split a decimal literal into its parts, or null when it is not one. */
export function decimalParts(text: string): DecimalParts | null {
  const m = LITERAL.exec(text);
  if (!m) return null;
  const integer = m[2] ?? '';
  const fraction = m[3] ?? '';
  if (integer === '' && fraction === '') return null;
  return { negative: m[1] === '-', integer, fraction, exponent: Number(m[4] ?? '0') };
}

/**
 * The canonical text of decimal parts: exponent applied, leading zeros and trailing fraction zeros
 * stripped, no `-0`. `{integer:'1', fraction:'', exponent:-7}` → `'0.0000001'`; `'1234.50'` → `'1234.5'`.
 */
export function partsToCanonical(parts: DecimalParts): string {
  let digits = parts.integer + parts.fraction;
  let point = parts.integer.length + parts.exponent;
  if (point < 1) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  if (point > digits.length) digits += '0'.repeat(point - digits.length);
  const integer = digits.slice(0, point).replace(/^0+(?=\d)/, '');
  const fraction = digits.slice(point).replace(/0+$/, '');
  const body = fraction === '' ? integer : `${integer}.${fraction}`;
  return parts.negative && /[1-9]/.test(body) ? `-${body}` : body;
}

/**
 * A spreadsheet number as a canonical decimal string, with no floating-point noise and never in
 * exponent notation: safe integers exactly (`182` → `'182'`), every other number rounded to 15
 * significant digits as Excel keeps them (`1e20` → `'100000000000000000000'`, `0.1 + 0.2` → `'0.3'`,
 * `12.345000000000001` → `'12.345'`, `1e-7` → `'0.0000001'`). Size limits are the caller's.
 * @throws InvalidDecimalError for NaN and ±Infinity.
 */
export function numberToDecimal(n: number): string {
  if (!Number.isFinite(n)) throw new InvalidDecimalError(String(n));
  if (Number.isSafeInteger(n)) return String(n === 0 ? 0 : n);
  // Fast paths, held to the 15-digit reading by test/shared/sheet/values/fast-paths.test.ts (a price
  // column read from an .xlsx is 100,000 such numbers). Cents first (most prices): n is the double
  // nearest a whole number of cents, written from its integers.
  const cents = Math.round(n * 100);
  if (Math.abs(cents) < 1e15 && cents / 100 === n) return centsText(cents);
  // Else the shortest text that reads back as `n`, when it is plain with at most 15 significant
  // digits, is already the 15-digit rounding (n is within half a unit of its last bit of it, far
  // less than half a unit of the 15th digit).
  const shortest = String(n);
  if (isShortPlain(shortest)) return shortest;
  const parts = decimalParts(n.toPrecision(15));
  if (!parts) throw new InvalidDecimalError(String(n));
  return partsToCanonical(parts);
}

/** A whole number of cents (not a multiple of 100, below 10^15 in size) as a canonical decimal: `24441` → `'244.41'`. */
function centsText(cents: number): string {
  const size = Math.abs(cents);
  const rest = size % 100;
  const whole = `${cents < 0 ? '-' : ''}${(size - rest) / 100}`;
  return rest % 10 === 0 ? `${whole}.${rest / 10}` : `${whole}.${rest < 10 ? '0' : ''}${rest}`;
}

/**
 * Whether `text` (a number's `String`) is plain decimal notation (an optional `-`, digits, at most one
 * point; no exponent) with at most 15 significant digits and no trailing fraction zero.
 */
function isShortPlain(text: string): boolean {
  let significant = 0;
  let leading = true;
  const n = text.length;
  for (let i = text.charCodeAt(0) === 45 ? 1 : 0; i < n; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 46) continue;
    if (c < 48 || c > 57) return false;
    if (leading && c === 48) continue;
    leading = false;
    significant += 1;
  }
  return significant <= 15 && text.charCodeAt(n - 1) !== 48;
}

/**
 * The canonical form of a decimal (gaps row 9), for comparing sheet values with the service's
 * decimal strings or JSON numbers: `'1234.50'` → `'1234.5'`, `'182.00'` → `'182'`, `'-0.0'` → `'0'`,
 * `'+5'` → `'5'`, `'.5'` → `'0.5'`, `1.5e3` → `'1500'`; numbers go through {@link numberToDecimal}.
 * Surrounding spaces are ignored; currency signs and thousands commas are not accepted here.
 * @throws InvalidDecimalError when the text is not a decimal literal.
 */
export function canonicalDecimal(text: string | number): string {
  if (typeof text === 'number') return numberToDecimal(text);
  // Most decimals (every one the service sends) are canonical already: no parts to make.
  if (CANONICAL.test(text) && text !== '-0') return text;
  const parts = decimalParts(text.trim());
  if (!parts) throw new InvalidDecimalError(text);
  return partsToCanonical(parts);
}

/** A decimal in canonical form: no sign but `-`, no leading or trailing zeros, no exponent. */
const CANONICAL = /^-?(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/;

/** A decimal as an integer count of 10^-scale units: `'-12.5'` → `{ units: -125n, scale: 1 }`. */
interface Scaled {
  units: bigint;
  scale: number;
}

function toScaled(text: string): Scaled {
  const canonical = canonicalDecimal(text);
  const negative = canonical.startsWith('-');
  const [integer = '0', fraction = ''] = (negative ? canonical.slice(1) : canonical).split('.');
  const units = BigInt(integer + fraction);
  return { units: negative ? -units : units, scale: fraction.length };
}

function fromScaled({ units, scale }: Scaled): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const cut = digits.length - scale;
  return partsToCanonical({ negative, integer: digits.slice(0, cut), fraction: digits.slice(cut), exponent: 0 });
}

/** Both decimals over the same scale, so their units can be added or compared. */
function aligned(a: string, b: string): [bigint, bigint, number] {
  const x = toScaled(a);
  const y = toScaled(b);
  const scale = Math.max(x.scale, y.scale);
  return [x.units * 10n ** BigInt(scale - x.scale), y.units * 10n ** BigInt(scale - y.scale), scale];
}

/**
 * The exact product of two decimals, canonical: `multiplyDecimals('3', '0.1')` → `'0.3'`,
 * `('12', '20')` packs × litres → `'240'`, `('2', '182.50')` packs × dollars → `'365'`.
 * @throws InvalidDecimalError when either is not a decimal literal.
 */
export function multiplyDecimals(a: string, b: string): string {
  const x = toScaled(a);
  const y = toScaled(b);
  return fromScaled({ units: x.units * y.units, scale: x.scale + y.scale });
}

/**
 * The exact sum of two decimals, canonical: `addDecimals('0.1', '0.2')` → `'0.3'`.
 * @throws InvalidDecimalError when either is not a decimal literal.
 */
export function addDecimals(a: string, b: string): string {
  const [x, y, scale] = aligned(a, b);
  return fromScaled({ units: x + y, scale });
}

/**
 * The decimal with its sign flipped, canonical: `'12.50'` → `'-12.5'`, `'0'` → `'0'`.
 * @throws InvalidDecimalError when it is not a decimal literal.
 */
export function negateDecimal(a: string): string {
  const x = toScaled(a);
  return fromScaled({ units: -x.units, scale: x.scale });
}

/**
 * -1, 0 or 1 as `a` is less than, equal to or greater than `b`, exactly (`'1.50'` equals `'1.5'`);
 * for validation's sign checks (gaps row 9: quantity > 0, pack_cost >= 0).
 * @throws InvalidDecimalError when either is not a decimal literal.
 */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const [x, y] = aligned(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * `a ÷ b` rounded half away from zero to `places` decimal places, canonical:
 * `divideDecimals('100', '1.1', 2)` → `'90.91'` (dollars inc GST to ex GST), `('-1', '3', 2)` → `'-0.33'`.
 * @throws InvalidDecimalError when either is not a decimal literal; RangeError when `b` is zero.
 */
export function divideDecimals(a: string, b: string, places: number): string {
  const x = toScaled(a);
  const y = toScaled(b);
  if (y.units === 0n) throw new RangeError(`cannot divide ${a} by zero`);
  // a ÷ b = (x.units × 10^y.scale) ÷ (y.units × 10^x.scale); scaled by 10^places, then rounded.
  let numerator = x.units * 10n ** BigInt(y.scale + places);
  let denominator = y.units * 10n ** BigInt(x.scale);
  if (denominator < 0n) [numerator, denominator] = [-numerator, -denominator];
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (2n * magnitude + denominator) / (2n * denominator);
  return fromScaled({ units: negative ? -rounded : rounded, scale: places });
}

/**
 * `a − b`, exactly: `subtractDecimals('0.3', '0.1')` → `'0.2'`.
 * @throws InvalidDecimalError when either is not a decimal literal.
 */
export function subtractDecimals(a: string, b: string): string {
  return addDecimals(a, negateDecimal(b));
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../../errors/shed-error.ts' {
  interface ErrorCodes {
    InvalidDecimalError: 'invalid_decimal';
  }
}
