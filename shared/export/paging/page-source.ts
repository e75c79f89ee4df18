/**
 * One page of a shed list at a time, for the consistent paging of exports (consistent.ts): the
 * client's `OrgClient.listX` returns whole lists, but noticing change needs each page's `meta` and
 * records, and the cursor walk needs page 1 of `updated_after = cursor` alone. Same requests as
 * the client's lists (spec section 4: `updated_after`, `page`, `page_size=200` (gaps row 13), `include`).
 */
import type { HttpClient, QueryValue } from '../../client/index.ts';
import type { Page } from '../../client/paging.ts';
import { ProductAlias, Receipt, Return, Storage, listEnvelope } from '../../schemas/resources.ts';
import type { DeletionRecord } from '../../schemas/resources.ts';
import type { ReceiptInclude, ReturnInclude, DeletableResource, DeletedQuery } from '../../client/index.ts';
import { PAGE_SIZE_MAX } from '../../service/gaps.ts';
import type { z } from 'zod';

/** Which page of the list, changed after when, cancellation. */
export interface PageQuery {
  /** 1-based. */
  page: number;
  /** ISO 8601; strict `>` (gaps row 14). */
  updatedAfter?: string;
  signal?: AbortSignal;
}

/** Reads one page of one list. Rejects with the client's typed errors (shared/errors). */
export type PageReader<T> = (query: PageQuery) => Promise<Page<T>>;

/** Reads the deletion records of one resource: `deletedAfter` and `ids` combine with AND (spec section 4). */
export type DeletedReader = (query: {
  deletedAfter?: string;
  ids?: readonly string[];
  signal?: AbortSignal;
}) => Promise<readonly DeletionRecord[]>;

/** Page readers of one organisation's lists. */
export interface OrgPages {
  receipts(include?: readonly ReceiptInclude[]): PageReader<Receipt>;
  returns(include?: readonly ReturnInclude[]): PageReader<Return>;
  storages(): PageReader<Storage>;
  productAliases(): PageReader<ProductAlias>;
}

/**
 * Page readers over the client's HTTP layer (`createHttp`, with its retries, timeouts and typed
 * errors) for the organisation `orgId`. Every variant of `meta` is read (gaps rows 19, 21: absent,
 * `total_entries`, `total_count`, both, neither).
 */
export function createOrgPages(http: HttpClient, orgId: string): OrgPages {
  const org = `/api/shed/organisations/${encodeURIComponent(orgId.trim())}`;
  return {
    receipts: (include = []) => pageReader(http, `${org}/receipts`, Receipt, includeQuery(include)),
    returns: (include = []) => pageReader(http, `${org}/returns`, Return, includeQuery(include)),
    storages: () => pageReader(http, `${org}/storages`, Storage, {}),
    productAliases: () => pageReader(http, `${org}/product_aliases`, ProductAlias, {}),
  };
}

/** The deletion records of `resource`, from an `OrgClient.listDeleted`-like call. */
export function deletedReader(
  listDeleted: (resource: DeletableResource, q: DeletedQuery) => Promise<{ records: readonly DeletionRecord[] }>,
  resource: DeletableResource,
): DeletedReader {
  return async (q) => (await listDeleted(resource, q)).records;
}

function pageReader<T>(
  http: HttpClient,
  path: string,
  item: z.ZodType<T>,
  extra: Record<string, QueryValue>,
): PageReader<T> {
  const schema = listEnvelope(item);
  return async ({ page, updatedAfter, signal }) => {
    const envelope = (await http.request({
      method: 'GET',
      path,
      query: { ...extra, updated_after: updatedAfter, page, page_size: PAGE_SIZE_MAX },
      schema,
      signal,
    })) as {
      data: T[];
      meta?: { total_pages: number; page_size: number; totalCount: number | null };
      included?: Page<T>['included'];
    };
    return {
      records: envelope.data,
      included: envelope.included,
      totalPages: envelope.meta?.total_pages ?? null,
      totalCount: envelope.meta?.totalCount ?? null,
      // The most records this page could hold: the size asked (the service's cap, gaps row 13), or less if it says so.
      pageSize: envelope.meta ? Math.min(envelope.meta.page_size, PAGE_SIZE_MAX) : null,
    };
  };
}

function includeQuery(include: readonly string[]): Record<string, QueryValue> {
  return include.length > 0 ? { include: [...new Set(include)].join(',') } : {};
}
