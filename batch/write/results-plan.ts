/**
 * Pure planning of a results file (PRODUCT.md "Results file"): which rows get results, where the
 * result columns go, and what their cells hold. Shared by the .xlsx and .csv results writers.
 */
import { RESULT_COLUMNS } from '../../shared/kinds/index.ts';
import type { RowResult } from '../../shared/import/outcome.ts';
import { resultValues } from '../../shared/import/results.ts';
import { normaliseHeader } from '../../shared/kinds/index.ts';
import { WriteError } from './write-error.ts';

/** Excel's last column (0-based index of XFD). */
const LAST_COLUMN = 16_383;

/** The result cells of one row, in {@link RESULT_COLUMNS} order; `null` for an empty cell. */
export type ResultCells = [string, ...(string | null)[]];

/**
 * The results by sheet row number. Throws {@link WriteError} `invalid_results` when the header row
 * number is not a whole number ≥ 1, a result's row is not a whole number below the header row and
 * within the sheet's `lastRow`, two results name the same row, or an `invalidColumns` entry is not a
 * 0-based column index (0 to 16383).
 */
export function indexResults(
  results: readonly RowResult[],
  headerRowNumber: number,
  lastRow: number,
): Map<number, RowResult> {
  if (!Number.isInteger(headerRowNumber) || headerRowNumber < 1) {
    throw invalid(`header row number must be a whole number from 1, not ${headerRowNumber}`);
  }
  const byRow = new Map<number, RowResult>();
  for (const result of results) {
    const row = result.rowNumber;
    if (!Number.isInteger(row) || row <= headerRowNumber || row > lastRow) {
      throw invalid(
        `result for row ${row}: rows below the header (row ${headerRowNumber}) up to the last row ${lastRow} carry results`,
      );
    }
    if (byRow.has(row)) throw invalid(`two results for row ${row}`);
    for (const column of result.invalidColumns ?? []) {
      if (!Number.isInteger(column) || column < 0 || column > LAST_COLUMN) {
        throw invalid(`result for row ${row}: invalid column ${column} is not a 0-based column index`);
      }
    }
    byRow.set(row, result);
  }
  return byRow;
}

/**
 * The 0-based positions of the result columns named `names` (default {@link RESULT_COLUMNS}) in a
 * header row. When the header already has every one of them (compared as `normaliseHeader` does:
 * case, spaces and punctuation ignored), as a results file being re-imported does, those columns are
 * reused; otherwise all are appended from `firstFree` (the first column right of everything used),
 * so an input column of the sheet's own that happens to be called `Status` is never overwritten.
 */
export function locateResultColumns(
  header: readonly (string | null | undefined)[],
  firstFree: number,
  names: readonly string[] = RESULT_COLUMNS,
): number[] {
  const wanted = names.map(normaliseHeader);
  const found = wanted.map((name) =>
    header.findIndex((text) => typeof text === 'string' && normaliseHeader(text) === name),
  );
  if (found.every((index) => index >= 0) && new Set(found).size === found.length) return found;
  // A results file written before `Updated At` was a result column: its five are reused, the version appended.
  const older = found.slice(0, -1);
  if (names.length > 1 && older.every((index) => index >= 0) && new Set(older).size === older.length)
    return [...older, firstFree];
  if (firstFree + names.length - 1 > LAST_COLUMN)
    throw invalid(`no room for the result columns right of column ${firstFree}`);
  return names.map((_, index) => firstFree + index);
}

/** The result cells of one row: status, record id, sequence, line item id, message, updated at (the core's rule). */
export function resultCells(result: RowResult): ResultCells {
  return resultValues(result);
}

/** Whether a row's Message cell is marked red: the row is invalid or names invalid cells. */
export function isMarked(result: RowResult): boolean {
  return result.status === 'invalid' || (result.invalidColumns?.length ?? 0) > 0;
}

/**
 * Checks the result column names given in place of {@link RESULT_COLUMNS}: as many, non-empty, distinct.
 * Throws `invalid_results`.
 */
export function checkResultNames(names: readonly string[]): void {
  const normalised = new Set(names.map(normaliseHeader));
  if (names.length !== RESULT_COLUMNS.length || normalised.has('') || normalised.size !== names.length) {
    throw invalid(
      `result column headers must be ${RESULT_COLUMNS.length} distinct names (${RESULT_COLUMNS.join(', ')}), not ${JSON.stringify(names)}`,
    );
  }
}

function invalid(message: string): WriteError {
  return new WriteError('invalid_results', message);
}
