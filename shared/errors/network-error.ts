/** The error of a service that could not be reached, or a connection that broke, once the retries ran out. */
import { RequestError, attemptsSuffix, type RequestTarget } from './request-error.ts';

/**
 * The service could not be reached, or the connection broke, on a request that is safe to retry,
 * and the retries ran out. Code `network_error`, category `connection` (CLI exit status 3).
 * `reason` is the low-level code when the runtime gives one (`ECONNREFUSED`, `ENOTFOUND`,
 * `UND_ERR_SOCKET`, …), else null (browsers give none).
 *
 * The message names the whole URL tried (`GET http://127.0.0.1:4010/api/organisations`), like ky's
 * HTTPError, when the client gives its `baseUrl` (a checked one: no user name, password or query, so
 * never a secret): a wrong base URL is the usual cause, and only the whole URL shows it. Each face
 * says where the base URL is set (the `check_base_url` remedy).
 */
export class NetworkError extends RequestError {
  readonly reason: string | null;

  constructor(target: RequestTarget, reason: string | null, options?: { cause?: unknown; baseUrl?: string }) {
    const url = `${options?.baseUrl ?? ''}${target.url}`;
    const refused = reason === 'ECONNREFUSED' ? ' Is the service running at that address?' : '';
    super(
      'network_error',
      'connection',
      `Could not reach the service${reason ? ` (${reason})` : ''}: ${target.method} ${url}${attemptsSuffix(target)}.` +
        `${refused} Check the base URL and the network connection.`,
      target,
      { cause: options?.cause, remedies: [{ code: 'check_base_url' }] },
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
