/**
 * How long the client waits before retrying a failed attempt, told by what the failure says about the
 * service (retry-policy.ts decides whether to retry at all):
 *
 * | Failure                                                   | Wait before retry n (n = 1 first)            |
 * |-----------------------------------------------------------|----------------------------------------------|
 * | a fault (a 5xx, a connection lost or refused) while faults | `faultRetryDelayMs`·1.5^(n−1)·(1–2): soon    |
 * | are scattered (under 60% of the latest 40 answers of this  | (default 50 ms, below the service's latency) |
 * | client: fault-window.ts)                                   |                                              |
 * | a fault in a burst (60% of the latest answers or more), a  | `minRetryDelayMs`·2^(n−1)·(1–2): hard        |
 * | 429, a timeout (overload)                                  | (default 500 ms)                             |
 * | a 429 or 503 with Retry-After (gaps row 18)                | at least Retry-After                         |
 *
 * A 503 with Retry-After is a fault like the adaptive limit reads it (overload only in a burst), and its
 * Retry-After is always waited.
 *
 * Every wait is at most `maxRetryDelayMs` (a Retry-After longer than that, or than the time left, ends
 * the retries at once) and no retry starts after `maxRetryTimeMs`.
 *
 * A scattered fault's wait grows by half, not double: one answer in five failing makes a request fail
 * twice or three times in a row now and then, and doubling made those few (a page of a list that a
 * lost create waits for) the slowest of a run; a service that keeps failing is a burst and is backed
 * off hard. No wait holds a place among the
 * requests in flight: the limits (adaptive-limit.ts, `maxInFlight`) hold only the exchanges.
 */
import { HttpError, NetworkError, RateLimitError, ServiceError, TimeoutError } from '../errors/index.ts';
import { sleep } from './abortable.ts';
import type { FaultWindow } from './fault-window.ts';
import type { ResolvedOptions } from './options.ts';

/** What a failed attempt says about the service: overloaded (back off hard) or a fault (retry soon). */
export type FailureSignal = 'overload' | 'fault';

/**
 * The signal of a retried failure: a 429 and a timeout say overload; a 5xx (a 503 with Retry-After too,
 * its wait honoured apart) and a connection failure are faults, backed off hard only in a burst.
 */
export function failureSignal(error: Error): FailureSignal {
  return error instanceof RateLimitError || error instanceof TimeoutError ? 'overload' : 'fault';
}

/** The times of the back-off, milliseconds (options.ts). */
export type BackOffTimes = Pick<ResolvedOptions, 'minRetryDelayMs' | 'faultRetryDelayMs' | 'maxRetryDelayMs'>;

/** The first wait of a scattered fault: `faultRetryDelayMs`, never longer than the first wait of overload. */
export function shortDelayMs(times: BackOffTimes): number {
  return Math.min(times.faultRetryDelayMs, times.minRetryDelayMs);
}

/**
 * The back-off before retry `attemptNumber` (1: after the first attempt failed), milliseconds, per the
 * table above and without Retry-After: `random` in [0, 1) sets the jitter. Pure.
 */
export function backOffMs(
  signal: FailureSignal,
  scattered: boolean,
  attemptNumber: number,
  times: BackOffTimes,
  random: number,
): number {
  const soon = signal === 'fault' && scattered;
  const first = soon ? shortDelayMs(times) : times.minRetryDelayMs;
  const growth = soon ? SCATTERED_GROWTH : 2;
  return Math.min(times.maxRetryDelayMs, first * growth ** (attemptNumber - 1) * (1 + random));
}

/** How much each next wait of a scattered fault grows (the table above): by half. */
export const SCATTERED_GROWTH = 1.5;

/**
 * What p-retry waits itself before each retry: the short back-off, flat, without jitter (`http.ts`
 * gives p-retry factor 1); never more than any wait of the table.
 */
function pRetryWaitMs(times: BackOffTimes): number {
  return Math.min(times.maxRetryDelayMs, shortDelayMs(times));
}

/** Per-request bookkeeping the back-off reads. */
export interface BackOffContext {
  error: Error;
  attemptNumber: number;
  retriesLeft: number;
  method: string;
  url: string;
  /** `performance.now()` when the first attempt began. */
  retryStart: number;
  signal: AbortSignal | undefined;
}

/**
 * p-retry's `onFailedAttempt`: waits what the table above asks beyond p-retry's own wait (the short
 * back-off without jitter), gives up at once when Retry-After is longer than `maxRetryDelayMs` or the
 * time left, and tells `onRetry`. `faults` is the client's window of latest answers.
 * @throws RateLimitError / ServiceError (`retryAfterMs`) when Retry-After is too long to wait; the
 * signal's reason when it aborts during the wait.
 */
export async function beforeRetry(
  options: ResolvedOptions,
  context: BackOffContext,
  faults: FaultWindow,
): Promise<void> {
  const elapsed = performance.now() - context.retryStart;
  if (context.retriesLeft <= 0 || elapsed >= options.maxRetryTimeMs) return;
  const { error, attemptNumber } = context;
  const retryAfterMs = error instanceof RateLimitError || error instanceof ServiceError ? error.retryAfterMs : null;
  const pRetryWaits = pRetryWaitMs(options);
  const left = options.maxRetryTimeMs - elapsed;
  let delayMs = backOffMs(failureSignal(error), !faults.inBurst(), attemptNumber, options, Math.random());
  delayMs = Math.max(pRetryWaits, Math.min(delayMs, left));
  if (retryAfterMs !== null && error instanceof HttpError) {
    const limit = Math.min(options.maxRetryDelayMs, left);
    if (retryAfterMs > limit) throw tooLongToWait(error, retryAfterMs, limit);
    delayMs = Math.max(delayMs, retryAfterMs);
  }
  try {
    options.onRetry?.({
      attempt: attemptNumber,
      delayMs,
      reason: retryReason(error),
      method: context.method,
      url: context.url,
      retriesLeft: context.retriesLeft,
    });
  } catch {
    // A progress callback must not decide the fate of a request.
  }
  if (delayMs > pRetryWaits) await (options.sleep ?? sleep)(delayMs - pRetryWaits, context.signal);
}

function tooLongToWait(error: HttpError, retryAfterMs: number, limitMs: number): Error {
  const target = { method: error.method, url: error.url, attempts: error.attempts };
  const answer = { status: error.status, statusText: error.statusText, body: error.body };
  const detail =
    `The service asked to wait ${Math.ceil(retryAfterMs / 1000)} s (Retry-After), longer than the ` +
    `${Math.floor(limitMs / 1000)} s this client may still wait; try again later`;
  return error instanceof RateLimitError
    ? new RateLimitError(target, answer, retryAfterMs, detail)
    : new ServiceError(target, answer, retryAfterMs, detail);
}

/** A short reason for `onRetry`, e.g. `503 Service Unavailable` or `network error (ECONNREFUSED)`. */
function retryReason(error: Error): string {
  if (error instanceof HttpError) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof TimeoutError) return `timeout after ${error.timeoutMs} ms`;
  if (error instanceof NetworkError) return `network error${error.reason ? ` (${error.reason})` : ''}`;
  return error.name;
}
