/**
 * Where shed's own result columns are in a header row, for both faces (the CLI's results file, the
 * pane's sheet): by shed's mark, never by one header a sheet may also use. The mark is a workbook's
 * defined name over the block (the CLI's .xlsx); where there is none (a CSV, whose headers are the
 * contract's plain `Status` … `Updated At`, PRODUCT.md "Results file"; the pane's sheet), the block
 * is the one run of all those headers side by side, in order: a sheet's own `Status` column is never
 * part of such a run. Pure.
 */
import { normaliseHeader, RESULT_COLUMNS } from '../kinds/index.ts';

/**
 * The defined name that marks shed's result block, over its header cells: workbook-level in the CLI's
 * .xlsx results file, sheet-scoped in the pane's workbook (Excel names may start with `_`).
 */
export const RESULTS_MARK_NAME = '_shed_results';

/**
 * The 0-based columns of shed's result block in `header`, in `names` order (default
 * {@link RESULT_COLUMNS}), or null when there is none or it cannot be told for sure:
 * 1. `marked`: the columns a workbook's mark names on this header row, when there are as many as
 *    `names` (ascending); the headers under the mark are not compared (the bookkeeper may rename them),
 *    unless one of them is another result column's header: the mark did not follow its cells, step 2;
 * 2. else the one run of the headers side by side in order (`Status`, `Record ID`, …): a sheet's own
 *    `Status` elsewhere does not make it ambiguous, two such runs do.
 * Headers compare as `normaliseHeader` does (case, spacing and punctuation ignored).
 */
export function findResultBlock(
  header: readonly (string | null | undefined)[],
  names: readonly string[] = RESULT_COLUMNS,
  marked?: readonly number[] | null,
): number[] | null {
  if (marked && marked.length === names.length && new Set(marked).size === marked.length) {
    const columns = [...marked].sort((a, b) => a - b);
    if (!markLeftBehind(header, names, columns)) return columns;
  }
  return onlyRun(header, names);
}

/**
 * Whether a mark was left behind by a move it did not follow (a program that shifts cells but not
 * Excel's defined names): a header under it is another result column's own header (`Record ID` over
 * the Status column). Renamed headers (`Import status`) are no sign: the bookkeeper may rename them.
 */
function markLeftBehind(
  header: readonly (string | null | undefined)[],
  names: readonly string[],
  columns: readonly number[],
): boolean {
  const wanted = names.map(normaliseHeader);
  return columns.some((column, k) => {
    const text = header[column];
    const at = typeof text === 'string' ? wanted.indexOf(normaliseHeader(text)) : -1;
    return at >= 0 && at !== k;
  });
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

/**
 * shed's result block as {@link findResultBlock} finds it, or else an older block of all the result
 * columns but the last (`Updated At` became a result column later): its columns, and `lastMissing`
 * true when the last column has yet to be placed (a new column, or where the face finds it).
 */
export function findResultBlockOrOlder(
  header: readonly (string | null | undefined)[],
  names: readonly string[] = RESULT_COLUMNS,
  marked?: readonly number[] | null,
): { columns: number[]; lastMissing: boolean } | null {
  const block = findResultBlock(header, names, marked);
  if (block) return { columns: block, lastMissing: false };
  if (names.length < 2) return null;
  const older = findResultBlock(header, names.slice(0, -1), marked);
  return older ? { columns: older, lastMissing: true } : null;
}
