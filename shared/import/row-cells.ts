/**
 * A data row's mapped cells as a view of its grid row: one small object per row (the grid row's cells and
 * the sheet's column table), each field read through a getter, instead of a copy of every mapped cell.
 * One class for every sheet and kind, so the code that reads rows sees one shape.
 */
import type { CellValue } from '../sheet/grid.ts';
import { IMPORT_KINDS, KINDS } from '../kinds/index.ts';

/** Every field of every import kind, each with its place in a sheet's column table. */
const VIEW_FIELDS: readonly string[] = [...new Set(IMPORT_KINDS.flatMap((kind) => KINDS[kind].fields))];
const PLACE: ReadonlyMap<string, number> = new Map(VIEW_FIELDS.map((field, k) => [field, k]));

/** In a column table: the field is not mapped (its getter gives undefined). */
const UNMAPPED = -1;
/** In a column table: the field is mapped without a column (its getter gives null). */
const NO_COLUMN = 0x3fffffff;

/**
 * A row's cells: each field of {@link VIEW_FIELDS} is a read-only, enumerable getter on the prototype
 * giving the grid row's cell at the field's column (null when the row has none), undefined when the
 * field is not mapped. Own properties are only `values` and `at`: copy it with {@link plainRowCells}.
 */
class RowCells {
  constructor(
    readonly values: readonly CellValue[],
    readonly at: Int32Array,
  ) {}
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
 * The maker of a sheet's row views under one mapping (field → 0-based column), or null when the
 * mapping names a field no import kind has (then rows are plain copies, as before views).
 */
export function rowCellsOf<F extends string>(
  columns: Partial<Record<F, number>>,
): ((values: readonly CellValue[]) => Partial<Record<F, CellValue>>) | null {
  const at = new Int32Array(VIEW_FIELDS.length).fill(UNMAPPED);
  for (const [field, column] of Object.entries(columns) as [string, number | undefined][]) {
    const k = PLACE.get(field);
    if (k === undefined) return null;
    at[k] = typeof column === 'number' && Number.isInteger(column) && column >= 0 ? column : NO_COLUMN;
  }
  return (values) => new RowCells(values, at) as unknown as Partial<Record<F, CellValue>>;
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
