/**
 * Reads a whole paginated list of the service: page 1, then the rest in parallel, merged and de-duplicated by id.
 */
import pLimit from 'p-limit';
import { parseISO } from 'date-fns/parseISO';
import type { Included } from '../schemas/resources.ts';

/** One page as the client read it: records, sideloads, and what `meta` said (null when absent). */
export interface Page<T> {
  records: T[];
  included?: Included;
  /** `meta.total_pages`; null when the response has no `meta` (then it is the only page). */
  totalPages: number | null;
  /** `meta.total_entries` or `meta.total_count` (gaps row 21); null when neither is there. */
  totalCount: number | null;
  /** The most records this page could hold: the page size asked, or `meta.page_size` when smaller; absent or null when unknown. */
  pageSize?: number | null;
}

/** Every record of a list, de-duplicated, with the sideloads of all pages merged. */
export interface ListResult<T> {
  records: T[];
  /** Plural resource name → id → object, merged over all pages (gaps row 22). `{}` when none. */
  included: Included;
  /** The largest count any page reported; null when no page carried one. */
  totalCount: number | null;
}

/** Options of {@link listAll}. */
export interface ListAllOptions<T> {
  /** Pages 2..N fetched at once, at most; at least 1. */
  pageConcurrency: number;
  /** Called after each page arrives: its number (1-based) and the total known so far. */
  onPage?: (page: number, totalPages: number) => void;
  signal?: AbortSignal;
  /** The timestamp deciding which of two copies of a record is newer; default its `updated_at`. */
  versionOf?: (record: T) => string | undefined;
  /**
   * Pages asked for together with page 1 (1 and up; default 1), when the caller expects the list to be
   * that long: a list of two or three pages then takes one round trip, not two. A page that page 1
   * shows to be past the end is ignored, whatever it answered (the spec does not say what a page past
   * the end returns).
   */
  firstPages?: number;
}

/**
 * Pages through a whole list (spec section 4, "Pagination"): page 1 first, for `meta.total_pages`;
 * then pages 2..N in parallel, at most `pageConcurrency` at once. A response without `meta` is the only
 * page (organisations and deleted lists, gaps row 19). When a later page reports more pages than
 * page 1 did (records added while paging), the extra pages are fetched too. A record seen on two pages
 * (moved by an update while paging) is kept once, in its newest version.
 *
 * `fetchPage(page, signal)` fetches one page; the signal aborts the other pages when one fails.
 * Throws whatever `fetchPage` throws first (the typed errors of `shared/errors`).
 */
export async function listAll<T extends { id: string }>(
  fetchPage: (page: number, signal: AbortSignal) => Promise<Page<T>>,
  options: ListAllOptions<T>,
): Promise<ListResult<T>> {
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) controller.abort(options.signal.reason);
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });
  try {
    const pages = new Map<number, Page<T>>();
    const firstPage = fetchPage(1, controller.signal);
    const ahead = range(2, Math.floor(options.firstPages ?? 1)).map((n) => ({
      n,
      page: fetchPage(n, controller.signal).then(
        (page) => ({ page }),
        (error: unknown) => ({ error }),
      ),
    }));
    let first: Page<T>;
    try {
      first = await firstPage;
    } catch (error) {
      controller.abort(error);
      throw error;
    }
    pages.set(1, first);
    let known = first.totalPages ?? 1;
    options.onPage?.(1, Math.max(known, 1));
    const settled = await settleAhead(ahead, known, pages, controller, options.onPage);
    known = settled.known;
    const limit = pLimit(Math.max(1, options.pageConcurrency));
    let fetchedUpTo = settled.upTo;
    while (known > fetchedUpTo) {
      const numbers = range(fetchedUpTo + 1, known);
      fetchedUpTo = known;
      await Promise.all(
        numbers.map((n) =>
          limit(async () => {
            const page = await fetchPage(n, controller.signal);
            pages.set(n, page);
            known = Math.max(known, page.totalPages ?? 0);
            options.onPage?.(n, known);
          }),
        ),
      ).catch((error: unknown) => {
        limit.clearQueue();
        controller.abort(error);
        throw error;
      });
    }
    return mergePages(
      [...pages.entries()].sort(([a], [b]) => a - b).map(([, page]) => page),
      options.versionOf,
    );
  } finally {
    options.signal?.removeEventListener('abort', onOuterAbort);
    // Only pages asked ahead and past the end can still be running: not left to run (or retry) unread.
    controller.abort();
  }
}

/**
 * The pages asked for with page 1 ({@link ListAllOptions.firstPages}), in order, once page 1 has told
 * how many there are (`known`; a page may report more): those within the list are kept and their
 * failure thrown (the other pages aborted); those past its end are not waited for, whatever they
 * answer. A page that was past the end when it answered (its own `total_pages` below its number:
 * answered before records were added) is not kept: it and the pages after it are read again.
 * Returns the pages known now and the last page kept (pages 1 to `upTo` are in `pages`).
 */
async function settleAhead<T>(
  ahead: readonly { n: number; page: Promise<{ page: Page<T> } | { error: unknown }> }[],
  known: number,
  pages: Map<number, Page<T>>,
  controller: AbortController,
  onPage: ((page: number, totalPages: number) => void) | undefined,
): Promise<{ known: number; upTo: number }> {
  let total = known;
  let upTo = 1;
  for (const { n, page } of ahead) {
    if (n > total) break;
    const answer = await page;
    if ('error' in answer) {
      controller.abort(answer.error);
      throw answer.error;
    }
    if (answer.page.totalPages !== null && answer.page.totalPages < n) break;
    pages.set(n, answer.page);
    upTo = n;
    total = Math.max(total, answer.page.totalPages ?? 0);
    onPage?.(n, total);
  }
  return { known: total, upTo };
}

/**
 * Merges pages in page order: records de-duplicated by id (the newer by `versionOf`, default
 * `updated_at`, wins; on a tie the later page), `included` maps merged, the largest count kept.
 */
export function mergePages<T extends { id: string }>(
  pages: readonly Page<T>[],
  versionOf: (record: T) => string | undefined = (r) => (r as { updated_at?: string }).updated_at,
): ListResult<T> {
  const byId = new Map<string, T>();
  const included: Included = {};
  let totalCount: number | null = null;
  for (const page of pages) {
    for (const record of page.records) {
      const seen = byId.get(record.id);
      if (seen === undefined || timeOf(versionOf(record)) >= timeOf(versionOf(seen))) {
        // Re-inserted so the record sits where its newest copy was (lists are in updated_at order).
        byId.delete(record.id);
        byId.set(record.id, record);
      }
    }
    for (const [plural, objects] of Object.entries(page.included ?? {})) {
      Object.assign((included[plural] ??= {}), objects);
    }
    if (page.totalCount !== null) totalCount = Math.max(totalCount ?? 0, page.totalCount);
  }
  return { records: [...byId.values()], included, totalCount };
}

/** Milliseconds since the epoch of an ISO 8601 timestamp (offsets, microseconds); -Infinity if absent. */
function timeOf(timestamp: string | undefined): number {
  if (!timestamp) return -Infinity;
  const ms = parseISO(timestamp).getTime();
  return Number.isNaN(ms) ? -Infinity : ms;
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}
