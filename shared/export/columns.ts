/**
 * What an export is made of, as plain data: typed columns and rows of plain values.
 * The file writers (batch/write) take these shapes as they are, under their own names
 * (`ColumnSpec` is {@link ExportColumn}, see batch/write/table.ts), so shared/ never depends on a writer.
 */
import { type CellFormat, type ExportColumnType } from '../kinds/number-formats.ts';
import { cellNumberFormat } from '../locale/cell-format.ts';
import { DEFAULT_LOCALE, type Locale } from '../locale/locale.ts';

export type { ExportColumnType } from '../kinds/number-formats.ts';

/** One column of a dataset: the row key it reads, its header text and its type; optional width (characters) and Excel number format. */
export interface ExportColumn {
  key: string;
  header: string;
  type: ExportColumnType;
  width?: number;
  numFmt?: string;
}

/**
 * How each column type is shown (shared/kinds/number-formats.ts): text and booleans unformatted (the
 * writers already keep text as text), the others by their own format.
 */
const EXPORT_CELL_FORMATS: Readonly<Record<ExportColumnType, CellFormat>> = {
  text: 'general',
  number: 'number',
  integer: 'integer',
  money: 'money',
  date: 'date',
  datetime: 'datetime',
  boolean: 'boolean',
};

/**
 * The Excel number format of an export column, the same on both faces: its own `numFmt` when it has
 * one, else its type's in the user's `locale` (default en-AU; {@link cellNumberFormat}: dates `dd/mm/yyyy`
 * or `mm/dd/yyyy` (en-US), date-times likewise with `hh:mm`,
 * money `#,##0.00`, integers `0`, other numbers `General`); `null` for text and booleans (left General).
 */
export function exportNumberFormat(
  column: Pick<ExportColumn, 'type' | 'numFmt'>,
  locale: Locale = DEFAULT_LOCALE,
): string | null {
  return column.numFmt ?? cellNumberFormat(EXPORT_CELL_FORMATS[column.type], locale);
}

/** One value; `null` is an empty cell. */
export type ExportValue = string | number | boolean | Date | null;

/** One row: column key → value. */
export type ExportRow = Record<string, ExportValue>;

/** A totals row under a sheet's data: `label` in the first column, sums of the `sum` columns (numeric columns only). */
export interface ExportTotals {
  label?: string;
  sum: readonly string[];
}

/**
 * One sheet of an export: its name (at most 31 characters), columns, rows, optional totals row.
 * `rows` may be made as they are read ({@link lazyRows}), so that a large export never holds them
 * all: read them as often as needed (each reading makes them afresh), never by index.
 */
export interface ExportSheet {
  name: string;
  columns: readonly ExportColumn[];
  rows: Iterable<ExportRow>;
  totals?: ExportTotals;
}

/**
 * A dataset shaped for writing: one or more sheets, the first being the data itself (the one a CSV
 * export writes); `movements` adds a Summary sheet.
 */
export interface ExportTable {
  dataset: string;
  sheets: ExportSheet[];
}

/**
 * Rows made as they are read: each iteration calls `make` afresh, so the rows can be read more than
 * once (a digest, then the writer) and are never held together.
 */
export function lazyRows(make: () => Iterable<ExportRow>): Iterable<ExportRow> {
  return { [Symbol.iterator]: () => make()[Symbol.iterator]() };
}
