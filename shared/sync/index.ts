/**
 * The local mirror of an organisation and its incremental sync. Pure: the caller
 * gives a {@link SyncSource} (createSyncSource over the client's HTTP layer) and stores the mirror
 * (batch/mirror in the CLI). Design notes: README.md beside this file.
 */
export {
  applyChanges,
  diffMirrors,
  mergeProducts,
  nextCursor,
  type ApplyOptions,
  type MirrorDiff,
  type ResourceCounts,
} from './apply.ts';
export { fetchUpdated, SyncError, type FetchedList, type FetchOptions } from './fetch.ts';
export {
  emptyMirror,
  Mirror,
  MIRROR_FIELD,
  MIRROR_VERSION,
  MirrorError,
  parseMirror,
  SYNC_RESOURCES,
  SyncCursor,
  type SyncRecords,
  type SyncResource,
} from './mirror.ts';
export { mirrorReferenceData, mirrorReferenceSource } from './reference.ts';
export { CURSOR_OVERLAP_MS, needsFullResync, RETENTION_MARGIN_MS } from './retention.ts';
export { createSyncSource, SYNC_INCLUDE, type SyncPage, type SyncPageQuery, type SyncSource } from './source.ts';
export { syncMirror, type FullSyncReason, type SyncOptions, type SyncReport } from './sync.ts';
export { formatMicros, laterStamp, newestStamp, stampBefore, stampMicros } from './timestamps.ts';
