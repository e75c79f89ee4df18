/**
 * When a sync must start again from nothing: deletion records are kept 60 days (spec section 8,
 * `DELETION_RETENTION_DAYS`), so a mirror last synced longer ago than that may have missed deletions
 * that the service no longer lists ("A client offline for more than 60 days performs a full re-sync").
 * Also the overlap that makes cursors safe when records share a timestamp.
 */
import { LATE_COMMIT_MARGIN_MS } from '../service/gaps.ts';
import { DELETION_RETENTION_DAYS } from '../service/gaps.ts';
import { stampMicros } from './timestamps.ts';

/**
 * How far back (milliseconds) each incremental fetch reaches behind its saved cursor. `updated_after`
 * is strict (gaps row 14) and timestamps may tie on the real service: a record written after the last
 * sync with the same `updated_at` as the newest one seen, or stamped just before it but committed just
 * after, would be skipped by asking from the cursor itself. Asking from the cursor minus this margin
 * fetches those again (a few records at most); records already mirrored in the same version change
 * nothing. 5 seconds: far longer than a write takes to commit.
 */
export const CURSOR_OVERLAP_MS = LATE_COMMIT_MARGIN_MS;

/**
 * Safety margin (milliseconds) under the retention period: a mirror older than 60 days minus one day
 * is rebuilt, so clocks a few hours apart and a sync spanning midnight cannot slip past the limit.
 */
export const RETENTION_MARGIN_MS = 24 * 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a mirror whose last sync happened at `since` must be rebuilt at `now`: true when `since` is
 * null or not a timestamp, when more than `retentionDays` minus `marginMs` lie between them, or when
 * `since` lies more than `marginMs` after `now` (a clock set back: the elapsed time is unknown).
 * Both must be on the same clock: the local clock twice (the mirror's `syncedAt` and the time now), or
 * the service's twice (the newest timestamp the mirror had and the newest one seen now); see sync.ts.
 * `now` is a Date or an ISO 8601 timestamp (microseconds kept). Pure; never throws.
 */
export function needsFullResync(
  since: string | null,
  now: Date | string,
  retentionDays: number = DELETION_RETENTION_DAYS,
  marginMs: number = RETENTION_MARGIN_MS,
): boolean {
  const sinceUs = stampMicros(since);
  const nowUs = now instanceof Date ? (Number.isNaN(now.getTime()) ? null : now.getTime() * 1000) : stampMicros(now);
  if (sinceUs === null || nowUs === null) return true;
  const ageMs = (nowUs - sinceUs) / 1000;
  return ageMs > retentionDays * DAY_MS - marginMs || ageMs < -marginMs;
}
