import { tz } from '@date-fns/tz';
import { isValid } from 'date-fns/isValid';
import { parse } from 'date-fns/parse';
import { describe, it, expect } from 'vitest';
import type { CellValue } from '../../../../shared/sheet/grid.ts';
import {
  type DateOrder,
  EMPTY_REASON,
  formatLocalDate,
  isRealDate,
  localDateToUtcDate,
  parseDateCell,
} from '../../../../shared/sheet/values/index.ts';

/** The parsed date as YYYY-MM-DD, failing the test with the reason when it is refused. */
function date(cell: CellValue, order: DateOrder = 'DMY'): string {
  const parsed = parseDateCell(cell, order);
  if (!parsed.ok) throw new Error(`expected ${String(cell)} to parse: ${parsed.reason}`);
  return formatLocalDate(parsed.value);
}

function reason(cell: CellValue, order: DateOrder = 'DMY'): string {
  const parsed = parseDateCell(cell, order);
  if (parsed.ok) throw new Error(`expected ${String(cell)} to be refused, got ${formatLocalDate(parsed.value)}`);
  return parsed.reason;
}

describe('parseDateCell: date cells', () => {
  it('reads the UTC parts of a Date (the sheet’s wall-clock date)', () => {
    expect(parseDateCell(new Date(Date.UTC(2026, 1, 3)), 'DMY')).toEqual({
      ok: true,
      value: { year: 2026, month: 2, day: 3 },
    });
  });

  it('keeps only the date of a date cell with a time of day', () => {
    expect(date(new Date(Date.UTC(2026, 1, 3, 14, 30)))).toBe('2026-02-03');
    expect(date(new Date(Date.UTC(2026, 1, 3, 23, 59, 59, 999)))).toBe('2026-02-03');
    expect(date(new Date(Date.UTC(2026, 1, 3, 0, 0, 0, 1)))).toBe('2026-02-03');
  });

  it('ignores the date order for date cells', () => {
    expect(date(new Date(Date.UTC(2026, 1, 3)), 'MDY')).toBe('2026-02-03');
  });

  it('refuses invalid Dates and implausible years (a time-only cell is 1899-12-30)', () => {
    expect(reason(new Date(Number.NaN))).toBe('an invalid date cell is not a date');
    expect(reason(new Date(Date.UTC(1899, 11, 30, 10, 0)))).toBe(
      '1899-12-30 10:00 (date cell) is not a date: the year 1899 is outside 1990 to 2100',
    );
  });
});

describe('parseDateCell: Excel serial numbers', () => {
  it('reads 46104 as 2026-03-23, and leap days', () => {
    expect(date(46104)).toBe('2026-03-23');
    expect(date(46056)).toBe('2026-02-03');
    expect(date(47177)).toBe('2029-02-28');
    expect(date(46812)).toBe('2028-02-29');
  });

  it('drops a time-of-day fraction', () => {
    expect(date(46104.99)).toBe('2026-03-23');
    expect(date(46104.5)).toBe('2026-03-23');
  });

  it('reads five-digit text as a serial (CSV cells)', () => {
    expect(date('46104')).toBe('2026-03-23');
    expect(date(' 46104.25 ')).toBe('2026-03-23');
  });

  it('accepts the plausible range ends and refuses beyond them, saying what the serial would be', () => {
    expect(date(32874)).toBe('1990-01-01');
    expect(date(73415)).toBe('2100-12-31');
    expect(reason(32873)).toBe(
      '32873 is not a date: as an Excel date serial number it would be 1989-12-31, outside the years 1990 to 2100',
    );
    expect(reason(73416)).toContain('2101-01-01, outside the years 1990 to 2100');
    expect(reason(123)).toContain('1900-05-02');
    expect(reason(-5)).toContain('outside the years 1990 to 2100');
    expect(reason(20260203)).toContain('outside the years 1990 to 2100');
  });

  it('refuses numbers that are no date at all', () => {
    expect(reason(Number.NaN)).toBe('NaN is not a date');
    expect(reason(Number.POSITIVE_INFINITY)).toBe('Infinity is not a date');
    expect(reason(1e20)).toBe('100000000000000000000 is not a date');
  });
});

describe('parseDateCell: text', () => {
  it.each([
    ['3/2/2026', '2026-02-03'],
    ['03/02/2026', '2026-02-03'],
    ['03-02-2026', '2026-02-03'],
    ['3.2.2026', '2026-02-03'],
    ['3 2 2026', '2026-02-03'],
    ['3 / 2 / 2026', '2026-02-03'],
    ['3/2/26', '2026-02-03'],
    ['27/01/2026', '2026-01-27'],
    ['3/2/2026 14:30', '2026-02-03'],
    ['3/02/2026 2:30 pm', '2026-02-03'],
    ['03-02-2026 10:00:00', '2026-02-03'],
    ['3 Feb 2026', '2026-02-03'],
    ['3 FEB 2026', '2026-02-03'],
    ['3 feb 2026', '2026-02-03'],
    ['3-Feb-2026', '2026-02-03'],
    ['03-feb-26', '2026-02-03'],
    ['3 Feb. 2026', '2026-02-03'],
    ['3 February 2026', '2026-02-03'],
    ['3rd February 2026', '2026-02-03'],
    ['21st Sept 2026', '2026-09-21'],
    ['Feb 3 2026', '2026-02-03'],
    ['February 3, 2026', '2026-02-03'],
    ['3 Feb, 2026', '2026-02-03'],
    ['\u00a03\u00a0Feb\u00a02026 ', '2026-02-03'],
    ['2026-02-03', '2026-02-03'],
    ['2026/02/03', '2026-02-03'],
    ['2026.2.3', '2026-02-03'],
    ['2026-02-03T10:00:00+11:00', '2026-02-03'],
    ['2026-02-03T23:30:00-05:00', '2026-02-03'],
    ['2026-02-03T00:00:00Z', '2026-02-03'],
    ['2026-02-03T10:00:00.123456Z', '2026-02-03'],
    ['2026-02-03 10:00', '2026-02-03'],
  ])('%j (DMY) → %s', (text, expected) => {
    expect(date(text, 'DMY')).toBe(expected);
  });

  it('reads numeric text month-first under MDY', () => {
    expect(date('3/2/2026', 'MDY')).toBe('2026-03-02');
    expect(date('02/13/2026', 'MDY')).toBe('2026-02-13');
    expect(date('12-31-26', 'MDY')).toBe('2026-12-31');
  });

  it('reads two-digit-year-first text under YMD', () => {
    expect(date('26/02/03', 'YMD')).toBe('2026-02-03');
    expect(date('26-2-3', 'YMD')).toBe('2026-02-03');
  });

  it('always reads ISO and four-digit-year-first text year first, whatever the order', () => {
    for (const order of ['DMY', 'MDY', 'YMD'] as const) {
      expect(date('2026-02-03', order)).toBe('2026-02-03');
      expect(date('2026/02/03', order)).toBe('2026-02-03');
    }
  });

  it('ignores the order when the month is named', () => {
    expect(date('3 Feb 2026', 'MDY')).toBe('2026-02-03');
    expect(date('Feb 3 2026', 'YMD')).toBe('2026-02-03');
  });

  it('refuses a year-last date under YMD', () => {
    expect(parseDateCell('3/2/2026', 'YMD')).toEqual({
      ok: false,
      reason: "'3/2/2026' is not a date: it has the year last, but the date order is YMD",
      remedies: [{ code: 'choose_date_order', orders: ['DMY', 'MDY'] }],
    });
  });
});

describe('parseDateCell: impossible and wrong dates', () => {
  it('refuses 31/02/2026 naming the month', () => {
    expect(reason('31/02/2026')).toBe("'31/02/2026' is not a date: February 2026 has no day 31 (it has 28 days)");
  });

  it('accepts the leap day 29/02/2028 and refuses 29/02/2026', () => {
    expect(date('29/02/2028')).toBe('2028-02-29');
    expect(date('29 Feb 2028')).toBe('2028-02-29');
    expect(date('2028-02-29')).toBe('2028-02-29');
    expect(reason('29/02/2026')).toBe("'29/02/2026' is not a date: February 2026 has no day 29 (it has 28 days)");
    expect(reason('2100-02-29')).toContain('February 2100 has no day 29');
    expect(date('29/02/2000')).toBe('2000-02-29');
  });

  it('refuses 31 April, 32 January and day 0', () => {
    expect(reason('31/04/2026')).toContain('April 2026 has no day 31 (it has 30 days)');
    expect(reason('32/01/2026')).toContain('January 2026 has no day 32');
    expect(reason('0/2/2026')).toBe("'0/2/2026' is not a date: there is no day 0");
    expect(reason('31 Apr 2026')).toContain('April 2026 has no day 31');
    expect(reason('2026-02-30T10:00:00Z')).toContain('February 2026 has no day 30');
  });

  it('refuses month 13, with the other date order as its remedy when the value reads that way', () => {
    expect(parseDateCell('02/13/2026', 'DMY')).toEqual({
      ok: false,
      reason: "'02/13/2026' is not a date: there is no month 13 (read day-first)",
      remedies: [{ code: 'choose_date_order', orders: ['MDY'], reading: 'month-first' }],
    });
    expect(parseDateCell('13/02/2026', 'MDY')).toEqual({
      ok: false,
      reason: "'13/02/2026' is not a date: there is no month 13 (read month-first)",
      remedies: [{ code: 'choose_date_order', orders: ['DMY'], reading: 'day-first' }],
    });
    expect(reason('13/13/2026')).toBe("'13/13/2026' is not a date: there is no month 13");
    expect(reason('2026-00-10')).toBe("'2026-00-10' is not a date: there is no month 0");
  });

  it('refuses implausible years', () => {
    expect(reason('3/2/1926')).toBe("'3/2/1926' is not a date: the year 1926 is outside 1990 to 2100");
    expect(reason('3/2/2126')).toContain('the year 2126 is outside 1990 to 2100');
  });

  it('refuses unknown month names', () => {
    expect(reason('3 Fbe 2026')).toBe("'3 Fbe 2026' is not a date: 'Fbe' is not a month");
    expect(reason('3 Febr 2026')).toContain("'Febr' is not a month");
  });

  it('refuses a broken time after an ISO date', () => {
    expect(reason('2026-02-03Tnoon')).toBe("'2026-02-03Tnoon' is not a date: the time after the date is not ISO 8601");
  });

  it.each([
    'abc',
    'tomorrow',
    '3/2',
    '3/2/202',
    '3/2/20266',
    '3/2-2026',
    '2026-02',
    '123/2/2026',
    '3//2/2026',
    '3/2/2026 noon',
    '2026/02/2026',
    '1/2/3',
    '4610',
    '461040',
    'Feb 2026',
    '3 Feb',
  ])('refuses %j naming it', (text) => {
    expect(reason(text)).toMatch(/^'.*' is not a date/);
  });

  it('says an empty cell is empty and refuses booleans', () => {
    expect(reason(null)).toBe(EMPTY_REASON);
    expect(reason(' \u00a0')).toBe('is empty');
    expect(reason(true)).toBe('TRUE is not a date');
  });
});

describe('LocalDate helpers', () => {
  it('formats with zero padding', () => {
    expect(formatLocalDate({ year: 2026, month: 2, day: 3 })).toBe('2026-02-03');
    expect(formatLocalDate({ year: 2026, month: 12, day: 31 })).toBe('2026-12-31');
  });

  it('gives a Date whose UTC parts are the date at 00:00', () => {
    const d = localDateToUtcDate({ year: 2026, month: 2, day: 3 });
    expect(d.toISOString()).toBe('2026-02-03T00:00:00.000Z');
    expect([d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours()]).toEqual([2026, 1, 3, 0]);
  });

  it('round-trips through a date cell', () => {
    const d = { year: 2028, month: 2, day: 29 };
    expect(parseDateCell(localDateToUtcDate(d), 'DMY')).toEqual({ ok: true, value: d });
  });

  it('tells real dates from impossible ones', () => {
    expect(isRealDate({ year: 2028, month: 2, day: 29 })).toBe(true);
    expect(isRealDate({ year: 2026, month: 2, day: 29 })).toBe(false);
    expect(isRealDate({ year: 2026, month: 13, day: 1 })).toBe(false);
    expect(isRealDate({ year: 2026, month: 1, day: 0 })).toBe(false);
    expect(isRealDate({ year: 2026.5, month: 1, day: 1 })).toBe(false);
  });

  it('tells real dates as date-fns parses them, over leap years, centuries, small years and edges', () => {
    const IN_UTC = { in: tz('UTC') };
    const REFERENCE = new Date(Date.UTC(2000, 0, 1));
    const years = [1, 4, 99, 100, 400, 1582, 1899, 1900, 1990, 2000, 2023, 2024, 2026, 2028, 2100, 2400, 9999];
    for (let y = 1985; y <= 2105; y += 1) years.push(y);
    let real = 0;
    for (const year of years)
      for (let month = -1; month <= 14; month += 1)
        for (let day = -1; day <= 33; day += 1) {
          const d = { year, month, day };
          const text = formatLocalDate(d);
          const byDateFns = month >= 1 && day >= 0 && isValid(parse(text, 'yyyy-MM-dd', REFERENCE, IN_UTC));
          expect(isRealDate(d), text).toBe(byDateFns);
          if (byDateFns) real += 1;
        }
    expect(real).toBe(years.length * 365 + years.filter((y) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0).length);
    for (const d of [
      { year: 0, month: 1, day: 1 },
      { year: 10000, month: 1, day: 1 },
      { year: 2026, month: 1.5, day: 1 },
    ])
      expect(isRealDate(d)).toBe(false);
  });
});

describe('parseDateCell: a weekday before the date', () => {
  it.each([
    ['Mon 2 Mar 2026', '2026-03-02'],
    ['Monday, 2 March 2026', '2026-03-02'],
    ['Tue 3/03/2026', '2026-03-03'],
    ['wed. 4-mar-26', '2026-03-04'],
    ['Thursday 2026-03-05', '2026-03-05'],
  ])('%j → %s', (text, expected) => {
    expect(date(text, 'DMY')).toBe(expected);
  });

  it('refuses a date its weekday contradicts, and a weekday alone', () => {
    expect(reason('Mon 3 Mar 2026')).toBe("'Mon 3 Mar 2026' is not a date: 2026-03-03 is a Tuesday, not a Monday");
    // Read month-first, 03/02 would be a Monday: the weekday shows the day-first reading is wrong.
    expect(reason('Mon 03/02/2026')).toBe("'Mon 03/02/2026' is not a date: 2026-02-03 is a Tuesday, not a Monday");
    expect(reason('Fri 31/02/2026')).toMatch(/^'Fri 31\/02\/2026' is not a date: February 2026 has no day 31/);
    expect(reason('Monday')).toMatch(/is not a date/);
  });
});
