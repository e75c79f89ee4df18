/**
 * Row results of an import: those of a record refused before sending, remedies worded by a face, and status counts.
 */
import { type RemedyWording, uniqueRemedies, withRemedies } from '../errors/remedy.ts';
import type { Problem, RowResult } from './outcome.ts';
import { problemText } from './problems.ts';

/**
 * The results of a record refused before sending: every one of its rows is `invalid`. A row with
 * problems of its own lists them (with their remedies, for the face to word); the others say which
 * rows stopped the record (nothing is half-sent).
 *
 * @param label how the record is named in messages, e.g. `invoice INV-40390`.
 */
export function invalidResults(
  rowNumbers: readonly number[],
  problems: readonly Problem[],
  label: string,
): RowResult[] {
  const badRows = [...new Set(problems.map((p) => p.rowNumber))].sort((a, b) => a - b);
  return rowNumbers.map((rowNumber) => {
    const own = problems.filter((p) => p.rowNumber === rowNumber);
    const columns = own.flatMap((p) => (p.column === undefined ? [] : [p.column]));
    const message = own.length
      ? own.map(problemText).join('; ')
      : `not sent: ${label} has a problem on row${badRows.length > 1 ? 's' : ''} ${badRows.join(', ')}`;
    const remedies = uniqueRemedies(own.flatMap((p) => p.remedies ?? []));
    return {
      rowNumber,
      status: 'invalid',
      message,
      ...(remedies.length ? { remedies } : {}),
      invalidColumns: [...new Set(columns)],
    };
  });
}

/**
 * Rows as a face shows and writes them: each row's remedies worded by `wording` (the CLI's flags, the
 * pane's controls) after its message, and no longer carried as data.
 */
export function wordRemedies(results: readonly RowResult[], wording: RemedyWording): RowResult[] {
  return results.map(({ remedies, ...row }) =>
    remedies?.length ? { ...row, message: withRemedies(row.message ?? '', remedies, wording) } : row,
  );
}

/**
 * The values of a row's result columns, in `RESULT_COLUMNS` order (shared/kinds): status, record id,
 * sequence, line item id, message, updated at (the record's version, exact as the service wrote it);
 * null for an empty cell. The one rule both faces write by (the CLI's results file, the pane's sheet).
 */
export function resultValues(result: RowResult): [string, ...(string | null)[]] {
  return [
    result.status,
    result.recordId ?? null,
    result.sequence ?? null,
    result.lineItemId ?? null,
    result.message ?? null,
    result.updatedAt ?? null,
  ];
}

/** Counts of row statuses, for the one-line summary and `--json`. */
export type StatusCounts = Record<RowResult['status'], number>;

/** Counts rows by status. */
export function countStatuses(results: readonly RowResult[]): StatusCounts {
  const counts: StatusCounts = {
    created: 0,
    updated: 0,
    unchanged: 0,
    duplicate: 0,
    conflict: 0,
    invalid: 0,
    failed: 0,
    'would create': 0,
    'would update': 0,
  };
  for (const result of results) counts[result.status] += 1;
  return counts;
}
