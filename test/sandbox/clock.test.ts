import { describe, expect, it } from 'vitest';
import { LogicalClock, formatMicros, parseMicros } from '../../sandbox/clock.ts';
import { OrderedIndex } from '../../sandbox/ordered-index.ts';

describe('sandbox clock', () => {
  it('formats microseconds as ISO UTC with six fraction digits', () => {
    expect(formatMicros(Date.parse('2026-03-01T10:00:00.123Z') * 1000 + 456)).toBe('2026-03-01T10:00:00.123456Z');
    expect(formatMicros(Date.parse('2026-03-01T10:00:00Z') * 1000)).toBe('2026-03-01T10:00:00.000000Z');
  });

  it('parses Z, offsets with and without colon, and any fraction length', () => {
    const base = Date.parse('2026-03-01T10:00:00Z') * 1000;
    expect(parseMicros('2026-03-01T10:00:00Z')).toBe(base);
    expect(parseMicros('2026-03-01T21:00:00+11:00')).toBe(base);
    expect(parseMicros('2026-03-01T21:00:00+1100')).toBe(base);
    expect(parseMicros('2026-03-01T10:00:00.1Z')).toBe(base + 100_000);
    expect(parseMicros('2026-03-01T10:00:00.123456789Z')).toBe(base + 123_456);
    expect(parseMicros('2026-03-01T10:00Z')).toBe(base);
  });

  it('refuses what is not a date-time with a zone, and dates that do not exist', () => {
    for (const text of [
      '2026-03-01',
      '2026-03-01T10:00:00',
      '2026-02-29T00:00:00Z',
      '2026-13-01T00:00:00Z',
      'now',
      '',
    ]) {
      expect(parseMicros(text), text).toBeNull();
    }
    expect(parseMicros('2028-02-29T00:00:00Z')).not.toBeNull();
  });

  it('ticks strictly upwards even when the wall clock stands still or goes back', () => {
    let ms = Date.parse('2026-03-01T10:00:00Z');
    const clock = new LogicalClock(() => new Date(ms));
    const a = clock.tick();
    const b = clock.tick();
    expect(b).toBe(a + 1);
    ms -= 60_000;
    expect(clock.tick()).toBe(b + 1);
    ms += 120_000;
    expect(clock.tick()).toBe(ms * 1000);
    clock.observe(ms * 1000 + 500);
    expect(clock.tick()).toBe(ms * 1000 + 501);
  });
});

describe('sandbox ordered index', () => {
  it('keeps (updated_at, id) order through inserts and removals, and finds the first entry after a cursor', () => {
    const index = new OrderedIndex();
    index.insert(20, 'b');
    index.insert(10, 'z');
    index.insert(20, 'a');
    index.insert(30, 'c');
    index.insert(5, 'y');
    expect(index.ids(0, 10)).toEqual(['y', 'z', 'a', 'b', 'c']);
    expect(index.firstAfter(10)).toBe(2);
    expect(index.firstAfter(20)).toBe(4);
    expect(index.firstAfter(4)).toBe(0);
    expect(index.firstAfter(30)).toBe(5);
    index.remove(20, 'a');
    index.remove(20, 'missing');
    index.insert(40, 'a');
    expect(index.ids(0, 10)).toEqual(['y', 'z', 'b', 'c', 'a']);
    expect(index.ids(1, 3)).toEqual(['z', 'b']);
    expect(index.size).toBe(5);
  });
});
