/**
 * One sync of an organisation's mirror (spec "Recommended sync loop"):
 * 1. each resource's records updated after its cursor (minus {@link CURSOR_OVERLAP_MS}), keyset-paged
 *    (fetch.ts), receipts and returns with their products sideloaded;
 * 2. then each resource's deletion records after its deletion cursor (minus the same overlap), removed;
 * 3. cursors advanced to the newest `updated_at` / `deleted_at` seen, never the local clock.
 * A full re-sync (everything fetched, the mirror replaced) runs when there is no mirror, when asked,
 * or when the last sync may be older than the 60 days deletion records are kept (retention.ts):
 * - by the local clock: `syncedAt` to now, both read on this machine, so the offset between this
 *   machine's clock and the service's cancels out; this is the check that catches a long absence in an
 *   organisation where nothing changed;
 * - by the service's clock: the newest timestamp the mirror knew against the newest one fetched now,
 *   which catches a local clock that was wrong. In an organisation quiet for 60 days this also fires
 *   once, needlessly, on the first change: a full re-sync is always safe.
 * The mirror is built in memory and returned whole; saving it (atomically) is the caller's job, so a
 * failed or cancelled sync leaves the saved mirror as it was.
 */
import { collectProducts } from '../resolve/reference.ts';
import type { Included } from '../schemas/resources.ts';
import { DELETION_RETENTION_DAYS } from '../service/gaps.ts';
import { applyChanges, diffMirrors, mergeProducts, nextCursor, type MirrorDiff } from './apply.ts';
import { fetchUpdated, type FetchedList } from './fetch.ts';
import {
  emptyMirror,
  MirrorError,
  SYNC_RESOURCES,
  type Mirror,
  type SyncRecords,
  type SyncResource,
} from './mirror.ts';
import { CURSOR_OVERLAP_MS, needsFullResync } from './retention.ts';
import type { SyncSource } from './source.ts';
import { newestStamp, stampBefore, stampMicros } from './timestamps.ts';

/** Why a sync fetched everything: no mirror yet, `--full`, or the 60-day rule by the local or the service clock. */
export type FullSyncReason = 'no_mirror' | 'requested' | 'retention' | 'retention_service';

/** Options of {@link syncMirror}. Times in milliseconds. */
export interface SyncOptions {
  /** The organisation synced; the mirror must be of this one. Its name is refreshed in the mirror. */
  organisation: { id: string; name: string };
  /** Fetch everything and replace the mirror. */
  full?: boolean;
  /** The local clock: `syncedAt` and the local 60-day check. Default `() => new Date()`. */
  now?: () => Date;
  /** How far behind each cursor to ask again; default {@link CURSOR_OVERLAP_MS}, never less than one microsecond. */
  overlapMs?: number;
  /** Default `DELETION_RETENTION_DAYS` (60). */
  retentionDays?: number;
  signal?: AbortSignal;
  /** After each page: the resource and how many of its records this sync has fetched so far. */
  onPage?: (resource: SyncResource, records: number) => void;
}

/** What a sync did: per resource changed / deleted / total (against the previous mirror), requests made, full or incremental. */
export interface SyncReport extends MirrorDiff {
  mode: 'full' | 'incremental';
  /** Why it was full; null for an incremental sync. */
  reason: FullSyncReason | null;
  /** HTTP requests answered (retries not counted). */
  requests: number;
  /** The new mirror's `syncedAt` (local clock). */
  syncedAt: string;
}

interface Context {
  source: SyncSource;
  options: SyncOptions;
  overlapUs: number;
  retentionDays: number;
  requests: number;
}

/**
 * Brings `previous` (null: none yet) up to date with the service and returns the new mirror and a
 * report; `previous` is not changed. See the module comment for the steps and the full re-sync rule.
 * @throws MirrorError `mirror_other_organisation` when `previous` is another organisation's.
 * @throws SyncError `unordered_list` when the service breaks gaps row 14.
 * Rejects with what the source rejects with (connection, authentication, entitlement errors; the
 * abort reason when `signal` aborts).
 */
export async function syncMirror(
  source: SyncSource,
  previous: Mirror | null,
  options: SyncOptions,
): Promise<{ mirror: Mirror; report: SyncReport }> {
  const { organisation } = options;
  if (previous !== null && previous.organisationId.toLowerCase() !== organisation.id.toLowerCase()) {
    throw new MirrorError(
      'mirror_other_organisation',
      `The mirror is of organisation ${previous.organisationId} (${previous.organisationName}), not ${organisation.id} (${organisation.name}).`,
    );
  }
  const now = options.now ?? (() => new Date());
  const context: Context = {
    source,
    options,
    // At least a microsecond: the filters are strict, so asking from the cursor itself would skip ties.
    overlapUs: Math.max(1, (options.overlapMs ?? CURSOR_OVERLAP_MS) * 1000),
    retentionDays: options.retentionDays ?? DELETION_RETENTION_DAYS,
    requests: 0,
  };
  let reason = fullSyncReason(previous, options, now(), context.retentionDays);
  let synced: Mirror | null = null;
  if (reason === null && previous !== null) {
    synced = await runPass(context, previous, true);
    if (synced === null) reason = 'retention_service';
  }
  if (synced === null) synced = (await runPass(context, emptyMirror(organisation), false)) as Mirror;
  const mirror: Mirror = { ...synced, organisationName: organisation.name, syncedAt: now().toISOString() };
  const report: SyncReport = {
    mode: reason === null ? 'incremental' : 'full',
    reason,
    requests: context.requests,
    syncedAt: mirror.syncedAt,
    ...diffMirrors(previous ?? emptyMirror(organisation), mirror),
  };
  return { mirror, report };
}

/** Why this sync must be full, or null: no mirror, `full`, or the local clock's 60-day check. */
function fullSyncReason(
  previous: Mirror | null,
  options: SyncOptions,
  now: Date,
  retentionDays: number,
): FullSyncReason | null {
  if (options.full) return 'requested';
  if (previous === null) return 'no_mirror';
  if (needsFullResync(previous.syncedAt, now, retentionDays)) return 'retention';
  return null;
}

/**
 * Updates, then deletions, folded into `base`. Resources without a cursor are fetched whole and
 * replaced. With `checkService`, returns null (and fetches no deletions) when the newest timestamp
 * fetched is more than the retention period after the newest one `base` knew.
 */
async function runPass(context: Context, base: Mirror, checkService: boolean): Promise<Mirror | null> {
  const { source, options } = context;
  const fetchOptions = { signal: options.signal, onPage: options.onPage };
  const updates = await Promise.all(
    SYNC_RESOURCES.map((resource) =>
      fetchUpdated(source, resource, anchor(context, base.cursors[resource].updatedAfter), fetchOptions),
    ),
  );
  for (const list of updates) context.requests += list.requests;
  if (checkService && serviceClockSaysStale(context, base, updates)) return null;
  // After the updates (spec): a record deleted between the two requests is removed, not left stale.
  const deletions = await Promise.all(
    SYNC_RESOURCES.map((resource) =>
      source.listDeleted(resource, {
        deletedAfter: anchor(context, base.cursors[resource].deletedAfter),
        signal: options.signal,
      }),
    ),
  );
  context.requests += deletions.length;
  let mirror = base;
  const cursors = { ...base.cursors };
  SYNC_RESOURCES.forEach((resource, i) => {
    const records = (updates[i] as FetchedList<SyncRecords[SyncResource]>).records;
    const deleted = deletions[i]?.records ?? [];
    const previous = base.cursors[resource];
    const replace = previous.updatedAfter === null;
    mirror = applyChanges(mirror, resource, records, deleted, { replace });
    cursors[resource] = {
      updatedAfter: nextCursor(
        replace ? null : previous.updatedAfter,
        records.map((r) => r.updated_at),
      ),
      deletedAfter: newestStamp([previous.deletedAfter, ...deleted.map((d) => d.deleted_at)]),
    };
  });
  // Products come sideloaded with receipts and returns, in the page's `included` (or, tolerated, the record's).
  const included = updates.flatMap((list) => [
    ...list.included,
    ...(list.records as { included?: Included }[]).map((r) => r.included),
  ]);
  mirror = mergeProducts(mirror, collectProducts(included));
  return { ...mirror, cursors };
}

/** The query value for a saved cursor: the overlap earlier (ties, gaps row 14), or nothing for no cursor. */
function anchor(context: Context, cursor: string | null): string | undefined {
  return cursor === null ? undefined : stampBefore(cursor, context.overlapUs);
}

/** Whether the newest `updated_at` fetched lies more than the retention period after the newest timestamp `base` knew. */
function serviceClockSaysStale(
  context: Context,
  base: Mirror,
  updates: readonly FetchedList<{ updated_at?: string | undefined }>[],
): boolean {
  const known = newestStamp(
    SYNC_RESOURCES.flatMap((r) => [base.cursors[r].updatedAfter, base.cursors[r].deletedAfter]),
  );
  const observed = newestStamp(updates.flatMap((u) => u.records.map((r) => r.updated_at)));
  if (known === null || observed === null) return false;
  // Only forwards: an old record fetched again says nothing about the time now.
  return (
    (stampMicros(observed) ?? 0) > (stampMicros(known) ?? 0) && needsFullResync(known, observed, context.retentionDays)
  );
}
