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
import { microsToIso, timestampMicros } from './timestamps.ts';

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
  const gone = await deletedIdsAmong(
    records.map((r) => ({ id: r.id, version: r.updated_at ? timestampMicros(r.updated_at) : -1n })),
    deleted,
    signal,
  );
  const kept = records.filter((r) => !gone.has(r.id.toLowerCase()));
  return { kept, removed: records.length - kept.length };
}

/**
 * The ids (lower case) of the held records that were deleted, as {@link dropDeleted} decides;
 * `held` gives each record's id and version (µs of its `updated_at`, −1 when it has none).
 * Rejects with whatever `deleted` rejects with.
 */
export async function deletedIdsAmong(
  held: readonly { id: string; version: bigint }[],
  deleted: DeletedReader,
  signal?: AbortSignal,
): Promise<Set<string>> {
  if (held.length === 0) return new Set();
  let oldest: bigint | undefined;
  for (const { version } of held) if (version >= 0n && (oldest === undefined || version < oldest)) oldest = version;
  const deletedAfter = oldest === undefined ? undefined : microsToIso(oldest - 1n);
  const ids = held.length <= IDS_QUERY_LIMIT ? held.map((r) => r.id) : undefined;
  const deletions = await deleted({
    ...(deletedAfter ? { deletedAfter } : {}),
    ...(ids ? { ids } : {}),
    ...(signal ? { signal } : {}),
  });
  const deletedAt = new Map<string, bigint>();
  for (const d of deletions) {
    const id = d.id.toLowerCase();
    const at = timestampMicros(d.deleted_at);
    if ((deletedAt.get(id) ?? -1n) < at) deletedAt.set(id, at);
  }
  const gone = new Set<string>();
  for (const { id, version } of held) {
    const at = deletedAt.get(id.toLowerCase());
    if (at !== undefined && (version < 0n || at >= version)) gone.add(id.toLowerCase());
  }
  return gone;
}
