/**
 * The client's HTTP layer: one request per call with timeout, authentication, answers mapped to typed errors, and
 * retries with back-off.
 */
import { untilAborted } from './abortable.ts';
import { AdaptiveLimit, urgentOrNot, type AdaptiveState } from './adaptive-limit.ts';
import { beforeRetry, shortDelayMs } from './back-off.ts';
import { FaultWindow } from './fault-window.ts';
import PQueue from 'p-queue';
import pRetry, { AbortError } from 'p-retry';
import type { z } from 'zod';
import { NetworkError, OutcomeUnknownError, TimeoutError, type RequestTarget } from '../errors/index.ts';
import { RETRY_AFTER_HEADER } from '../service/gaps.ts';
import type { ResolvedOptions } from './options.ts';
import { errorForStatus, parseBodyText, parseWithSchema, redact, redirectError } from './response.ts';
import {
  decideRetry,
  honoursRetryAfter,
  networkErrorCode,
  parseRetryAfter,
  PRE_SEND_NETWORK_CODES,
  type AttemptFailure,
} from './retry-policy.ts';

/** A query value: arrays are sent as repeated keys (`ids[]=a&ids[]=b`); undefined is left out. */
export type QueryValue = string | number | readonly string[] | undefined;

/** One call to the service. `schema` parses the 2xx body; without it the body is ignored (DELETE, 204). */
export interface RequestSpec<S extends z.ZodType | undefined = undefined> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Absolute path under the base URL, ids already encoded, e.g. `/api/shed/receipts/…`. */
  path: string;
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  schema?: S;
  signal?: AbortSignal;
  /**
   * Whether repeating the request leaves the same result. Defaults by method (see retry-policy.ts);
   * a PATCH that creates line items (items without an id) is not, and is retried like a POST.
   */
  repeatable?: boolean;
  /**
   * Goes ahead of the waiting requests that are not urgent, like a read or a retry does: a record's
   * next attempt after a lost answer (the import run), which the run's end waits for.
   */
  urgent?: boolean;
}

/** What {@link HttpClient.request} resolves to: the schema's output, or undefined without a schema. */
export type Parsed<S> = S extends z.ZodType ? z.infer<S> : undefined;

/** The HTTP layer: one {@link HttpClient.request} per call, with timeout, auth, error mapping and retry. */
export interface HttpClient {
  /**
   * Sends the request; retries per `retry-policy.ts`, honouring `Retry-After`; parses the 2xx body.
   * Throws the typed errors of `shared/errors` (never with the token in them), or the caller's
   * abort reason when `signal` aborts (a create in flight then gives {@link OutcomeUnknownError}).
   */
  request<S extends z.ZodType | undefined = undefined>(spec: RequestSpec<S>): Promise<Parsed<S>>;
  /** What the adaptive limit of requests in flight has done (null when the limit is fixed or absent). */
  limitState(): AdaptiveState | null;
}

/** One exchange's answer, read whole. */
interface Exchanged {
  response: Response;
  text: string;
}

/**
 * What the limit of requests in flight reads of one exchange: `listPage`, it asks for a page of a list;
 * `urgent`, it goes before the waiting exchanges that are not (a read, or a retry).
 */
interface ExchangeKind {
  listPage: boolean;
  urgent: boolean;
  /** Whether the caller has cancelled the request: its failure then says nothing of the service. */
  cancelled: () => boolean;
}

/** Runs one exchange when a place among the requests in flight is free. */
type InFlightLimit = (send: () => Promise<Exchanged>, kind: ExchangeKind) => Promise<Exchanged>;

/** Per-request bookkeeping across attempts. */
interface RequestState {
  target: RequestTarget;
  startedAt: string;
  /** An attempt of this request may have been acted on by the service (DELETE 404 then means done). */
  ambiguousEarlier: boolean;
  /** The caller aborted while an attempt was in flight. */
  cancelledInFlight: boolean;
}

/** Builds the HTTP layer over resolved options (see `options.ts`). */
export function createHttp(options: ResolvedOptions): HttpClient {
  // One limit for every exchange of this client, so a run's reads, pages and writes share it. Reads and
  // retries wait ahead of first attempts of writes: in an import they are what a record already under
  // way waits for (a lost create's look-up, an update's read), while the writes are the next records.
  const adaptive = options.adaptive ? new AdaptiveLimit(options.adaptive) : null;
  const fixed = options.maxInFlight === undefined ? null : new PQueue({ concurrency: options.maxInFlight });
  // The latest answers of every exchange: the adaptive limit records them itself, else they are recorded here.
  const faults = adaptive?.faults ?? new FaultWindow();
  const slot: InFlightLimit = adaptive
    ? (send, { listPage, urgent, cancelled }) =>
        adaptive.run(
          send,
          ({ response }) => ({ status: response.status, retryAfter: response.headers.has('retry-after'), listPage }),
          urgent,
          cancelled,
        )
    : fixed
      ? (send, { urgent, cancelled }) => fixed.add(() => recorded(faults, send, cancelled), urgentOrNot(urgent))
      : (send, { cancelled }) => recorded(faults, send, cancelled);
  const limited = { ...options, exchange: slot };
  return {
    limitState: () => adaptive?.state() ?? null,
    async request<S extends z.ZodType | undefined = undefined>(spec: RequestSpec<S>): Promise<Parsed<S>> {
      const pathAndQuery = spec.path + queryString(spec.query);
      const state: RequestState = {
        target: { method: spec.method, url: pathAndQuery, attempts: 1 },
        startedAt: new Date().toISOString(),
        ambiguousEarlier: false,
        cancelledInFlight: false,
      };
      const retryStart = performance.now();
      try {
        // p-retry waits the short back-off, flat and without jitter, itself; beforeRetry waits the rest (back-off.ts).
        return await pRetry((attemptNumber) => attempt(limited, spec, pathAndQuery, attemptNumber, state), {
          retries: options.retries,
          factor: 1,
          minTimeout: shortDelayMs(options),
          maxTimeout: options.maxRetryDelayMs,
          maxRetryTime: options.maxRetryTimeMs,
          randomize: false,
          signal: spec.signal,
          onFailedAttempt: (context) =>
            beforeRetry(options, { ...context, ...state.target, retryStart, signal: spec.signal }, faults),
        });
      } catch (error) {
        if (state.cancelledInFlight && spec.method === 'POST') {
          throw new OutcomeUnknownError(
            state.target,
            {
              reason: 'cancelled',
              startedAt: state.startedAt,
              explanation: 'the request was cancelled while in flight',
            },
            { cause: error },
          );
        }
        throw error;
      }
    },
  };
}

/**
 * Runs `send`, recording in `faults` whether it failed (a 5xx or no answer; a 429 is left out, and so
 * is a request its caller cancelled).
 */
async function recorded(
  faults: FaultWindow,
  send: () => Promise<Exchanged>,
  cancelled: () => boolean,
): Promise<Exchanged> {
  let exchanged: Exchanged;
  try {
    exchanged = await send();
  } catch (error) {
    if (!cancelled()) faults.record(true);
    throw error;
  }
  if (exchanged.response.status !== 429) faults.record(exchanged.response.status >= 500);
  return exchanged;
}

/** One attempt: the exchange, then the verdict on the answer. */
async function attempt<S extends z.ZodType | undefined>(
  options: ResolvedOptions & { exchange: InFlightLimit },
  spec: RequestSpec<S>,
  pathAndQuery: string,
  attemptNumber: number,
  state: RequestState,
): Promise<Parsed<S>> {
  const target: RequestTarget = { method: spec.method, url: pathAndQuery, attempts: attemptNumber };
  state.target = target;
  state.startedAt = new Date().toISOString();
  // The timeout starts once the request holds its place, so waiting for one is not a timeout.
  // A page of a list (`page` in the query, paging.ts) takes as long as its records: not a measure of load.
  const listPage = spec.method === 'GET' && spec.query?.page !== undefined;
  const urgent = spec.method === 'GET' || attemptNumber > 1 || spec.urgent === true;
  const cancelled = () => spec.signal?.aborted === true;
  const { response, text } = await options.exchange(() => exchange(options, spec, target, state), {
    listPage,
    urgent,
    cancelled,
  });
  return judge(options, spec, response, text, target, state);
}

/**
 * Sends the request and reads the whole body within `timeoutMs`. Throws what {@link sendFailure}
 * makes of a timeout, a connection failure or the caller's abort.
 */
async function exchange(
  options: ResolvedOptions,
  spec: RequestSpec<z.ZodType | undefined>,
  target: RequestTarget,
  state: RequestState,
): Promise<Exchanged> {
  // Cancelled while it waited for its place: never sent (its abort listener below would never fire).
  spec.signal?.throwIfAborted();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const onCallerAbort = () => controller.abort(spec.signal?.reason);
  spec.signal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    let response: Response;
    try {
      const init = requestInit(options, spec, controller.signal);
      response = await untilAborted(options.fetch(options.baseUrl + target.url, init), controller.signal);
    } catch (error) {
      throw sendFailure(options, spec, error, timedOut, target, state);
    }
    try {
      // The timer covers the body too: a service that sends headers then stalls is a timeout as well.
      return { response, text: await untilAborted(response.text(), controller.signal) };
    } catch (error) {
      // Headers arrived, the body did not. An error status still says what happened; a 2xx does not.
      if (response.ok || (spec.signal?.aborted && !timedOut)) {
        throw sendFailure(
          options,
          spec,
          error,
          timedOut,
          target,
          state,
          response.ok ? 'the answer was cut off' : undefined,
        );
      }
      return { response, text: '' };
    }
  } finally {
    clearTimeout(timer);
    spec.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/**
 * The verdict on a complete answer: the parsed 2xx body, or the typed error, thrown as is when it
 * is to be retried and wrapped in p-retry's AbortError when final.
 */
function judge<S extends z.ZodType | undefined>(
  options: ResolvedOptions,
  spec: RequestSpec<S>,
  response: Response,
  text: string,
  target: RequestTarget,
  state: RequestState,
): Parsed<S> {
  const { status } = response;
  if ((status >= 300 && status < 400) || response.type === 'opaqueredirect') {
    throw new AbortError(redirectError(target, response, options));
  }
  if (response.ok) {
    if (!spec.schema) return undefined as Parsed<S>;
    try {
      return parseWithSchema(spec.schema, text, target, status) as Parsed<S>;
    } catch (error) {
      throw new AbortError(error as Error);
    }
  }
  if (status === 404 && spec.method === 'DELETE' && state.ambiguousEarlier) {
    // An earlier attempt timed out or failed and this one finds nothing: that attempt deleted it.
    return undefined as Parsed<S>;
  }
  const retryAfterMs = honoursRetryAfter(status)
    ? parseRetryAfter(response.headers.get(RETRY_AFTER_HEADER), Date.now())
    : null;
  const answer = { status, statusText: response.statusText, body: parseBodyText(redact(text, options.token)) };
  const error = errorForStatus(target, answer, retryAfterMs);
  const decision = decideRetry(spec.method, { kind: 'status', status }, spec.repeatable);
  if (decision === 'retry') {
    if (status >= 500) state.ambiguousEarlier = true;
    throw error;
  }
  if (decision === 'outcome_unknown') {
    const explanation = `the service answered ${status} ${error.statusText}`.trim();
    throw new AbortError(outcomeUnknown(state, { kind: 'status', status }, explanation, undefined, retryAfterMs));
  }
  throw new AbortError(error);
}

/**
 * The error for an attempt that got no complete answer: the caller's abort reason (rethrown as is),
 * a timeout or a connection failure, retried (thrown as is) or final (wrapped in p-retry's AbortError).
 */
function sendFailure(
  options: ResolvedOptions,
  spec: RequestSpec<z.ZodType | undefined>,
  cause: unknown,
  timedOut: boolean,
  target: RequestTarget,
  state: RequestState,
  explanation?: string,
): unknown {
  if (spec.signal?.aborted && !timedOut) {
    state.cancelledInFlight = true;
    return cause;
  }
  const failure: AttemptFailure = timedOut ? { kind: 'timeout' } : { kind: 'network', code: networkErrorCode(cause) };
  const decision = decideRetry(spec.method, failure, spec.repeatable);
  if (decision === 'outcome_unknown') {
    const why =
      explanation ??
      (failure.kind === 'network'
        ? `the connection was lost${failure.code ? ` (${failure.code})` : ''}`
        : `no answer within ${options.timeoutMs} ms`);
    return new AbortError(outcomeUnknown(state, failure, why, safeCause(cause, options.token)));
  }
  // Anything but a connection refused before sending may have reached the service.
  if (failure.kind === 'timeout' || failure.code === null || !PRE_SEND_NETWORK_CODES.has(failure.code)) {
    state.ambiguousEarlier = true;
  }
  const error =
    failure.kind === 'timeout'
      ? new TimeoutError(target, options.timeoutMs)
      : new NetworkError(target, failure.code, {
          cause: safeCause(cause, options.token),
          baseUrl: redact(options.baseUrl, options.token),
        });
  return decision === 'retry' ? error : new AbortError(error);
}

function outcomeUnknown(
  state: RequestState,
  failure: AttemptFailure,
  explanation: string,
  cause?: unknown,
  retryAfterMs: number | null = null,
) {
  const reason =
    failure.kind === 'timeout' ? 'timeout' : failure.kind === 'status' ? 'server_error' : 'connection_lost';
  const status = failure.kind === 'status' ? failure.status : null;
  return new OutcomeUnknownError(
    state.target,
    { reason, startedAt: state.startedAt, status, retryAfterMs, explanation },
    cause === undefined ? undefined : { cause },
  );
}

function requestInit(
  options: ResolvedOptions,
  spec: RequestSpec<z.ZodType | undefined>,
  signal: AbortSignal,
): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json', [options.authHeader]: options.authValue };
  if (options.userAgent) headers['User-Agent'] = options.userAgent;
  // Redirects are not followed: fetch would carry a custom auth header (x-api-key) to another origin.
  const init: RequestInit = { method: spec.method, headers, signal, redirect: 'manual' };
  if (spec.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(spec.body);
  }
  return init;
}

/** `?a=1&ids[]=x&ids[]=y`, or empty; undefined values are left out. */
export function queryString(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, item);
    else params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The cause to keep on an error: the original, unless its message carries the token. */
function safeCause(cause: unknown, token: string): unknown {
  const text =
    cause instanceof Error
      ? `${cause.message} ${String(cause.stack)} ${String((cause as { cause?: unknown }).cause)}`
      : String(cause);
  return text.includes(token)
    ? new Error(redact(cause instanceof Error ? cause.message : String(cause), token))
    : cause;
}
