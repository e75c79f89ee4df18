/**
 * One batch of an import's results written into the sheet as it is now: the sheet read again, each
 * result placed on its row (rows inserted or deleted meanwhile), a row that changed left unwritten
 * and named, and the result columns found or added. The import controller's writer for its feed.
 */
import type { RowResult } from '../../shared/import/outcome.ts';
import { relocateResults, type Relocated } from '../../shared/import/relocate.ts';
import { columnLetter, type Grid } from '../../shared/sheet/grid.ts';
import type { ColumnMapping } from '../../shared/sheet/mapping.ts';
import { resultLayout } from '../excel/sheet-layout.ts';
import type { WorkbookPort } from '../excel/workbook-port.ts';
import { headerRowOf, lastFilled } from './import-steps.ts';

/** The run a batch belongs to: the sheet as read at the start, its mapping, and whether it is Validate. */
export interface ResultsRun {
  grid: Grid;
  mapping: ColumnMapping;
  dryRun: boolean;
}

/**
 * Writes one batch (row numbers as read at the start; the core already kept the sheet's ids and left
 * a dry run's new ids out). `keepMarks` for every batch after a run's first.
 * Rows that moved or were lost are added to `relocated`.
 * @returns the letters of the result columns, such as `M–Q`.
 * @throws WorkbookError and office-js errors of the read or the write.
 */
export async function writeResultsBatch(
  workbook: WorkbookPort,
  run: ResultsRun,
  results: readonly RowResult[],
  keepMarks: boolean,
  relocated: Relocated,
): Promise<string> {
  const { grid, mapping } = run;
  const now = await workbook.readSheet(grid.sheet);
  const placed = relocateResults(results, grid, now, mapping);
  relocated.moved.push(...placed.moved);
  relocated.lost.push(...placed.lost);
  const usedWidth = now.rows.reduce((width, row) => Math.max(width, lastFilled(row.cells) + 1), 0);
  // The header row as it is now: an earlier batch of this run may have added the result columns.
  const headers = headerRowOf(now, mapping);
  await workbook.writeResults({ sheet: now.sheet, headerRowNumber: mapping.headerRowNumber, results: placed.results, headers, usedWidth, keepMarks });
  const columns = resultLayout(headers, usedWidth).columns;
  return `${columnLetter(Math.min(...columns))}–${columnLetter(Math.max(...columns))}`;
}
