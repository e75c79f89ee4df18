/**
 * The two kinds of import the task pane offers, each wired to the shared core exactly as the CLI
 * wires it (both call `planImport` of shared/import/plan-kind.ts): plan (shared/import/<kind>/plan.ts), then the import
 * engine (shared/import/engine/run.ts) with that kind's operations, which creates, updates by
 * Record ID, finds duplicates and reconciles lost answers, so nothing is sent twice.
 */
import type { OrgClient } from '../../shared/client/index.ts';
import type { ReadSettings } from '../../shared/import/receipts/build.ts';
import type { PlannedImport } from '../../shared/import/plan-kind.ts';
import { planImport as planSheet } from '../../shared/import/plan-kind.ts';
import type { Grid } from '../../shared/sheet/grid.ts';
import type { ColumnMapping, MappingKind } from '../../shared/sheet/mapping.ts';
import type { ImportSnapshot } from './session.ts';

export type { PlannedDraft as AnyDraft, PlannedImport } from '../../shared/import/plan-kind.ts';

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
 * to that kind's operations, exactly as the CLI does (`org` sends; `snapshot` holds the records
 * duplicates are checked against).
 */
export function planImport(
  kind: MappingKind,
  grid: Grid,
  mapping: ColumnMapping,
  snapshot: ImportSnapshot,
  org: OrgClient,
  settings: ReadSettings,
): PlannedImport {
  return planSheet(kind, grid, mapping, snapshot.resolver, org, settings, snapshot);
}
