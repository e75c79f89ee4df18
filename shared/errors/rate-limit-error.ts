/** The error of a 429 still answered after the retries, or a `Retry-After` longer than the client may wait. */
import { HttpError, type HttpAnswer } from './http-error.ts';
import type { RequestTarget } from './request-error.ts';

/**
 * 429 still answered after the retries ran out, or a `Retry-After` longer than the client may wait
 * (gaps row 18). Code `rate_limited`, category `service`. `retryAfterMs` is the service's last
 * `Retry-After` in milliseconds, null when it sent none.
 */
export class RateLimitError extends HttpError {
  readonly retryAfterMs: number | null;

  constructor(target: RequestTarget, answer: HttpAnswer, retryAfterMs: number | null, detail?: string) {
    super(target, answer, {
      code: 'rate_limited',
      category: 'service',
      detail:
        detail ??
        `The service is limiting requests${retryAfterMs === null ? '' : ` (it asked to wait ${Math.ceil(retryAfterMs / 1000)} s)`}`,
      remedies: [{ code: 'lower_concurrency' }],
    });
    this.retryAfterMs = retryAfterMs;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), retryAfterMs: this.retryAfterMs };
  }
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module './shed-error.ts' {
  interface ErrorCodes {
    RateLimitError: 'rate_limited';
  }
}
