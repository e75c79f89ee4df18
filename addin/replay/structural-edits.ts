/**
 * Structural edits a user makes on a sheet while the pane works (insert rows, delete rows, sort a
 * block of rows, hide a row), applied to the workbook model (workbook-model.ts) as Excel applies them:
 * values, formats, shown text, fills, notes and hidden flags move with their rows; merged areas,
 * tables, the autofilter and conditional formats below an insert or delete move down or up. Node-only test and replay support.
 */
import type { ModelSheet } from './workbook-model.ts';
import { a1, parseA1 } from './workbook-model.ts';

/** A row index mapping: the new 0-based index of an old one, or `null` when the row was deleted. */
type RowMap = (row: number) => number | null;

/**
 * Inserts `count` empty rows before 1-based row `at`: that row and every row below move down.
 * @throws Error for `at` < 1 or `count` < 1.
 */
export function insertRows(sheet: ModelSheet, at: number, count: number): void {
  if (at < 1 || count < 1) throw new Error(`insertRows: bad row ${at} or count ${count}`);
  const start = at - 1;
  for (const grid of gridsOf(sheet))
    if (grid.length > start) grid.splice(start, 0, ...Array.from({ length: count }, () => []));
  remap(sheet, (row) => (row >= start ? row + count : row));
}

/**
 * Deletes `count` rows from 1-based row `at`: the rows below move up.
 * @throws Error for `at` < 1 or `count` < 1.
 */
export function deleteRows(sheet: ModelSheet, at: number, count: number): void {
  if (at < 1 || count < 1) throw new Error(`deleteRows: bad row ${at} or count ${count}`);
  const start = at - 1;
  for (const grid of gridsOf(sheet)) if (grid.length > start) grid.splice(start, count);
  remap(sheet, (row) => (row < start ? row : row < start + count ? null : row - count));
}

/**
 * Sorts 1-based rows `fromRow`..`toRow` (inclusive) by the values of 0-based `byColumn`, ascending
 * (numbers before text, text compared case-insensitively, empty cells last; ties keep their order),
 * as Excel's Sort does: every cell, fill, note and hidden flag of a row moves with it.
 */
export function sortRows(sheet: ModelSheet, fromRow: number, toRow: number, byColumn: number): void {
  const first = fromRow - 1;
  const order = Array.from({ length: toRow - fromRow + 1 }, (_v, i) => first + i);
  order.sort((x, y) => compareCells(sheet.values[x]?.[byColumn], sheet.values[y]?.[byColumn]));
  const target = new Map(order.map((old, i) => [old, first + i]));
  for (const grid of gridsOf(sheet)) {
    const moved = order.map((old) => grid[old] ?? []);
    moved.forEach((line, i) => (grid[first + i] = line));
  }
  remapCells(sheet, (row) => target.get(row) ?? row);
}

/** Hides or shows one 1-based row (by hand: not through the autofilter). */
export function setHidden(sheet: ModelSheet, rowNumber: number, hidden: boolean): void {
  if (hidden) sheet.hiddenRows.add(rowNumber - 1);
  else sheet.hiddenRows.delete(rowNumber - 1);
}

function gridsOf(sheet: ModelSheet): unknown[][][] {
  return [sheet.values, sheet.formats, ...(sheet.texts ? [sheet.texts] : [])];
}

function compareCells(a: unknown, b: unknown): number {
  const empty = (v: unknown) => v === undefined || v === null || v === '';
  if (empty(a) || empty(b)) return empty(a) === empty(b) ? 0 : empty(a) ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'number') return -1;
  if (typeof b === 'number') return 1;
  return String(a).localeCompare(String(b), undefined, { sensitivity: 'base' });
}

/** Moves fills, notes, hidden flags, merges, tables and the autofilter by a row mapping (insert/delete). */
function remap(sheet: ModelSheet, map: RowMap): void {
  remapCells(sheet, map);
  const area = (address: string): string | null => {
    const r = parseA1(address);
    const top = map(r.row);
    const bottom = map(r.row + r.rows - 1);
    if (top === null || bottom === null) return null;
    return a1(top, r.column, bottom - top + 1, r.columns);
  };
  sheet.merges = sheet.merges.flatMap((m) => area(m) ?? []);
  sheet.tables = sheet.tables.flatMap((t) => {
    const moved = area(t.address);
    return moved === null ? [] : [{ ...t, address: moved }];
  });
  if (sheet.autoFilter !== undefined) sheet.autoFilter = area(sheet.autoFilter) ?? undefined;
  // A conditional format's range moves with inserted and deleted rows (not with a sort: it is a range).
  sheet.conditionalFormats = sheet.conditionalFormats.flatMap((f) => {
    const moved = area(f.address);
    return moved === null ? [] : [{ ...f, address: moved }];
  });
}

/** Moves what is kept by cell address or row index (fills, notes, hidden flags) by a row mapping. */
function remapCells(sheet: ModelSheet, map: RowMap): void {
  const byAddress = <T>(from: Map<string, T>): Map<string, T> => {
    const to = new Map<string, T>();
    for (const [address, value] of from) {
      const r = parseA1(address);
      const row = map(r.row);
      if (row !== null) to.set(a1(row, r.column), value);
    }
    return to;
  };
  sheet.fills = byAddress(sheet.fills);
  sheet.notes = byAddress(sheet.notes);
  sheet.hiddenRows = new Set([...sheet.hiddenRows].flatMap((row) => map(row) ?? []));
}
