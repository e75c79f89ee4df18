/**
 * Workbooks on the 1904 date system (older Mac workbooks): office-js gives a date cell's serial
 * number but not the workbook's date system, and the same serial is a date four years earlier in
 * the 1900 system. The text Excel shows for the date cells tells which: a cell whose text reads as
 * its serial's 1904 date and not its 1900 date votes 1904; one that reads as neither (a month-year,
 * a time) says nothing, so no single cell decides alone. When no cell tells (dates shown without
 * their year, such as `3-Feb`), Excel's worksheet function DATE is asked, without writing a cell
 * ({@link askDateSystem}); when it cannot answer either the read is refused. A writer that must know
 * the date system of a workbook that may hold no date at all asks Excel to compute a known date in a
 * cell it has just added ({@link probeDateSystem}).
 */
import { columnLetter, type Grid } from '../../shared/sheet/grid.ts';
import { parseDateCell } from '../../shared/sheet/values/index.ts';
import type { Batch } from './excel-batch.ts';
import { DATE1904_OFFSET_DAYS, dateToSerial, estimatePayloadBytes } from './sheet-helpers.ts';
import { WorkbookError } from './workbook-port.ts';

export { DATE1904_OFFSET_DAYS } from './sheet-helpers.ts';
const DAY_MS = 86_400_000;

/** What `=DATE(2000,1,1)` gives in each date system: 36,526 days from 1900, 35,064 from 1904. */
const PROBE_SERIALS: Readonly<Record<number, 1900 | 1904>> = { 36_526: 1900, 35_064: 1904 };

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
  const same = (d: Date) =>
    shown.some((v) => v.year === d.getUTCFullYear() && v.month === d.getUTCMonth() + 1 && v.day === d.getUTCDate());
  if (same(in1904) && !same(in1900)) return 1904;
  if (same(in1900)) return 1900;
  return null;
}

/** One date cell of a grid: 1-based row number, 0-based column, its serial as read in the 1900 system. */
interface DateCell {
  rowNumber: number;
  column: number;
  serial: number;
}

/**
 * Which date system the workbook is on, by the text Excel shows for its date cells: the cells are
 * read column by column in row blocks of `chunkRows` (one sync per block, only the rows from the
 * block's first to last date cell), every date cell of a block votes ({@link dateSystemOf}; a
 * month-year or time says nothing), and the first block with any vote decides by majority (1904 only
 * when more cells say 1904 than 1900). When the answer is 1904 every date of the grid moves on by
 * 1,462 days. When date cells are there but none tells (each shows no year), `workbook`'s
 * `functions.date` is asked ({@link askDateSystem}, one sync, no cell written). Sets `grid.dateSystem`
 * when it is known; a grid with no date cell is left as read (1900) and the answer is `null`.
 * (office-js has `Workbook.use1904DateSystem` only in its preview API set, so no host can be asked.)
 *
 * @throws WorkbookError `date_system_unknown` when date cells are there, none tells, and Excel does not
 *   answer: their dates could be four years and a day off, so none is read.
 */
export async function readDateSystem(
  workbook: Excel.Workbook,
  sheet: Excel.Worksheet,
  grid: Grid,
  batch: Batch,
  chunkRows: number,
): Promise<1900 | 1904 | null> {
  const cells = dateCells(grid);
  let system: 1900 | 1904 | null = null;
  for (let start = 0; start < cells.length;) {
    const first = cells[start]!.rowNumber;
    let end = start;
    while (end < cells.length && cells[end]!.rowNumber < first + chunkRows) end++;
    const block = cells.slice(start, end);
    start = end;
    const votes = await voteBlock(sheet, block, batch);
    if (votes[1900] + votes[1904] === 0) continue;
    system = votes[1904] > votes[1900] ? 1904 : 1900;
    break;
  }
  // Dates that all show no year tell nothing by their text: Excel itself is asked, else the read is refused.
  if (system === null && cells.length > 0) system = (await askDateSystem(workbook, batch)) ?? untold(grid, cells[0]!);
  if (system === 1904) {
    for (const row of grid.rows) {
      if (row.cells.some((c) => c instanceof Date))
        row.cells = row.cells.map((c) =>
          c instanceof Date ? new Date(c.getTime() + DATE1904_OFFSET_DAYS * DAY_MS) : c,
        );
    }
  }
  if (system !== null) grid.dateSystem = system;
  return system;
}

/** Loads the shown text of one block's date cells (one range per column) in one sync and counts each cell's vote. */
async function voteBlock(
  sheet: Excel.Worksheet,
  block: readonly DateCell[],
  batch: Batch,
): Promise<Record<1900 | 1904, number>> {
  const columns = new Map<number, DateCell[]>();
  for (const cell of block) columns.set(cell.column, [...(columns.get(cell.column) ?? []), cell]);
  const ranges = [...columns].map(([column, list]) => {
    const top = list[0]!.rowNumber;
    const range = sheet.getRangeByIndexes(top - 1, column, list.at(-1)!.rowNumber - top + 1, 1);
    range.load('text');
    return { top, list, range };
  });
  await batch.sync(0, () => ranges.reduce((sum, r) => sum + estimatePayloadBytes(r.range.text), 0));
  const votes = { 1900: 0, 1904: 0 };
  for (const { top, list, range } of ranges) {
    for (const cell of list) {
      const vote = dateSystemOf(cell.serial, String(range.text?.[cell.rowNumber - top]?.[0] ?? ''));
      if (vote !== null) votes[vote]++;
    }
  }
  return votes;
}

/**
 * Which date system the workbook is on, asked of Excel's worksheet function DATE through
 * `workbook.functions` (ExcelApi 1.2, which every host the manifest admits has): the serial of
 * 1 January 2000 is the workbook's date system by definition, and no cell is written. One sync.
 *
 * @returns 1900 or 1904, or null when Excel gives an error or neither serial.
 */
export async function askDateSystem(workbook: Excel.Workbook, batch: Batch): Promise<1900 | 1904 | null> {
  try {
    const result = workbook.functions.date(2000, 1, 1);
    result.load('value,error');
    await batch.sync();
    return !result.error && typeof result.value === 'number' ? (PROBE_SERIALS[result.value] ?? null) : null;
  } catch {
    return null;
  }
}

/** The refusal of a sheet whose dates show no year when Excel did not say its date system. */
function untold(grid: Grid, first: DateCell): never {
  const cell = `${columnLetter(first.column)}${first.rowNumber}`;
  throw new WorkbookError(
    'date_system_unknown',
    `${grid.source}, sheet '${grid.sheet}', cell ${cell}: the dates are shown without their year, and Excel did not say ` +
      'whether this workbook counts dates from 1900 or from 1904, so they could be read four years off; none was read. ' +
      `Show the year in the date column's format (Format Cells > Date, such as 3/02/2026) and read the sheet again.`,
  );
}

function dateCells(grid: Grid): DateCell[] {
  const cells: DateCell[] = [];
  for (const row of grid.rows) {
    row.cells.forEach((c, column) => {
      if (c instanceof Date && dateToSerial(c) >= 1)
        cells.push({ rowNumber: row.rowNumber, column, serial: dateToSerial(c) });
    });
  }
  return cells;
}

/**
 * Which date system the workbook is on, asked of Excel itself, for a writer of dates (an export)
 * whatever the workbook holds: `=DATE(2000,1,1)` is written into `cell`, that one cell is calculated
 * (manual calculation mode included), and its value is read back, in one sync. The serial Excel
 * computes for a known date is the workbook's date system by definition, on every host (ExcelApi 1.1);
 * office-js offers `Workbook.use1904DateSystem` only in its preview set, and a date cell's shown text
 * depends on its format and the user's locale. `cell` must be one the caller overwrites next (the first
 * cell of a sheet it has just added): the probe is not cleared.
 *
 * @returns 1900 or 1904.
 * @throws WorkbookError `date_system_unknown` when Excel gives neither serial (the cell was not calculated):
 *   then no date is written rather than a date four years off.
 */
export async function probeDateSystem(cell: Excel.Range, batch: Batch): Promise<1900 | 1904> {
  cell.formulas = [['=DATE(2000,1,1)']];
  cell.calculate();
  cell.load('values');
  await batch.sync();
  const value = cell.values?.[0]?.[0];
  const system = typeof value === 'number' ? PROBE_SERIALS[value] : undefined;
  if (system === undefined) {
    throw new WorkbookError(
      'date_system_unknown',
      `Excel did not say which date system this workbook uses (=DATE(2000,1,1) gave ${JSON.stringify(value)}), so no dates were written: ` +
        `they could be four years off. Turn on automatic calculation (Formulas > Calculation Options) and export again.`,
    );
  }
  return system;
}
