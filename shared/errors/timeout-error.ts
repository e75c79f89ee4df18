/** The error of a request with no complete answer in time, once the retries ran out. */
import { RequestError, attemptsSuffix, describeRequest, type RequestTarget } from './request-error.ts';

/**
 * No complete answer within the per-attempt time limit, on a request that is safe to retry, and the
 * retries ran out. Code `timeout`, category `connection`. `timeoutMs`: the limit of each attempt.
 */
export class TimeoutError extends RequestError {
  readonly timeoutMs: number;

  constructor(target: RequestTarget, timeoutMs: number) {
    super(
      'timeout',
      'connection',
      `The service did not answer within ${timeoutMs} ms: ${describeRequest(target)}${attemptsSuffix(target)}`,
      target,
    );
    this.timeoutMs = timeoutMs;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), timeoutMs: this.timeoutMs };
  }
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module './shed-error.ts' {
  interface ErrorCodes {
    TimeoutError: 'timeout';
  }
}
