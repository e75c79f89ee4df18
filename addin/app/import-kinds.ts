/**
 * The two kinds of import the task pane offers, as its kind picker and messages name them. Both run
 * through the core's one import (shared/import/import-sheet.ts), exactly as the CLI's do.
 */
import type { MappingKind } from '../../shared/sheet/mapping.ts';

export type { PlannedDraft as AnyDraft, PlannedImport } from '../../shared/import/import-sheet.ts';

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
