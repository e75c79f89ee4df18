/**
 * The kind of import: what a sheet's rows become in the service. Every fact that differs by kind
 * (nouns, sheet names, fields and their roles, result columns) lives in shared/kinds/ and is looked
 * up by this name; no other module switches on it.
 */

/** Every {@link ImportKind}, in the order the faces offer them. */
export const IMPORT_KINDS = ['receipts', 'returns'] as const;

/** What a sheet imports: `receipts` (supplier invoices, one row per invoice line) or `returns` (one row per return). */
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The kind `value` names, or null when it names none (a picker's value, a flag). */
export function parseImportKind(value: unknown): ImportKind | null {
  return isImportKind(value) ? value : null;
}

/** Whether `value` names a kind of import. */
export function isImportKind(value: unknown): value is ImportKind {
  return (IMPORT_KINDS as readonly unknown[]).includes(value);
}
