/**
 * One Record ID on two rows of a returns sheet: a row copied with its ids (to record a second return like
 * it). Sent, each row would update the one return, the later row's amount replacing the earlier's while
 * that row says `unchanged`; found here and refused, so neither row is sent.
 */
import { cellText } from '../../sheet/values/index.ts';
import { cellProblem, type ColumnIndex } from '../problems.ts';
import type { ReturnDraft } from './build.ts';

/**
 * Refuses (pure: returns new drafts) every return row whose Record ID another row of the sheet also holds:
 * each gets the problem `repeated_record_id` on its Record ID cell, naming the other rows, and its body is
 * dropped (which row is that return cannot be told).
 * @param index the sheet's columns, for the problem's column and header.
 */
export function refuseRepeatedRecordIds(drafts: readonly ReturnDraft[], index: ColumnIndex): ReturnDraft[] {
  const rowsOf = new Map<string, number[]>();
  for (const draft of drafts) {
    if (!draft.recordId) continue;
    const rows = rowsOf.get(draft.recordId);
    if (rows) rows.push(draft.rowNumbers[0]!);
    else rowsOf.set(draft.recordId, [draft.rowNumbers[0]!]);
  }
  let repeated = false;
  for (const rows of rowsOf.values()) if (rows.length > 1) repeated = true;
  if (!repeated) return [...drafts];
  return drafts.map((draft) => {
    const rows = draft.recordId ? rowsOf.get(draft.recordId)! : [];
    if (rows.length < 2) return draft;
    const row = draft.rowNumbers[0]!;
    const others = rows.filter((r) => r !== row);
    const problem = cellProblem(
      index,
      'record_id',
      row,
      'repeated_record_id',
      `'${cellText(draft.recordId!)}' is also on row${others.length > 1 ? 's' : ''} ${others.join(', ')}: ` +
        'one return is one row (a row copied with its ids?); neither row is sent: on a row that is a new ' +
        'return, clear its Record ID',
      draft.recordId!,
    );
    return { ...draft, body: null, problems: [...draft.problems, problem] };
  });
}
