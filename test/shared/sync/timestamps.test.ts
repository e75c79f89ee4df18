import { describe, expect, it } from 'vitest';
import { formatMicros, laterStamp, newestStamp, stampBefore, stampMicros } from '../../../shared/sync/timestamps.ts';

describe('service timestamps in microseconds (gaps row 15)', () => {
  it('reads the service form with microseconds', () => {
    expect(stampMicros('2026-03-01T10:00:00.123456Z')).toBe(Date.UTC(2026, 2, 1, 10) * 1000 + 123456);
  });

  it('reads offsets, missing fractions, short and long fractions, lower-case z', () => {
    const base = Date.UTC(2026, 2, 1, 0) * 1000;
    expect(stampMicros('2026-03-01T10:00:00+10:00')).toBe(base);
    expect(stampMicros('2026-03-01T10:00:00+1000')).toBe(base);
    expect(stampMicros('2026-02-28T19:00:00-05:00')).toBe(base);
    expect(stampMicros('2026-03-01T00:00:00.5Z')).toBe(base + 500000);
    expect(stampMicros('2026-03-01T00:00:00.123456789Z')).toBe(base + 123456);
    expect(stampMicros('2026-03-01T00:00z')).toBe(base);
  });

  it('refuses what is not a timestamp with a zone', () => {
    for (const bad of ['', '2026-03-01', '2026-03-01T10:00:00', 'yesterday', '2026-13-01T00:00:00Z', null, undefined]) {
      expect(stampMicros(bad as string)).toBeNull();
    }
  });

  it('formats back in the service form, keeping microseconds', () => {
    for (const text of ['2026-03-01T10:00:00.123456Z', '2026-03-01T10:00:00.000001Z', '1999-12-31T23:59:59.999999Z']) {
      expect(formatMicros(stampMicros(text)!)).toBe(text);
    }
  });

  it('moves a stamp back by a margin across second and day boundaries', () => {
    expect(stampBefore('2026-03-01T00:00:00.000000Z', 1)).toBe('2026-02-28T23:59:59.999999Z');
    expect(stampBefore('2026-03-01T10:00:05.000000+10:00', 5_000_000)).toBe('2026-03-01T00:00:00.000000Z');
    expect(() => stampBefore('soon', 1)).toThrow(TypeError);
  });

  it('keeps the later stamp as the service wrote it, microseconds deciding', () => {
    expect(laterStamp('2026-03-01T10:00:00.000001Z', '2026-03-01T10:00:00.000002Z')).toBe(
      '2026-03-01T10:00:00.000002Z',
    );
    expect(laterStamp('2026-03-01T20:00:00+10:00', '2026-03-01T09:59:59.999999Z')).toBe('2026-03-01T20:00:00+10:00');
    expect(laterStamp(null, 'bad')).toBeNull();
    expect(laterStamp('bad', '2026-03-01T00:00:00Z')).toBe('2026-03-01T00:00:00Z');
    expect(newestStamp([null, '2026-01-01T00:00:00Z', undefined, '2026-02-01T00:00:00Z', '2025-01-01T00:00:00Z'])).toBe(
      '2026-02-01T00:00:00Z',
    );
    expect(newestStamp([])).toBeNull();
  });
});
