/**
 * The sequential cursor walk: the fallback of consistent paging when records keep changing during
 * every parallel pass (consistent.ts). Each request is page 1 of `updated_after = cursor`; lists are
 * in ascending `updated_at` (gaps row 14) and a change only ever moves a record to the end, so
 * nothing before the cursor can shift out of reach, and anything changed meanwhile comes later in
 * the walk.
 *
 * Ties: several records may share one `updated_at` (gaps row 14 says so of seeded data), and
 * `updated_after` is strict, so a cursor on the last timestamp of a page would skip the rest of its
 * group on the next page. The cursor is therefore set one microsecond before that timestamp: the next
 * read starts with the boundary group again (re-read, merged by id). A group larger than a page does
 * not move the cursor; then the next page of the same query is read.
 */
import type { Page } from '../../client/paging.ts';
import { ShedError } from '../../errors/shed-error.ts';
import type { PageReader } from './page-source.ts';
import { justBefore, newestUpdatedAt } from './timestamps.ts';

/** Requests at most, so a walk chasing writes that never stop ends with an error instead of never. */
export const MAX_WALK_REQUESTS = 20_000;

/**
 * Walks the list from `updatedAfter` (or its start) to its end, one page at a time, and returns the
 * pages read. The end is a read that is the query's last page by its `meta.total_pages`; without
 * `meta`, a read that brings no record not already read (only the boundary group again).
 * @throws ShedError `export_unsettled` (category `service`) after {@link MAX_WALK_REQUESTS} requests;
 *   whatever `read` throws.
 */
export async function walkByCursor<T extends { id: string; updated_at?: string | undefined }>(
  read: PageReader<T>,
  options: { updatedAfter?: string; signal?: AbortSignal; maxRequests?: number },
): Promise<Page<T>[]> {
  const pages: Page<T>[] = [];
  let cursor = options.updatedAfter;
  let pageNumber = 1;
  const limit = options.maxRequests ?? MAX_WALK_REQUESTS;
  const seen = new Set<string>();
  for (let requests = 0; requests < limit; requests++) {
    const page = await read({ page: pageNumber, updatedAfter: cursor, signal: options.signal });
    pages.push(page);
    const fresh = page.records.filter((r) => !seen.has(`${r.id}@${r.updated_at ?? ''}`));
    for (const r of fresh) seen.add(`${r.id}@${r.updated_at ?? ''}`);
    // The last page: as `meta` says, or, without `meta` (gaps row 19), a read that brings nothing new.
    const last = page.totalPages === null ? fresh.length === 0 : page.totalPages <= pageNumber;
    if (page.records.length === 0 || last) return pages;
    const newest = newestUpdatedAt(page.records);
    const next = newest === undefined ? cursor : justBefore(newest);
    // A page all of one timestamp (a tie group as large as a page) cannot move the cursor: read on.
    pageNumber = next === cursor ? pageNumber + 1 : 1;
    cursor = next;
  }
  throw new ShedError(
    'export_unsettled',
    'service',
    `The list kept changing: ${limit} page reads did not reach its end. Try the export again when fewer changes are being made.`,
  );
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../../errors/shed-error.ts' {
  interface ErrorCodes {
    'shared/export/paging/cursor-walk.ts': 'export_unsettled';
  }
}
