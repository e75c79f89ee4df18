/**
 * Money and other decimals from cells (PRODUCT.md: amounts as numbers, or text such as `$1,234.50`
 * and `1234.5`; decimal commas are not expected), as canonical decimal strings (gaps row 9).
 * Signs are not checked here: validation decides which fields must be greater than 0.
 */
import type { CellValue } from '../grid.ts';
import { type DecimalParts, decimalParts, numberToDecimal, partsToCanonical } from './decimal.ts';
import { EMPTY_REASON, type Parsed, parsedFail, parsedOk } from './parsed.ts';
import { cleanText, describeCell } from './text.ts';

/** The most digits before the point a value may have; 1e21 and beyond are refused as too large. */
export const MAX_INTEGER_DIGITS = 21;

/** Currency marks written before an amount (longest first), any case; `AUD`/`NZD` may also follow it. */
const CURRENCY_PREFIX = /^(?:AU\$|A\$|NZ\$|AUD|NZD|\$)\s*/i;
const CURRENCY_SUFFIX = /\s*(?:AUD|NZD)$/i;
/** Thousands grouped by commas or by spaces, one kind throughout: `1,234,567.5`, `1 234.50`; never after a leading 0 (`0,500` is a decimal comma). */
const GROUPED = /^[1-9]\d{0,2}(?:(,)\d{3}(?:,\d{3})*|( )\d{3}(?: \d{3})*)(?:\.\d*)?$/;
/** A decimal comma, perhaps after dots as thousands separators: `12,5`, `1.234,50`. */
const DECIMAL_COMMA = /^(?:\d{1,3}(?:\.\d{3})+|\d+),\d+$/;

/** What may stand around a number in a cell: a sign, parentheses, a currency mark, a unit word after it. */
const AROUND_NUMBER = /^\(?[+-]?\s*(?:AU\$|A\$|NZ\$|AUD|NZD|\$)?\s*(.*?)\s*(?:AUD|NZD)?\)?\s*(?:\p{L}[\p{L}.]*)?$/iu;
/** One comma group and no point: thousands (`2,500` is 2500) or a decimal comma (2.5), the text cannot say. */
const ONE_COMMA_GROUP = /^[1-9]\d{0,2},\d{3}$/;

/**
 * How a number cell's text uses a comma, for the sheet-wide check (decimal-commas.ts): `'decimal'`
 * when it reads only as a decimal comma (`12,5`, `1.234,50`, `$0,50`, `0,500`: refused by
 * {@link parseDecimalCell}); `'either'` when one comma group and no point could be thousands or a
 * decimal comma (`2,500`, `$1,025`, `2,500 kg`: read as thousands); null otherwise (no comma, or
 * commas that can only group thousands: `1,234,567`, `1,025.00`).
 */
export function commaUse(value: CellValue): 'decimal' | 'either' | null {
  if (typeof value !== 'string' || !value.includes(',')) return null;
  const number = AROUND_NUMBER.exec(cleanText(value))?.[1] ?? '';
  if (ONE_COMMA_GROUP.test(number)) return 'either';
  return DECIMAL_COMMA.test(number) ? 'decimal' : null;
}

/** The outcome of reading number text: the canonical value, or why it is not a number (no subject). */
export type DecimalText = { ok: true; value: string; negatedByParentheses: boolean } | { ok: false; why: string };

/** Remove one leading `+` or `-`, telling whether it was a minus. */
function takeSign(text: string): { negative: boolean; signed: boolean; rest: string } {
  const m = /^([+-])\s*/.exec(text);
  return m
    ? { negative: m[1] === '-', signed: true, rest: text.slice(m[0].length) }
    : { negative: false, signed: false, rest: text };
}

/** Unsigned number body (digits, grouping, point, exponent) as parts, or why it is not a number. */
function bodyParts(body: string): DecimalParts | { why: string } {
  const grouped = GROUPED.exec(body);
  const plain = grouped ? body.replace(/[, ]/g, '') : body;
  const parts = /^[\d.]/.test(plain) ? decimalParts(plain) : null;
  if (parts) return parts;
  if (DECIMAL_COMMA.test(body)) {
    return { why: `use a point for decimals, like ${body.replace(/\./g, '').replace(',', '.')}` };
  }
  return { why: 'expected digits with an optional point, like 1234.5' };
}

/** Digits with an optional fraction and nothing else (most cells): read without the general path. */
const PLAIN_DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** {@link parseDecimalText} of plain digits `integer[.fraction]`: what the general path gives for them. */
function plainDecimal(integer: string, fraction: string): DecimalText {
  let start = 0;
  while (start < integer.length - 1 && integer.charCodeAt(start) === 48) start += 1;
  let end = fraction.length;
  while (end > 0 && fraction.charCodeAt(end - 1) === 48) end -= 1;
  const whole = start === 0 ? integer : integer.slice(start);
  const value = end === 0 ? whole : `${whole}.${end === fraction.length ? fraction : fraction.slice(0, end)}`;
  if (whole.length > MAX_INTEGER_DIGITS) {
    return { ok: false, why: `it is too large (more than ${MAX_INTEGER_DIGITS} digits before the point)` };
  }
  return { ok: true, value, negatedByParentheses: false };
}

/**
 * `text` itself when it is plain digits `integer[.fraction]` already canonical (no leading zero before
 * another digit, no trailing zero in the fraction, at most {@link MAX_INTEGER_DIGITS} digits before the
 * point): what {@link plainDecimal} would give, found by a character scan that allocates nothing.
 * Null for anything else (then the general path reads it). For such text, {@link parseDecimalCell}'s
 * value is the text itself: readers of many cells call this first and skip the general reading.
 */
export function canonicalPlainText(text: string): string | null {
  const n = text.length;
  let i = 0;
  while (i < n && isDigitAt(text, i)) i += 1;
  const integerDigits = i;
  if (integerDigits === 0 || integerDigits > MAX_INTEGER_DIGITS) return null;
  if (integerDigits > 1 && text.charCodeAt(0) === 48) return null;
  if (i === n) return text;
  if (text.charCodeAt(i) !== 46) return null;
  i += 1;
  const fractionStart = i;
  while (i < n && isDigitAt(text, i)) i += 1;
  if (i !== n || i === fractionStart || text.charCodeAt(n - 1) === 48) return null;
  return text;
}

function isDigitAt(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  return c >= 48 && c <= 57;
}

/**
 * Read number text: `1234.5`, `$1,234.50`, `A$ 12`, `NZ$5`, `AUD 10`, `10 AUD`, `+3`, `-$12.50`,
 * `$-12.50`, `(12.50)` (negative, as accountants write it), `1 234.50`, `.5`, `1.5E+3`.
 * Expects text already cleaned by {@link cleanText}.
 */
export function parseDecimalText(text: string): DecimalText {
  const canonical = canonicalPlainText(text);
  if (canonical !== null) return { ok: true, value: canonical, negatedByParentheses: false };
  const plain = PLAIN_DECIMAL.exec(text);
  if (plain) return plainDecimal(plain[1]!, plain[2] ?? '');
  let rest = text;
  const paren = /^\((.*)\)$/.exec(rest);
  if (paren) rest = (paren[1] ?? '').trim();
  const outer = takeSign(rest);
  rest = outer.rest.replace(CURRENCY_PREFIX, '');
  const inner = outer.signed ? { negative: false, signed: false, rest } : takeSign(rest);
  rest = inner.rest.replace(CURRENCY_SUFFIX, '');
  const signed = outer.signed || inner.signed;
  if (paren && signed)
    return { ok: false, why: 'write a negative amount with a minus sign or in parentheses, not both' };
  const parts = bodyParts(rest);
  if ('why' in parts) return { ok: false, why: parts.why };
  const value = partsToCanonical({ ...parts, negative: Boolean(paren) || outer.negative || inner.negative });
  if (value.replace(/^-/, '').split('.')[0]!.length > MAX_INTEGER_DIGITS) {
    return { ok: false, why: `it is too large (more than ${MAX_INTEGER_DIGITS} digits before the point)` };
  }
  return { ok: true, value, negatedByParentheses: Boolean(paren) };
}

/**
 * A decimal from a cell, as a canonical string matching `^-?\d+(\.\d+)?$` with trailing zeros stripped
 * (gaps row 9): numbers without float noise (`0.1 + 0.2` → `'0.3'`, `1e-7` → `'0.0000001'`), text as
 * {@link parseDecimalText} reads it (`'$1,234.50'` → `'1234.5'`, `'$182.00'` → `'182'`).
 * Parentheses give a negative value with a warning saying so. Refused, with a reason naming the
 * value: empty cells ({@link EMPTY_REASON}), words, dates, booleans, decimal commas (`'12,5'`,
 * `'1.234,50'`, suggesting a point), and values of 1e21 or more. Negative values are accepted.
 */
export function parseDecimalCell(value: CellValue): Parsed<string> {
  if (value === null) return parsedFail(EMPTY_REASON);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return parsedFail(`${describeCell(value)} is not a number`);
    if (Math.abs(value) >= 10 ** MAX_INTEGER_DIGITS) {
      return parsedFail(
        `${describeCell(value)} is too large (more than ${MAX_INTEGER_DIGITS} digits before the point)`,
      );
    }
    return parsedOk(numberToDecimal(value));
  }
  if (typeof value !== 'string') return parsedFail(`${describeCell(value)} is not a number`);
  const text = cleanText(value);
  if (text === '') return parsedFail(EMPTY_REASON);
  const read = parseDecimalText(text);
  if (!read.ok) return parsedFail(`${describeCell(value)} is not a number: ${read.why}`);
  const warning = read.negatedByParentheses
    ? `read ${describeCell(value)} as ${read.value} (parentheses mean a negative amount)`
    : undefined;
  return parsedOk(read.value, warning);
}
