/**
 * Results are written beside the input's own cells: into the same sheet in the add-in, into a
 * results file (often the same file, re-imported) by the CLI. A result that carries no id (a failed
 * update, a refused row, a dry run) must not blank the Record ID, Sequence or Line Item ID an
 * earlier run wrote there: those ids are how the next run updates instead of creating. Here too:
 * results as the sheet shows them (remedies in the face's words, a dry run's without new ids). Pure.
 */
import type { RowResult } from './outcome.ts';
import type { ImportPorts } from './ports.ts';
import { wordRemedies } from './results.ts';
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

/**
 * Results as the sheet shows them: remedies in the face's words, the sheet's own ids kept (its rows
 * indexed once: this runs as each record finishes), and a dry run's without new ids (an existing
 * duplicate's id would tie the row to that record).
 */
export function resultsShown(
  grid: Grid,
  mapping: ColumnMapping,
  dryRun: boolean,
  words: ImportPorts['words'],
): (rows: readonly RowResult[]) => RowResult[] {
  const keepIds = sheetIdKeeper(grid, mapping);
  return (rows) => keepIds(wordRemedies(dryRun ? rows.map(withoutNewIds) : rows, words));
}

/** A result without the ids the run found (a dry run's: an existing duplicate's). */
export function withoutNewIds(result: RowResult): RowResult {
  const { recordId: _record, sequence: _sequence, lineItemId: _line, ...rest } = result;
  return rest;
}
