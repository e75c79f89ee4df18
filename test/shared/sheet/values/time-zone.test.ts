import { describe, it, expect } from 'vitest';
import { TZDate, tz } from '@date-fns/tz';
import { eachDayOfInterval, format } from 'date-fns';
import { ShedError } from '../../../../shared/errors/shed-error.ts';
import {
  DEFAULT_TIME_ZONE,
  InvalidTimeZoneError,
  InvalidTimestampError,
  NonexistentLocalDateError,
  assertTimeZone,
  localMidnightIso,
  timestampToLocalDate,
  wallClockToIso,
} from '../../../../shared/sheet/values/index.ts';
import { isoWithOffset } from '../../../../shared/sheet/values/time-zone.ts';

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/;

describe('localMidnightIso', () => {
  it('defaults to Sydney', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Australia/Sydney');
  });

  it('gives Sydney daylight time in summer and standard time in winter', () => {
    expect(localMidnightIso({ year: 2026, month: 2, day: 3 }, 'Australia/Sydney')).toBe('2026-02-03T00:00:00+11:00');
    expect(localMidnightIso({ year: 2026, month: 7, day: 1 }, 'Australia/Sydney')).toBe('2026-07-01T00:00:00+10:00');
  });

  it('keeps the day and the right offset around the end of Sydney daylight time (Sunday 5 April 2026)', () => {
    expect(localMidnightIso({ year: 2026, month: 4, day: 4 }, 'Australia/Sydney')).toBe('2026-04-04T00:00:00+11:00');
    expect(localMidnightIso({ year: 2026, month: 4, day: 5 }, 'Australia/Sydney')).toBe('2026-04-05T00:00:00+11:00');
    expect(localMidnightIso({ year: 2026, month: 4, day: 6 }, 'Australia/Sydney')).toBe('2026-04-06T00:00:00+10:00');
  });

  it('keeps the day and the right offset around the start of Sydney daylight time (Sunday 4 October 2026)', () => {
    expect(localMidnightIso({ year: 2026, month: 10, day: 3 }, 'Australia/Sydney')).toBe('2026-10-03T00:00:00+10:00');
    expect(localMidnightIso({ year: 2026, month: 10, day: 4 }, 'Australia/Sydney')).toBe('2026-10-04T00:00:00+10:00');
    expect(localMidnightIso({ year: 2026, month: 10, day: 5 }, 'Australia/Sydney')).toBe('2026-10-05T00:00:00+11:00');
  });

  it('handles Pacific/Auckland around its changes (5 April and 27 September 2026)', () => {
    expect(localMidnightIso({ year: 2026, month: 2, day: 3 }, 'Pacific/Auckland')).toBe('2026-02-03T00:00:00+13:00');
    expect(localMidnightIso({ year: 2026, month: 4, day: 5 }, 'Pacific/Auckland')).toBe('2026-04-05T00:00:00+13:00');
    expect(localMidnightIso({ year: 2026, month: 4, day: 6 }, 'Pacific/Auckland')).toBe('2026-04-06T00:00:00+12:00');
    expect(localMidnightIso({ year: 2026, month: 9, day: 27 }, 'Pacific/Auckland')).toBe('2026-09-27T00:00:00+12:00');
    expect(localMidnightIso({ year: 2026, month: 9, day: 28 }, 'Pacific/Auckland')).toBe('2026-09-28T00:00:00+13:00');
  });

  it('gives Perth +08:00 all year, and UTC +00:00', () => {
    expect(localMidnightIso({ year: 2026, month: 1, day: 15 }, 'Australia/Perth')).toBe('2026-01-15T00:00:00+08:00');
    expect(localMidnightIso({ year: 2026, month: 7, day: 15 }, 'Australia/Perth')).toBe('2026-07-15T00:00:00+08:00');
    expect(localMidnightIso({ year: 2026, month: 2, day: 3 }, 'UTC')).toBe('2026-02-03T00:00:00+00:00');
  });

  it('handles the leap day', () => {
    expect(localMidnightIso({ year: 2028, month: 2, day: 29 }, 'Australia/Sydney')).toBe('2028-02-29T00:00:00+11:00');
  });

  it('starts the day at 01:00 where a zone skips midnight (America/Santiago, 6 September 2026)', () => {
    expect(localMidnightIso({ year: 2026, month: 9, day: 6 }, 'America/Santiago')).toBe('2026-09-06T01:00:00-03:00');
  });

  it('refuses a day the zone skipped', () => {
    expect(() => localMidnightIso({ year: 2011, month: 12, day: 30 }, 'Pacific/Apia')).toThrow(
      NonexistentLocalDateError,
    );
  });

  it('refuses a date that is not a calendar date', () => {
    expect(() => localMidnightIso({ year: 2026, month: 2, day: 29 }, 'Australia/Sydney')).toThrow(RangeError);
    expect(() => localMidnightIso({ year: 2026, month: 13, day: 1 }, 'Australia/Sydney')).toThrow(RangeError);
  });

  it('never moves a date to another day: every day of 2026 and 2027 in several zones', () => {
    const days = eachDayOfInterval(
      { start: new Date(Date.UTC(2026, 0, 1)), end: new Date(Date.UTC(2027, 11, 31)) },
      { in: tz('UTC') },
    );
    for (const zone of [
      'Australia/Sydney',
      'Pacific/Auckland',
      'Australia/Perth',
      'Australia/Adelaide',
      'Australia/Lord_Howe',
      'America/Los_Angeles',
    ]) {
      for (const day of days) {
        const date = { year: day.getFullYear(), month: day.getMonth() + 1, day: day.getDate() };
        const iso = localMidnightIso(date, zone);
        expect(iso).toMatch(ISO_WITH_OFFSET);
        expect(iso.slice(0, 19)).toBe(`${iso.slice(0, 10)}T00:00:00`);
        expect(timestampToLocalDate(iso, zone)).toEqual(date);
        // The instant it names really is that local midnight: the offset agrees with the zone.
        expect(timestampToLocalDate(new Date(iso).toISOString(), zone)).toEqual(date);
      }
    }
  });
});

describe('time zone names', () => {
  it('accepts IANA names (any case, trimmed) and UTC', () => {
    expect(assertTimeZone('Australia/Sydney')).toBe('Australia/Sydney');
    expect(assertTimeZone(' Pacific/Auckland ')).toBe('Pacific/Auckland');
    expect(assertTimeZone('UTC')).toBe('UTC');
    expect(localMidnightIso({ year: 2026, month: 2, day: 3 }, 'australia/sydney')).toBe('2026-02-03T00:00:00+11:00');
  });

  it.each(['Sydney', 'Australia/Sydny', '', '  ', 'local', 'Z', '10'])('refuses %j with a usage error', (name) => {
    expect(() => localMidnightIso({ year: 2026, month: 2, day: 3 }, name)).toThrow(InvalidTimeZoneError);
    expect(() => timestampToLocalDate('2026-02-03T00:00:00Z', name)).toThrow(InvalidTimeZoneError);
  });

  it('refuses fixed offsets, which have no daylight time', () => {
    expect(() => assertTimeZone('+10:00')).toThrow("'+10:00' is a fixed offset, not a time zone");
    expect(() => assertTimeZone('-0500')).toThrow(InvalidTimeZoneError);
  });

  it('gives a typed ShedError with a stable code, usage category and a helpful message', () => {
    try {
      assertTimeZone('Sydney');
      expect.unreachable('should throw');
    } catch (error) {
      expect(error).toBeInstanceOf(ShedError);
      const e = error as InvalidTimeZoneError;
      expect(e.code).toBe('invalid_time_zone');
      expect(e.category).toBe('usage');
      expect(e.name).toBe('InvalidTimeZoneError');
      expect(e.timeZone).toBe('Sydney');
      expect(e.message).toBe(
        "'Sydney' is not a time zone: use an IANA name such as Australia/Sydney, Australia/Perth or Pacific/Auckland",
      );
    }
  });
});

describe('timestampToLocalDate', () => {
  it.each([
    ['2026-02-02T13:00:00Z', 'Australia/Sydney', '2026-02-03'],
    ['2026-02-02T12:59:59.999999Z', 'Australia/Sydney', '2026-02-02'],
    ['2026-03-01T10:00:00.123456Z', 'Australia/Sydney', '2026-03-01'],
    ['2026-03-01T10:00:00.123456Z', 'America/Los_Angeles', '2026-03-01'],
    ['2026-03-01T02:00:00Z', 'America/Los_Angeles', '2026-02-28'],
    ['2026-02-03T00:00:00+11:00', 'Australia/Sydney', '2026-02-03'],
    ['2026-02-03T00:00:00+11:00', 'Australia/Perth', '2026-02-02'],
    ['2026-02-03T00:00:00+1100', 'Australia/Sydney', '2026-02-03'],
    ['2026-02-02T16:00:00Z', 'Australia/Perth', '2026-02-03'],
    ['2026-02-02T11:00:00Z', 'Pacific/Auckland', '2026-02-03'],
    ['2026-04-04T13:30:00Z', 'Australia/Sydney', '2026-04-05'],
    ['2026-02-03T10:00:00', 'Australia/Sydney', '2026-02-03'],
    ['2026-02-03', 'Pacific/Auckland', '2026-02-03'],
    ['2026-02-03', 'America/Los_Angeles', '2026-02-03'],
    [' 2026-02-03T10:00:00Z ', 'UTC', '2026-02-03'],
  ])('%s in %s → %s', (iso, zone, expected) => {
    const d = timestampToLocalDate(iso, zone);
    expect(`${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`).toBe(expected);
  });

  it.each(['', 'yesterday', '03/02/2026', '2026-02-30T10:00:00Z', '2026-02-03T25:00:00Z'])(
    'refuses %j with a typed error',
    (iso) => {
      expect(() => timestampToLocalDate(iso, 'Australia/Sydney')).toThrow(InvalidTimestampError);
    },
  );

  it('names the timestamp in the error', () => {
    expect(() => timestampToLocalDate('yesterday', 'UTC')).toThrow("'yesterday' is not an ISO 8601 timestamp");
  });
});

describe('wallClockToIso', () => {
  it('reads a date-time cell as wall-clock time in the farm zone', () => {
    // 14:30 on 3 Feb 2026 in Sydney (daylight time, +11:00) is 03:30 UTC.
    expect(wallClockToIso(new Date(Date.UTC(2026, 1, 3, 14, 30, 5, 250)), 'Australia/Sydney')).toBe(
      '2026-02-03T03:30:05.250Z',
    );
    expect(wallClockToIso(new Date(Date.UTC(2026, 6, 3, 14, 30)), 'Australia/Sydney')).toBe('2026-07-03T04:30:00.000Z');
  });
});

describe('isoWithOffset', () => {
  // The oracle: date-fns's own format, which localMidnightIso and localDateTimeIso used before.
  const byDateFns = (instant: Date) => format(instant, "yyyy-MM-dd'T'HH:mm:ssxxx");

  it("gives date-fns's text for every day, hour and zone tried, daylight edges, far years and odd offsets included", () => {
    const zones = [
      'Australia/Sydney',
      'Australia/Perth',
      'Australia/Adelaide',
      'Australia/Lord_Howe',
      'Pacific/Auckland',
      'Pacific/Chatham',
      'Pacific/Apia',
      'America/Santiago',
      'America/St_Johns',
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'UTC',
    ];
    const years = [1, 99, 999, 1800, 1895, 1900, 1941, 1970, 2000, 2011, 2026, 2038, 9999];
    let compared = 0;
    for (const zone of zones) {
      for (const year of years) {
        for (const [month, day, hour] of [
          [0, 1, 0],
          [3, 6, 2],
          [3, 6, 3],
          [9, 5, 2],
          [9, 5, 0],
          [11, 30, 23],
          [8, 27, 2],
        ] as const) {
          const instant = new TZDate(year, month, day, hour, 30, 15, zone);
          expect(isoWithOffset(instant)).toBe(byDateFns(instant));
          compared += 1;
        }
      }
    }
    expect(compared).toBe(zones.length * years.length * 7);
  });

  it('refuses an invalid date as date-fns does', () => {
    expect(() => isoWithOffset(new TZDate(Number.NaN, 0, 1, 'Australia/Sydney'))).toThrow(RangeError);
    expect(() => byDateFns(new TZDate(Number.NaN, 0, 1, 'Australia/Sydney'))).toThrow(RangeError);
  });
});
