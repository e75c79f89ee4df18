/**
 * Which failures are retried, per method: the decisions of the service client, in one place.
 *
 * | Failure                                        | GET   | PATCH, DELETE | POST (create)     |
 * |------------------------------------------------|-------|---------------|-------------------|
 * | 429 (rate limited)                             | retry | retry         | retry             |
 * | 500, 502, 503, 504, other 5xx                  | retry | retry         | outcome unknown   |
 * | timeout (no complete answer in `timeoutMs`)    | retry | retry         | outcome unknown   |
 * | connection failed BEFORE sending (refused, DNS)| retry | retry         | retry             |
 * | connection lost after it may have been sent    | retry | retry         | outcome unknown   |
 * | other 4xx, an unexpected 2xx body              | fail  | fail          | fail              |
 *
 * Why: the service has no idempotency keys (PRODUCT.md, "Nothing duplicated"). GET is safe. PATCH
 * sends the desired state and DELETE removes, so repeating either leaves the same result. A POST
 * repeated after the service may have acted could create a receipt or return twice, so it is only
 * repeated when the service certainly did not act: a 429 refuses before doing anything (gaps row 18),
 * and a refused connection or failed DNS lookup means nothing was sent. A 5xx (even a 503: a proxy
 * may answer it after the service committed), a timeout or a connection broken mid-request leaves
 * the outcome unknown: the client reports {@link OutcomeUnknownError} and a later step reconciles.
 * `Retry-After` (seconds or an HTTP date) is honoured on 429 and 503 (gaps row 18).
 */

/** What went wrong in one attempt, before it becomes a typed error. */
export type AttemptFailure =
  { kind: 'status'; status: number } | { kind: 'timeout' } | { kind: 'network'; code: string | null };

/** What to do about it: try again, give up with the error, or give up saying the outcome is unknown. */
export type RetryDecision = 'retry' | 'fail' | 'outcome_unknown';

/**
 * Connection errors that happen before any byte of the request is sent: a create that failed this
 * way certainly did not reach the service, so it is safe to retry. Node (undici) codes; browsers give
 * no code, so there a POST's connection failure is always treated as outcome unknown.
 */
export const PRE_SEND_NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EADDRNOTAVAIL',
  'UND_ERR_CONNECT_TIMEOUT',
]);

/** Methods whose repetition leaves the same result (see the table above). */
const REPEATABLE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'PATCH', 'PUT', 'DELETE']);

/**
 * The decision of the table above for one failed attempt. Pure. `repeatable` overrides the method's
 * default: a PATCH that creates line items would create them twice if repeated blindly.
 */
export function decideRetry(
  method: string,
  failure: AttemptFailure,
  repeatable = REPEATABLE_METHODS.has(method.toUpperCase()),
): RetryDecision {
  switch (failure.kind) {
    case 'status':
      if (failure.status === 429) return 'retry';
      if (failure.status >= 500) return repeatable ? 'retry' : 'outcome_unknown';
      return 'fail';
    case 'timeout':
      return repeatable ? 'retry' : 'outcome_unknown';
    case 'network':
      if (repeatable) return 'retry';
      return failure.code !== null && PRE_SEND_NETWORK_CODES.has(failure.code) ? 'retry' : 'outcome_unknown';
  }
}

/** Statuses whose `Retry-After` the client honours (gaps row 18). */
export function honoursRetryAfter(status: number): boolean {
  return status === 429 || status === 503;
}

/**
 * `Retry-After` in milliseconds: delta-seconds (`120`, decimals tolerated) or an HTTP date, counted
 * from `nowMs`; a date in the past gives 0. Null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // An HTTP date names its month (`Sun, 01 Mar 2026 10:00:30 GMT`); `Date.parse` would also take `-5` as a year.
  if (!/[A-Za-z]{3}/.test(text)) return null;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

/**
 * The low-level code of a fetch failure (`ECONNREFUSED`, `UND_ERR_SOCKET`, …) found on the error,
 * its `cause` chain or an AggregateError's `errors`; null when there is none (browsers).
 */
export function networkErrorCode(error: unknown, depth = 0): string | null {
  if (depth > 5 || typeof error !== 'object' || error === null) return null;
  const { code, cause, errors } = error as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && code) return code;
  const fromCause = networkErrorCode(cause, depth + 1);
  if (fromCause) return fromCause;
  if (Array.isArray(errors)) {
    for (const inner of errors) {
      const found = networkErrorCode(inner, depth + 1);
      if (found) return found;
    }
  }
  return null;
}
