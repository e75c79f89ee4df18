/**
 * Pure steps of a sync: folding fetched records and deletion records into a mirror, advancing a
 * cursor, and counting what changed between two mirrors. Nothing here reads a clock or the network.
 */
import type { DeletionRecord, Product } from '../schemas/resources.ts';
import { MIRROR_FIELD, SYNC_RESOURCES, type Mirror, type SyncRecords, type SyncResource } from './mirror.ts';
import { newestStamp, stampMicros } from './timestamps.ts';

/** Options of {@link applyChanges}. */
export interface ApplyOptions {
  /**
   * The records are the resource's complete list (a full fetch): start from nothing, so that records
   * the list no longer holds leave the mirror even when their deletion record has expired.
   */
  replace?: boolean;
}

/**
 * The mirror with `records` written in and `deletions` taken out, for one resource (spec "Recommended
 * sync loop": updates first, then deletions). A record replaces the mirror's copy unless the mirror's
 * is newer by `updated_at` (the overlap of the next sync fetches some records again; a stale copy
 * never wins); without stamps the fetched copy wins. A record's own `included` key is dropped.
 * Deletion records remove their ids whatever their dates: ids are UUIDs, never reused, so a deleted
 * record never comes back. Returns a new mirror; the input is not changed.
 */
export function applyChanges<R extends SyncResource>(
  mirror: Mirror,
  resource: R,
  records: readonly SyncRecords[R][],
  deletions: readonly Pick<DeletionRecord, 'id'>[],
  options: ApplyOptions = {},
): Mirror {
  const field = MIRROR_FIELD[resource];
  const current = mirror[field] as Record<string, SyncRecords[R]>;
  const next: Record<string, SyncRecords[R]> = options.replace ? {} : { ...current };
  for (const record of records) {
    const kept = next[record.id];
    if (kept !== undefined && isOlder(record, kept)) continue;
    next[record.id] = withoutIncluded(record);
  }
  for (const deletion of deletions) delete next[deletion.id];
  return { ...mirror, [field]: next };
}

/**
 * The mirror's products with `seen` merged in (newer `updated_at` wins, else the one just seen);
 * with `replace`, only `seen`. Products have no list and no deletion records (spec section 2), so
 * an incremental sync only ever adds or refreshes them.
 */
export function mergeProducts(mirror: Mirror, seen: readonly Product[], options: ApplyOptions = {}): Mirror {
  const products: Record<string, Product> = options.replace ? {} : { ...mirror.products };
  for (const product of seen) {
    const kept = products[product.id];
    if (kept !== undefined && isOlder(product, kept)) continue;
    products[product.id] = product;
  }
  return { ...mirror, products };
}

/**
 * The cursor after a fetch: the newest of `current` and `stamps`, as the service wrote it (spec:
 * advance with the records' `updated_at`, never the local clock). A missing stamp (a record without
 * `updated_at`, gaps row 20's example storage fields) gives null: such a resource cannot be followed
 * by `updated_after`, so the next sync fetches it whole.
 */
export function nextCursor(current: string | null, stamps: readonly (string | null | undefined)[]): string | null {
  if (stamps.some((s) => stampMicros(s) === null)) return null;
  return newestStamp([current, ...stamps]);
}

/** Per resource: records added or changed, records removed, and how many the mirror now holds. */
export interface ResourceCounts {
  changed: number;
  deleted: number;
  total: number;
}

/** What changed from one mirror to the next. */
export interface MirrorDiff {
  resources: Record<SyncResource, ResourceCounts>;
  products: { changed: number; total: number };
}

/**
 * Counts the difference between two mirrors of one organisation: a record is changed when it is new
 * or differs in any field (line items included), deleted when it is gone.
 */
export function diffMirrors(before: Mirror, after: Mirror): MirrorDiff {
  const resources = {} as Record<SyncResource, ResourceCounts>;
  for (const resource of SYNC_RESOURCES) {
    const field = MIRROR_FIELD[resource];
    resources[resource] = diffMaps(before[field], after[field]);
  }
  const { changed, total } = diffMaps(before.products, after.products);
  return { resources, products: { changed, total } };
}

function diffMaps(before: Record<string, unknown>, after: Record<string, unknown>): ResourceCounts {
  let changed = 0;
  let deleted = 0;
  for (const [id, record] of Object.entries(after)) {
    const old = before[id];
    if (old === undefined || JSON.stringify(old) !== JSON.stringify(record)) changed++;
  }
  for (const id of Object.keys(before)) if (!(id in after)) deleted++;
  return { changed, deleted, total: Object.keys(after).length };
}

/** Whether `candidate` is older than `kept` by `updated_at` (false when either has none). */
function isOlder(candidate: { updated_at?: string | undefined }, kept: { updated_at?: string | undefined }): boolean {
  const a = stampMicros(candidate.updated_at);
  const b = stampMicros(kept.updated_at);
  return a !== null && b !== null && a < b;
}

function withoutIncluded<T>(record: T): T {
  if (record === null || typeof record !== 'object' || !('included' in record)) return record;
  const { included: _dropped, ...rest } = record as T & { included?: unknown };
  return rest as T;
}
