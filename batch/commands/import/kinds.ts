import type { OrgClient } from '../../../shared/client/index.ts';
import type { RowResult } from '../../../shared/import/outcome.ts';
import type { RunOptions } from '../../../shared/import/engine/run.ts';
import { runImport } from '../../../shared/import/engine/run.ts';
import type { ReadSettings, ReceiptDraft } from '../../../shared/import/receipts/build.ts';
import { receiptOps } from '../../../shared/import/receipts/ops.ts';
import { planReceiptImport } from '../../../shared/import/receipts/plan.ts';
import { invoiceLabel } from '../../../shared/import/receipts/label.ts';
import type { Resolver } from '../../../shared/resolve/index.ts';
import type { Receipt, Return } from '../../../shared/schemas/resources.ts';
import type { Grid } from '../../../shared/sheet/grid.ts';
import type { ColumnMapping } from '../../../shared/sheet/mapping.ts';
import { returnOps } from '../../../shared/import/returns/ops.ts';
import { planReturnImport } from '../../../shared/import/returns/plan.ts';
import { returnLabel } from '../../../shared/import/returns/label.ts';

/** What the command reports of a draft, whatever its kind. */
export type PlannedDraft = Pick<ReceiptDraft, 'key' | 'rowNumbers' | 'problems' | 'warnings'> & { body: unknown };

/** One kind of import, planned and ready to run: its drafts, sheet warnings and the runner. */
export interface PlannedKind {
  drafts: readonly PlannedDraft[];
  warnings: string[];
  label(draft: PlannedDraft): string;
  run(options: RunOptions): Promise<RowResult[]>;
}

/**
 * Plans the sheet as receipts or returns and binds the runner to that kind's operations.
 * @param existing the organisation's records fetched at the start (duplicates are checked against them).
 */
export function planKind(
  kind: 'receipts' | 'returns',
  grid: Grid,
  mapping: ColumnMapping,
  resolver: Resolver,
  org: OrgClient,
  settings: ReadSettings,
  existing: { receipts: Receipt[]; returns: Return[] },
): PlannedKind {
  if (kind === 'receipts') {
    const plan = planReceiptImport(grid, mapping, resolver, settings);
    const ops = receiptOps(org, settings.timeZone, (id) => resolver.productName(id));
    return {
      drafts: plan.drafts,
      warnings: plan.warnings,
      label: invoiceLabel,
      run: (options) => runImport(plan.drafts, ops, existing.receipts, options),
    };
  }
  const plan = planReturnImport(grid, mapping, resolver, settings);
  const ops = returnOps(org, settings.timeZone);
  return {
    drafts: plan.drafts,
    warnings: plan.warnings,
    label: returnLabel,
    run: (options) => runImport(plan.drafts, ops, existing.returns, options),
  };
}
