import { describe, expect, it } from 'vitest';
import { isLocalMidnight, isoInstant, localDateTimeIso, timeOfDay } from '../../../../shared/sheet/values/index.ts';

describe('timeOfDay', () => {
  it('reads the time of a date-time cell, a serial and text after a date', () => {
    expect(timeOfDay(new Date(Date.UTC(2026, 1, 3, 14, 30)))).toEqual({ hour: 14, minute: 30, second: 0 });
    expect(timeOfDay(46104.75)).toEqual({ hour: 18, minute: 0, second: 0 });
    expect(timeOfDay('46104.5')).toEqual({ hour: 12, minute: 0, second: 0 });
    expect(timeOfDay('3/02/2026 14:30')).toEqual({ hour: 14, minute: 30, second: 0 });
    expect(timeOfDay('3/02/2026 2:30 pm')).toEqual({ hour: 14, minute: 30, second: 0 });
    expect(timeOfDay('3/02/2026 12:05 a.m.')).toEqual({ hour: 0, minute: 5, second: 0 });
    expect(timeOfDay('2026-02-03T07:15:09')).toEqual({ hour: 7, minute: 15, second: 9 });
  });

  it('is null for a date alone, midnight, an instant with an offset, and times that are not', () => {
    expect(timeOfDay(new Date(Date.UTC(2026, 1, 3)))).toBeNull();
    expect(timeOfDay(46104)).toBeNull();
    expect(timeOfDay('3/02/2026')).toBeNull();
    expect(timeOfDay('3 Feb 2026')).toBeNull();
    expect(timeOfDay('2026-02-03T10:00:00+11:00')).toBeNull();
    expect(timeOfDay('3/02/2026 25:00')).toBeNull();
    expect(timeOfDay('3/02/2026 13:00 pm')).toBeNull();
  });
});

describe('isoInstant', () => {
  it('is the UTC instant of an ISO date-time with an offset, else null', () => {
    expect(isoInstant('2026-02-03T14:30:00+11:00')).toBe('2026-02-03T03:30:00.000Z');
    expect(isoInstant('2026-02-03 14:30+1100')).toBe('2026-02-03T03:30:00.000Z');
    expect(isoInstant('2026-02-03T10:00:00.123456Z')).toBe('2026-02-03T10:00:00.123Z');
    // Midnight UTC is how a date is written as a date-time: the date it names, not an instant.
    expect(isoInstant('2026-02-03T00:00:00Z')).toBeNull();
    expect(isoInstant('2026-02-03T14:30:00')).toBeNull();
    expect(isoInstant('3/02/2026')).toBeNull();
  });
});

describe('localDateTimeIso and isLocalMidnight', () => {
  it("give a wall-clock time in the farm's zone with its offset", () => {
    expect(
      localDateTimeIso({ year: 2026, month: 2, day: 3 }, { hour: 14, minute: 30, second: 0 }, 'Australia/Sydney'),
    ).toBe('2026-02-03T14:30:00+11:00');
    expect(
      localDateTimeIso({ year: 2026, month: 7, day: 1 }, { hour: 9, minute: 0, second: 5 }, 'Australia/Perth'),
    ).toBe('2026-07-01T09:00:05+08:00');
    expect(isLocalMidnight('2026-02-03T00:00:00+11:00', 'Australia/Sydney')).toBe(true);
    expect(isLocalMidnight('2026-02-02T13:00:00Z', 'Australia/Sydney')).toBe(true);
    expect(isLocalMidnight('2026-02-03T14:30:00+11:00', 'Australia/Sydney')).toBe(false);
  });
});
