/** Plans a sheet as receipts or returns and binds the import engine to that kind's operations. */
import type { OrgClient } from '../client/index.ts';
import type { Notice } from '../errors/remedy.ts';
import type { Resolver } from '../resolve/index.ts';
import type { Receipt, Return } from '../schemas/resources.ts';
import type { Grid } from '../sheet/grid.ts';
import { isRowLeftOut } from '../sheet/grid.ts';
import type { ColumnMapping } from '../sheet/mapping.ts';
import type { RunOptions } from './engine/run.ts';
import { runImport } from './engine/run.ts';
import { KINDS, type ImportKind } from '../kinds/index.ts';
import type { Problem, RowResult } from './outcome.ts';
import type { ReadSettings } from './receipts/build.ts';
import { receiptOps } from './receipts/ops.ts';
import { planReceiptImport, receiptRecordRows } from './receipts/plan.ts';
import { refusePartlyLeftOut } from './left-out.ts';
import { returnOps } from './returns/ops.ts';
import { planReturnImport } from './returns/plan.ts';
import { absentFields, keepAbsentReceipt, keepAbsentReturn, type OptionalField } from './absent-columns.ts';
import type { ImportDraft, ImportOps } from './engine/ops.ts';
import type { ServiceRecord } from './engine/existing.ts';

/** What callers read of a draft, whatever its kind. */
export interface PlannedDraft {
  key: string | null;
  rowNumbers: number[];
  body: unknown;
  problems: Problem[];
  warnings: Problem[];
}

/** A sheet planned as one kind and bound to the import engine: its drafts, sheet warnings, and the run. */
export interface PlannedImport {
  drafts: readonly PlannedDraft[];
  warnings: Notice[];
  /** Rows below the header left out because they are hidden or filtered out (see `includeHidden`). */
  hiddenRows: number[];
  /** How a record is named in messages: `invoice INV-40390`, `the return on row 6`. */
  label(draft: PlannedDraft): string;
  /** Runs the engine over the drafts (`dryRun` sends nothing); one result per row, sorted by row. */
  run(options: RunOptions): Promise<RowResult[]>;
}

/** The records of the organisation fetched at the start of a run (duplicates are checked against them). */
export interface ExistingOfKinds {
  receipts: readonly Receipt[];
  returns: readonly Return[];
}

/** The rows left out as hidden or filtered, and the whole sheet (to see which records they cut in part). */
interface LeftOut {
  rows: ReadonlySet<number>;
  sheet: Grid;
}

/** A kind's part of planning: its plan of the (visible) sheet, bound to its operations. */
type KindPlanner = (
  grid: Grid,
  leftOut: LeftOut,
  mapping: ColumnMapping,
  resolver: Resolver,
  org: OrgClient,
  settings: ReadSettings,
  existing: ExistingOfKinds,
) => Pick<PlannedImport, 'drafts' | 'warnings' | 'run'>;

/** Each kind's planner, looked up by kind. */
const PLANNERS: Readonly<Record<ImportKind, KindPlanner>> = {
  receipts: (grid, leftOut, mapping, resolver, org, settings, existing) => {
    const plan = planReceiptImport(grid, mapping, resolver, settings);
    const ops = keepingAbsent(receiptOps(org, settings.timeZone, resolver), absentFields(mapping), keepAbsentReceipt);
    // An invoice with some lines hidden is refused whole: its visible lines alone would drop the others.
    const records = leftOut.rows.size ? receiptRecordRows(leftOut.sheet, mapping, settings) : [];
    const drafts = refusePartlyLeftOut(plan.drafts, records, leftOut.rows, KINDS.receipts.label);
    return {
      drafts,
      warnings: plan.warnings,
      run: (options) => runImport(drafts, ops, existing.receipts, options),
    };
  },
  // A return is one row: hidden or not, never cut in part.
  returns: (grid, _leftOut, mapping, resolver, org, settings, existing) => {
    const plan = planReturnImport(grid, mapping, resolver, settings, existing);
    const ops = keepingAbsent(returnOps(org, settings.timeZone, resolver), absentFields(mapping), keepAbsentReturn);
    return {
      drafts: plan.drafts,
      warnings: plan.warnings,
      run: (options) => runImport(plan.drafts, ops, existing.returns, options),
    };
  },
};

/**
 * A kind's operations whose updates keep the fields the sheet has no column for as the service holds
 * them (absent-columns.ts): a deleted column never blanks its field.
 */
function keepingAbsent<D extends ImportDraft<B>, B, R extends ServiceRecord>(
  ops: ImportOps<D, B, R>,
  absent: ReadonlySet<OptionalField>,
  keep: (desired: B, current: R, absent: ReadonlySet<OptionalField>) => B,
): ImportOps<D, B, R> {
  if (absent.size === 0) return ops;
  return {
    ...ops,
    diff: (draft, current) => ops.diff({ ...draft, body: keep(draft.body!, current, absent) }, current),
  };
}

/**
 * Plans the sheet as receipts or returns and binds the engine to that kind's operations: the one
 * way both the CLI and the add-in import. Rows below the header that the workbook hides (by hand or
 * by a filter) are left out, and said, unless `includeHidden`; a record with only some of its rows
 * left out is refused whole (`partly_hidden`), never sent without them.
 * @param existing the organisation's records fetched at the start (duplicates are checked against them).
 */
export function planImport(
  kind: ImportKind,
  sheet: Grid,
  mapping: ColumnMapping,
  resolver: Resolver,
  org: OrgClient,
  settings: ReadSettings & { includeHidden?: boolean },
  existing: ExistingOfKinds,
): PlannedImport {
  const hiddenRows = settings.includeHidden
    ? []
    : sheet.rows.filter((r) => isRowLeftOut(r) && r.rowNumber > mapping.headerRowNumber).map((r) => r.rowNumber);
  const grid = hiddenRows.length
    ? { ...sheet, rows: sheet.rows.filter((r) => !isRowLeftOut(r) || r.rowNumber <= mapping.headerRowNumber) }
    : sheet;
  const hiddenWarning = hiddenRows.length
    ? [
        {
          message: `${hiddenRows.length === 1 ? 'row' : 'rows'} ${hiddenRows.join(', ')} ${hiddenRows.length === 1 ? 'is' : 'are'} hidden or filtered out in the sheet and not imported`,
          remedies: [{ code: 'include_hidden' } as const],
        },
      ]
    : [];
  const leftOut = { rows: new Set(hiddenRows), sheet };
  const planned = PLANNERS[kind](grid, leftOut, mapping, resolver, org, settings, existing);
  return { ...planned, warnings: [...hiddenWarning, ...planned.warnings], hiddenRows, label: KINDS[kind].label };
}
