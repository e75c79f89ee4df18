import { describe, expect, it } from 'vitest';
import { decimalParts, numberToDecimal, partsToCanonical } from '../../../../shared/sheet/values/decimal.ts';
import {
  canonicalPlainText,
  parseDecimalCell,
  parseDecimalText,
} from '../../../../shared/sheet/values/decimal-cell.ts';
import { cleanText } from '../../../../shared/sheet/values/text.ts';
import { isBlank } from '../../../../shared/sheet/grid.ts';

/** A small seeded generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** cleanText as written before its fast path: the reference it must agree with. */
const reference = (text: string) =>
  text
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const CHARS = [
  'a',
  'Z',
  '0',
  ' ',
  ' ',
  '\t',
  '\n',
  '\r',
  '\u00a0',
  '\u200b',
  '\ufeff',
  '\u3000',
  '~',
  '\u007f',
  'é',
  '®',
  '$',
];

describe('cleanText and isBlank fast paths', () => {
  it('agree with the regular-expression reading on 50,000 generated strings', () => {
    const next = random(7);
    for (let i = 0; i < 50_000; i++) {
      const n = Math.floor(next() * 8);
      const text = Array.from({ length: n }, () => CHARS[Math.floor(next() * CHARS.length)]).join('');
      expect(cleanText(text), JSON.stringify(text)).toBe(reference(text));
      expect(isBlank(text), JSON.stringify(text)).toBe(text.replace(/[\s\u00a0]/g, '') === '');
    }
  });
});

describe('plain decimal text', () => {
  it('reads as the general path reads it, with or without a currency mark or sign', () => {
    const next = random(9);
    for (let i = 0; i < 20_000; i++) {
      const digits = (k: number) =>
        Array.from({ length: k }, () => String(Math.floor(next() * 10) * (next() < 0.3 ? 0 : 1))).join('');
      const integer = digits(1 + Math.floor(next() * 24));
      const fraction = next() < 0.5 ? '' : digits(1 + Math.floor(next() * 6));
      const text = fraction ? `${integer}.${fraction}` : integer;
      const plain = parseDecimalText(text);
      const parts = decimalParts(text)!;
      if (integer.replace(/^0+(?=\d)/, '').length > 21) {
        expect(plain.ok, text).toBe(false);
      } else {
        expect(plain, text).toEqual({ ok: true, value: partsToCanonical(parts), negatedByParentheses: false });
      }
      // `$12.50` and `+12.50` take the general path: the same reading.
      expect(parseDecimalText(`$${text}`), text).toEqual(plain);
      expect(parseDecimalText(`+${text}`), text).toEqual(plain);
    }
  });

  it('still names the cell in a refusal', () => {
    expect(parseDecimalCell('12,5')).toEqual({
      ok: false,
      reason: "'12,5' is not a number: use a point for decimals, like 12.5",
    });
  });
});

describe('canonicalPlainText', () => {
  it('gives a text only where parseDecimalCell reads that very text, else null', () => {
    const next = random(11);
    const chars = ['0', '0', '1', '5', '9', '.', ' ', '-', '$', ',', 'e', '\u00a0'];
    let taken = 0;
    for (let i = 0; i < 50_000; i++) {
      const n = Math.floor(next() * 26);
      const text = Array.from({ length: n }, () => chars[Math.floor(next() * chars.length)]).join('');
      const plain = canonicalPlainText(text);
      if (plain === null) continue;
      taken += 1;
      expect(plain, JSON.stringify(text)).toBe(text);
      expect(parseDecimalCell(text), JSON.stringify(text)).toEqual({ ok: true, value: text });
    }
    // Digits alone, a point inside them: taken; leading zeros, trailing fraction zeros, 22 digits: not.
    expect(taken).toBeGreaterThan(100);
    for (const text of ['0', '7', '10', '0.5', '182.25', '1'.repeat(21)]) expect(canonicalPlainText(text)).toBe(text);
    for (const text of ['', '01', '1.50', '1.', '.5', ' 1', '1 ', '-1', '1'.repeat(22), '1e3', '1,000'])
      expect(canonicalPlainText(text), text).toBeNull();
  });
});

/** numberToDecimal as written before its fast path: every non-integer through 15 significant digits. */
const fifteenDigits = (n: number) => partsToCanonical(decimalParts(n.toPrecision(15))!);

describe('numberToDecimal fast path', () => {
  it('agrees with the 15-significant-digit reading on 200,000 generated numbers', () => {
    const next = random(11);
    for (let i = 0; i < 200_000; i++) {
      // Prices and quantities (cents, tenths), raw doubles of every size, sums with floating-point noise.
      const scale = 10 ** Math.floor(next() * 40 - 20);
      const kind = i % 4;
      const n =
        kind === 0
          ? Math.round(next() * 1e6) / 100
          : kind === 1
            ? (next() - 0.5) * scale
            : kind === 2
              ? Math.round(next() * 1e4) / 10 + Math.round(next() * 1e4) / 100
              : -Math.round(next() * 1e9) / 1e3;
      if (Number.isSafeInteger(n)) continue;
      expect(numberToDecimal(n), String(n)).toBe(fifteenDigits(n));
    }
  });

  it('keeps the 15-digit rounding where the shortest text is longer', () => {
    expect(numberToDecimal(0.1 + 0.2)).toBe('0.3');
    expect(numberToDecimal(12.345000000000001)).toBe('12.345');
    expect(numberToDecimal(1e-7)).toBe('0.0000001');
    expect(numberToDecimal(123456789.12345679)).toBe('123456789.123457');
    expect(numberToDecimal(-0.5)).toBe('-0.5');
    for (const n of [-244.41, 0.05, -0.07, 1234567890123.45, 9999999999999.99, 0.005, -0.001, 99999999999999.9])
      expect(numberToDecimal(n), String(n)).toBe(fifteenDigits(n));
  });
});
