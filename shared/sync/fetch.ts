/**
 * Fetching one resource's changed records by keyset paging over `updated_after` (see source.ts for
 * why not by page number): ask page 1 after the anchor; when more pages remain, move the anchor to
 * the last record's `updated_at` minus one microsecond and ask page 1 again. Minus one microsecond
 * because the filter is strict (gaps row 14) and the records after the last one read may share its
 * timestamp: they are asked for again, and de-duplicated here by id. When a whole page shares one
 * timestamp the anchor cannot move, so the next page of the same anchor is read instead.
 */
import { ShedError } from '../errors/shed-error.ts';
import type { Included } from '../schemas/resources.ts';
import type { SyncRecords, SyncResource } from './mirror.ts';
import type { SyncSource } from './source.ts';
import { stampBefore, stampMicros } from './timestamps.ts';

/** The service broke an assumption a sync relies on (gaps row 14). Category `service` (exit 3). */
export class SyncError extends ShedError {
  constructor(code: 'unordered_list', message: string) {
    super(code, 'service', message);
  }
}

/** Every record fetched (newest copy per id, in the order first seen), the sideloads of every page, and the requests made. */
export interface FetchedList<T> {
  records: T[];
  included: Included[];
  requests: number;
}

/** Options of {@link fetchUpdated}. */
export interface FetchOptions {
  signal?: AbortSignal;
  /** After each page: the resource and the records fetched so far. */
  onPage?: (resource: SyncResource, records: number) => void;
}

/**
 * Every record of `resource` updated after `updatedAfter` (all of them when undefined), one page at a
 * time as described above. Records updated while this runs are fetched too when they land after the
 * anchor; a record seen twice is kept in its newer version.
 * @throws SyncError `unordered_list` when a page is not in ascending `updated_at` (gaps row 14): keyset
 *   paging would skip records, so nothing is trusted. Rejects with what the source rejects with.
 */
export async function fetchUpdated<R extends SyncResource>(
  source: SyncSource,
  resource: R,
  updatedAfter: string | undefined,
  options: FetchOptions = {},
): Promise<FetchedList<SyncRecords[R]>> {
  const byId = new Map<string, SyncRecords[R]>();
  const included: Included[] = [];
  let anchor = updatedAfter;
  let page = 1;
  let requests = 0;
  for (;;) {
    const result = await source.listPage(resource, { updatedAfter: anchor, page, signal: options.signal });
    requests++;
    checkOrder(resource, result.records);
    for (const record of result.records) keepNewest(byId, record);
    included.push(result.included);
    options.onPage?.(resource, byId.size);
    const last = result.records.at(-1);
    if (last === undefined || (result.totalPages ?? 1) <= page) break;
    const next = last.updated_at === undefined ? null : stampBefore(last.updated_at, 1);
    if (next !== null && (anchor === undefined || micros(next) > micros(anchor))) {
      anchor = next;
      page = 1;
    } else {
      page++;
    }
  }
  return { records: [...byId.values()], included, requests };
}

function keepNewest<T extends { id: string; updated_at?: string | undefined }>(byId: Map<string, T>, record: T): void {
  const kept = byId.get(record.id);
  if (kept !== undefined && (stampMicros(record.updated_at) ?? Infinity) < (stampMicros(kept.updated_at) ?? -Infinity))
    return;
  byId.set(record.id, record);
}

function checkOrder(resource: SyncResource, records: readonly { id: string; updated_at?: string | undefined }[]): void {
  let previous: { id: string; us: number } | null = null;
  for (const record of records) {
    const us = stampMicros(record.updated_at);
    if (us === null) continue;
    if (previous !== null && us < previous.us) {
      throw new SyncError(
        'unordered_list',
        `The service listed ${resource} out of updated_at order (${record.id} after ${previous.id}); ` +
          'a sync relies on ascending updated_at (docs/spec/gaps.md row 14), so nothing was saved.',
      );
    }
    previous = { id: record.id, us };
  }
}

function micros(stamp: string): number {
  return stampMicros(stamp) ?? -Infinity;
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../errors/shed-error.ts' {
  interface ErrorCodes {
    SyncError: 'unordered_list';
  }
}
