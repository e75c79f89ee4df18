/**
 * Problems pinned to their cell (sheet, row, column, header), and their wording as a Message line or a full refusal.
 */
import type { Remedy } from '../errors/remedy.ts';
import type { CellValue } from '../sheet/grid.ts';
import { columnLetter } from '../sheet/grid.ts';
import type { Problem } from './outcome.ts';

/** Field → 0-based column and the header texts of the sheet, to pin a problem to its cell. */
export interface ColumnIndex {
  columns: Partial<Record<string, number>>;
  headers: readonly string[];
}

/**
 * A problem in the cell of `field` on sheet row `rowNumber`: fills in the column and its header.
 * When the field is not mapped, the problem is pinned to the row only. `extra` carries the closest
 * match to suggest and the remedies the user has (each face words them).
 */
export function cellProblem(
  index: ColumnIndex,
  field: string,
  rowNumber: number,
  code: string,
  message: string,
  value?: CellValue,
  extra: { suggestion?: string | undefined; remedies?: readonly Remedy[] | undefined } = {},
): Problem {
  const column = index.columns[field];
  const problem: Problem = { code, rowNumber, message };
  if (column !== undefined) {
    problem.column = column;
    problem.header = index.headers[column] || columnLetter(column);
  }
  if (value !== undefined && value !== null) problem.value = value;
  if (extra.suggestion) problem.suggestion = extra.suggestion;
  if (extra.remedies?.length) problem.remedies = [...extra.remedies];
  return problem;
}

/** One problem as a line of the Message column: `Qty: '-5' must be greater than 0` (its remedies are the face's to word). */
export function problemText(problem: Problem): string {
  return problem.header ? `${problem.header}: ${problem.message}` : problem.message;
}

/**
 * One problem as a full refusal for the terminal or a log, saying where, what and how to fix:
 * `supplier-invoices.xlsx, sheet Invoices, row 31, column G (Qty): '-5' must be greater than 0`.
 */
export function describeProblem(problem: Problem, where: { source: string; sheet: string }): string {
  const column =
    problem.column === undefined
      ? ''
      : `, column ${columnLetter(problem.column)}${problem.header ? ` (${problem.header})` : ''}`;
  return `${where.source}, sheet ${where.sheet}, row ${problem.rowNumber}${column}: ${problem.message}`;
}
