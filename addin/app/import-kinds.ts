/**
 * The two kinds of import the task pane offers, each wired to the shared core exactly as the CLI
 * wires it (batch/commands/import/kinds.ts): plan (shared/import/<kind>/plan.ts), then the import
 * engine (shared/import/engine/run.ts) with that kind's operations, which creates, updates by
 * Record ID, finds duplicates and reconciles lost answers, so nothing is sent twice.
 */
import type { OrgClient } from '../../shared/client/index.ts';
import type { RunOptions } from '../../shared/import/engine/run.ts';
import { runImport } from '../../shared/import/engine/run.ts';
import type { Problem, RowResult } from '../../shared/import/outcome.ts';
import type { ReadSettings } from '../../shared/import/receipts/build.ts';
import { receiptOps } from '../../shared/import/receipts/ops.ts';
import { planReceiptImport } from '../../shared/import/receipts/plan.ts';
import { invoiceLabel } from '../../shared/import/receipts/label.ts';
import { returnOps } from '../../shared/import/returns/ops.ts';
import { planReturnImport } from '../../shared/import/returns/plan.ts';
import { returnLabel } from '../../shared/import/returns/label.ts';
import type { Grid } from '../../shared/sheet/grid.ts';
import type { ColumnMapping, MappingKind } from '../../shared/sheet/mapping.ts';
import type { ImportSnapshot } from './session.ts';

/** What the Import screen reads of a draft, whatever its kind. */
export interface AnyDraft {
  rowNumbers: number[];
  body: unknown;
  problems: Problem[];
  warnings: Problem[];
}

/** A sheet planned as one kind, bound to the engine: its drafts, warnings, and the run. */
export interface PlannedImport {
  drafts: readonly AnyDraft[];
  warnings: string[];
  /** How a record is named in messages: `invoice INV-40390`, `the return on row 6`. */
  label(draft: AnyDraft): string;
  /** Runs the engine over the drafts (`dryRun` sends nothing); one result per row, sorted by row. */
  run(options: RunOptions): Promise<RowResult[]>;
}

/** One kind of import as the picker and the messages name it. */
export interface ImportKind {
  kind: MappingKind;
  /** For the kind picker: `Receipts (supplier invoices)`. */
  title: string;
  one: string;
  many: string;
}

/** The kinds, in the order the picker shows them. */
export const IMPORT_KINDS: readonly ImportKind[] = [
  { kind: 'receipts', title: 'Receipts (supplier invoices)', one: 'receipt', many: 'receipts' },
  { kind: 'returns', title: 'Returns (stock back to a supplier)', one: 'return', many: 'returns' },
];

/** The kind of that name. */
export function importKind(kind: MappingKind): ImportKind {
  return IMPORT_KINDS.find((k) => k.kind === kind)!;
}

/**
 * Plans the sheet as receipts or returns against the organisation's snapshot and binds the engine
 * to that kind's operations (`org` sends; `snapshot` holds the records duplicates are checked against).
 */
export function planImport(
  kind: MappingKind,
  grid: Grid,
  mapping: ColumnMapping,
  snapshot: ImportSnapshot,
  org: OrgClient,
  settings: ReadSettings,
): PlannedImport {
  const { resolver } = snapshot;
  if (kind === 'receipts') {
    const plan = planReceiptImport(grid, mapping, resolver, settings);
    const ops = receiptOps(org, settings.timeZone, (id) => resolver.productName(id));
    return {
      drafts: plan.drafts,
      warnings: plan.warnings,
      label: (draft) => invoiceLabel(draft as (typeof plan.drafts)[number]),
      run: (options) => runImport(plan.drafts, ops, snapshot.receipts, options),
    };
  }
  const plan = planReturnImport(grid, mapping, resolver, settings);
  const ops = returnOps(org, settings.timeZone);
  return {
    drafts: plan.drafts,
    warnings: plan.warnings,
    label: (draft) => returnLabel(draft as (typeof plan.drafts)[number]),
    run: (options) => runImport(plan.drafts, ops, snapshot.returns, options),
  };
}
