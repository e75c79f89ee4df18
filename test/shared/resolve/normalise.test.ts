import { describe, it, expect } from 'vitest';
import { normaliseName } from '../../../shared/resolve/index.ts';
import { compareNames, isIdKey, quoteList, shownText } from '../../../shared/resolve/normalise.ts';

describe('normaliseName', () => {
  it.each([
    ['glyfos 540 ', 'glyfos 540'],
    ['  GLYFOS 540', 'glyfos 540'],
    ['Glyfos\u00A0540', 'glyfos 540'], // non-breaking space
    ['Glyfos\u202F540', 'glyfos 540'], // narrow non-breaking space
    ['Glyfos\u2003540', 'glyfos 540'], // em space
    ['Glyfos\u3000540', 'glyfos 540'], // ideographic space
    ['Glyfos  \t 540', 'glyfos 540'], // a run of spaces and a tab
    ['\r\nGlyfos\n540\r\n', 'glyfos 540'], // line breaks
    ['Alphaguard® 100', 'alphaguard 100'],
    ['Alphaguard ® 100', 'alphaguard 100'],
    ['Alphaguard®100', 'alphaguard 100'], // a sign breaks words
    ['Alphaguard™ 100', 'alphaguard 100'], // not "alphaguardtm" (NFKC spells ™ as TM)
    ['Alphaguard℠ 100', 'alphaguard 100'],
    ['©Alphaguard 100', 'alphaguard 100'],
    ['Alphaguard(R) 100', 'alphaguard 100'],
    ['Alphaguard (TM) 100', 'alphaguard 100'],
    ['Alphaguard (tm) 100', 'alphaguard 100'],
    ['Ｇｌｙｆｏｓ　５４０', 'glyfos 540'], // full-width letters, digits and space
    ['Wheat seed – Scepter', 'wheat seed - scepter'], // en dash
    ['Wheat seed — Scepter', 'wheat seed - scepter'], // em dash
    ['Wheat seed \u2011 Scepter', 'wheat seed - scepter'], // non-breaking hyphen
    ['Farmer’s Choice', "farmer's choice"], // curly apostrophe
    ['Gly\u200Bfos 540', 'glyfos 540'], // zero-width space
    ['\uFEFFGlyfos 540', 'glyfos 540'], // BOM from a CSV
    ['Gly\u00ADfos 540', 'glyfos 540'], // soft hyphen
    ['', ''],
    ['   ', ''],
    ['\u00A0\u00A0', ''],
    ['®', ''],
    ['™ (R)', ''],
  ])('%j → %j', (input, expected) => {
    expect(normaliseName(input)).toBe(expected);
  });

  it('keeps what tells products apart: digits, units, punctuation and inner spacing', () => {
    expect(normaliseName('Glyphosate 540 g/L')).toBe('glyphosate 540 g/l');
    expect(normaliseName('Glyphosate 540g/L')).not.toBe(normaliseName('Glyphosate 540 g/L'));
    expect(normaliseName('Urea 46% N')).toBe('urea 46% n');
    expect(normaliseName('Urea (bulk)')).toBe('urea (bulk)');
    expect(normaliseName('2,4-D Amine 625 g/L')).toBe('2,4-d amine 625 g/l');
    expect(normaliseName('Acme (C) 10')).toBe('acme (c) 10'); // only (R) and (TM) are signs
  });

  it('is idempotent', () => {
    for (const text of ['  Alphaguard®\u00A0100 ', 'Ｗｅｔｔｅｒ', 'A (TM) B', 'x – y']) {
      const once = normaliseName(text);
      expect(normaliseName(once)).toBe(once);
    }
  });

  it('does not throw on a value that is not a string at run time', () => {
    expect(normaliseName(undefined as unknown as string)).toBe('');
    expect(normaliseName(540 as unknown as string)).toBe('540');
  });
});

describe('isIdKey', () => {
  it('accepts lower-case 8-4-4-4-12 hex only (keys are already normalised)', () => {
    expect(isIdKey('92f93d06-6c75-5c01-b79a-8f620b1bdb3c')).toBe(true);
    expect(isIdKey('92F93D06-6C75-5C01-B79A-8F620B1BDB3C')).toBe(false);
    expect(isIdKey('92f93d06-6c75-5c01-b79a-8f620b1bdb3')).toBe(false);
    expect(isIdKey('92f93d06-6c75-5c01-b79a-8f620b1bdb3c0')).toBe(false);
    expect(isIdKey('92f93d066c755c01b79a8f620b1bdb3c')).toBe(false);
    expect(isIdKey('zzf93d06-6c75-5c01-b79a-8f620b1bdb3c')).toBe(false);
    expect(isIdKey('glyfos 540')).toBe(false);
  });
});

describe('shownText', () => {
  it('keeps case and signs, collapses whitespace, cuts long text', () => {
    expect(shownText('  Alphaguard®\u00A0\u00A0100 ')).toBe('Alphaguard® 100');
    const long = shownText('x'.repeat(500));
    expect(long).toHaveLength(80);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('compareNames and quoteList', () => {
  it('orders numbers by value and ignores case', () => {
    expect(['Wetter 1000', 'wetter 600', 'Bifen 100'].sort(compareNames)).toEqual([
      'Bifen 100',
      'wetter 600',
      'Wetter 1000',
    ]);
    expect(compareNames('abc', 'ABC')).not.toBe(0); // still a total order
  });
  it('quotes each name', () => {
    expect(quoteList(['A', 'B c'])).toBe("'A', 'B c'");
    expect(quoteList([])).toBe('');
  });
});
