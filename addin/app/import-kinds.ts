/**
 * The kinds of import the task pane offers, in its picker's order: the core's kind descriptors
 * (shared/kinds/descriptors.ts: nouns, picker title). Both run through the core's one import
 * (shared/import/import-sheet.ts), exactly as the CLI's do.
 */
import { IMPORT_KINDS, kindOf, type KindDescriptor } from '../../shared/kinds/index.ts';

export type { PlannedDraft as AnyDraft, PlannedImport } from '../../shared/import/import-sheet.ts';

/** The kinds, in the order the picker shows them. */
export const PICKER_KINDS: readonly KindDescriptor[] = IMPORT_KINDS.map(kindOf);
