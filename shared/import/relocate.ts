/**
 * Results follow their rows when the sheet changed while an import ran (the add-in: a bookkeeper
 * inserts, deletes or sorts rows mid-import). Each result's row is found again in the sheet as it is
 * now by its key (row-key.ts: the row's identifying cells as read at the start), wherever it went. A
 * row that cannot be told apart for sure (changed, gone, or alike rows reordered) gets no result,
 * and is named, so no id is ever written onto a row it does not belong to. Pure.
 */
import type { Grid, SheetRow } from '../sheet/grid.ts';
import type { RowResult } from './outcome.ts';
import { rowKey } from './row-key.ts';

/** Results placed on the rows as they are now, and the rows whose results could not be placed. */
export interface Relocated {
  results: RowResult[];
  /** Results whose rows moved, with the row they moved from. */
  moved: { from: number; to: number }[];
  /** Sheet rows (as read at the start) whose results were not written: the row changed, went, or is not unique. */
  lost: number[];
}

/** The sheet as read at the start and as read now (key cells only will do), each with its header row. */
export interface Readings {
  before: Grid;
  beforeHeader: number;
  /** Rows read now: at least the key columns, every row from the header down. */
  now: readonly SheetRow[];
  nowHeader: number;
  /** The key columns (row-key.ts keyColumns). */
  columns: readonly number[];
}

/**
 * Places `results` (row numbers of `before`) on the rows of `now`, by key. A key found once before
 * and once now is that row, wherever it went (insert, delete, sort). Rows alike (the same key, e.g.
 * two lines of the same product and quantity) are paired in order when the sheet kept its order
 * (rows only inserted or deleted), or when their results are the same; after a reorder otherwise they
 * are refused, as are rows whose key is found a different number of times now.
 */
export function placeResults(results: readonly RowResult[], readings: Readings): Relocated {
  const target = matchRows(readings);
  const placed: RowResult[] = [];
  const moved: Relocated['moved'] = [];
  const lost: number[] = [];
  const alike = alikeGroups(readings);
  const byRow = new Map(results.map((r) => [r.rowNumber, r]));
  for (const result of results) {
    const to = target.get(result.rowNumber);
    const group = alike.get(result.rowNumber);
    // Reordered rows alike: placed only when their results are interchangeable (all in this batch, all the same).
    const safe = to !== undefined && (group === undefined || interchangeable(group, byRow));
    if (!safe) {
      lost.push(result.rowNumber);
      continue;
    }
    if (to !== result.rowNumber) moved.push({ from: result.rowNumber, to });
    placed.push(to === result.rowNumber ? result : { ...result, rowNumber: to });
  }
  return { results: placed, moved, lost };
}

type Keyed = { rowNumber: number; key: string };

function keyedRows(
  rows: readonly SheetRow[],
  header: number,
  columns: readonly number[],
  dateSystem: 1900 | 1904,
): Keyed[] {
  return rows
    .filter((r) => r.rowNumber > header)
    .map((r) => ({ rowNumber: r.rowNumber, key: rowKey(r.cells, columns, dateSystem) }))
    .filter((r) => r.key !== '')
    .sort((a, b) => a.rowNumber - b.rowNumber);
}

function byKey(rows: readonly Keyed[]): Map<string, number[]> {
  const groups = new Map<string, number[]>();
  for (const { rowNumber, key } of rows) groups.set(key, [...(groups.get(key) ?? []), rowNumber]);
  return groups;
}

/** Row before → row now, for keys found as many times now as before (paired in order). */
function matchRows(readings: Readings): Map<number, number> {
  const before = byKey(
    keyedRows(readings.before.rows, readings.beforeHeader, readings.columns, readings.before.dateSystem ?? 1900),
  );
  const now = byKey(keyedRows(readings.now, readings.nowHeader, readings.columns, readings.before.dateSystem ?? 1900));
  const target = new Map<number, number>();
  for (const [key, rows] of before) {
    const found = now.get(key) ?? [];
    if (found.length !== rows.length) continue;
    rows.forEach((rowNumber, i) => target.set(rowNumber, found[i] ?? rowNumber));
  }
  return target;
}

/**
 * When the sheet's order changed (the keys found now, read down the sheet, are not in the order they
 * were read at the start), the groups of rows alike (a key on more than one row), by each member's
 * row before; empty when the order held (rows only inserted or deleted).
 */
function alikeGroups(readings: Readings): Map<number, number[]> {
  const beforeRows = keyedRows(
    readings.before.rows,
    readings.beforeHeader,
    readings.columns,
    readings.before.dateSystem ?? 1900,
  );
  const nowRows = keyedRows(readings.now, readings.nowHeader, readings.columns, readings.before.dateSystem ?? 1900);
  const before = byKey(beforeRows);
  const now = byKey(nowRows);
  const matched = (key: string) => before.get(key)?.length === now.get(key)?.length;
  const sequence = (rows: readonly Keyed[]) => rows.filter((r) => matched(r.key)).map((r) => r.key);
  const a = sequence(beforeRows);
  const b = sequence(nowRows);
  const groups = new Map<number, number[]>();
  if (a.length === b.length && a.every((key, i) => key === b[i])) return groups;
  for (const rows of before.values()) if (rows.length > 1) for (const rowNumber of rows) groups.set(rowNumber, rows);
  return groups;
}

/** Whether every row of `group` has a result in `results`, all the same apart from the row. */
function interchangeable(group: readonly number[], results: ReadonlyMap<number, RowResult>): boolean {
  const texts = group.map((rowNumber) => {
    const result = results.get(rowNumber);
    return result === undefined ? undefined : JSON.stringify({ ...result, rowNumber: 0 });
  });
  return texts.every((t) => t !== undefined && t === texts[0]);
}
