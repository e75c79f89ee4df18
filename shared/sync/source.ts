/**
 * What a sync reads from the service: one page of a list at a time, and deletion records.
 *
 * Why single pages and not `OrgClient.listReceipts` (which fetches every page, in parallel): lists
 * are paged by position in `updated_at` order (gaps row 14), and an update moves a record to the end.
 * Between two page requests every record behind it moves up one place, so the record that was first
 * on the next page slides onto a page already read and is missed; a cursor advanced to the newest
 * `updated_at` seen would then pass it for good. Asking again from the last timestamp read
 * (keyset paging, fetch.ts) has no positions to shift.
 */
import type { z } from 'zod';
import type { HttpClient } from '../client/http.ts';
import type { DeletedQuery, OrgClient } from '../client/service-client.ts';
import { PAGE_SIZE_MAX } from '../service/gaps.ts';
import {
  listEnvelope,
  ProductAlias,
  Receipt,
  Return,
  Storage,
  type DeletionRecord,
  type Included,
} from '../schemas/resources.ts';
import type { SyncRecords, SyncResource } from './mirror.ts';

/** One page as a sync uses it: its records, its sideloads (`{}` when none), and `meta.total_pages` (null without `meta`). */
export interface SyncPage<T> {
  records: T[];
  included: Included;
  totalPages: number | null;
}

/** A page request: `updatedAfter` is strict (`>`, gaps row 14); `page` is 1-based. */
export interface SyncPageQuery {
  updatedAfter?: string;
  page: number;
  signal?: AbortSignal;
}

/**
 * The service as a sync sees it. `listPage` answers one page of a resource's list, with the products
 * sideloaded for receipts and returns ({@link SYNC_INCLUDE}); `listDeleted` answers every deletion
 * record after `deletedAfter` (the deleted lists are not paged, spec section 2). Both reject with the
 * typed errors of `shared/errors`.
 */
export interface SyncSource {
  listPage<R extends SyncResource>(resource: R, query: SyncPageQuery): Promise<SyncPage<SyncRecords[R]>>;
  listDeleted(
    resource: SyncResource,
    query: Pick<DeletedQuery, 'deletedAfter' | 'signal'>,
  ): Promise<{ records: readonly DeletionRecord[] }>;
}

/** The `include` asked for per resource: the products of receipts' line items and of returns (spec section 2, "Sideloading"). */
export const SYNC_INCLUDE: Readonly<Record<SyncResource, string | undefined>> = {
  storages: undefined,
  product_aliases: undefined,
  receipts: 'products',
  returns: 'product',
};

const SCHEMAS: { readonly [R in SyncResource]: z.ZodType<SyncRecords[R]> } = {
  storages: Storage,
  product_aliases: ProductAlias,
  receipts: Receipt,
  returns: Return,
};

/**
 * A {@link SyncSource} over the client's HTTP layer (`createHttp`: timeouts, retries with back-off,
 * typed errors) for the organisation of `org`, whose `listDeleted` answers the deleted lists. Pages
 * are asked with `page_size=200` (the maximum, gaps row 13).
 */
export function createSyncSource(http: HttpClient, org: Pick<OrgClient, 'orgId' | 'listDeleted'>): SyncSource {
  const base = `/api/shed/organisations/${encodeURIComponent(org.orgId)}`;
  return {
    async listPage<R extends SyncResource>(resource: R, query: SyncPageQuery): Promise<SyncPage<SyncRecords[R]>> {
      const include = SYNC_INCLUDE[resource];
      const envelope = await http.request({
        method: 'GET',
        path: `${base}/${resource}`,
        query: { updated_after: query.updatedAfter, page: query.page, page_size: PAGE_SIZE_MAX, include },
        schema: listEnvelope(SCHEMAS[resource] as z.ZodType<SyncRecords[R]>),
        signal: query.signal,
      });
      return {
        records: envelope.data as SyncRecords[R][],
        included: envelope.included ?? {},
        totalPages: envelope.meta?.total_pages ?? null,
      };
    },
    listDeleted: (resource, query) => org.listDeleted(resource, query),
  };
}
