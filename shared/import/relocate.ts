/**
 * Results follow their rows when the sheet changed while an import ran (the add-in: a bookkeeper
 * inserts or deletes a row mid-import). Each result's row is found again in the sheet as it is now,
 * by its key cells (invoice, supplier, product, quantity, amount, storage, date) as they were read
 * at the start, the rows lined up in order. A row that cannot be found (changed or deleted) gets no
 * result written, and is named, so no id is ever written onto a row it does not belong to. Pure.
 */
import { isBlank, type CellValue, type Grid } from '../sheet/grid.ts';
import type { ColumnMapping } from '../sheet/mapping.ts';
import { cellText } from '../sheet/values/index.ts';
import type { RowResult } from './outcome.ts';

/** The fields whose cells identify a data row (those a sheet maps). */
const KEY_FIELDS = ['invoice', 'supplier', 'received_at', 'returned_at', 'storage', 'product', 'quantity', 'amount', 'reference'] as const;

/** Results placed on the rows as they are now, and the rows whose results could not be placed. */
export interface Relocated {
  results: RowResult[];
  /** Results whose rows moved, with the row they moved from. */
  moved: { from: number; to: number }[];
  /** Sheet rows (as read at the start) whose results were not written: the row changed, went, or is not unique. */
  lost: number[];
}

/**
 * Places `results` (row numbers of `before`, the sheet read at the start) on the rows of `now`
 * (the same sheet read again just before writing), by the key cells of `mapping`. The rows below
 * the header are lined up in order (a row inserted or deleted shifts the rest, which is found again;
 * a look-ahead of {@link LOOK_AHEAD} rows), so rows alike (two lines of the same product) stay apart.
 */
export function relocateResults(results: readonly RowResult[], before: Grid, now: Grid, mapping: ColumnMapping): Relocated {
  const columns = KEY_FIELDS.flatMap((field) => {
    const column = (mapping.columns as Partial<Record<string, number>>)[field];
    return column === undefined ? [] : [column];
  });
  const keyed = (grid: Grid) =>
    grid.rows
      .filter((r) => r.rowNumber > mapping.headerRowNumber)
      .map((r) => ({ rowNumber: r.rowNumber, key: columns.map((c) => keyText(r.cells[c])).join('\u0000') }));
  const target = alignRows(keyed(before), keyed(now));
  const placed: RowResult[] = [];
  const moved: Relocated['moved'] = [];
  const lost: number[] = [];
  for (const result of results) {
    const to = target.get(result.rowNumber);
    if (to === undefined) {
      lost.push(result.rowNumber);
      continue;
    }
    if (to !== result.rowNumber) moved.push({ from: result.rowNumber, to });
    placed.push(to === result.rowNumber ? result : { ...result, rowNumber: to });
  }
  return { results: placed, moved, lost };
}

/** How far ahead a row is looked for when the two readings differ: rows inserted or deleted at once. */
const LOOK_AHEAD = 200;

/**
 * Lines up the rows read before with the rows read now, in order (a greedy diff): equal keys match;
 * where they differ, the nearer of "rows were inserted here" and "this row went" is taken; a row
 * changed in place matches nothing. Blank rows match only blank rows.
 * @returns row number before → row number now, for the rows found.
 */
function alignRows(before: readonly { rowNumber: number; key: string }[], now: readonly { rowNumber: number; key: string }[]): Map<number, number> {
  const target = new Map<number, number>();
  let i = 0;
  let j = 0;
  while (i < before.length && j < now.length) {
    if (before[i]!.key === now[j]!.key) {
      target.set(before[i]!.rowNumber, now[j]!.rowNumber);
      i += 1;
      j += 1;
      continue;
    }
    const inserted = findAhead(now, j, before[i]!.key);
    const deleted = findAhead(before, i, now[j]!.key);
    if (inserted !== null && (deleted === null || inserted - j <= deleted - i)) j = inserted;
    else if (deleted !== null) i = deleted;
    else {
      // This row changed in place: no result goes onto it.
      i += 1;
      j += 1;
    }
  }
  return target;
}

function findAhead(rows: readonly { key: string }[], from: number, key: string): number | null {
  for (let k = from + 1; k < rows.length && k <= from + LOOK_AHEAD; k += 1) if (rows[k]!.key === key) return k;
  return null;
}

/** A key cell as compared: its text, case and spacing folded; blank is ''. */
function keyText(cell: CellValue | undefined): string {
  if (cell === undefined || isBlank(cell)) return '';
  return cellText(cell).toLowerCase().replace(/\s+/g, ' ');
}
