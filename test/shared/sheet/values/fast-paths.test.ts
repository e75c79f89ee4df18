import { describe, expect, it } from 'vitest';
import { decimalParts, partsToCanonical } from '../../../../shared/sheet/values/decimal.ts';
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
