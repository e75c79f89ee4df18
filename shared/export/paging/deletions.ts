/**
 * The last step of consistent paging: drop the records that were deleted while (or since) the list
 * was read. Deletions are fetched after the list, as the spec's sync loop does, so a record deleted
 * between the two is removed rather than kept (spec section 4, "Recommended sync loop").
 *
 * Which deletion records can concern us: a record we hold was current when we read it, and its
 * `updated_at` is not after that moment; if it was deleted since, the deletion is after its
 * `updated_at`. So every relevant deletion record has `deleted_at` after the oldest `updated_at` we
 * hold: `deleted_after` = that, less one microsecond (strict `>`, and a service whose clock does not
 * tick between an update and a delete). Older deletion records are of records we cannot hold. The ids
 * are matched locally. When we hold few records, `ids[]` narrows the query too (50 per request,
 * `DELETED_IDS_PER_REQUEST`); when we hold many, `deleted_after` alone is fewer requests (deletion
 * records are kept only 60 days, so that list stays short).
 */
import { DELETED_IDS_PER_REQUEST } from '../../client/service-client.ts';
import type { DeletedReader } from './page-source.ts';
import { justBefore, oldestUpdatedAt, timestampMicros } from './timestamps.ts';

/** Up to this many held records the query names their ids (at most 4 requests); beyond, it does not. */
export const IDS_QUERY_LIMIT = DELETED_IDS_PER_REQUEST * 4;

/**
 * The records not deleted: a record goes when a deletion record has its id and a `deleted_at` not
 * before its `updated_at` (a deletion older than the version we hold cannot be of it).
 * Rejects with whatever `deleted` rejects with.
 */
export async function dropDeleted<T extends { id: string; updated_at?: string | undefined }>(
  records: readonly T[],
  deleted: DeletedReader,
  signal?: AbortSignal,
): Promise<{ kept: T[]; removed: number }> {
  const oldest = oldestUpdatedAt(records);
  if (records.length === 0) return { kept: [], removed: 0 };
  const deletedAfter = oldest === undefined ? undefined : justBefore(oldest);
  const ids = records.length <= IDS_QUERY_LIMIT ? records.map((r) => r.id) : undefined;
  const deletions = await deleted({ ...(deletedAfter ? { deletedAfter } : {}), ...(ids ? { ids } : {}), ...(signal ? { signal } : {}) });
  const deletedAt = new Map<string, bigint>();
  for (const d of deletions) {
    const id = d.id.toLowerCase();
    const at = timestampMicros(d.deleted_at);
    if ((deletedAt.get(id) ?? -1n) < at) deletedAt.set(id, at);
  }
  const kept = records.filter((r) => {
    const at = deletedAt.get(r.id.toLowerCase());
    return at === undefined || (r.updated_at !== undefined && at < timestampMicros(r.updated_at));
  });
  return { kept, removed: records.length - kept.length };
}
