/**
 * Where shed's own result columns are in a header row, for both faces (the CLI's results file, the
 * pane's sheet): by shed's mark, never by a header a sheet may also use. The mark is a workbook's
 * defined name over the block (the CLI's .xlsx), or `(shed)` in each header (a CSV: `Status (shed)`).
 * A results file written before the mark (plain `Status` … `Message`, as the pane still writes) is
 * still found when its block is the only run of those headers side by side, in order. Pure.
 */
import { markedHeader, normaliseHeader, RESULT_COLUMNS } from '../kinds/index.ts';

/**
 * The 0-based columns of shed's result block in `header`, in `names` order (default
 * {@link RESULT_COLUMNS}), or null when there is none or it cannot be told for sure:
 * 1. `marked`: the columns a workbook's mark names on this header row, when there are as many as
 *    `names` (ascending); the headers under the mark are not compared (the bookkeeper may rename them);
 * 2. else the one run of the marked headers side by side in order (`Status (shed)`, `Record ID (shed)`, …);
 * 3. else the one run of the plain headers side by side in order (`Status`, `Record ID`, …): a
 *    sheet's own `Status` elsewhere does not make it ambiguous, two such runs do.
 * Headers compare as `normaliseHeader` does (case, spacing and punctuation ignored).
 */
export function findResultBlock(
  header: readonly (string | null | undefined)[],
  names: readonly string[] = RESULT_COLUMNS,
  marked?: readonly number[] | null,
): number[] | null {
  if (marked && marked.length === names.length && new Set(marked).size === marked.length)
    return [...marked].sort((a, b) => a - b);
  return onlyRun(header, names.map(markedHeader)) ?? onlyRun(header, names);
}

/** The columns of the one run of `wanted` side by side in `header`; null when none or more than one. */
function onlyRun(header: readonly (string | null | undefined)[], wanted: readonly string[]): number[] | null {
  const texts = header.map((h) => (typeof h === 'string' ? normaliseHeader(h) : ''));
  const names = wanted.map(normaliseHeader);
  const starts: number[] = [];
  for (let i = 0; i + names.length <= texts.length; i++) {
    if (names.every((name, k) => texts[i + k] === name)) starts.push(i);
  }
  if (starts.length !== 1) return null;
  const start = starts[0] ?? 0;
  return names.map((_, k) => start + k);
}
