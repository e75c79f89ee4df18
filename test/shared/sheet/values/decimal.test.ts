import { describe, it, expect } from 'vitest';
import { ShedError } from '../../../../shared/errors/shed-error.ts';
import { DECIMAL_PATTERN } from '../../../../shared/service/gaps.ts';
import {
  InvalidDecimalError,
  addDecimals,
  canonicalDecimal,
  compareDecimals,
  divideDecimals,
  multiplyDecimals,
  negateDecimal,
  numberToDecimal,
  subtractDecimals,
} from '../../../../shared/sheet/values/index.ts';

describe('numberToDecimal', () => {
  it('drops floating-point noise', () => {
    expect(numberToDecimal(0.1 + 0.2)).toBe('0.3');
    expect(numberToDecimal(12.345000000000001)).toBe('12.345');
    expect(numberToDecimal(1.1 * 3)).toBe('3.3');
    expect(numberToDecimal(0.1 * 3 * 10)).toBe('3');
  });

  it('never uses exponent notation', () => {
    expect(numberToDecimal(1e-7)).toBe('0.0000001');
    expect(numberToDecimal(-2.5e-10)).toBe('-0.00000000025');
    expect(numberToDecimal(1e20)).toBe('100000000000000000000');
    expect(numberToDecimal(1.5e20)).toBe('150000000000000000000');
  });

  it('keeps safe integers exact and other numbers to 15 significant digits, as Excel does', () => {
    expect(numberToDecimal(1234567890123456)).toBe('1234567890123456');
    expect(numberToDecimal(999999999999999900000)).toBe('1000000000000000000000');
    expect(numberToDecimal(123456789.123456789)).toBe('123456789.123457');
  });

  it('writes integers without a point and -0 as 0', () => {
    expect(numberToDecimal(182)).toBe('182');
    expect(numberToDecimal(-0)).toBe('0');
    expect(numberToDecimal(-40)).toBe('-40');
  });

  it('refuses NaN and infinities', () => {
    expect(() => numberToDecimal(Number.NaN)).toThrow(InvalidDecimalError);
    expect(() => numberToDecimal(Number.NEGATIVE_INFINITY)).toThrow(InvalidDecimalError);
  });
});

describe('canonicalDecimal', () => {
  it.each([
    ['1234.50', '1234.5'],
    ['182.00', '182'],
    ['0.0', '0'],
    ['-0.0', '0'],
    ['+5', '5'],
    ['007.10', '7.1'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['-12.50', '-12.5'],
    ['1.5e3', '1500'],
    ['1E-3', '0.001'],
    [' 20 ', '20'],
    ['2026', '2026'],
  ])('%s → %s', (text, expected) => {
    const canonical = canonicalDecimal(text);
    expect(canonical).toBe(expected);
    expect(canonical).toMatch(DECIMAL_PATTERN);
  });

  it('accepts the service’s JSON numbers too', () => {
    expect(canonicalDecimal(182.5)).toBe('182.5');
    expect(canonicalDecimal(0.1 + 0.2)).toBe('0.3');
  });

  it.each(['', 'abc', '1,5', '$5', '1.2.3', '.', '-', '--5', '5e', 'NaN', '1 000'])(
    'refuses %j with a typed error',
    (text) => {
      expect(() => canonicalDecimal(text)).toThrow(InvalidDecimalError);
    },
  );

  it('names the value and carries a stable code', () => {
    try {
      canonicalDecimal('abc');
      expect.unreachable('should throw');
    } catch (error) {
      expect(error).toBeInstanceOf(ShedError);
      expect((error as InvalidDecimalError).code).toBe('invalid_decimal');
      expect((error as Error).message).toContain("'abc'");
    }
  });
});

describe('decimal arithmetic', () => {
  it('multiplies exactly', () => {
    expect(multiplyDecimals('3', '0.1')).toBe('0.3');
    expect(multiplyDecimals('12', '20')).toBe('240');
    expect(multiplyDecimals('2', '182.50')).toBe('365');
    expect(multiplyDecimals('0.1', '0.2')).toBe('0.02');
    expect(multiplyDecimals('-1.5', '4')).toBe('-6');
    expect(multiplyDecimals('-1.5', '-0.5')).toBe('0.75');
    expect(multiplyDecimals('0', '-3')).toBe('0');
    expect(multiplyDecimals('123456789.123456789', '1000000000')).toBe('123456789123456789');
  });

  it('adds exactly', () => {
    expect(addDecimals('0.1', '0.2')).toBe('0.3');
    expect(addDecimals('1234.5', '0.50')).toBe('1235');
    expect(addDecimals('-5', '2.25')).toBe('-2.75');
    expect(addDecimals('-0.1', '0.1')).toBe('0');
    expect(addDecimals('99999999999999999999.99', '0.01')).toBe('100000000000000000000');
  });

  it('negates', () => {
    expect(negateDecimal('12.50')).toBe('-12.5');
    expect(negateDecimal('-3')).toBe('3');
    expect(negateDecimal('0')).toBe('0');
  });

  it('compares exactly', () => {
    expect(compareDecimals('1.50', '1.5')).toBe(0);
    expect(compareDecimals('0.1', '0.10000000000000001')).toBe(-1);
    expect(compareDecimals('-2', '-10')).toBe(1);
    expect(compareDecimals('0', '0.0')).toBe(0);
  });

  it('refuses text that is not a decimal', () => {
    expect(() => multiplyDecimals('2', '$5')).toThrow(InvalidDecimalError);
    expect(() => addDecimals('x', '1')).toThrow(InvalidDecimalError);
    expect(() => negateDecimal('')).toThrow(InvalidDecimalError);
    expect(() => compareDecimals('1', '1,0')).toThrow(InvalidDecimalError);
  });
});

describe('divideDecimals and subtractDecimals', () => {
  it('divide exactly, rounding half away from zero to the places asked', () => {
    expect(divideDecimals('100', '1.1', 2)).toBe('90.91');
    expect(divideDecimals('110', '1.1', 2)).toBe('100');
    expect(divideDecimals('0.125', '1', 2)).toBe('0.13');
    expect(divideDecimals('-0.125', '1', 2)).toBe('-0.13');
    expect(divideDecimals('1', '-3', 2)).toBe('-0.33');
    expect(divideDecimals('15', '100', 6)).toBe('0.15');
    expect(() => divideDecimals('1', '0', 2)).toThrow(RangeError);
    expect(subtractDecimals('0.3', '0.1')).toBe('0.2');
    expect(subtractDecimals('1', '2.5')).toBe('-1.5');
  });
});
