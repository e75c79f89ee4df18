/**
 * The wait a create or update (or undo's restore) whose answer was lost owes the service before it is looked
 * for (read back) and sent again: the `Retry-After` of that answer (a 503 asking for time, gaps row 18), counted
 * from the answer.
 */
import { sleep } from '../../client/abortable.ts';
import { OutcomeUnknownError } from '../../errors/outcome-unknown-error.ts';

/** The longest `Retry-After` a create waits out before it is sent again, milliseconds; a longer one ends its attempts. */
export const RETRY_AFTER_MAX_MS = 30_000;

/** Who writes what, and what is left when it is not sent again: the words of {@link retryAfterTooLong}. */
const NOT_SENT_AGAIN = {
  'not created': { waits: 'an import', state: 'the record is not there', again: 'run the import again later' },
  'not updated': { waits: 'an import', state: 'the record is as it was', again: 'run the import again later' },
  'not restored': { waits: 'undo', state: 'the record is not put back', again: 'run undo again later' },
} as const;

/** The write a Retry-After too long ends: an import's create or update, or undo's restore. */
export type NotSentAgain = keyof typeof NOT_SENT_AGAIN;

/**
 * Why a create whose answer was lost (and that was looked for and is not there), or an update or undo's
 * restore (read back and not applied), is not sent again when its answer asked for longer than
 * {@link RETRY_AFTER_MAX_MS} (the message, before the error's own); null when it did not (no Retry-After,
 * or one a run waits out: {@link waitRetryAfter}).
 */
export function retryAfterTooLong(error: unknown, what: NotSentAgain = 'not created'): string | null {
  if (!(error instanceof OutcomeUnknownError) || error.retryAfterMs === null) return null;
  if (error.retryAfterMs <= RETRY_AFTER_MAX_MS) return null;
  const { waits, state, again } = NOT_SENT_AGAIN[what];
  return (
    `${what}: the service asked to wait ${Math.ceil(error.retryAfterMs / 1000)} s (Retry-After) before it is ` +
    `sent again, longer than ${waits} waits, and ${state}; ${again}`
  );
}

/**
 * Waits what is left of `error`'s Retry-After since `answeredAtMs` (`performance.now()` when the answer
 * came), resolving true; false at once when the answer carried none, asked for longer than
 * {@link RETRY_AFTER_MAX_MS} (the record is not sent again: {@link retryAfterTooLong}) or the wait is
 * over. Resolves false as soon as `signal` aborts (the run is stopping).
 */
export async function waitRetryAfter(error: unknown, answeredAtMs: number, signal?: AbortSignal): Promise<boolean> {
  if (!(error instanceof OutcomeUnknownError) || error.retryAfterMs === null) return false;
  if (error.retryAfterMs > RETRY_AFTER_MAX_MS) return false;
  const leftMs = answeredAtMs + error.retryAfterMs - performance.now();
  if (leftMs <= 0) return false;
  // The client's abortable wait: it rejects when the run stops, which here means "not waited out".
  return sleep(leftMs, signal).then(
    () => true,
    () => false,
  );
}
