/**
 * The column mapping as the Import screen shows and edits it: one row per field with the column
 * it reads, the columns to choose from, and an edit turned into a saved mapping (the `--mapping`
 * format of saved-mapping.ts) that `detectMapping` then applies. Pure functions.
 */
import { columnLetter } from '../../shared/sheet/grid.ts';
import { headerLabel } from '../../shared/kinds/index.ts';
import type { ColumnMapping, MappedField } from '../../shared/sheet/mapping.ts';
import type { ImportKind } from '../../shared/kinds/index.ts';
import { kindOf } from '../../shared/kinds/index.ts';
import type { SavedMapping } from '../../shared/sheet/saved-mapping.ts';
import { resolveSavedColumn, toSavedMapping } from '../../shared/sheet/saved-mapping.ts';

/** One field of the mapping table. */
export interface FieldRow {
  field: MappedField;
  /** The header a person would write (e.g. `Deliver To` for `storage`). */
  label: string;
  required: boolean;
  /** 0-based column, or null when the sheet has none for it. */
  column: number | null;
}

/** One column to choose from: 0-based index, and `D · Deliver To` (letter and header). */
export interface ColumnChoice {
  column: number;
  label: string;
}

/** The editable fields of the mapping's kind with the column each reads, in the fields' order (notes last). */
export function fieldRows(mapping: ColumnMapping): FieldRow[] {
  const { fields, required, registry } = kindOf(mapping.kind);
  // Fields the add-in writes itself (result and id columns) are mapped automatically, not shown for
  // editing. Notes last, as a sheet usually has them (the registry lists them with the invoice header fields).
  const shown = fields.filter((field) => !registry[field].writtenBack && field !== 'notes');
  if (fields.includes('notes')) shown.push('notes');
  return shown.map((field) => ({
    field,
    label: headerLabel(mapping.kind, field),
    required: required.includes(field),
    column: mapping.columns[field] ?? null,
  }));
}

/** The header row's columns, as choices: every column up to the last non-blank header. */
export function columnChoices(mapping: ColumnMapping): ColumnChoice[] {
  return mapping.headers.map((header, column) => ({
    column,
    label: header.trim() === '' ? `${columnLetter(column)} (no header)` : `${columnLetter(column)} · ${header.trim()}`,
  }));
}

/**
 * The saved mapping after one edit: `field` reads `column` (null: the sheet has no such column).
 * Starts from `saved` (the workbook's) or, without one, from the detected mapping; a field that
 * read the same column before lets it go and is guessed again from the others. The column is named
 * by its header text when that is unique in the row, else by its letter.
 *
 * @throws RangeError when `column` is not a column of the header row.
 */
export function editMapping(
  mapping: ColumnMapping,
  saved: SavedMapping | undefined,
  field: MappedField,
  column: number | null,
): SavedMapping {
  if (column !== null && (!Number.isInteger(column) || column < 0 || column >= Math.max(mapping.headers.length, 1))) {
    throw new RangeError(
      `Column ${column} is not in the header row (columns A to ${columnLetter(Math.max(mapping.headers.length - 1, 0))}).`,
    );
  }
  const base: SavedMapping = saved ?? toSavedMapping(mapping);
  const columns: SavedMapping['columns'] = { ...base.columns };
  if (column !== null) {
    for (const [other, value] of Object.entries(columns) as [MappedField, string | null | undefined][]) {
      if (other === field || typeof value !== 'string') continue;
      if (resolveSavedColumn(value, mapping.headers)?.column === column) delete columns[other];
    }
  }
  columns[field] = column === null ? null : columnName(mapping, column);
  // Everything else the saved mapping says (header row, fixed values, GST, units, …) is kept.
  return { ...base, kind: mapping.kind, columns };
}

/** How a saved mapping names a column: its header text when no other header reads the same, else its letter. */
function columnName(mapping: ColumnMapping, column: number): string {
  const one: ColumnMapping = { ...mapping, columns: { [mappedFieldOf(mapping.kind)]: column } };
  return Object.values(toSavedMapping(one).columns)[0] ?? columnLetter(column);
}

/** Any field of the kind, to borrow `toSavedMapping`'s naming rule for a single column. */
function mappedFieldOf(kind: ImportKind): MappedField {
  return kindOf(kind).fields[0]!;
}
