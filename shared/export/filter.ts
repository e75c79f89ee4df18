/**
 * Which records an export keeps (`--from`, `--to`, `--storage`). The service filters
 * lists only on `updated_after`, so the rest is done here, after fetching.
 */
import { timestampToLocalDate } from '../sheet/values/index.ts';
import { compareText, inDateRange, localDateCell, type DateRange } from './values.ts';
import type { RecordSource } from './paging/record-store.ts';

/** The farm's IANA time zone (dates are its calendar dates), an inclusive date range, and one storage. */
export interface ExportFilter {
  timeZone: string;
  /** On the received (receipts) or returned (returns) date, in `timeZone`; both ends inclusive. */
  dates?: DateRange;
  /** Only records in this storage (its id). */
  storageId?: string | null;
}

/**
 * Whether a receipt or return passes the filter: its storage is the one asked for (ids compared
 * case-insensitively) and the calendar date of `at` in the farm's zone is in the range.
 * @throws InvalidTimestampError / InvalidTimeZoneError (shared/sheet/values).
 */
export function passesFilter(record: { storage_id: string }, at: string, filter: ExportFilter): boolean {
  if (filter.storageId && record.storage_id.toLowerCase() !== filter.storageId.toLowerCase()) return false;
  return inDateRange(timestampToLocalDate(at, filter.timeZone), filter.dates);
}

/** A record's place in a dated export: its handle in the source, its local date cell and its sequence. */
export interface DatedKey {
  handle: number;
  date: Date;
  sequence: string;
}

/**
 * The records of `source` that pass the filter, as keys sorted by local date (of `dateOf`), then
 * sequence: all that a dated export holds of them, the records being read again by handle.
 * @throws InvalidTimestampError / InvalidTimeZoneError for malformed service data.
 */
export function datedKeys<T extends { storage_id: string; sequence: string }>(
  source: RecordSource<T>,
  dateOf: (record: T) => string,
  filter: ExportFilter,
): DatedKey[] {
  const kept: DatedKey[] = [];
  for (const { handle, record } of source.scan()) {
    const at = dateOf(record);
    if (passesFilter(record, at, filter))
      kept.push({ handle, date: localDateCell(at, filter.timeZone), sequence: record.sequence });
  }
  return kept.sort((a, b) => a.date.getTime() - b.date.getTime() || compareText(a.sequence, b.sequence));
}
