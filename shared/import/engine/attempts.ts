/**
 * The attempts of one write whose outcome may stay unknown (a create or update whose answer was lost; undo's
 * restore too), with back-off between them (p-retry), and the rows they end in when they run out.
 */
import pRetry from 'p-retry';
import { OutcomeUnknownError } from '../../errors/outcome-unknown-error.ts';
import type { ImportDraft } from './ops.ts';
import type { RowResult } from '../outcome.ts';
import { failed } from './row-results.ts';
import { DEFAULT_ATTEMPTS, RETRY_DELAY } from './run-options.ts';

/**
 * Runs `attempt` until it returns or throws p-retry's AbortError (rethrown as the error it wraps), at
 * most `attempts` times, waiting the back-off of {@link RETRY_DELAY} (from `firstMs`, doubling, at most
 * 40× it, times 1–2) between them; rejects with the last attempt's error when they run out. What every
 * write whose outcome may stay unknown is sent again with: an import's create or update, undo's restore.
 */
export function withBackOff<T>(
  attempt: () => Promise<T>,
  attempts: number,
  firstMs: number = RETRY_DELAY.firstMs,
): Promise<T> {
  return pRetry(attempt, {
    retries: attempts - 1,
    minTimeout: firstMs,
    factor: RETRY_DELAY.factor,
    maxTimeout: firstMs * RETRY_DELAY.maxTimes,
    randomize: true,
  });
}

/**
 * Runs `attempt` until it returns, up to `maxAttempts` (default {@link DEFAULT_ATTEMPTS}) times: each
 * attempt has already looked for the record and not found it, so another is safe. The back-off starts
 * short ({@link RETRY_DELAY}: from `retryDelayMs` milliseconds, doubling, at most 40× it, times 1–2):
 * each attempt has already waited for a list begun after its failure (a round trip or more), a
 * create's place goes to the next record meanwhile, and the client backs its own requests off hard
 * when most answers fail (shared/client/back-off.ts). Never throws: the draft's rows `failed` with the
 * reason (`what` names the write: "not created", or "not updated": the record then is as it was).
 */
export async function withAttempts(
  draft: ImportDraft<unknown>,
  attempt: () => Promise<RowResult[]>,
  what: 'not created' | 'not updated',
  options: { maxAttempts?: number; retryDelayMs?: number },
): Promise<RowResult[]> {
  const attempts = options.maxAttempts ?? DEFAULT_ATTEMPTS;
  try {
    return await withBackOff(attempt, attempts, options.retryDelayMs);
  } catch (error) {
    if (error instanceof OutcomeUnknownError) {
      return failed(
        draft,
        error,
        `${what}: the service failed ${attempts} times and ${what === 'not created' ? 'the record is not there' : 'the record is as it was'}; run the import again to retry`,
      );
    }
    return failed(draft, error);
  }
}
