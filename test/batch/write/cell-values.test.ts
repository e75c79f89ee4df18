import { describe, expect, it } from 'vitest';
import {
  checkValueOptions,
  columnWidth,
  plainNumber,
  toCsvField,
  toXlsxValue,
} from '../../../batch/write/cell-values.ts';
import { guardCsvFormula } from '../../../batch/write/csv-writer.ts';
import type { ColumnSpec, ColumnType, TableValue } from '../../../batch/write/table.ts';
import { thrown } from './helpers.ts';

const place = { sheet: 'Movements', row: 7 };
const col = (type: ColumnType, header = 'Col'): ColumnSpec => ({ key: 'k', header, type });

describe('guardCsvFormula', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+61 400 000 000', "'+61 400 000 000"],
    ['-5 kg', "'-5 kg"],
    ['@SUM(1)', "'@SUM(1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', "'\rcmd"],
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    // Already quoted by the bookkeeper: one quote more, so the import takes off only ours.
    ["'-5 drums", "''-5 drums"],
    ["''=x", "'''=x"],
  ])('guards %j', (text, guarded) => {
    expect(guardCsvFormula(text)).toBe(guarded);
  });

  it.each(['Glyfos 540', '', ' =not first', "'quoted", 'a=b', '5-3', 'user@example.com'])('leaves %j alone', (text) => {
    expect(guardCsvFormula(text)).toBe(text);
  });
});

describe('toXlsxValue', () => {
  it('converts decimal strings and numbers of numeric columns to numbers', () => {
    expect(toXlsxValue(col('number'), '20.500', place)).toBe(20.5);
    expect(toXlsxValue(col('money'), '-1234.5', place)).toBe(-1234.5);
    expect(toXlsxValue(col('money'), ' 12 ', place)).toBe(12);
    expect(toXlsxValue(col('integer'), 42, place)).toBe(42);
    expect(toXlsxValue(col('integer'), '42', place)).toBe(42);
  });

  it('writes empty cells for null, undefined and empty text', () => {
    for (const type of ['text', 'number', 'date', 'datetime', 'boolean'] as const) {
      expect(toXlsxValue(col(type), null, place)).toBeNull();
      expect(toXlsxValue(col(type), undefined, place)).toBeNull();
      expect(toXlsxValue(col(type), '', place)).toBeNull();
    }
  });

  it('keeps calendar dates as UTC-midnight Dates, from a Date or YYYY-MM-DD', () => {
    expect(toXlsxValue(col('date'), '2026-02-28', place)).toEqual(new Date(Date.UTC(2026, 1, 28)));
    const date = new Date(Date.UTC(2026, 2, 23));
    expect(toXlsxValue(col('date'), date, place)).toBe(date);
  });

  it('shows datetimes as the wall clock of the time zone asked for', () => {
    const instant = '2026-03-01T10:00:00.123456Z';
    expect(toXlsxValue(col('datetime'), instant, place)).toEqual(new Date('2026-03-01T10:00:00.123Z'));
    expect(toXlsxValue(col('datetime'), instant, place, { timeZone: 'Australia/Sydney' })).toEqual(
      new Date('2026-03-01T21:00:00.123Z'),
    );
    expect(
      toXlsxValue(col('datetime'), new Date('2026-07-01T00:00:00Z'), place, { timeZone: 'Pacific/Auckland' }),
    ).toEqual(new Date('2026-07-01T12:00:00Z'));
  });

  it('writes text as text, numbers in text columns as plain text', () => {
    expect(toXlsxValue(col('text'), '=1+2', place)).toBe('=1+2');
    expect(toXlsxValue(col('text'), 1e21, place)).toBe('1000000000000000000000');
    expect(toXlsxValue(col('boolean'), 'true', place)).toBe(true);
    expect(toXlsxValue(col('boolean'), false, place)).toBe(false);
  });

  it.each<[ColumnType, TableValue, RegExp]>([
    ['number', 'abc', /expected a number or a decimal string/],
    ['number', '$1,234.50', /expected a number or a decimal string/],
    ['number', '1e3', /expected a number or a decimal string/],
    ['number', Number.NaN, /finite/],
    ['money', Number.POSITIVE_INFINITY, /finite/],
    ['number', true, /expected a number/],
    ['number', new Date(0), /expected a number/],
    ['integer', 2.5, /whole number/],
    ['integer', '2.5', /whole number/],
    ['date', '2026-02-31', /calendar date YYYY-MM-DD/],
    ['date', '03/02/2026', /calendar date YYYY-MM-DD/],
    ['date', new Date(Date.UTC(2026, 1, 3, 8)), /UTC midnight/],
    ['date', new Date(Number.NaN), /calendar date/],
    ['date', 46104, /calendar date/],
    ['datetime', '2026-03-01 10:00', /ISO 8601/],
    ['datetime', '2026-03-01T10:00:00', /ISO 8601/],
    ['datetime', new Date(Number.NaN), /ISO 8601/],
    ['boolean', 'yes', /true or false/],
    ['boolean', 1, /true or false/],
    ['text', new Date(Number.NaN), /expected text/],
  ])('refuses a %s column value %j', (type, value, message) => {
    const error = thrown(() => toXlsxValue(col(type, 'Qty'), value, place));
    expect(error.code).toBe('invalid_cell_value');
    expect(error.message).toMatch(message);
    expect(error.message).toContain("sheet 'Movements', row 7, column 'Qty'");
  });

  it('refuses text longer than an Excel cell holds', () => {
    expect(thrown(() => toXlsxValue(col('text'), 'x'.repeat(32_768), place)).message).toMatch(/at most 32767/);
    expect(toXlsxValue(col('text'), 'x'.repeat(32_767), place)).toHaveLength(32_767);
  });
});

describe('toCsvField', () => {
  it('keeps decimal strings exactly and writes JS numbers without exponents', () => {
    expect(toCsvField(col('number'), '20.000', place)).toEqual({ text: '20.000', isText: false });
    expect(toCsvField(col('number'), -5, place)).toEqual({ text: '-5', isText: false });
    expect(toCsvField(col('number'), 1e-7, place).text).toBe('0.0000001');
    expect(toCsvField(col('number'), -0, place).text).toBe('0');
    expect(toCsvField(col('integer'), 12, place).text).toBe('12');
  });

  it('writes money numbers with cents when that is exact', () => {
    expect(toCsvField(col('money'), 12.5, place).text).toBe('12.50');
    expect(toCsvField(col('money'), -5, place).text).toBe('-5.00');
    expect(toCsvField(col('money'), 0.125, place).text).toBe('0.125');
    expect(toCsvField(col('money'), '1025', place).text).toBe('1025');
  });

  it('writes dates as YYYY-MM-DD and datetimes as ISO 8601', () => {
    expect(toCsvField(col('date'), new Date(Date.UTC(2026, 2, 23)), place).text).toBe('2026-03-23');
    expect(toCsvField(col('date'), '2026-03-23', place).text).toBe('2026-03-23');
    expect(toCsvField(col('datetime'), new Date('2026-03-01T10:00:00Z'), place).text).toBe('2026-03-01T10:00:00Z');
    expect(toCsvField(col('datetime'), new Date('2026-03-01T10:00:00.5Z'), place).text).toBe(
      '2026-03-01T10:00:00.500Z',
    );
    expect(toCsvField(col('datetime'), '2026-03-01T10:00:00.123456Z', place).text).toBe('2026-03-01T10:00:00.123456Z');
    expect(toCsvField(col('datetime'), '2026-03-01T10:00:00Z', place, { timeZone: 'Australia/Sydney' }).text).toBe(
      '2026-03-01T21:00:00+11:00',
    );
    expect(toCsvField(col('datetime'), '2026-07-01T00:00:00.250Z', place, { timeZone: 'Australia/Perth' }).text).toBe(
      '2026-07-01T08:00:00.250+08:00',
    );
    // The service's microseconds are kept in the farm's time too.
    expect(
      toCsvField(col('datetime'), '2025-12-21T21:38:39.860069Z', place, { timeZone: 'Australia/Sydney' }).text,
    ).toBe('2025-12-22T08:38:39.860069+11:00');
  });

  it('marks only text cells as text (to be guarded)', () => {
    expect(toCsvField(col('text'), '-5', place)).toEqual({ text: '-5', isText: true });
    expect(toCsvField(col('text'), -5, place)).toEqual({ text: '-5', isText: true });
    expect(toCsvField(col('boolean'), true, place)).toEqual({ text: 'true', isText: false });
    expect(toCsvField(col('text'), null, place)).toEqual({ text: '', isText: false });
  });

  it('refuses what does not fit the column', () => {
    expect(thrown(() => toCsvField(col('money'), '12,50', place)).code).toBe('invalid_cell_value');
    expect(thrown(() => toCsvField(col('date'), '2026-13-01', place)).code).toBe('invalid_cell_value');
  });
});

describe('plainNumber', () => {
  it.each([
    [1e21, '1000000000000000000000'],
    [1.5e-10, '0.00000000015'],
    [123.456, '123.456'],
    [-0, '0'],
  ])('%d → %s', (n, text) => {
    expect(plainNumber(n)).toBe(text);
  });
});

describe('columnWidth', () => {
  it('fits the header plus a filter button, at least 8', () => {
    expect(columnWidth(col('text', 'Qty'), [])).toBe(8);
    expect(columnWidth(col('text', 'Date Received'), [])).toBe(16);
  });

  it('fits the widest sampled value as shown, at most 60', () => {
    expect(columnWidth(col('text', 'Product'), ['Glyfos 540', 'Alphaguard® 100 long name'])).toBe(27);
    expect(columnWidth(col('text', 'Notes'), ['x'.repeat(500)])).toBe(60);
    expect(columnWidth(col('text', 'Notes'), ['short\nline two is longer'])).toBe(20);
    expect(columnWidth(col('money', 'Cost'), [1234567.5])).toBe(14);
    expect(columnWidth(col('date', 'Date'), [new Date()])).toBe(12);
  });

  it('takes the width given', () => {
    expect(columnWidth({ ...col('text', 'Product'), width: 33 }, ['x'.repeat(100)])).toBe(33);
  });
});

describe('checkValueOptions', () => {
  it('refuses an unknown time zone', () => {
    expect(thrown(() => checkValueOptions({ timeZone: 'Mars/Olympus' })).message).toMatch(/not an IANA time zone/);
    expect(() => checkValueOptions({ timeZone: 'Australia/Brisbane' })).not.toThrow();
  });
});
