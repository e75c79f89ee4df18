/**
 * A data row as a view of its grid row: one small object per row (the grid row's cells, the sheet's column
 * table, the row number), its own cells, each field read through a getter, instead of a row object and a
 * copy of every mapped cell. One class for every sheet and kind, so the code that reads rows sees one shape.
 */
import type { CellValue } from '../sheet/grid.ts';
import { IMPORT_KINDS, KINDS } from '../kinds/index.ts';

/** Names a field must not have (they are the view's own): a mapping naming one gets plain rows. */
const OWN_NAMES: ReadonlySet<string> = new Set(['values', 'at', 'rowNumber', 'columns', 'cells']);

/** Every field of every import kind, each with its place in a sheet's column table. */
const VIEW_FIELDS: readonly string[] = [...new Set(IMPORT_KINDS.flatMap((kind) => KINDS[kind].fields))].filter(
  (field) => !OWN_NAMES.has(field),
);
const PLACE: ReadonlyMap<string, number> = new Map(VIEW_FIELDS.map((field, k) => [field, k]));

/** In a column table: the field is not mapped (its getter gives undefined). */
const UNMAPPED = -1;
/** In a column table: the field is mapped without a column (its getter gives null). */
const NO_COLUMN = 0x3fffffff;

/**
 * A data row that is its own cells: `rowNumber` and `columns` as a `FieldRow` has them, `cells` (a
 * getter) the row itself, and each field of {@link VIEW_FIELDS} a read-only, enumerable getter on the
 * prototype giving the grid row's cell at the field's column (null when the row has none), undefined
 * when the field is not mapped. Own properties are `values`, `at`, `rowNumber` and `columns`: copy the
 * cells with {@link plainRowCells}.
 */
class RowCells {
  constructor(
    readonly values: readonly CellValue[],
    readonly at: Int32Array,
    readonly rowNumber: number,
    readonly columns: object,
  ) {}

  /** The row's cells: the row itself (one object per data row, not two). */
  get cells(): this {
    return this;
  }
}

/** A data row as rows.ts's `FieldRow` is (said here without importing it). */
export interface RowView<F extends string> {
  rowNumber: number;
  cells: Partial<Record<F, CellValue>>;
  columns: Partial<Record<F, number>>;
}

VIEW_FIELDS.forEach((field, k) => {
  Object.defineProperty(RowCells.prototype, field, {
    enumerable: true,
    get(this: RowCells): CellValue | undefined {
      // Read on the prototype itself (an inspector looking at it): no row, no cell.
      const column = this.at === undefined ? UNMAPPED : this.at[k]!;
      return column === UNMAPPED ? undefined : (this.values[column] ?? null);
    },
  });
});

/**
 * The maker of a sheet's data rows under one mapping (field → 0-based column): each a view of its grid
 * row that is also its own `cells`; or null when the mapping names a field no import kind has (then
 * rows are plain objects with a copy of their cells).
 */
export function rowViewsOf<F extends string>(
  columns: Partial<Record<F, number>>,
): ((values: readonly CellValue[], rowNumber: number) => RowView<F>) | null {
  const at = new Int32Array(VIEW_FIELDS.length).fill(UNMAPPED);
  for (const [field, column] of Object.entries(columns) as [string, number | undefined][]) {
    const k = PLACE.get(field);
    if (k === undefined) return null;
    at[k] = typeof column === 'number' && Number.isInteger(column) && column >= 0 ? column : NO_COLUMN;
  }
  return (values, rowNumber) => new RowCells(values, at, rowNumber, columns) as unknown as RowView<F>;
}

/** A field's place in the column tables (for {@link cellOf}); -1 for a field no import kind has. */
export function placeOf(field: string): number {
  return PLACE.get(field) ?? -1;
}

/**
 * `cells[field]`, read by column for a view (no getter, no lookup by name: for loops over fields);
 * `place` must be `placeOf(field)`.
 */
export function cellOf<F extends string>(
  cells: Partial<Record<F, CellValue>>,
  field: F,
  place: number,
): CellValue | undefined {
  if (!(cells instanceof RowCells)) return cells[field];
  const column = place < 0 ? UNMAPPED : cells.at[place]!;
  return column === UNMAPPED ? undefined : (cells.values[column] ?? null);
}

/** A row view's parts: its grid row's cells, and each field's column by place (see {@link placeOf}). */
export interface ViewParts {
  readonly values: readonly CellValue[];
  /** By place: the field's column; -1 when the field is not mapped; past the row's end when mapped without a column. */
  readonly at: Int32Array;
}

/**
 * A row view's parts (the view itself, nothing made), or null for plain cells: code that reads several
 * fields of every row reads them with {@link viewCell}, without a getter call per field.
 */
export function viewParts(cells: object): ViewParts | null {
  return cells instanceof RowCells ? cells : null;
}

/** `cells[field]` of a view, from its parts: `place` must be `placeOf(field)` (undefined when not mapped, null when no cell). */
export function viewCell(view: ViewParts, place: number): CellValue | undefined {
  const column = place < 0 ? UNMAPPED : view.at[place]!;
  return column === UNMAPPED ? undefined : (view.values[column] ?? null);
}

/** The last answer of {@link mappedOf}: a sheet asks with the same table and places row after row. */
let lastMapped: { at: Int32Array; places: readonly number[]; mapped: readonly number[] } | null = null;

/**
 * Of `places` (each `placeOf` a field), the indexes whose field a view maps (the others read undefined
 * on it), for loops over fields to skip the rest; null for plain cells (every field may be there).
 */
export function mappedOf(cells: object, places: readonly number[]): readonly number[] | null {
  if (!(cells instanceof RowCells)) return null;
  const at = cells.at;
  if (lastMapped !== null && lastMapped.at === at && lastMapped.places === places) return lastMapped.mapped;
  const mapped: number[] = [];
  places.forEach((place, i) => {
    if (place >= 0 && at[place] !== UNMAPPED) mapped.push(i);
  });
  lastMapped = { at, places, mapped };
  return mapped;
}

/**
 * A row's cells as a plain object that can be changed: a view's mapped fields (`columns`' keys, in
 * their order) as own properties; a plain object is copied as it is.
 */
export function plainRowCells<F extends string>(
  cells: Partial<Record<F, CellValue>>,
  columns: Partial<Record<F, number>>,
): Partial<Record<F, CellValue>> {
  if (!(cells instanceof RowCells)) return { ...cells };
  const plain: Partial<Record<F, CellValue>> = {};
  for (const field of Object.keys(columns) as F[]) plain[field] = cells[field];
  return plain;
}
