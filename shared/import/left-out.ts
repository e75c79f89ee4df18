/**
 * Records cut in part by hidden or filtered-out rows: sending their visible rows alone would save the
 * record without its hidden lines (or delete them from a receipt already imported), so the whole record
 * is refused instead, each visible row naming the rows left out and the fix.
 */
import type { Problem } from './outcome.ts';

/** What a refusal needs of a planned record: its rows, its body (null once refused) and its problems. */
interface RefusableDraft {
  rowNumbers: number[];
  body: unknown;
  problems: Problem[];
}

/**
 * Refuses (pure: returns new drafts) every draft holding a visible row of a record that is partly left
 * out: `records` are the sheet's records as grouped with every row (hidden ones too), `leftOut` the
 * rows left out as hidden or filtered. A record whose rows are all left out has no draft and stays left
 * out; a wholly visible one is untouched. The drafts of one such record become one refused draft (body
 * null, the first draft's problems kept), each of its rows with the problem `partly_hidden` and the
 * remedy `include_hidden`.
 * @param records each record's sheet row numbers (1-based).
 * @param label how a draft is named in messages (`invoice INV-40390`).
 */
export function refusePartlyLeftOut<D extends RefusableDraft>(
  drafts: readonly D[],
  records: readonly (readonly number[])[],
  leftOut: ReadonlySet<number>,
  label: (draft: D) => string,
): D[] {
  if (leftOut.size === 0) return [...drafts];
  /** Visible row → its record (the index in `records`), for records partly left out. */
  const cut = new Map<number, number>();
  records.forEach((rows, record) => {
    const hidden = rows.filter((row) => leftOut.has(row)).length;
    if (hidden === 0 || hidden === rows.length) return;
    for (const row of rows) if (!leftOut.has(row)) cut.set(row, record);
  });
  if (cut.size === 0) return [...drafts];
  // The visible rows of one record may make several drafts (a hidden row reads as a gap between
  // invoices): they are refused as one, the first draft taking the others' rows.
  const merged = new Map<number, D>();
  const out: D[] = [];
  for (const draft of drafts) {
    const record = draft.rowNumbers.map((row) => cut.get(row)).find((r) => r !== undefined);
    if (record === undefined) {
      out.push(draft);
      continue;
    }
    const into = merged.get(record);
    if (!into) {
      const refused = { ...draft, body: null, rowNumbers: [...draft.rowNumbers], problems: [...draft.problems] };
      merged.set(record, refused);
      out.push(refused);
    } else {
      // Its own problems are those of lines read without the hidden ones (an empty supplier the hidden
      // row would have filled down): not said; the rows shown, the record is read again whole.
      into.rowNumbers.push(...draft.rowNumbers);
    }
  }
  for (const [record, draft] of merged) {
    const hidden = records[record]!.filter((row) => leftOut.has(row));
    draft.rowNumbers.sort((a, b) => a - b);
    draft.problems.push(...draft.rowNumbers.map((rowNumber) => partlyHidden(rowNumber, hidden, label(draft))));
  }
  return out;
}

/** The problem of a visible row of a record partly left out, naming the rows left out and the fix. */
function partlyHidden(rowNumber: number, hidden: readonly number[], label: string): Problem {
  const one = hidden.length === 1;
  const message =
    `${one ? 'row' : 'rows'} ${hidden.join(', ')} of ${label} ${one ? 'is' : 'are'} hidden or filtered out: ` +
    `nothing of it is sent, as its visible lines alone would leave ${one ? 'that line' : 'those lines'} out ` +
    `(or delete ${one ? 'it' : 'them'} from the record already imported); show ${one ? 'it' : 'them'}, ` +
    `or delete the lines not to import`;
  return { code: 'partly_hidden', rowNumber, message, remedies: [{ code: 'include_hidden' }] };
}
