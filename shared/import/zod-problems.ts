/** Maps the zod issues of a request body back to the sheet cells it came from. */
import type { z } from 'zod';
import type { Problem } from './outcome.ts';
import type { ColumnIndex } from './problems.ts';
import { cellProblem } from './problems.ts';
import type { CellValue } from '../sheet/grid.ts';
import { describeCell } from '../sheet/values/index.ts';

/** Where a body field came from: its sheet field, row and the cell as written. */
export interface BodySource {
  field: string;
  rowNumber: number;
  value?: CellValue;
}

/**
 * Maps the zod issues of a request body back to sheet cells, so a refusal names sheet, row, column
 * and value. `locate` turns an issue path (`['line_items', 2, 'quantity']`) into the cell it came from.
 */
export function issuesToProblems(
  issues: readonly z.core.$ZodIssue[],
  index: ColumnIndex,
  locate: (path: readonly PropertyKey[]) => BodySource,
): Problem[] {
  return issues.map((issue) => {
    const source = locate(issue.path);
    const written = source.value === undefined || source.value === null ? '' : `${describeCell(source.value)} `;
    return cellProblem(
      index,
      source.field,
      source.rowNumber,
      'invalid_value',
      `${written}${issue.message}`,
      source.value,
    );
  });
}
