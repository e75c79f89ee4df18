/**
 * The version check of an update (issue 26, item 3): a sheet row carrying the record's `Updated At` (an export's,
 * or a results file's: every results row records the version it wrote or found) is not written over a record
 * changed in the service since, unless forced; the refusal names the fields the service's record and the sheet
 * differ in. A row without a version is written as before, saying it could not be checked. Pure.
 */
import type { RowResult } from '../outcome.ts';
import type { ServiceRecord } from './existing.ts';
import type { FieldDifference, ImportDraft, ImportOps, RecordDiff } from './ops.ts';
import { withRemedy } from './same-invoice.ts';

/**
 * Whether the service's `updated_at` is later than the sheet's `Updated At`, compared at the precision
 * the sheet carries (a spreadsheet may keep whole seconds or milliseconds of the service's microseconds).
 * False when either is not a timestamp.
 */
export function changedSince(serviceUpdatedAt: string, sheetUpdatedAt: string): boolean {
  const sheet = toMicros(sheetUpdatedAt);
  const service = toMicros(serviceUpdatedAt);
  if (sheet === null || service === null) return false;
  const digits = /\.(\d+)/.exec(sheetUpdatedAt)?.[1]?.length ?? 0;
  const unit = 10 ** (6 - Math.min(6, digits));
  return Math.floor(service / unit) > Math.floor(sheet / unit);
}

/** An ISO timestamp as microseconds since 1970 (BigInt-free: fits a double up to year 2255). */
function toMicros(iso: string): number | null {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return null;
  const fraction = (/\.(\d+)/.exec(iso)?.[1] ?? '').padEnd(6, '0').slice(0, 6);
  return Math.floor(ms / 1000) * 1_000_000 + Number(fraction);
}

/**
 * Why an update must not be sent over the service's record, or null when it may: the sheet's version
 * (`sheetUpdatedAt`, null when the row has none) differs from the service's (later, or earlier: a record
 * restored from a backup) and the sheet would change something (`diff` has a body or an error). When
 * the sheet already matches the service's record there is nothing to overwrite: null.
 * @returns the conflict's message, naming the differing fields with the service's and the sheet's values.
 */
export function versionConflict(
  serviceUpdatedAt: string,
  sheetUpdatedAt: string | null,
  diff: RecordDiff,
): string | null {
  if (sheetUpdatedAt === null) return null;
  const later = changedSince(serviceUpdatedAt, sheetUpdatedAt);
  if (!later && !changedSince(sheetUpdatedAt, serviceUpdatedAt)) return null;
  if (!diff.body && !diff.error) return null;
  const when = later
    ? `changed in the service at ${serviceUpdatedAt}, after this sheet's Updated At ${sheetUpdatedAt}`
    : `the service holds it as of ${serviceUpdatedAt}, before this sheet's Updated At ${sheetUpdatedAt}`;
  const differences = diff.differences ?? [];
  const named = differences.length ? differences.map(differenceText).join('; ') : diff.changes.join('; ');
  return named ? `${when}; the service's and the sheet's differ in ${named}` : when;
}

/** `supplier: 'A' in the service, 'B' in the sheet`; a field with no values shown is only named. */
function differenceText(d: FieldDifference): string {
  return d.service === undefined
    ? d.field
    : `${d.field}: '${d.service}' in the service, '${d.sheet ?? ''}' in the sheet`;
}

/** Said on an update sent from a row that carries no version (an older results file, a sheet of ids typed in). */
export const UNCHECKED_NOTE = 'not checked for changes made in the service since: the row has no Updated At';

/**
 * The rows of a record that was not written (a conflict, a dry run's update) with the version the sheet
 * carries, not the service's: a later re-import must still check against what the sheet was read from.
 * Without one, the rows carry none (the sheet's cell, if any, is kept as it is: shared/import/keep-ids.ts).
 */
export function atSheetVersion(results: readonly RowResult[], sheetUpdatedAt: string | null): RowResult[] {
  return results.map(({ updatedAt: _service, ...row }) =>
    sheetUpdatedAt ? { ...row, updatedAt: sheetUpdatedAt } : row,
  );
}

/**
 * The rows of an update whose answer was lost and whose record changed in the service after it was read
 * (`current`): applied or not, sending it again could overwrite that change, so it is a `conflict`.
 */
export function lostAndChanged<D extends ImportDraft<B>, B, R extends ServiceRecord>(
  ops: ImportOps<D, B, R>,
  draft: D,
  now: R,
  current: R,
): RowResult[] {
  const message =
    `its answer was lost, and the service changed it at ${now.updated_at}, after it was read at ` +
    `${current.updated_at}: not sent again, so that change is not overwritten`;
  return withRemedy(atSheetVersion(ops.results(draft, now, 'conflict', message), draft.updatedAt), {
    code: 'overwrite_changed',
  });
}
