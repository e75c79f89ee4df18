/**
 * The base of every error the service client throws: a ShedError that names the request (method, path, attempts),
 * never the token.
 */
import type { Remedy } from './remedy.ts';
import { ShedError, type ErrorCategory, type ErrorCode } from './shed-error.ts';

/**
 * Which request failed: the HTTP method and the URL path with its query (never the base URL's
 * credentials, never a header, so never the API token), and how many attempts were made (1 = no retry).
 */
export interface RequestTarget {
  method: string;
  /** Path and query, e.g. `/api/shed/receipts/5f0c…?include=products`. */
  url: string;
  /** Attempts made, counting the first; 1 when the request was not retried. */
  attempts?: number;
}

/**
 * Base of every error the service client throws: a {@link ShedError} that also names the request.
 * Catch this to handle any failed call to the farm-inputs service. Properties and `toJSON()` carry
 * only the method, URL path and what the service answered: the API token never appears.
 */
export class RequestError extends ShedError {
  readonly method: string;
  readonly url: string;
  readonly attempts: number;

  constructor(
    code: ErrorCode,
    category: ErrorCategory,
    message: string,
    target: RequestTarget,
    options?: { cause?: unknown; remedies?: readonly Remedy[] },
  ) {
    super(code, category, message, options);
    this.method = target.method;
    this.url = target.url;
    this.attempts = target.attempts ?? 1;
  }

  /** A plain object for logs and `--json` output (no stack, no cause). */
  toJSON(): Record<string, unknown> {
    const { name, code, category, message, method, url, attempts } = this;
    return { name, code, category, message, method, url, attempts };
  }
}

/** `GET /api/…`, the way every client error message names its request. */
export function describeRequest(target: RequestTarget): string {
  return `${target.method} ${target.url}`;
}

/** ` (after 3 attempts)` when the request was retried, else nothing. */
export function attemptsSuffix(target: RequestTarget): string {
  const attempts = target.attempts ?? 1;
  return attempts > 1 ? ` (after ${attempts} attempts)` : '';
}
