/**
 * Exports for audits: pure shaping of service records into typed rows (datasets/), names by
 * id (names.ts), filters (filter.ts), and consistent paging of lists while others change them (paging/).
 * The CLI's `shed export` (batch/commands/export) and the add-in write these tables.
 */
export * from './columns.ts';
export * from './datasets/index.ts';
export { createExportNames, type ExportNames, type ExportReferenceInput } from './names.ts';
export { passesFilter, type ExportFilter } from './filter.ts';
export {
  BASE_UNITS,
  compareText,
  inDateRange,
  localDateCell,
  toBaseQuantity,
  type BaseQuantity,
  type DateRange,
} from './values.ts';
export {
  fetchConsistent,
  type ChangeSignal,
  type ConsistentList,
  type ConsistentOptions,
  type Versioned,
} from './paging/consistent.ts';
export { MAX_WALK_REQUESTS, walkByCursor } from './paging/cursor-walk.ts';
export { IDS_QUERY_LIMIT, dropDeleted } from './paging/deletions.ts';
export {
  createOrgPages,
  deletedReader,
  type DeletedReader,
  type OrgPages,
  type PageQuery,
  type PageReader,
} from './paging/page-source.ts';
export { justBefore, microsToIso, newestUpdatedAt, oldestUpdatedAt, timestampMicros } from './paging/timestamps.ts';
export {
  fetchExport,
  shapeExport,
  UnknownStorageError,
  type ExportData,
  type ExportQuery,
  type ExportSource,
  type FetchedExport,
  type ListReport,
  type PageProgress,
} from './fetch.ts';
