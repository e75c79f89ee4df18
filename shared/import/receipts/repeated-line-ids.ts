/**
 * One Line Item ID on two rows of a sheet: a row copied with its ids (to add a line like it, or into another
 * invoice). Sent, the update would carry that line item twice, and which row the service keeps is not the
 * sheet's to say; found here and refused, so nothing of those invoices is sent.
 */
import { cellText } from '../../sheet/values/index.ts';
import { cellProblem, type ColumnIndex } from '../problems.ts';
import type { ReceiptDraft } from './build.ts';

/**
 * Refuses (pure: returns new drafts) every draft holding a line whose Line Item ID an earlier row of the
 * sheet also holds (in the same invoice or another): the later row gets the problem `repeated_line_item_id`
 * on its Line Item ID cell, naming the earlier row, and its draft's body is dropped; so is the body of the
 * draft holding the earlier row (it cannot be told which of the two rows is that line item).
 * @param index the sheet's columns, for the problem's column and header.
 */
export function refuseRepeatedLineItemIds(drafts: readonly ReceiptDraft[], index: ColumnIndex): ReceiptDraft[] {
  // The first row of each Line Item ID, and which draft holds it; most sheets have no ids at all.
  const first = new Map<string, { row: number; draft: number }>();
  const repeats = new Map<number, { row: number; earlier: number; id: string }[]>();
  const touched = new Set<number>();
  // Indexed loops: run over every line of the sheet (100,000 lines: no iterator per draft).
  for (let d = 0; d < drafts.length; d += 1) {
    const lines = drafts[d]!.lines;
    for (let k = 0; k < lines.length; k += 1) {
      const line = lines[k];
      const id = line?.lineItemId;
      if (!id) continue;
      const earlier = first.get(id);
      if (!earlier) {
        first.set(id, { row: line.rowNumber, draft: d });
        continue;
      }
      const list = repeats.get(d) ?? [];
      list.push({ row: line.rowNumber, earlier: earlier.row, id });
      repeats.set(d, list);
      touched.add(d).add(earlier.draft);
    }
  }
  if (touched.size === 0) return [...drafts];
  return drafts.map((draft, d) => {
    if (!touched.has(d)) return draft;
    const problems = (repeats.get(d) ?? []).map(({ row, earlier, id }) =>
      cellProblem(
        index,
        'line_item_id',
        row,
        'repeated_line_item_id',
        `'${cellText(id)}' is also on row ${earlier}: one line item is one row (a row copied with its ids?); ` +
          'nothing of this invoice is sent: on a row that is a new line, clear its Line Item ID ' +
          '(and its Record ID when it belongs to another invoice)',
        id,
      ),
    );
    const others = problems.length
      ? []
      : [
          {
            code: 'repeated_line_item_id',
            rowNumber: draft.rowNumbers[0] ?? 0,
            message: 'not sent: a Line Item ID of this invoice is also on another row of the sheet (see that row)',
          },
        ];
    return { ...draft, body: null, problems: [...draft.problems, ...problems, ...others] };
  });
}
