/**
 * The workbook model every reader produces (the CLI's .xlsx and .csv readers, the add-in's Excel
 * adapter) and every mapper consumes: typed cell values with 1-based sheet row numbers, each row's
 * visibility (hidden by the user, filtered out by an autofilter), and what the sheet says about its
 * layout (autofilter range, merged areas, tables, date system). Both faces fill the same model from
 * their own source, so one rule in the core ({@link isRowLeftOut}) decides which rows are imported.
 */

/** One cell: text, a number, a real date (an Excel date cell), a boolean, or empty (`null`). */
export type CellValue = string | number | boolean | Date | null;

/**
 * One sheet row: its 1-based row number in the sheet and its cells, column A at index 0.
 * `hidden` and `filtered` are set only when true (a 100,000-row sheet carries no flags for its
 * visible rows); `formats` only on rows with a cell whose number format is not `General`.
 */
export interface SheetRow {
  rowNumber: number;
  cells: CellValue[];
  /**
   * The row is not shown in the workbook, for whatever reason: hidden by the user, or filtered out
   * by an autofilter (then `filtered` is set too). Code that only asks "is it shown?" reads this.
   */
  hidden?: boolean;
  /** The row is hidden because an autofilter (the sheet's or a table's) filters it out; implies `hidden`. */
  filtered?: boolean;
  /**
   * Number formats as the workbook has them, column A at index 0, `null` for `General` (or unknown);
   * absent when every cell of the row is `General`. Readers intern the strings (one per distinct format).
   */
  formats?: (string | null)[];
}

/** A rectangle of cells: 1-based sheet row numbers (as {@link SheetRow.rowNumber}), 0-based columns, inclusive. */
export interface CellArea {
  firstRow: number;
  lastRow: number;
  firstColumn: number;
  lastColumn: number;
}

/** A table (an Excel ListObject) on the sheet. */
export interface SheetTable {
  name: string;
  /** The whole table, header row included when it has one. */
  area: CellArea;
  /** The table shows a header row (its first row). */
  headerRow: boolean;
}

/** A sheet read into memory: where it came from (file name, sheet name), its non-empty rows and its layout. */
export interface Grid {
  /** File name (or workbook name in the add-in), for messages. */
  source: string;
  /** Sheet name; for CSV the file's base name. */
  sheet: string;
  rows: SheetRow[];
  /** The workbook's date system (dates in `rows` are already read in it); absent for CSV or when not known. */
  dateSystem?: 1900 | 1904;
  /** The sheet's autofilter range (header row included); absent when the sheet has none. */
  autoFilter?: CellArea;
  /** Merged areas; only the top-left cell of each has a value. Absent when not read. */
  merges?: CellArea[];
  /** The sheet's tables, in the workbook's order. Absent when not read. */
  tables?: SheetTable[];
}

/**
 * Whether the import leaves a row out unless the user asks for hidden rows: it is hidden by the user
 * or filtered out by an autofilter. The one rule both faces follow (see `shared/import/plan-kind.ts`).
 */
export function isRowLeftOut(row: SheetRow): boolean {
  return row.hidden === true || row.filtered === true;
}

/** Whether a 1-based row number and 0-based column lie inside `area`. */
export function areaHas(area: CellArea, rowNumber: number, column?: number): boolean {
  return (
    rowNumber >= area.firstRow &&
    rowNumber <= area.lastRow &&
    (column === undefined || (column >= area.firstColumn && column <= area.lastColumn))
  );
}

/**
 * Marks the hidden rows of `rows` that lie below the header of the sheet's autofilter or of a table
 * as `filtered` (a row hidden there is filtered out, not hidden by hand). Mutates and returns `rows`.
 */
export function markFilteredRows(
  rows: SheetRow[],
  autoFilter: CellArea | undefined,
  tables: readonly SheetTable[] = [],
): SheetRow[] {
  const bodies = [
    ...(autoFilter ? [{ ...autoFilter, firstRow: autoFilter.firstRow + 1 }] : []),
    ...tables.map((t) => ({ ...t.area, firstRow: t.area.firstRow + (t.headerRow ? 1 : 0) })),
  ];
  if (bodies.length === 0) return rows;
  for (const row of rows) {
    if (row.hidden && bodies.some((b) => areaHas(b, row.rowNumber))) row.filtered = true;
  }
  return rows;
}

/** Where a problem is: sheet row number and, when known, the column (0-based index, letter, header). */
export interface CellRef {
  rowNumber: number;
  column?: number;
}

/** The column letter of a 0-based column index: 0 → `A`, 25 → `Z`, 26 → `AA`. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** Whether a cell holds nothing (null, or text of only whitespace, non-breaking spaces included). */
export function isBlank(value: CellValue | undefined): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value !== 'string') return false;
  if (value.length === 0) return true;
  // Most cells start with a printable ASCII character, which no space is: no pattern needed.
  const first = value.charCodeAt(0);
  if (first > 32 && first < 127) return false;
  return ALL_SPACES.test(value);
}

/** Text of spaces only (or none): stops at the first other character. */
const ALL_SPACES = /^[\s\u00a0]*$/;
