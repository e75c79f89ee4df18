/**
 * Results are written beside the input's own cells: into the same sheet in the add-in, into a
 * results file (often the same file, re-imported) by the CLI. A result that carries no id (a failed
 * update, a refused row, a dry run) must not blank the Record ID, Sequence or Line Item ID an
 * earlier run wrote there: those ids are how the next run updates instead of creating. Pure.
 */
import type { RowResult } from './outcome.ts';
import type { CellValue, Grid } from '../sheet/grid.ts';
import { isBlank } from '../sheet/grid.ts';
import type { ColumnMapping } from '../sheet/mapping.ts';
import { cellText } from '../sheet/values/index.ts';
import { kindOf } from '../kinds/index.ts';

/**
 * Each result with the ids its row already holds filled in where the result has none. Ids the
 * result carries win (an update may assign new line item ids).
 */
export function keepSheetIds(results: readonly RowResult[], grid: Grid, mapping: ColumnMapping): RowResult[] {
  return sheetIdKeeper(grid, mapping)(results);
}

/**
 * {@link keepSheetIds} bound to one sheet: the sheet's rows are indexed once, so a run that keeps the
 * ids of each record's rows as the record finishes costs the record's rows, not the sheet's, each time.
 */
export function sheetIdKeeper(grid: Grid, mapping: ColumnMapping): (results: readonly RowResult[]) => RowResult[] {
  const rows = new Map(grid.rows.map((r) => [r.rowNumber, r.cells]));
  const { fields, registry } = kindOf(mapping.kind);
  const idFields = fields.flatMap((field) => {
    const key = registry[field].id;
    const column = mapping.columns[field];
    return key && column !== undefined ? [[column, key] as const] : [];
  });
  return (results) =>
    results.map((result) => {
      const cells = rows.get(result.rowNumber);
      if (!cells) return result;
      const kept: RowResult = { ...result };
      for (const [column, key] of idFields) {
        if (kept[key] !== undefined) continue;
        const text = idText(cells[column]);
        if (text !== null) kept[key] = text;
      }
      return kept;
    });
}

function idText(cell: CellValue | undefined): string | null {
  if (cell === undefined || isBlank(cell)) return null;
  return cellText(cell);
}
