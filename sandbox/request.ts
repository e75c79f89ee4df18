/**
 * What a sandbox request asks for: path ids, list and deleted-endpoint queries, and JSON bodies, each parsed or
 * refused as the service does.
 */
import type { Context } from 'hono';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../shared/service/gaps.ts';
import { parseMicros } from './clock.ts';
import type { ValidationBody } from './movements.ts';

/**
 * Reading a request: path ids, list and deleted-list query parameters, and JSON bodies. Query
 * errors are answered like body errors, 422 `{errors: {param: [message]}}` (gaps row 6 extended
 * to query parameters: the spec does not say).
 */

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path id in the form ids are stored (lower case), or null when it is not a UUID (then 404, gaps row 7). */
export function pathId(raw: string | undefined): string | null {
  return raw !== undefined && UUID_PATTERN.test(raw) ? raw.toLowerCase() : null;
}

/** Either a parsed value or the 422 body explaining what is wrong. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; body: ValidationBody };

const TIMESTAMP_MESSAGE = 'must be an ISO 8601 timestamp such as 2026-03-01T10:00:00.000000Z';

/**
 * A timestamp query parameter in microseconds, null when absent or empty. A `+` of an offset that
 * arrived as a space (an unencoded `+` in a query string) is read as `+`.
 */
function timestampParam(name: string, raw: string | undefined): Parsed<number | null> {
  if (raw === undefined || raw === '') return { ok: true, value: null };
  const us = parseMicros(raw.trim().replace(/ (\d{2}:?\d{2})$/, '+$1'));
  return us === null ? { ok: false, body: { errors: { [name]: [TIMESTAMP_MESSAGE] } } } : { ok: true, value: us };
}

/** Page and page size after clamping (gaps row 13), and the `updated_after` cursor in microseconds. */
export interface ListQuery {
  page: number;
  pageSize: number;
  updatedAfter: number | null;
}

function integerParam(raw: string | undefined, fallback: number): number | null {
  if (raw === undefined || raw.trim() === '') return fallback;
  return /^[+-]?\d+$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

/**
 * `page` (default 1, below 1 clamped to 1), `page_size` (default 50, above 200 clamped to 200,
 * below 1 clamped to 1) and `updated_after` (strict, gaps row 14). Not an integer: 422.
 */
export function parseListQuery(c: Context): Parsed<ListQuery> {
  const errors: Record<string, string[]> = {};
  const page = integerParam(c.req.query('page'), 1);
  const size = integerParam(c.req.query('page_size'), PAGE_SIZE_DEFAULT);
  if (page === null) errors.page = ['must be an integer'];
  if (size === null) errors.page_size = ['must be an integer'];
  const after = timestampParam('updated_after', c.req.query('updated_after'));
  if (!after.ok) Object.assign(errors, after.body.errors);
  if (page === null || size === null || !after.ok) return { ok: false, body: { errors } };
  return {
    ok: true,
    value: {
      page: Math.max(1, page),
      pageSize: Math.min(PAGE_SIZE_MAX, Math.max(1, size)),
      updatedAfter: after.value,
    },
  };
}

/** `deleted_after` in microseconds and the `ids[]` filter (null when not given), combined by AND. */
export interface DeletedQuery {
  deletedAfter: number | null;
  ids: Set<string> | null;
}

/**
 * Query of a deleted endpoint: `deleted_after` (strict) and `ids[]` (repeated; `ids` and
 * comma-separated values are accepted too; every value must be a UUID, else 422). Gaps row 17.
 */
export function parseDeletedQuery(c: Context): Parsed<DeletedQuery> {
  const after = timestampParam('deleted_after', c.req.query('deleted_after'));
  const raw = [...(c.req.queries('ids[]') ?? []), ...(c.req.queries('ids') ?? [])]
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => value !== '');
  const ids = raw.map(pathId);
  const errors: Record<string, string[]> = after.ok ? {} : { ...(after.body.errors as Record<string, string[]>) };
  if (ids.some((id) => id === null)) errors['ids'] = ['must be a list of UUIDs'];
  if (!after.ok || errors['ids']) return { ok: false, body: { errors } };
  const given = c.req.queries('ids[]') !== undefined || c.req.queries('ids') !== undefined;
  return { ok: true, value: { deletedAfter: after.value, ids: given ? new Set(ids as string[]) : null } };
}

/** A request body that could not be read: 415 for another content type, 400 for malformed JSON. */
export interface BodyRefusal {
  status: 400 | 415;
  body: { error: string; message: string };
}

/**
 * The JSON body of a POST or PATCH. The content type must be `application/json` (parameters such
 * as `charset` allowed, `+json` types too), else 415 `{error: 'unsupported_media_type'}`; a body
 * that is not JSON gives 400 `{error: 'bad_request'}`. Neither is named by the spec or gaps.md.
 */
export async function readJsonBody(
  c: Context,
): Promise<{ ok: true; body: unknown } | { ok: false; refusal: BodyRefusal }> {
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType !== 'application/json' && !/^application\/[\w.+-]+\+json$/.test(mediaType)) {
    const message = `Send the body as JSON with "Content-Type: application/json" (got ${mediaType ? `"${mediaType}"` : 'none'}).`;
    return { ok: false, refusal: { status: 415, body: { error: 'unsupported_media_type', message } } };
  }
  const text = await c.req.text();
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch (error) {
    const message = `The body is not valid JSON: ${(error as Error).message}`;
    return { ok: false, refusal: { status: 400, body: { error: 'bad_request', message } } };
  }
}
