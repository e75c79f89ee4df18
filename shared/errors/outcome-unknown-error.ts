/**
 * The error of a create whose request may have reached the service: the record may or may not exist, so it is
 * looked for rather than sent again.
 */
import { RequestError, describeRequest, type RequestTarget } from './request-error.ts';

/**
 * Why a create's outcome is unknown: no answer in time, the connection broke after the request may
 * have been sent, a 5xx (500, 502, 503, 504: a proxy or the service may have acted before failing),
 * or the caller cancelled while the request was in flight.
 */
export type OutcomeUnknownReason = 'timeout' | 'connection_lost' | 'server_error' | 'cancelled';

/**
 * A create (POST) whose request may have reached the service, so the record may or may not exist.
 * It is NOT retried: the service has no idempotency keys, and a blind retry could create the receipt
 * or return twice (PRODUCT.md, "Nothing duplicated"). Reconciliation looks for the record using
 * `method`, `url` and `startedAt` (ISO 8601 UTC, when the last attempt began: the record, if
 * created, has `inserted_at` at or after it). Code `outcome_unknown`, category `connection`.
 */
export class OutcomeUnknownError extends RequestError {
  readonly reason: OutcomeUnknownReason;
  readonly startedAt: string;
  /** The 5xx status when `reason` is `server_error`, else null. */
  readonly status: number | null;
  /**
   * How long the answer asked to wait before asking again (a 503's `Retry-After`, gaps row 18),
   * milliseconds; null when it did not: a next attempt of the create waits at least this long.
   */
  readonly retryAfterMs: number | null;
  /** What happened, in words (`the service answered 502 Bad Gateway`, `no answer within 30000 ms`). */
  readonly explanation: string;

  constructor(
    target: RequestTarget,
    details: {
      reason: OutcomeUnknownReason;
      startedAt: string;
      status?: number | null;
      retryAfterMs?: number | null;
      explanation: string;
    },
    options?: { cause?: unknown },
  ) {
    super(
      'outcome_unknown',
      'connection',
      `${describeRequest(target)}: ${details.explanation}, so the service may or may not have created the record. ` +
        `It was not sent again, to avoid a duplicate; look for a record created since ${details.startedAt} before retrying.`,
      target,
      options,
    );
    this.reason = details.reason;
    this.startedAt = details.startedAt;
    this.status = details.status ?? null;
    this.retryAfterMs = details.retryAfterMs ?? null;
    this.explanation = details.explanation;
  }

  override toJSON(): Record<string, unknown> {
    return {
      ...super.toJSON(),
      reason: this.reason,
      startedAt: this.startedAt,
      status: this.status,
      retryAfterMs: this.retryAfterMs,
    };
  }
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module './shed-error.ts' {
  interface ErrorCodes {
    OutcomeUnknownError: 'outcome_unknown';
  }
}
