import { describe, it, expect } from 'vitest';
import { cellText, cleanText, describeCell } from '../../../../shared/sheet/values/index.ts';

describe('cleanText', () => {
  it('turns NBSP and other Unicode spaces into plain spaces, collapses runs and trims', () => {
    expect(cleanText('\u00a020\u00a0\u00a0L ')).toBe('20 L');
    expect(cleanText('Shed\u202f1\u3000North\t\n')).toBe('Shed 1 North');
    expect(cleanText('\u2003  Glyphosate   450 ')).toBe('Glyphosate 450');
  });

  it('removes zero-width characters instead of turning them into spaces', () => {
    expect(cleanText('\ufeffRound\u200bup')).toBe('Roundup');
  });

  it('gives empty text for only spaces', () => {
    expect(cleanText(' \u00a0 ')).toBe('');
  });
});

describe('cellText', () => {
  it('cleans strings', () => {
    expect(cellText('  27/01/2026\u00a0')).toBe('27/01/2026');
  });

  it('writes numbers as plain decimals without float noise, exponent or .0', () => {
    expect(cellText(182)).toBe('182');
    expect(cellText(182.0)).toBe('182');
    expect(cellText(0.1 + 0.2)).toBe('0.3');
    expect(cellText(12.345000000000001)).toBe('12.345');
    expect(cellText(1e-7)).toBe('0.0000001');
    expect(cellText(1e21)).toBe('1000000000000000000000');
    expect(cellText(-3.5)).toBe('-3.5');
    expect(cellText(-0)).toBe('0');
  });

  it('writes Dates as YYYY-MM-DD of their UTC parts, time of day dropped', () => {
    expect(cellText(new Date(Date.UTC(2026, 2, 23)))).toBe('2026-03-23');
    expect(cellText(new Date(Date.UTC(2026, 1, 3, 23, 59)))).toBe('2026-02-03');
    expect(cellText(new Date(Date.UTC(2026, 1, 3, 0, 30)))).toBe('2026-02-03');
  });

  it('writes booleans as TRUE/FALSE and null as empty', () => {
    expect(cellText(true)).toBe('TRUE');
    expect(cellText(false)).toBe('FALSE');
    expect(cellText(null)).toBe('');
  });

  it('does not throw on odd numbers and dates', () => {
    expect(cellText(Number.NaN)).toBe('NaN');
    expect(cellText(Number.POSITIVE_INFINITY)).toBe('Infinity');
    expect(cellText(new Date(Number.NaN))).toBe('Invalid Date');
  });
});

describe('describeCell', () => {
  it('quotes text as written (cleaned)', () => {
    expect(describeCell(' 27/01/2026 ')).toBe("'27/01/2026'");
  });

  it('leaves numbers bare', () => {
    expect(describeCell(46104)).toBe('46104');
    expect(describeCell(0.1 + 0.2)).toBe('0.3');
  });

  it('marks date cells, with the time of day when there is one', () => {
    expect(describeCell(new Date(Date.UTC(2026, 2, 23)))).toBe('2026-03-23 (date cell)');
    expect(describeCell(new Date(Date.UTC(2026, 1, 3, 14, 30)))).toBe('2026-02-03 14:30 (date cell)');
    expect(describeCell(new Date(Number.NaN))).toBe('an invalid date cell');
  });

  it('names booleans and empty cells', () => {
    expect(describeCell(true)).toBe('TRUE');
    expect(describeCell(null)).toBe('an empty cell');
    expect(describeCell('\u00a0 ')).toBe('an empty cell');
  });
});
