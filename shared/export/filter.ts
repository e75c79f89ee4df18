/**
 * Which records an export keeps (`--from`, `--to`, `--storage`). The service filters
 * lists only on `updated_after`, so the rest is done here, after fetching.
 */
import { timestampToLocalDate } from '../sheet/values/index.ts';
import { inDateRange, type DateRange } from './values.ts';

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
