/**
 * What the client makes of an answer: the token redacted, the body parsed (JSON or text), an error status turned
 * into its typed error, a 2xx body checked against its zod schema.
 */
import type { z } from 'zod';
import {
  AuthenticationError,
  EntitlementError,
  HttpError,
  NotFoundError,
  RateLimitError,
  ResponseShapeError,
  ServiceError,
  ValidationError,
  type HttpAnswer,
  type RequestTarget,
  type ShapeIssue,
} from '../errors/index.ts';
import { VALIDATION_STATUS } from '../service/gaps.ts';

/** What replaces the token wherever the service echoes it back. */
export const REDACTED = '[redacted]';

/** `text` with every occurrence of the token replaced, so an echoing service cannot leak it into an error. */
export function redact(text: string, token: string): string {
  return token ? text.split(token).join(REDACTED) : text;
}

/** A response body as JSON when it parses, else the text itself, else null when empty. */
export function parseBodyText(text: string): unknown {
  if (!text.trim()) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The typed error for an HTTP error status (spec section 7, gaps rows 2, 3, 4, 6, 7, 18):
 * 401 {@link AuthenticationError}, 403 {@link EntitlementError}, 404 {@link NotFoundError},
 * 422 {@link ValidationError}, 429 {@link RateLimitError}, 5xx {@link ServiceError}, else {@link HttpError}.
 */
export function errorForStatus(target: RequestTarget, answer: HttpAnswer, retryAfterMs: number | null): HttpError {
  switch (answer.status) {
    case 401:
      return new AuthenticationError(target, answer);
    case 403:
      return new EntitlementError(target, answer);
    case 404:
      return new NotFoundError(target, answer);
    case VALIDATION_STATUS:
      return new ValidationError(target, answer);
    case 429:
      return new RateLimitError(target, answer, retryAfterMs);
    default:
      return answer.status >= 500 ? new ServiceError(target, answer, retryAfterMs) : new HttpError(target, answer);
  }
}

/**
 * Parses a 2xx body with the resource's zod schema (tolerant of gaps.md's variants). Throws
 * {@link ResponseShapeError} naming the first issues when the body is not JSON or does not match.
 */
export function parseWithSchema<S extends z.ZodType>(
  schema: S,
  text: string,
  target: RequestTarget,
  status: number,
): z.infer<S> {
  let body: unknown;
  try {
    body = text.trim() ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    throw new ResponseShapeError(target, status, [{ path: '', message: 'the body is not JSON' }]);
  }
  if (body === undefined) {
    throw new ResponseShapeError(target, status, [{ path: '', message: 'the body is empty' }]);
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const issues: ShapeIssue[] = result.error.issues.map((issue) => ({
      path: issue.path.map(String).join('.'),
      message: issue.message,
    }));
    throw new ResponseShapeError(target, status, issues);
  }
  return result.data;
}

/**
 * The error for a 3xx answer: redirects are not followed (http.ts `requestInit`), so the user is told
 * to fix the base URL. The Location is shown as its origin and path only: its query, fragment or user
 * part can carry the token or another secret, and the token is redacted wherever it appears.
 * @param connection the base URL (to resolve a relative Location) and the token (to redact).
 */
export function redirectError(
  target: RequestTarget,
  response: Response,
  connection: { baseUrl: string; token: string },
): HttpError {
  const location = safeLocation(response.headers.get('Location'), connection);
  return new HttpError(
    target,
    { status: response.status, statusText: response.statusText, body: null },
    {
      code: 'unexpected_redirect',
      category: 'config',
      detail: `The service redirected${location ? ` to ${location}` : ''}; set the base URL to the service's own address`,
    },
  );
}

/** A redirect target fit to print: origin and path, nothing after them, the token redacted. */
function safeLocation(location: string | null, connection: { baseUrl: string; token: string }): string | null {
  if (!location) return null;
  let shown: string;
  try {
    const url = new URL(location, connection.baseUrl);
    const cut = url.search || url.hash || url.username || url.password ? ' (query and credentials left out)' : '';
    shown = `${url.origin}${url.pathname}${cut}`;
  } catch {
    shown = 'an address that is not a URL';
  }
  return redact(redact(shown, connection.token), encodeURIComponent(connection.token));
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../errors/shed-error.ts' {
  interface ErrorCodes {
    'shared/client/response.ts': 'unexpected_redirect';
  }
}
