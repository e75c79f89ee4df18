import { describe, it, expect } from 'vitest';
import { DECIMAL_PATTERN } from '../../../../shared/service/gaps.ts';
import { EMPTY_REASON, commaUse, parseDecimalCell } from '../../../../shared/sheet/values/index.ts';

function value(cell: Parameters<typeof parseDecimalCell>[0]): string {
  const parsed = parseDecimalCell(cell);
  if (!parsed.ok) throw new Error(`expected ${String(cell)} to parse: ${parsed.reason}`);
  expect(parsed.value).toMatch(DECIMAL_PATTERN);
  return parsed.value;
}

function reason(cell: Parameters<typeof parseDecimalCell>[0]): string {
  const parsed = parseDecimalCell(cell);
  if (parsed.ok) throw new Error(`expected ${String(cell)} to be refused, got ${parsed.value}`);
  return parsed.reason;
}

describe('parseDecimalCell: numbers', () => {
  it('reads numbers without floating-point noise', () => {
    expect(value(0.1 + 0.2)).toBe('0.3');
    expect(value(12.345000000000001)).toBe('12.345');
    expect(value(182)).toBe('182');
    expect(value(1234.5)).toBe('1234.5');
    expect(value(-12.5)).toBe('-12.5');
    expect(value(0)).toBe('0');
    expect(value(-0)).toBe('0');
  });

  it('reads tiny and large numbers without exponent notation', () => {
    expect(value(1e-7)).toBe('0.0000001');
    expect(value(0.000123)).toBe('0.000123');
    expect(value(1e20)).toBe('100000000000000000000');
    expect(value(123456789012)).toBe('123456789012');
  });

  it('refuses numbers of 1e21 or more as too large', () => {
    expect(reason(1e21)).toBe('1000000000000000000000 is too large (more than 21 digits before the point)');
    expect(reason(-1e25)).toContain('is too large');
  });

  it('refuses NaN and infinities', () => {
    expect(reason(Number.NaN)).toBe('NaN is not a number');
    expect(reason(Number.POSITIVE_INFINITY)).toBe('Infinity is not a number');
  });

  it('gives no warning for plain numbers', () => {
    expect(parseDecimalCell(5)).toEqual({ ok: true, value: '5' });
  });
});

describe('parseDecimalCell: text', () => {
  it.each([
    ['$1,234.50', '1234.5'],
    ['1234.5', '1234.5'],
    ['$182.00', '182'],
    ['1234.50', '1234.5'],
    ['  12.50\u00a0', '12.5'],
    ['\u00a0$\u00a01,234.50\u00a0', '1234.5'],
    ['A$12', '12'],
    ['a$ 12.5', '12.5'],
    ['AU$12', '12'],
    ['AUD 10', '10'],
    ['aud10', '10'],
    ['10 AUD', '10'],
    ['NZ$5.25', '5.25'],
    ['NZD 7', '7'],
    ['+3', '3'],
    ['-3', '-3'],
    ['-$12.50', '-12.5'],
    ['$-12.50', '-12.5'],
    ['- $12.50', '-12.5'],
    ['1,234,567.891', '1234567.891'],
    ['12,500', '12500'],
    ['1 234.50', '1234.5'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['0.000', '0'],
    ['007', '7'],
    ['1.5E+3', '1500'],
    ['2.5e-3', '0.0025'],
  ])('%j → %s', (text, expected) => {
    expect(value(text)).toBe(expected);
  });

  it('reads parentheses as a negative amount and says so', () => {
    expect(parseDecimalCell('(12.50)')).toEqual({
      ok: true,
      value: '-12.5',
      warning: "read '(12.50)' as -12.5 (parentheses mean a negative amount)",
    });
    expect(parseDecimalCell('($1,234.50)')).toMatchObject({ ok: true, value: '-1234.5' });
  });

  it('refuses decimal commas, suggesting a point', () => {
    expect(reason('12,5')).toBe("'12,5' is not a number: use a point for decimals, like 12.5");
    expect(reason('1.234,50')).toBe("'1.234,50' is not a number: use a point for decimals, like 1234.50");
    expect(reason('1,23')).toContain('use a point for decimals, like 1.23');
    expect(reason('$0,50')).toContain('use a point for decimals, like 0.50');
  });

  it.each([
    ['12,5', 'decimal'],
    ['$0,50', 'decimal'],
    ['1.234,50', 'decimal'],
    ['0,500', 'decimal'],
    ['2,500', 'either'],
    ['$1,025', 'either'],
    ['2,500 kg', 'either'],
    ['(1,025)', 'either'],
    ['1,234,567', null],
    ['$1,025.00', null],
    ['2500', null],
    ['Urea, bulk', null],
    [2500, null],
  ] as const)('commaUse(%j) is %j', (value, use) => {
    expect(commaUse(value)).toBe(use);
  });

  it('refuses a comma after a leading zero, which groups no thousands (0,500 is half, not five hundred)', () => {
    expect(reason('0,500')).toBe("'0,500' is not a number: use a point for decimals, like 0.500");
    expect(reason('$0,250')).toContain('use a point for decimals, like 0.250');
    expect(reason('00,500')).toMatch(/^'00,500' is not a number/);
    expect(reason('0 500')).toMatch(/^'0 500' is not a number/);
    expect(parseDecimalCell('10,500')).toMatchObject({ ok: true, value: '10500' });
  });

  it.each([
    'abc',
    '12 kg',
    '5%',
    '$',
    '.',
    '-',
    '+-5',
    '--5',
    '1.2.3',
    '1,2345',
    '12,34,567',
    '1 23',
    'twelve',
    '12.5.',
    'e5',
    '$$5',
    'USD 5',
    '€5',
  ])('refuses %j as not a number, naming it', (text) => {
    expect(reason(text)).toMatch(new RegExp(`^'${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}' is not a number`));
  });

  it("gives 'abc' a reason that names it", () => {
    expect(reason('abc')).toBe("'abc' is not a number: expected digits with an optional point, like 1234.5");
  });

  it('refuses a minus sign inside parentheses', () => {
    expect(reason('(-5)')).toBe(
      "'(-5)' is not a number: write a negative amount with a minus sign or in parentheses, not both",
    );
  });

  it('refuses text of 1e21 or more as too large', () => {
    expect(reason('1e30')).toBe("'1e30' is not a number: it is too large (more than 21 digits before the point)");
    expect(reason('1,000,000,000,000,000,000,000')).toContain('too large');
    expect(value('999999999999999999999.99')).toBe('999999999999999999999.99');
  });

  it('accepts negatives: the sign is checked by validation, not here', () => {
    expect(value('-5')).toBe('-5');
  });
});

describe('parseDecimalCell: other cells', () => {
  it('says an empty cell is empty', () => {
    expect(reason(null)).toBe(EMPTY_REASON);
    expect(reason('')).toBe('is empty');
    expect(reason(' \u00a0 ')).toBe('is empty');
  });

  it('refuses booleans and dates', () => {
    expect(reason(true)).toBe('TRUE is not a number');
    expect(reason(new Date(Date.UTC(2026, 2, 23)))).toBe('2026-03-23 (date cell) is not a number');
  });
});
