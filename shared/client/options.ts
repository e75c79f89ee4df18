/**
 * The service client's options: what a caller may set (base URL, token, auth header, retries, timeouts), the
 * defaults, and the checks that refuse unusable ones.
 */
import { AUTH_HEADER } from '../service/gaps.ts';
import { PAGE_CONCURRENCY } from './concurrency.ts';
import { ShedError } from '../errors/shed-error.ts';

/** What `onRetry` is told before each back-off wait: for progress lines and logs (never the token). */
export interface RetryInfo {
  /** The attempt that just failed (1 = the first try). */
  attempt: number;
  /** How long the client now waits before the next attempt, in milliseconds. */
  delayMs: number;
  /** Why, e.g. `429 Too Many Requests`, `503 Service Unavailable`, `timeout after 30000 ms`, `network error (ECONNREFUSED)`. */
  reason: string;
  method: string;
  /** Path and query of the request. */
  url: string;
  /** Retries still allowed after this one. */
  retriesLeft: number;
}

/**
 * How the token is sent (gaps row 1). `scheme: null` sends the raw token (e.g. `x-api-key: <token>`).
 * When `scheme` is left out it is `Bearer` for an `Authorization` header and none for any other header.
 */
export interface AuthOptions {
  header: string;
  scheme?: string | null;
}

/** Options of {@link createServiceClient}. Times in milliseconds. */
export interface ServiceClientOptions {
  /** e.g. `https://inputs.example.com` or `http://127.0.0.1:8787`; a path prefix is kept. */
  baseUrl: string;
  /** The API token; it never appears in an error, a message or `onRetry`. */
  token: string;
  /** Default `Authorization: Bearer <token>` (AUTH_HEADER, gaps row 1). */
  auth?: AuthOptions;
  /** Limit of each attempt, headers and body together. Default 30 000. */
  timeoutMs?: number;
  /** Retries after the first attempt, for failures that are safe to retry. Default 5. */
  retries?: number;
  /**
   * First back-off delay after overload (a 429, a timeout) or while most answers fail (then doubled
   * each retry, times a random 1–2 jitter). Default 500. See back-off.ts.
   */
  minRetryDelayMs?: number;
  /**
   * First back-off delay after a scattered fault (a 5xx, a connection lost, while most answers
   * succeed; a Retry-After is still waited), then doubled likewise; at most `minRetryDelayMs`. Default 50.
   */
  faultRetryDelayMs?: number;
  /** Longest single wait; a `Retry-After` longer than this ends the retries. Default 30 000. */
  maxRetryDelayMs?: number;
  /** No retry starts once this long has passed since the first attempt began. Default 120 000. */
  maxRetryTimeMs?: number;
  /** Pages of one list fetched at once. Default {@link PAGE_CONCURRENCY}. */
  pageConcurrency?: number;
  /**
   * Requests in flight at once across every call of this client (lists, pages, reads, writes), 1
   * and up; default no limit beyond `pageConcurrency` per list. Back-off waits do not hold a place.
   */
  maxInFlight?: number;
  /**
   * Requests in flight that adapt to the service instead (adaptive-limit.ts): start at `initial`,
   * never above `max`. Takes the place of `maxInFlight`.
   */
  adaptive?: { initial: number; max: number };
  /** Default: the global `fetch` (browser, Node 20). */
  fetch?: typeof fetch;
  /**
   * Waits the rest of a back-off beyond p-retry's own short wait (its jitter, the longer wait of
   * overload, a `Retry-After`; back-off.ts), milliseconds; rejects with the signal's reason when it
   * aborts. Default: a timer. Tests pass one that records and returns at once.
   */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Called before each back-off wait. An exception thrown by it is ignored. */
  onRetry?: (info: RetryInfo) => void;
  /** Sent as `User-Agent` when given (browsers may ignore it). */
  userAgent?: string;
}

/** {@link ServiceClientOptions} with every default filled in and checked. */
export interface ResolvedOptions {
  baseUrl: string;
  token: string;
  authHeader: string;
  authValue: string;
  timeoutMs: number;
  retries: number;
  minRetryDelayMs: number;
  faultRetryDelayMs: number;
  maxRetryDelayMs: number;
  maxRetryTimeMs: number;
  pageConcurrency: number;
  maxInFlight: number | undefined;
  adaptive: { initial: number; max: number } | undefined;
  fetch: typeof fetch;
  sleep: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  onRetry: ((info: RetryInfo) => void) | undefined;
  userAgent: string | undefined;
}

export const CLIENT_DEFAULTS = {
  timeoutMs: 30_000,
  retries: 5,
  minRetryDelayMs: 500,
  faultRetryDelayMs: 50,
  maxRetryDelayMs: 30_000,
  maxRetryTimeMs: 120_000,
  pageConcurrency: PAGE_CONCURRENCY,
} as const;

/** A header value may not hold control characters; checked here so that fetch never echoes the token in its own error. */
const UNSAFE_HEADER_VALUE = /[\u0000-\u001f\u007f]/;
/** Tokens are ASCII; anything else was picked up while copying, and fetch cannot send it. */
const NOT_ASCII = /[^\u0020-\u007e]/;
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Fills in defaults and checks the options. Throws {@link ShedError} `invalid_base_url`,
 * `missing_token`, `invalid_token`, `invalid_auth_header` or `invalid_option` (category `config`);
 * no message contains the token.
 */
export function resolveOptions(options: ServiceClientOptions): ResolvedOptions {
  const baseUrl = checkBaseUrl(options.baseUrl);
  const token = typeof options.token === 'string' ? options.token.trim() : '';
  if (!token)
    throw new ShedError('missing_token', 'config', 'No API token given.', { remedies: [{ code: 'give_token' }] });
  if (UNSAFE_HEADER_VALUE.test(token)) {
    throw new ShedError(
      'invalid_token',
      'config',
      'The API token contains a line break or control character; paste it again.',
    );
  }
  if (NOT_ASCII.test(token)) {
    // fetch cannot send it in a header and would fail as if the service were unreachable.
    throw new ShedError(
      'invalid_token',
      'config',
      'The API token contains a character that is not plain ASCII (often a curly quote, a dash or a non-breaking space picked up when copying it from a document); copy it again from the service.',
    );
  }
  const header = options.auth?.header ?? AUTH_HEADER.name;
  if (!HEADER_NAME.test(header)) {
    throw new ShedError('invalid_auth_header', 'config', `"${header}" is not a valid HTTP header name.`);
  }
  const scheme =
    options.auth?.scheme !== undefined
      ? options.auth.scheme
      : header.toLowerCase() === AUTH_HEADER.name.toLowerCase()
        ? AUTH_HEADER.scheme
        : null;
  const resolved: ResolvedOptions = {
    baseUrl,
    token,
    authHeader: header,
    authValue: scheme ? `${scheme} ${token}` : token,
    timeoutMs: positive('timeoutMs', options.timeoutMs ?? CLIENT_DEFAULTS.timeoutMs),
    retries: wholeNumber('retries', options.retries ?? CLIENT_DEFAULTS.retries),
    minRetryDelayMs: positive('minRetryDelayMs', options.minRetryDelayMs ?? CLIENT_DEFAULTS.minRetryDelayMs),
    faultRetryDelayMs: positive('faultRetryDelayMs', options.faultRetryDelayMs ?? CLIENT_DEFAULTS.faultRetryDelayMs),
    maxRetryDelayMs: positive('maxRetryDelayMs', options.maxRetryDelayMs ?? CLIENT_DEFAULTS.maxRetryDelayMs),
    maxRetryTimeMs: positive('maxRetryTimeMs', options.maxRetryTimeMs ?? CLIENT_DEFAULTS.maxRetryTimeMs),
    pageConcurrency: wholeNumber('pageConcurrency', options.pageConcurrency ?? CLIENT_DEFAULTS.pageConcurrency, 1),
    maxInFlight: options.maxInFlight === undefined ? undefined : wholeNumber('maxInFlight', options.maxInFlight, 1),
    adaptive:
      options.adaptive === undefined
        ? undefined
        : {
            initial: wholeNumber('adaptive.initial', options.adaptive.initial, 1),
            max: wholeNumber('adaptive.max', options.adaptive.max, 1),
          },
    // Looked up at call time and called bare: a stored `window.fetch` called as a method throws "Illegal invocation".
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    sleep: options.sleep,
    onRetry: options.onRetry,
    userAgent: options.userAgent,
  };
  if (resolved.userAgent !== undefined && UNSAFE_HEADER_VALUE.test(resolved.userAgent)) {
    throw new ShedError('invalid_option', 'config', 'userAgent may not contain line breaks or control characters.');
  }
  return resolved;
}

function checkBaseUrl(value: unknown): string {
  let url: URL;
  try {
    url = new URL(String(value ?? ''));
  } catch {
    throw new ShedError(
      'invalid_base_url',
      'config',
      `The base URL "${String(value ?? '')}" is not a URL; expected e.g. https://inputs.example.com`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ShedError(
      'invalid_base_url',
      'config',
      `The base URL must start with http:// or https://, not ${url.protocol}`,
    );
  }
  if (url.username || url.password || url.search || url.hash) {
    throw new ShedError(
      'invalid_base_url',
      'config',
      'The base URL may not carry a user name, password, query or fragment; give the token separately.',
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function positive(name: string, value: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new ShedError(
      'invalid_option',
      'config',
      `${name} must be a positive number of milliseconds, got ${String(value)}.`,
    );
  }
  return value;
}

function wholeNumber(name: string, value: number, min = 0): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new ShedError(
      'invalid_option',
      'config',
      `${name} must be a whole number of at least ${min}, got ${String(value)}.`,
    );
  }
  return value;
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../errors/shed-error.ts' {
  interface ErrorCodes {
    'shared/client/options.ts':
      'missing_token' | 'invalid_token' | 'invalid_auth_header' | 'invalid_option' | 'invalid_base_url';
  }
}
