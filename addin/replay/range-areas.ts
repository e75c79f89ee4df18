/**
 * Rectangles of rows for the workbook-backed Excel's `RangeAreas` (visible cells, merged areas):
 * runs of row indexes to areas, and areas to the address office-js gives (`Sheet1!A1:A3, Sheet1!A5`).
 */
import { a1 } from './workbook-model.ts';

/** A 0-based rectangle. */
export interface Rect {
  row: number;
  column: number;
  rows: number;
  columns: number;
}

/** Consecutive runs of the ascending row indexes `rows`, as rectangles of `column`..+`columns`. */
export function rowRuns(rows: readonly number[], column: number, columns: number): Rect[] {
  const runs: Rect[] = [];
  for (const row of rows) {
    const last = runs.at(-1);
    if (last && last.row + last.rows === row) last.rows++;
    else runs.push({ row, column, rows: 1, columns });
  }
  return runs;
}

/** Whether two rectangles share a cell. */
export function overlaps(a: Rect, b: Rect): boolean {
  return (
    a.row < b.row + b.rows &&
    b.row < a.row + a.rows &&
    a.column < b.column + b.columns &&
    b.column < a.column + a.columns
  );
}

/** The address of areas as office-js gives a `RangeAreas`' address: each area with its sheet, `, ` between. */
export function areasAddress(sheet: string, areas: readonly Rect[]): string {
  const prefix = /^[A-Za-z_][A-Za-z0-9_.]*$/.test(sheet) ? sheet : `'${sheet.replace(/'/g, "''")}'`;
  return areas.map((r) => `${prefix}!${a1(r.row, r.column, r.rows, r.columns)}`).join(', ');
}
