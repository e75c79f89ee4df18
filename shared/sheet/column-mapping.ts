/**
 * The shape of a column mapping, on its own so that mapping (mapping.ts), content matching
 * (content-match.ts) and saved mappings (saved-mapping.ts) share it without importing one another.
 */
import type { ImportKind, MappedField } from '../kinds/index.ts';

/** Two columns whose values fit a field about equally: nothing was placed. */
export interface ContentTie {
  field: MappedField;
  columns: { column: number; header: string; detail: string }[];
}

/** A saved mapping entry that places no column: a header text not in the header row, or a field of the other kind. */
export interface UnresolvedEntry {
  field: string;
  /** The value in the mapping file. */
  wanted: string;
  reason: 'no_such_header' | 'not_a_field';
}

/** A field whose header two or more columns of the header row carry (0-based `columns`, left to right). */
export interface DoubledHeader {
  field: MappedField;
  header: string;
  columns: number[];
}

/**
 * Where each field is in the sheet:
 * - `headerRowNumber`: 1-based sheet row of the header row;
 * - `headers`: header text by 0-based column ('' for none; numbers and dates as text);
 * - `columns`: field → 0-based column;
 * - `unplaced`: non-empty headers no field took;
 * - `missing`: required fields with no column (the kind's `required`, shared/kinds/descriptors.ts);
 * - `unresolved`: saved mapping entries that placed nothing (only with a saved mapping);
 * - `constants`: fields given one value for every row instead of a column (the mapping's `values`,
 *   `--set`), with `{sheet}` already replaced by the sheet's name;
 * - `ties`: set by content matching, for the refusal to say which columns it could not choose between;
 * - `doubled`: fields whose header another column repeats (refused by `assertMappingUsable`).
 */
export interface ColumnMapping {
  kind: ImportKind;
  headerRowNumber: number;
  headers: string[];
  columns: Partial<Record<MappedField, number>>;
  unplaced: { column: number; header: string }[];
  missing: string[];
  unresolved?: UnresolvedEntry[];
  constants?: Partial<Record<MappedField, string>>;
  /** Required fields two columns' values fit about equally (content-match.ts): not guessed. */
  ties?: ContentTie[];
  /** Fields whose header two columns carry: which one is meant cannot be told. */
  doubled?: DoubledHeader[];
}
