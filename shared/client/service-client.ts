/**
 * The farm-inputs service client: organisations, and per organisation its storages, product aliases, receipts and
 * returns (list, get, create, update, delete), over the HTTP layer.
 */
import { z } from 'zod';
import { ShedError } from '../errors/shed-error.ts';
/* eslint-disable @typescript-eslint/no-unused-vars -- these are named by {@link} in the docs below, for the editor to follow */
import type {
  AuthenticationError,
  EntitlementError,
  NetworkError,
  NotFoundError,
  OutcomeUnknownError,
  RateLimitError,
  ResponseShapeError,
  ServiceError,
  TimeoutError,
  ValidationError,
} from '../errors/index.ts';
/* eslint-enable @typescript-eslint/no-unused-vars */
import {
  DeletionRecord,
  Organisation,
  ProductAlias,
  Receipt,
  Return,
  Storage,
  listEnvelope,
} from '../schemas/resources.ts';
import { Timestamp } from '../schemas/common.ts';
import type { ReceiptCreateBody, ReceiptUpdateBody, ReturnCreateBody, ReturnUpdateBody } from '../schemas/bodies.ts';
import { PAGE_SIZE_MAX, RECEIPT_PATHS } from '../service/gaps.ts';
import { createHttp, type HttpClient, type QueryValue } from './http.ts';
import { resolveOptions, type ServiceClientOptions } from './options.ts';
import { listAll, mergePages, type ListResult, type Page } from './paging.ts';

/** Cancellation for any call. */
export interface CallOptions {
  signal?: AbortSignal;
  /** Goes ahead of waiting requests that are not urgent (a record's next attempt): `RequestSpec.urgent`. */
  urgent?: boolean;
  /**
   * An update only: `false` sends it once, a failure whose outcome is unknown thrown as
   * OutcomeUnknownError rather than sent again here, for a caller that reads the record back and checks
   * its version first (the service has no conditional update: a blind repeat could overwrite a change
   * made meanwhile). Default: as the method and body allow (retry-policy.ts).
   */
  repeatable?: false;
}

/** Options of every list call: `updatedAfter` (ISO 8601, strict `>`, gaps row 14), progress, cancellation. */
export interface ListQuery extends CallOptions {
  updatedAfter?: string;
  onPage?: (page: number, totalPages: number) => void;
  /**
   * How many records the caller knows the list holds at least (e.g. the records a run created since
   * `updatedAfter`): the pages they fill are asked for together with page 1 (paging.ts `firstPages`).
   */
  expectedRecords?: number;
}

export type ReceiptInclude = 'products' | 'product_aliases' | 'storage';
export type ReturnInclude = 'product' | 'storage';
export type DeletableResource = 'receipts' | 'returns' | 'storages' | 'product_aliases';

/** Options of {@link OrgClient.listDeleted}: `deletedAfter` (ISO 8601) and `ids` combine with AND. */
export interface DeletedQuery extends CallOptions {
  deletedAfter?: string;
  /** Only these ids (gaps row 17). An empty array asks nothing and returns no records. */
  ids?: readonly string[];
  onPage?: (page: number, totalPages: number) => void;
}

/**
 * The calls on one organisation's shed resources (spec section 4; receipt paths per gaps row 5).
 * Every call rejects with the typed errors of `shared/errors`: {@link AuthenticationError} (401),
 * {@link EntitlementError} (403, no shed subscription), {@link NotFoundError} (404),
 * {@link ValidationError} (422), {@link RateLimitError} / {@link ServiceError} / {@link NetworkError} /
 * {@link TimeoutError} after retries, {@link ResponseShapeError} for a body that does not parse;
 * creates may reject with {@link OutcomeUnknownError} instead of being retried. A bad argument
 * (empty id, malformed cursor) rejects with {@link ShedError} `invalid_argument` before any request.
 */
export interface OrgClient {
  readonly orgId: string;
  /** All storages (both field sets, gaps row 20), `updated_after` when given. */
  listStorages(q?: ListQuery): Promise<ListResult<Storage>>;
  /** `GET /api/shed/storages/:id`. */
  getStorage(id: string, o?: CallOptions): Promise<Storage>;
  /** All product aliases. */
  listProductAliases(q?: ListQuery): Promise<ListResult<ProductAlias>>;
  /** All receipts with their line items; `include` sideloads into `included` (merged over pages). */
  listReceipts(q?: ListQuery & { include?: readonly ReceiptInclude[] }): Promise<ListResult<Receipt>>;
  /** One receipt with all line items; `included` is a key of the receipt when asked (gaps row 22). */
  getReceipt(id: string, o?: CallOptions & { include?: readonly ReceiptInclude[] }): Promise<Receipt>;
  /** Creates a receipt (201). The body is sent as given: the caller validates it (ReceiptCreateBody). */
  createReceipt(body: ReceiptCreateBody, o?: CallOptions): Promise<Receipt>;
  /** Updates a receipt; `line_items` is desired state (spec section 4). Retried safely. */
  updateReceipt(id: string, body: ReceiptUpdateBody, o?: CallOptions): Promise<Receipt>;
  /** Deletes a receipt (204). A 404 after an earlier attempt of the same call was lost counts as deleted. */
  deleteReceipt(id: string, o?: CallOptions): Promise<void>;
  /** All returns; `include` sideloads `product` and `storage`. */
  listReturns(q?: ListQuery & { include?: readonly ReturnInclude[] }): Promise<ListResult<Return>>;
  /** `GET /api/shed/returns/:id`. */
  getReturn(id: string, o?: CallOptions & { include?: readonly ReturnInclude[] }): Promise<Return>;
  /** Creates a return (201). The body is sent as given: the caller validates it (ReturnCreateBody). */
  createReturn(body: ReturnCreateBody, o?: CallOptions): Promise<Return>;
  /** Updates a return with any subset of the create fields (gaps row 8). Retried safely. */
  updateReturn(id: string, body: ReturnUpdateBody, o?: CallOptions): Promise<Return>;
  /** Deletes a return (204); a 404 after a lost earlier attempt counts as deleted. */
  deleteReturn(id: string, o?: CallOptions): Promise<void>;
  /** Deletion records of a resource (kept 60 days), newest `deleted_at` kept per id. */
  listDeleted(resource: DeletableResource, q?: DeletedQuery): Promise<ListResult<DeletionRecord>>;
}

/** The farm-inputs service client: organisations, and an {@link OrgClient} per organisation. */
export interface ServiceClient {
  /** Organisations the token can access (`GET /api/organisations`, unpaged unless `meta` says otherwise). */
  listOrganisations(o?: CallOptions & { onPage?: (page: number, totalPages: number) => void }): Promise<Organisation[]>;
  /** `GET /api/organisations/:id` (not wrapped in `data`). */
  getOrganisation(id: string, o?: CallOptions): Promise<Organisation>;
  /** The calls on one organisation. Throws {@link ShedError} `invalid_argument` for an empty id. */
  forOrganisation(orgId: string): OrgClient;
  /**
   * The HTTP layer under this client (same connection, timeouts, retries and typed errors), for
   * callers that read one page at a time: exports' consistent paging, sync's keyset paging.
   */
  readonly http: HttpClient;
}

/** `ids[]` per deleted-list request, so the URL stays short (about 2.5 kB). */
export const DELETED_IDS_PER_REQUEST = 50;

/**
 * Creates the client. Every call has a timeout, retries per `retry-policy.ts` and parses the response
 * with the resource's zod schema; list calls page through everything. Throws {@link ShedError}
 * (category `config`) for bad options; calls throw the typed errors of `shared/errors`.
 * @example
 * const client = createServiceClient({ baseUrl: 'https://inputs.example.com', token, maxInFlight: 4 });
 * const [farm] = await client.listOrganisations();
 * const receipts = await client.forOrganisation(farm.id).listReceipts({ include: ['products'] });
 */
export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const resolved = resolveOptions(options);
  const http = createHttp(resolved);
  const lists = { http, pageConcurrency: resolved.pageConcurrency };
  return {
    async listOrganisations(o = {}) {
      // The organisation list has no paging (gaps row 19): page 1 asks plainly, later pages only if `meta` says so.
      const fetchPage = (page: number, signal: AbortSignal) =>
        http
          .request({
            method: 'GET',
            path: '/api/organisations',
            query: page === 1 ? {} : { page },
            schema: listEnvelope(Organisation),
            signal,
          })
          .then(toPage);
      const result = await listAll(fetchPage, {
        pageConcurrency: resolved.pageConcurrency,
        onPage: o.onPage,
        signal: o.signal,
      });
      return result.records;
    },
    getOrganisation: async (id, o = {}) =>
      http.request({
        method: 'GET',
        path: `/api/organisations/${segment(id, 'organisation id')}`,
        schema: Organisation,
        signal: o.signal,
      }),
    forOrganisation: (orgId) => orgClient(lists, orgId),
    http,
  };
}

interface Lists {
  http: HttpClient;
  pageConcurrency: number;
}

function orgClient(lists: Lists, orgId: string): OrgClient {
  const { http } = lists;
  const orgSegment = segment(orgId, 'organisation id');
  const org = `/api/shed/organisations/${orgSegment}`;
  const get = <S extends z.ZodType>(path: string, schema: S, o: CallOptions, query?: Record<string, QueryValue>) =>
    http.request({ method: 'GET', path, query, schema, signal: o.signal });
  const send = <S extends z.ZodType>(
    method: 'POST' | 'PATCH',
    path: string,
    body: unknown,
    schema: S,
    o: CallOptions,
    repeatable?: boolean,
  ) =>
    http.request({
      method,
      path,
      body,
      schema,
      signal: o.signal,
      ...(repeatable === undefined ? {} : { repeatable }),
      ...(o.urgent ? { urgent: true } : {}),
    });
  const remove = (path: string, o: CallOptions) => http.request({ method: 'DELETE', path, signal: o.signal });
  const rec = (id: string) => segment(id, 'receipt id');
  const ret = (id: string) => segment(id, 'return id');
  return {
    orgId,
    listStorages: async (q = {}) => listResource(lists, `${org}/storages`, Storage, q),
    getStorage: async (id, o = {}) => get(`/api/shed/storages/${segment(id, 'storage id')}`, Storage, o),
    listProductAliases: async (q = {}) => listResource(lists, `${org}/product_aliases`, ProductAlias, q),
    listReceipts: async (q = {}) => listResource(lists, `${org}/receipts`, Receipt, q, includeQuery(q.include)),
    getReceipt: async (id, o = {}) => get(RECEIPT_PATHS.get(rec(id)), Receipt, o, includeQuery(o.include)),
    createReceipt: async (body, o = {}) => send('POST', RECEIPT_PATHS.create(orgSegment), body, Receipt, o),
    updateReceipt: async (id, body, o = {}) =>
      send(
        'PATCH',
        RECEIPT_PATHS.update(orgSegment, rec(id)),
        body,
        Receipt,
        o,
        o.repeatable ?? !createsLineItems(body),
      ),
    deleteReceipt: async (id, o = {}) => remove(RECEIPT_PATHS.delete(orgSegment, rec(id)), o),
    listReturns: async (q = {}) => listResource(lists, `${org}/returns`, Return, q, includeQuery(q.include)),
    getReturn: async (id, o = {}) => get(`/api/shed/returns/${ret(id)}`, Return, o, includeQuery(o.include)),
    createReturn: async (body, o = {}) => send('POST', `${org}/returns`, body, Return, o),
    updateReturn: async (id, body, o = {}) => send('PATCH', `${org}/returns/${ret(id)}`, body, Return, o, o.repeatable),
    deleteReturn: async (id, o = {}) => remove(`${org}/returns/${ret(id)}`, o),
    listDeleted: async (resource, q = {}) => listDeleted(lists, `${org}/${deletedSegment(resource)}/deleted`, q),
  };
}

/** Whether an update creates line items (items without an id): then it is not safe to repeat blindly. */
function createsLineItems(body: ReceiptUpdateBody): boolean {
  return (body.line_items ?? []).some((item) => !item.id);
}

/** A shed list with `page_size=200` (the maximum, gaps row 13) and `updated_after`, all pages. */
async function listResource<T extends { id: string }>(
  lists: Lists,
  path: string,
  item: z.ZodType<T>,
  q: ListQuery,
  extra: Record<string, QueryValue> = {},
): Promise<ListResult<T>> {
  const updatedAfter = checkTimestamp(q.updatedAfter, 'updatedAfter');
  const schema = listEnvelope(item);
  const fetchPage = (page: number, signal: AbortSignal) =>
    lists.http
      .request({
        method: 'GET',
        path,
        query: { ...extra, updated_after: updatedAfter, page, page_size: PAGE_SIZE_MAX },
        schema,
        signal,
      })
      .then((envelope) => toPage(envelope as Envelope<T>));
  return listAll(fetchPage, {
    pageConcurrency: lists.pageConcurrency,
    onPage: q.onPage,
    signal: q.signal,
    firstPages: Math.min(lists.pageConcurrency + 1, Math.ceil((q.expectedRecords ?? 0) / PAGE_SIZE_MAX)),
  });
}

/** Deletion records; `ids` are sent `DELETED_IDS_PER_REQUEST` at a time, one chunk after another. */
async function listDeleted(lists: Lists, path: string, q: DeletedQuery): Promise<ListResult<DeletionRecord>> {
  const deletedAfter = checkTimestamp(q.deletedAfter, 'deletedAfter');
  const ids =
    q.ids === undefined
      ? [undefined]
      : chunk(
          q.ids.map((id) => checkId(id, 'id')),
          DELETED_IDS_PER_REQUEST,
        );
  const schema = listEnvelope(DeletionRecord);
  const results: ListResult<DeletionRecord>[] = [];
  for (const chunkIds of ids) {
    const fetchPage = (page: number, signal: AbortSignal) =>
      lists.http
        .request({
          method: 'GET',
          path,
          query: { deleted_after: deletedAfter, 'ids[]': chunkIds, page, page_size: PAGE_SIZE_MAX },
          schema,
          signal,
        })
        .then(toPage);
    results.push(
      await listAll(fetchPage, {
        pageConcurrency: lists.pageConcurrency,
        onPage: q.onPage,
        signal: q.signal,
        versionOf: (r) => r.deleted_at,
      }),
    );
  }
  if (results.length === 1 && results[0]) return results[0];
  const merged = mergePages(
    results.map((r) => ({ records: r.records, included: r.included, totalPages: 1, totalCount: null })),
    (r) => r.deleted_at,
  );
  return { ...merged, totalCount: merged.records.length };
}

type Envelope<T> = {
  data: T[];
  meta?: { total_pages: number; totalCount: number | null };
  included?: Page<T>['included'];
};

function toPage<T>(envelope: Envelope<T>): Page<T> {
  return {
    records: envelope.data,
    included: envelope.included,
    totalPages: envelope.meta?.total_pages ?? null,
    totalCount: envelope.meta?.totalCount ?? null,
  };
}

function includeQuery(include: readonly string[] | undefined): Record<string, QueryValue> {
  return include && include.length > 0 ? { include: [...new Set(include)].join(',') } : {};
}

function deletedSegment(resource: DeletableResource): string {
  if (!['receipts', 'returns', 'storages', 'product_aliases'].includes(resource)) {
    throw new ShedError(
      'invalid_argument',
      'usage',
      `No deleted list for "${String(resource)}"; expected receipts, returns, storages or product_aliases.`,
    );
  }
  return resource;
}

/** An id as one path segment: non-empty, percent-encoded so it cannot change the path. */
function segment(id: string, what: string): string {
  return encodeURIComponent(checkId(id, what));
}

function checkId(id: string, what: string): string {
  if (typeof id !== 'string' || id.trim() === '') {
    throw new ShedError('invalid_argument', 'usage', `A ${what} is required, got ${JSON.stringify(id) ?? String(id)}.`);
  }
  return id.trim();
}

/** A cursor must be ISO 8601 with `Z` or an offset (gaps row 15); checked so a bad one fails here, not at the service. */
function checkTimestamp(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (!Timestamp.safeParse(value).success) {
    throw new ShedError(
      'invalid_argument',
      'usage',
      `${name} must be an ISO 8601 timestamp such as 2026-03-01T10:00:00Z, got ${JSON.stringify(value)}.`,
    );
  }
  return value;
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../errors/shed-error.ts' {
  interface ErrorCodes {
    'shared/client/service-client.ts': 'invalid_argument';
  }
}
