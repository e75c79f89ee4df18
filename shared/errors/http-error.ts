/**
 * The base of the errors of an HTTP error status, with the answer (status, reason, body) and a readable summary of
 * an error body.
 */
import type { Remedy } from './remedy.ts';
import type { ErrorCategory, ErrorCode } from './shed-error.ts';
import { RequestError, attemptsSuffix, describeRequest, type RequestTarget } from './request-error.ts';

/** Reason phrases for when the response carries none (HTTP/2 has no status text). */
const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** What the service answered: status, reason phrase and the body (parsed JSON, else text, else null). */
export interface HttpAnswer {
  status: number;
  statusText?: string;
  /** Parsed JSON body, or the raw text when it is not JSON, or null when empty. Token redacted. */
  body: unknown;
}

/**
 * The service answered with an HTTP error status. The base of the status-specific errors below;
 * thrown as is (code `http_error`) for statuses without a class of their own (400, 405, 409, …).
 * Message, like ky: `Request failed with status 404 Not Found: GET /api/shed/receipts/…`, then
 * what the service said, when it said anything readable.
 */
export class HttpError extends RequestError {
  readonly status: number;
  readonly statusText: string;
  readonly body: unknown;

  constructor(
    target: RequestTarget,
    answer: HttpAnswer,
    options?: {
      code?: ErrorCode;
      category?: ErrorCategory;
      detail?: string;
      cause?: unknown;
      remedies?: readonly Remedy[];
    },
  ) {
    const statusText = answer.statusText || REASON_PHRASES[answer.status] || '';
    const detail = options?.detail ?? bodySummary(answer.body);
    const message =
      `Request failed with status ${answer.status}${statusText ? ` ${statusText}` : ''}: ` +
      `${describeRequest(target)}${attemptsSuffix(target)}${detail ? `. ${detail}` : ''}`;
    super(options?.code ?? 'http_error', options?.category ?? 'service', message, target, options);
    this.status = answer.status;
    this.statusText = statusText;
    this.body = answer.body;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), status: this.status, statusText: this.statusText, body: this.body };
  }
}

/**
 * A short readable summary of an error body: its `message`, `error` or `detail` string, or the text
 * itself (first 300 characters); empty when there is nothing to show.
 */
export function bodySummary(body: unknown): string {
  if (typeof body === 'string') return truncate(body.trim(), 300);
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const record = body as Record<string, unknown>;
    for (const key of ['message', 'error', 'detail']) {
      const value = record[key];
      if (typeof value === 'string' && value.trim()) return `The service said: ${truncate(value.trim(), 300)}`;
    }
  }
  return '';
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module './shed-error.ts' {
  interface ErrorCodes {
    HttpError: 'http_error';
  }
}
