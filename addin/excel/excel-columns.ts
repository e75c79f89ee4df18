/**
 * Reading a few columns of a sheet through office-js (called inside the adapter's `Excel.run`): the
 * write-back's re-read of the key cells and the header area, never the whole sheet. Values only (no
 * number formats: half the bytes; a date cell reads as its serial). Contiguous columns are read as
 * one range; the row spans go in chunks (5,000 rows to start, halved when Excel refuses a payload),
 * one `context.sync()` per chunk, small spans together in one sync.
 */
import type { CellValue, SheetRow } from '../../shared/sheet/grid.ts';
import { isBlank } from '../../shared/sheet/grid.ts';
import { Batch, payloadError } from './excel-batch.ts';
import type { WriteConfig } from './excel-batch.ts';
import { blockToRows, estimatePayloadBytes, runChunked } from './sheet-helpers.ts';
import type { RowSpan } from './workbook-port.ts';

/** Runs of contiguous columns: `[first, count]`, ascending. */
function columnRuns(columns: readonly number[]): [number, number][] {
  const sorted = [...new Set(columns)].filter((c) => Number.isInteger(c) && c >= 0).sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const c of sorted) {
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === c) last[1] += 1;
    else runs.push([c, 1]);
  }
  return runs;
}

/** Row 1 to the last row the sheet uses (one sync); none for an empty sheet. */
async function usedRows(sheet: Excel.Worksheet, batch: Batch, sheetName: string): Promise<RowSpan[]> {
  const used = sheet.getUsedRangeOrNullObject(true);
  used.load('rowIndex,rowCount');
  await batch.sync(0, undefined, sheetName);
  return used.isNullObject ? [] : [{ first: 1, last: used.rowIndex + used.rowCount }];
}

/**
 * Reads `columns` on `spans` of `sheetName` (see WorkbookPort.readColumns). Syncs: 1 for the used
 * range when no span is given, then 1 per chunk of rows (every span together when they fit one chunk).
 * @throws WorkbookError `sheet_not_found`, `payload_too_large`.
 */
export async function readColumns(
  context: Excel.RequestContext,
  config: WriteConfig,
  sheetName: string,
  columns: readonly number[],
  spans?: readonly RowSpan[],
): Promise<SheetRow[]> {
  const batch = new Batch(context, 'readColumns', config.onSync);
  const sheet = context.workbook.worksheets.getItem(sheetName);
  const parts = (spans ?? (await usedRows(sheet, batch, sheetName))).filter((s) => s.last >= s.first && s.first >= 1);
  const width = Math.max(0, ...[columns, ...parts.map((s) => s.columns ?? [])].flat().map((c) => c + 1));
  if (parts.length === 0 || width === 0) return [];
  const byRow = new Map<number, CellValue[]>();
  const load = (span: RowSpan, first: number, count: number) =>
    columnRuns(span.columns ?? columns).map(([column, n]) => ({
      column,
      first,
      range: sheet.getRangeByIndexes(first - 1, column, count, n).load('values'),
    }));
  const take = (loaded: ReturnType<typeof load>) => {
    for (const { column, first, range } of loaded) {
      for (const row of blockToRows(range.values, [], first, column)) {
        const cells = byRow.get(row.rowNumber) ?? new Array<CellValue>(width).fill(null);
        row.cells.forEach((cell, c) => c >= column && (cells[c] = cell));
        byRow.set(row.rowNumber, cells);
      }
    }
  };
  const bytes = (loaded: ReturnType<typeof load>) => () =>
    loaded.reduce((sum, { range }) => sum + estimatePayloadBytes(range.values), 0);
  const total = parts.reduce((sum, s) => sum + s.last - s.first + 1, 0);
  try {
    if (total <= config.chunkRows) {
      // The usual batch of the write-back: the header and the rows about to be written, one sync.
      const loaded = parts.flatMap((s) => load(s, s.first, s.last - s.first + 1));
      await batch.sync(total, bytes(loaded), sheetName);
      take(loaded);
    } else {
      for (const span of parts) {
        await runChunked(
          span.last - span.first + 1,
          config.chunkRows,
          (_start, size) => size,
          async (start, count) => {
            const loaded = load(span, span.first + start, count);
            await batch.sync(count, bytes(loaded), sheetName);
            take(loaded);
          },
        );
      }
    }
  } catch (error) {
    throw payloadError(error, `to read the key columns of sheet '${sheetName}'`);
  }
  return [...byRow]
    .map(([rowNumber, cells]) => ({ rowNumber, cells }))
    .filter((row) => !row.cells.every((c) => isBlank(c)))
    .sort((a, b) => a.rowNumber - b.rowNumber);
}
