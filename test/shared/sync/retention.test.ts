import { describe, expect, it } from 'vitest';
import { needsFullResync, RETENTION_MARGIN_MS } from '../../../shared/sync/retention.ts';
import { DELETION_RETENTION_DAYS } from '../../../shared/service/gaps.ts';

const DAY = 24 * 60 * 60 * 1000;
const since = '2026-01-01T00:00:00.000000Z';
const plus = (ms: number) => new Date(Date.parse(since) + ms);

describe('needsFullResync: the 60-day deletion retention (spec section 8)', () => {
  it('uses the retention of gaps.ts and a one-day margin', () => {
    expect(DELETION_RETENTION_DAYS).toBe(60);
    expect(RETENTION_MARGIN_MS).toBe(DAY);
  });

  it('keeps syncing incrementally up to 59 days, and not a moment after', () => {
    expect(needsFullResync(since, plus(0))).toBe(false);
    expect(needsFullResync(since, plus(30 * DAY))).toBe(false);
    expect(needsFullResync(since, plus(59 * DAY))).toBe(false);
    expect(needsFullResync(since, plus(59 * DAY + 1))).toBe(true);
    expect(needsFullResync(since, plus(61 * DAY))).toBe(true);
  });

  it('compares service timestamps to the microsecond', () => {
    expect(needsFullResync(since, '2026-03-01T00:00:00.000000Z')).toBe(false); // 59 days
    expect(needsFullResync(since, '2026-03-01T00:00:00.000001Z')).toBe(true);
    expect(needsFullResync(since, '2026-03-01T11:00:00.000000+11:00')).toBe(false);
  });

  it('honours another retention and margin', () => {
    expect(needsFullResync(since, plus(8 * DAY), 10, 2 * DAY)).toBe(false);
    expect(needsFullResync(since, plus(8 * DAY + 1), 10, 2 * DAY)).toBe(true);
    expect(needsFullResync(since, plus(10 * DAY), 10, 0)).toBe(false);
  });

  it('rebuilds when the elapsed time is unknown: no cursor, a bad one, a bad clock, a clock set back', () => {
    expect(needsFullResync(null, plus(0))).toBe(true);
    expect(needsFullResync('last tuesday', plus(0))).toBe(true);
    expect(needsFullResync(since, new Date(Number.NaN))).toBe(true);
    expect(needsFullResync(since, 'now')).toBe(true);
    expect(needsFullResync(since, plus(-DAY))).toBe(false);
    expect(needsFullResync(since, plus(-DAY - 1))).toBe(true);
  });
});
