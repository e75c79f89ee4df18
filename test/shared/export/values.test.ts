import { describe, expect, it } from 'vitest';
import {
  inDateRange,
  justBefore,
  localDateCell,
  microsToIso,
  newestUpdatedAt,
  oldestUpdatedAt,
  timestampMicros,
  toBaseQuantity,
} from '../../../shared/export/index.ts';

describe('toBaseQuantity', () => {
  it.each([
    ['240', 'l', '240', 'l'],
    ['240', 'L', '240', 'l'],
    ['20', 'litres', '20', 'l'],
    ['500', 'ml', '0.5', 'l'],
    ['1', 'ml', '0.001', 'l'],
    ['250', 'g', '0.25', 'kg'],
    ['1000', 'kg', '1000', 'kg'],
    ['24', 't', '24000', 'kg'],
    ['0.5', 'tonnes', '500', 'kg'],
    ['12.50', 'KG', '12.5', 'kg'],
  ])('%s %s → %s %s', (value, unit, want, wantUnit) => {
    expect(toBaseQuantity(value, unit)).toEqual({ value: want, unit: wantUnit, known: true });
  });

  it('keeps an unknown unit as written, and the value unconverted', () => {
    expect(toBaseQuantity('3', ' drum ')).toEqual({ value: '3', unit: 'drum', known: false });
    expect(toBaseQuantity('3.10', 'bags')).toEqual({ value: '3.1', unit: 'bags', known: false });
  });

  it('is exact where floats are not', () => {
    expect(toBaseQuantity('0.3', 'ml').value).toBe('0.0003');
    expect(toBaseQuantity('123456789.123456789', 't').value).toBe('123456789123.456789');
  });

  it('refuses a value that is not a decimal', () => {
    expect(() => toBaseQuantity('1,5', 'l')).toThrow(/not a decimal/);
  });
});

describe('localDateCell', () => {
  it('gives the calendar date in the farm zone as a UTC-midnight Date', () => {
    expect(localDateCell('2026-02-02T14:00:00Z', 'Australia/Sydney').toISOString()).toBe('2026-02-03T00:00:00.000Z');
    expect(localDateCell('2026-02-02T12:59:59Z', 'Australia/Sydney').toISOString()).toBe('2026-02-02T00:00:00.000Z');
    expect(localDateCell('2026-02-03T00:00:00+11:00', 'Australia/Perth').toISOString()).toBe(
      '2026-02-02T00:00:00.000Z',
    );
    expect(localDateCell('2026-07-01T00:00:00+10:00', 'Australia/Sydney').toISOString()).toBe(
      '2026-07-01T00:00:00.000Z',
    );
  });

  it('refuses a bad zone or timestamp', () => {
    expect(() => localDateCell('2026-02-02T14:00:00Z', 'Sydney')).toThrow(/not a time zone/);
    expect(() => localDateCell('yesterday', 'UTC')).toThrow(/not an ISO 8601/);
  });
});

describe('inDateRange', () => {
  const d = (year: number, month: number, day: number) => ({ year, month, day });
  it('includes both ends, and open ends are open', () => {
    const range = { from: d(2026, 1, 1), to: d(2026, 1, 31) };
    expect(inDateRange(d(2026, 1, 1), range)).toBe(true);
    expect(inDateRange(d(2026, 1, 31), range)).toBe(true);
    expect(inDateRange(d(2025, 12, 31), range)).toBe(false);
    expect(inDateRange(d(2026, 2, 1), range)).toBe(false);
    expect(inDateRange(d(1999, 1, 1), { from: null, to: d(2026, 1, 1) })).toBe(true);
    expect(inDateRange(d(2099, 1, 1), { from: d(2026, 1, 1), to: null })).toBe(true);
    expect(inDateRange(d(2099, 1, 1), undefined)).toBe(true);
  });
});

describe('service timestamps compared exactly', () => {
  it('orders microseconds within one millisecond, and applies offsets', () => {
    expect(timestampMicros('2026-03-01T10:00:00.123456Z') - timestampMicros('2026-03-01T10:00:00.123455Z')).toBe(1n);
    expect(timestampMicros('2026-03-01T21:00:00+11:00')).toBe(timestampMicros('2026-03-01T10:00:00Z'));
    expect(timestampMicros('2026-03-01T21:00:00+1100')).toBe(timestampMicros('2026-03-01T10:00:00Z'));
    expect(timestampMicros('2026-03-01T10:00:00.5Z')).toBe(timestampMicros('2026-03-01T10:00:00.500000Z'));
    expect(
      newestUpdatedAt([
        { updated_at: '2026-03-01T10:00:00.123455Z' },
        { updated_at: '2026-03-01T10:00:00.123456Z' },
        {},
      ]),
    ).toBe('2026-03-01T10:00:00.123456Z');
    expect(
      oldestUpdatedAt([{ updated_at: '2026-03-01T10:00:00.123455Z' }, { updated_at: '2026-03-01T10:00:00.123456Z' }]),
    ).toBe('2026-03-01T10:00:00.123455Z');
    expect(newestUpdatedAt([])).toBeUndefined();
  });

  it('steps one microsecond back, across a second', () => {
    expect(justBefore('2026-03-01T10:00:00.123456Z')).toBe('2026-03-01T10:00:00.123455Z');
    expect(justBefore('2026-03-01T10:00:00Z')).toBe('2026-03-01T09:59:59.999999Z');
    expect(justBefore('2026-03-01T21:00:00+11:00')).toBe('2026-03-01T09:59:59.999999Z');
    expect(microsToIso(timestampMicros('2026-03-01T10:00:00.000001Z'))).toBe('2026-03-01T10:00:00.000001Z');
  });

  it('refuses what is not a zoned ISO 8601 timestamp', () => {
    for (const bad of ['2026-03-01', '2026-03-01T10:00:00', 'now', '2026-13-01T10:00:00Z']) {
      expect(() => timestampMicros(bad), bad).toThrow(/not an ISO 8601 timestamp/);
    }
  });
});
