/**
 * Pure helpers of the Import screen's runs (addin/app/import.ts): how a run went (tone), a dry run's
 * results without new ids, what the pane says when rows moved during an import, mapping problems in
 * the pane's words, and a row's width.
 */
import type { RowResult } from '../../shared/import/outcome.ts';
import type { PlannedImport } from '../../shared/import/import-sheet.ts';
import type { Relocated } from '../../shared/import/relocate.ts';
import type { Grid } from '../../shared/sheet/grid.ts';
import { headerLabel } from '../../shared/kinds/index.ts';
import type { ColumnMapping, MappedField } from '../../shared/sheet/mapping.ts';
import { MappingError } from '../../shared/sheet/mapping-error.ts';
import type { StatusLine } from './connect.ts';
import { describeError } from './errors.ts';
import type { PendingImport } from './import-journal.ts';
import type { ImportState } from './import-state.ts';

/**
 * How a run went: `success` when every row is done (or, for a dry run, would be; a row whose record the
 * service now holds twice, `twinSequences`, is not) and every result is on its row, `error` when none is done, `warning` in between, for a cancelled run, and while any
 * result is not placed (`unplaced`: rows whose results could not be written).
 */
export function runTone(
  results: readonly RowResult[],
  how: { dryRun: boolean; cancelled: boolean; unplaced?: number },
): StatusLine['tone'] {
  const good = new Set(
    how.dryRun ? ['would create', 'would update', 'unchanged'] : ['created', 'updated', 'unchanged'],
  );
  // A record the service now holds twice (the sweep's twins) is not done well: the CLI counts it refused.
  const done = results.filter((r) => good.has(r.status) && !r.twinSequences?.length).length;
  if (how.cancelled || (how.unplaced ?? 0) > 0) return done === 0 && !how.cancelled ? 'error' : 'warning';
  if (done === results.length) return 'success';
  return done === 0 ? 'error' : 'warning';
}

/** What the pane says of results that followed their rows to other row numbers (rows inserted, deleted or sorted). */
export function movedLines(moved: Relocated['moved']): string[] {
  if (moved.length === 0) return [];
  const some = moved
    .slice(0, 5)
    .map((m) => `${m.from} → ${m.to}`)
    .join(', ');
  return [`Rows moved while importing; their results followed them (row ${some}${moved.length > 5 ? ', …' : ''}).`];
}

/**
 * The results not written because their rows could not be told for sure, named by their record
 * (`invoice INV-1`) and what it became (sequence and Record ID), so the bookkeeper can find them;
 * "Place results again" tries once more.
 */
export function unplacedLines(
  unplaced: readonly RowResult[],
  planned: Pick<PlannedImport, 'drafts' | 'label'>,
): string[] {
  if (unplaced.length === 0) return [];
  const byRecord = new Map<string, RowResult[]>();
  for (const result of unplaced) {
    const draft = planned.drafts.find((d) => d.rowNumbers.includes(result.rowNumber));
    const name = draft ? planned.label(draft) : `the record on row ${result.rowNumber}`;
    byRecord.set(name, [...(byRecord.get(name) ?? []), result]);
  }
  const lines = [...byRecord].map(([name, results]) => {
    const first = results[0];
    const made =
      first?.sequence || first?.recordId
        ? `: ${first.status} as ${first.sequence ?? ''} (Record ID ${first.recordId ?? ''})`
        : `: ${first?.status ?? ''}`;
    const rows = results.map((r) => r.rowNumber).join(', ');
    return `Not written, ${name} (row ${rows} when read)${made}.`;
  });
  const count = unplaced.length;
  return [
    `${count} ${count === 1 ? 'row’s result was' : 'rows’ results were'} not written: the rows changed, moved among rows alike, or the header was not found. The ids are kept; press Place results again.`,
    ...lines,
  ];
}

/**
 * The header row of `grid` (the sheet as read now) as text, for finding the result columns: the
 * mapping's headers as read at the start where the row is gone.
 */
export function headerRowOf(grid: Grid, mapping: ColumnMapping): string[] {
  const row = grid.rows.find((r) => r.rowNumber === mapping.headerRowNumber);
  if (!row) return [...mapping.headers];
  return row.cells.map((cell, i) => (typeof cell === 'string' ? cell : (mapping.headers[i] ?? '')));
}

/** The 0-based column of a row's last non-blank cell, or -1. */
export function lastFilled(cells: readonly unknown[]): number {
  for (let c = cells.length - 1; c >= 0; c -= 1)
    if (cells[c] !== null && cells[c] !== undefined && cells[c] !== '') return c;
  return -1;
}

/**
 * A mapping failure as the pane says it: the pane's own controls instead of the CLI's `--mapping FILE`
 * (the mapping table for missing columns; the header row box for a sheet whose headers it does not know).
 */
export function paneMappingProblem(error: unknown, mapping: ColumnMapping | null): string {
  if (error instanceof MappingError && error.code === 'no_header_row') {
    return (
      'No row near the top reads as column headers the add-in knows. Give the row that holds the headers below, then pick each field’s column in Column mapping. ' +
      'A sheet with no header row needs one: insert a row above the data and type a header over each column.'
    );
  }
  if (error instanceof MappingError && error.code === 'missing_fields' && mapping) {
    const names = mapping.missing.map((f) => `'${headerLabel(mapping.kind, f as MappedField)}'`).join(', ');
    return `No column for ${names} in row ${mapping.headerRowNumber}: pick one for each in Column mapping, or add a column with that header to the sheet.`;
  }
  return describeError(error);
}

/** The words of "Finish it" on an e-invoice's run: not a sheet of this workbook, so the E-invoices tab imports it again. */
export function einvoiceNotASheet(einvoice: string): string {
  return `E-invoice ${einvoice} is not a sheet of this workbook: choose its file on the E-invoices tab and import it again; what was sent is found and gets its ids, nothing is sent twice.`;
}

/** The screen an interrupted run is finished with: its kind and sheet, and the reading choices it ran with (when kept). */
export function pendingScreen(pending: PendingImport): Partial<ImportState> {
  const { reading } = pending;
  return {
    kind: pending.kind,
    sheet: pending.sheet,
    allSheets: false,
    ...(reading
      ? {
          pricesIncludeGst: Boolean(reading.gstRate),
          includeHidden: reading.includeHidden,
          allowDuplicates: reading.allowDuplicates,
          dateOrder: reading.dateOrder,
          dateOrderChosen: reading.dateOrderGiven,
          timeZone: reading.timeZone,
        }
      : {}),
  };
}
