/**
 * What follows an update sent once whose outcome is unknown (a 5xx, no answer in time, a dropped answer), for
 * every writer that puts a record as it wants it: an import's update (run.ts) and undo's restore
 * (batch/commands/undo/restore.ts). The service has no conditional update, so the update is never repeated
 * blind: its 503's Retry-After is waited, the record read back, and only a record neither written by it nor
 * changed by someone since it was read is sent again.
 */
import { AbortError } from 'p-retry';
import type { OutcomeUnknownError } from '../../errors/outcome-unknown-error.ts';
import type { ServiceRecord } from './existing.ts';
import { retryAfterTooLong, waitRetryAfter, type NotSentAgain } from './retry-after.ts';
import { changedSince } from './versions.ts';

/**
 * What the read back says (`now`: the record as read):
 * - `applied`: it holds what the update sent (whichever send wrote it);
 * - `changed`: it does not, and it changed after it was read before sending: someone else's change, not to be
 *   written over (not given when forced);
 * - `too_long`: not applied, and its answer asked for longer than a writer waits (`reason`: why it is not sent again);
 * - `again`: not applied, and as it was read (or forced): safe to send again.
 */
export type LostUpdateVerdict<R> =
  { verdict: 'applied' | 'changed' | 'again'; now: R } | { verdict: 'too_long'; reason: string; now: R };

/** How to read a lost update's record back and judge it. */
export interface LostUpdateCheck<R> {
  /** Reads the record as the service has it now; its errors are thrown as they are (a 404: it is gone). */
  read(): Promise<R>;
  /** Whether the record holds what the update sent. */
  applied(now: R): boolean;
  /** The record's `updated_at` when it was read before the update was sent. */
  readAt: string;
  /** What the write is when not sent again, for {@link retryAfterTooLong}'s words. */
  what: NotSentAgain;
}

/** The writer's choices: `force` sends again over a change made since it was read; `signal` cuts the wait short. */
export interface LostUpdateOptions {
  force?: boolean | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * Waits what is left of `error`'s Retry-After since `answeredAtMs` (`performance.now()` at the answer; none
 * longer than retry-after.ts waits), reads the record back and says what it shows ({@link LostUpdateVerdict}).
 * @throws what `check.read` throws.
 */
export async function readBackLost<R extends ServiceRecord>(
  error: OutcomeUnknownError,
  answeredAtMs: number,
  check: LostUpdateCheck<R>,
  options: LostUpdateOptions = {},
): Promise<LostUpdateVerdict<R>> {
  await waitRetryAfter(error, answeredAtMs, options.signal);
  const now = await check.read();
  if (check.applied(now)) return { verdict: 'applied', now };
  if (!options.force && changedSince(now.updated_at, check.readAt)) return { verdict: 'changed', now };
  const tooLong = retryAfterTooLong(error, check.what);
  return tooLong ? { verdict: 'too_long', reason: tooLong, now } : { verdict: 'again', now };
}

/**
 * {@link readBackLost} (its Retry-After counted from `answeredAtMs`), for a write retried by p-retry (attempts.ts): a read back that fails ends the
 * write, as p-retry's AbortError of an error saying so. Sent again unread, it could write over a
 * colleague's change; it may or may not have been applied, and the next run reads the record again.
 */
export function readBackOrEnd<R extends ServiceRecord>(
  error: OutcomeUnknownError,
  check: LostUpdateCheck<R>,
  options: LostUpdateOptions = {},
  answeredAtMs: number = performance.now(),
): Promise<LostUpdateVerdict<R>> {
  return readBackLost(error, answeredAtMs, check, options).catch((readError: unknown) => {
    const why = readError instanceof Error ? readError.message : String(readError);
    throw new AbortError(
      new Error(
        `${check.what}, or not known to be: its answer was lost (${error.explanation}) and the record could not be read back (${why}), so it was not sent again; run the import again: it reads the record and sends what is still to change`,
      ),
    );
  });
}
