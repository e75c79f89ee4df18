/**
 * Workbooks on the 1904 date system (older Mac workbooks): office-js gives a date cell's serial
 * number but not the workbook's date system, and the same serial is a date four years earlier in
 * the 1900 system. The text Excel shows for one date cell tells which: if it reads as the serial's
 * 1904 date and not its 1900 date, every date read from the sheet moves on by 1,462 days.
 */
import type { Grid } from '../../shared/sheet/grid.ts';
import { parseDateCell } from '../../shared/sheet/values/index.ts';
import type { Batch } from './excel-batch.ts';
import { dateToSerial } from './sheet-helpers.ts';

/** Days from 1 January 1900 (1900 system) to 1 January 1904 (1904 system, serial 0): both date systems' offset. */
export const DATE1904_OFFSET_DAYS = 1462;
const DAY_MS = 86_400_000;

/**
 * Which date system `text` (what Excel shows for a date cell) says `serial` was written in: `1904`
 * when the text reads as the serial's date in the 1904 system and not in the 1900 one, else `1900`.
 * Text that reads as neither (a time, a custom format) says nothing: `null`. Pure.
 */
export function dateSystemOf(serial: number, text: string): 1900 | 1904 | null {
  const in1900 = new Date(Math.round((serial - 25569) * DAY_MS));
  const in1904 = new Date(in1900.getTime() + DATE1904_OFFSET_DAYS * DAY_MS);
  const shown = (['DMY', 'MDY'] as const).flatMap((order) => {
    const parsed = parseDateCell(text, order);
    return parsed.ok ? [parsed.value] : [];
  });
  const same = (d: Date) => shown.some((v) => v.year === d.getUTCFullYear() && v.month === d.getUTCMonth() + 1 && v.day === d.getUTCDate());
  if (same(in1904) && !same(in1900)) return 1904;
  if (same(in1900)) return 1900;
  return null;
}

/**
 * Checks the first date cell of `grid` (read in the 1900 system) against the text Excel shows for it
 * and, when the workbook is on the 1904 system, moves every date of the grid on by 1,462 days.
 * One small load and sync; nothing when the sheet has no date cell.
 */
export async function readIn1904System(sheet: Excel.Worksheet, grid: Grid, batch: Batch): Promise<void> {
  const probe = firstDate(grid);
  if (!probe) return;
  const cell = sheet.getCell(probe.rowNumber - 1, probe.column);
  cell.load('text');
  await batch.sync();
  const text = String(cell.text?.[0]?.[0] ?? '');
  if (dateSystemOf(dateToSerial(probe.date), text) !== 1904) return;
  for (const row of grid.rows) {
    row.cells = row.cells.map((c) => (c instanceof Date ? new Date(c.getTime() + DATE1904_OFFSET_DAYS * DAY_MS) : c));
  }
}

function firstDate(grid: Grid): { rowNumber: number; column: number; date: Date } | null {
  for (const row of grid.rows) {
    const column = row.cells.findIndex((c) => c instanceof Date && dateToSerial(c) >= 1);
    if (column >= 0) return { rowNumber: row.rowNumber, column, date: row.cells[column] as Date };
  }
  return null;
}
