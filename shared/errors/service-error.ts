/** The error of a 5xx answer still given after the retries ran out. */
import { HttpError, bodySummary, type HttpAnswer } from './http-error.ts';
import type { RequestTarget } from './request-error.ts';

/**
 * A 5xx answer still given after the retries ran out (for a request that is safe to retry).
 * Code `service_error`, category `service`. `retryAfterMs`: a 503's `Retry-After`, else null.
 */
export class ServiceError extends HttpError {
  readonly retryAfterMs: number | null;

  constructor(target: RequestTarget, answer: HttpAnswer, retryAfterMs: number | null = null, detail?: string) {
    const said = bodySummary(answer.body);
    super(target, answer, {
      code: 'service_error',
      category: 'service',
      detail: detail ?? `The service failed; try again later${said ? `. ${said}` : ''}`,
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
    ServiceError: 'service_error';
  }
}
