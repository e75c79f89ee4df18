/** The error of a service that could not be reached, or a connection that broke, once the retries ran out. */
import { RequestError, attemptsSuffix, describeRequest, type RequestTarget } from './request-error.ts';

/**
 * The service could not be reached, or the connection broke, on a request that is safe to retry,
 * and the retries ran out. Code `network_error`, category `connection` (CLI exit status 3).
 * `reason` is the low-level code when the runtime gives one (`ECONNREFUSED`, `ENOTFOUND`,
 * `UND_ERR_SOCKET`, …), else null (browsers give none).
 */
export class NetworkError extends RequestError {
  readonly reason: string | null;

  constructor(target: RequestTarget, reason: string | null, options?: { cause?: unknown }) {
    super(
      'network_error',
      'connection',
      `Could not reach the service${reason ? ` (${reason})` : ''}: ${describeRequest(target)}${attemptsSuffix(target)}. ` +
        'Check the base URL and the network connection.',
      target,
      options,
    );
    this.reason = reason;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), reason: this.reason };
  }
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module './shed-error.ts' {
  interface ErrorCodes {
    NetworkError: 'network_error';
  }
}
