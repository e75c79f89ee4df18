/**
 * The words of the Import screen: a problem as one line for a narrow pane, and the summary of a
 * validation (dry run) or an import run, counting records (receipts, returns) by the status of
 * their first row, as the CLI's summary does. Pure functions.
 */
import { isNotDone } from '../../shared/import/attention.ts';
import type { Problem, RowResult, RowStatus } from '../../shared/import/outcome.ts';
import { problemText } from '../../shared/import/problems.ts';
import { columnLetter } from '../../shared/sheet/grid.ts';
import type { KindDescriptor } from '../../shared/kinds/index.ts';
import type { AnyDraft, PlannedImport } from './import-kinds.ts';
import { paneNotice, paneText } from './remedy-wording.ts';

/** Most lines listed in the pane; the sheet's Message column holds them all. */
export const LINES_SHOWN = 100;

/** A problem where it is: `Row 22, F: Product: no product or alias named 'Glyfos 450'; closest: 'Glyfos 540'`. */
export function problemLine(problem: Problem): string {
  const column = problem.column === undefined ? '' : `, ${columnLetter(problem.column)}`;
  return `Row ${problem.rowNumber}${column}: ${paneText(problemText(problem), problem.remedies)}`;
}

/** A cell of the workbook a line of the pane points at: its sheet, 1-based row and 0-based column. */
export interface CellRef {
  sheet: string;
  rowNumber: number;
  column: number;
}

/** A line of the pane's problem list and the cell it is about (a problem without a column: the row's first cell). */
export interface ProblemItem {
  text: string;
  cell: CellRef;
}

/** Every problem of the refused drafts, each ending with which record was not sent. */
export function problemLines(planned: Pick<PlannedImport, 'drafts' | 'label'>): string[] {
  return problemItems(planned, '').map((item) => item.text);
}

/** {@link problemLines} with the cell of each problem on `sheet`, for the pane to select it when clicked. */
export function problemItems(planned: Pick<PlannedImport, 'drafts' | 'label'>, sheet: string): ProblemItem[] {
  return planned.drafts.flatMap((d) =>
    d.problems.map((p) => ({
      text: `${problemLine(p)} (${planned.label(d)} not sent)`,
      cell: { sheet, rowNumber: p.rowNumber, column: p.column ?? 0 },
    })),
  );
}

/** Warnings of the plan and of each draft (sent anyway), one line each. */
export function warningLines(planned: Pick<PlannedImport, 'drafts' | 'warnings'>): string[] {
  return [...planned.warnings.map(paneNotice), ...planned.drafts.flatMap((d) => d.warnings.map(problemLine))];
}

/**
 * Records whose run needs a look (failed, conflict, duplicate, or now in the service twice: the sweep's
 * `twinSequences`, as the CLI lists them), once per record: `Row 8: …`.
 */
export function attentionLines(drafts: readonly AnyDraft[], results: readonly RowResult[]): string[] {
  return attentionItems(drafts, results, '').map((item) => item.text);
}

/** {@link attentionLines} with the first cell of each record's first row on `sheet`. */
export function attentionItems(
  drafts: readonly AnyDraft[],
  results: readonly RowResult[],
  sheet: string,
): ProblemItem[] {
  const byRow = new Map(results.map((r) => [r.rowNumber, r]));
  return drafts.flatMap((d) => {
    const first = byRow.get(d.rowNumbers[0] ?? -1);
    // Not done (the core's rule, shared/import/attention.ts), or now in the service twice.
    const needsLook = Boolean(first?.twinSequences?.length) || isNotDone(first);
    if (!first || first.notSent || !needsLook) return [];
    return [
      {
        text: `Row ${first.rowNumber}: ${first.status}: ${first.message ?? ''}`.trimEnd(),
        cell: { sheet, rowNumber: first.rowNumber, column: 0 },
      },
    ];
  });
}

/** Records by the status of their first row, in the order statuses first appear. */
export function recordCounts(
  drafts: readonly AnyDraft[],
  results: readonly RowResult[],
): Map<RowStatus | 'not sent', number> {
  const byRow = new Map(results.map((r) => [r.rowNumber, r]));
  const counts = new Map<RowStatus | 'not sent', number>();
  for (const draft of drafts) {
    const first = byRow.get(draft.rowNumbers[0] ?? -1);
    const status = first?.notSent ? 'not sent' : first?.status;
    if (status) counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  return counts;
}

/**
 * The summary line of a run: `17 receipts: 11 created, 6 refused (12 rows invalid).`; a dry run
 * starts `Checked, nothing sent:`, a cancelled run `Cancelled:`.
 */
export function runSummary(
  kind: KindDescriptor,
  drafts: readonly AnyDraft[],
  results: readonly RowResult[],
  how: { dryRun: boolean; cancelled: boolean },
): string {
  if (drafts.length === 0) return `No ${kind.many} found below the header row.`;
  const invalidRows = results.filter((r) => r.status === 'invalid').length;
  const parts = [...recordCounts(drafts, results)].map(([status, n]) =>
    status === 'invalid'
      ? `${n} refused (${invalidRows} ${invalidRows === 1 ? 'row' : 'rows'} invalid)`
      : `${n} ${status}`,
  );
  const prefix = how.cancelled ? 'Cancelled: ' : how.dryRun ? 'Checked, nothing sent: ' : '';
  return `${prefix}${drafts.length} ${drafts.length === 1 ? kind.one : kind.many}: ${parts.join(', ')}.`;
}
