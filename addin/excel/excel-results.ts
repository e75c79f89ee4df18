/**
 * Writing an import's results back into the sheet through office-js (called inside the adapter's
 * `Excel.run`): the result columns in row chunks (values, then the marks of that chunk's invalid
 * cells, one sync per chunk, calculation suspended), the previous run's marks removed first, and notes
 * on invalid cells where ExcelApi 1.18 is there. The marks themselves: excel-marks.ts.
 */
import type { RowResult } from '../../shared/import/outcome.ts';
import { Batch, payloadError } from './excel-batch.ts';
import type { WriteConfig } from './excel-batch.ts';
import { estimatePayloadBytes, runChunked, takeRows } from './sheet-helpers.ts';
import { MARK_BYTES, addMark, clearMarksOf, loadMarks } from './excel-marks.ts';
import { a1Address, cellRects, resultCells, resultLayout } from './sheet-layout.ts';
import { loadResultsMark, markResultBlock, markedColumnsOf } from './excel-names.ts';
import { NOTE_PREFIX, cellsTaken } from './workbook-port.ts';
import { columnLetter } from '../../shared/sheet/grid.ts';
import type { ResultsInput } from './workbook-port.ts';

/** At most this many notes per run: each is one object in the request; the Message column has every message. */
export const NOTE_LIMIT = 1_000;

/** One result per sheet row (the last given wins), in row order. @throws RangeError for a row at or above the header. */
function latestPerRow(results: readonly RowResult[], headerRowNumber: number): RowResult[] {
  const byRow = new Map<number, RowResult>();
  for (const result of results) {
    if (!Number.isInteger(result.rowNumber) || result.rowNumber <= headerRowNumber) {
      throw new RangeError(
        `A result for sheet row ${result.rowNumber} is not below the header (row ${headerRowNumber}).`,
      );
    }
    byRow.set(result.rowNumber, result);
  }
  return [...byRow.values()].sort((a, b) => a.rowNumber - b.rowNumber);
}

/** The notes to add: one per invalid cell, the row's message, at most {@link NOTE_LIMIT}. */
function noteTargets(results: readonly RowResult[]): { address: string; text: string }[] {
  return results
    .flatMap((r) =>
      [...new Set(r.invalidColumns ?? [])].map((column) => ({
        address: a1Address({ rowNumber: r.rowNumber, column, rowCount: 1, columnCount: 1 }),
        text: `${NOTE_PREFIX}${r.message ?? 'this value is not valid'}`,
      })),
    )
    .slice(0, NOTE_LIMIT);
}

/**
 * Schedules the load of where a new block would go by the headers given (`layout`), from the header
 * row to the last result's row, with the sync that loads the mark; null when the block is there.
 */
function loadBlockPlace(
  sheet: Excel.Worksheet,
  headerRowNumber: number,
  layout: ReturnType<typeof resultLayout>,
  results: readonly RowResult[],
): Excel.Range | null {
  if (layout.newHeaders.length === 0) return null;
  const left = Math.min(...layout.columns);
  const last = Math.max(headerRowNumber, results.at(-1)?.rowNumber ?? headerRowNumber);
  const width = Math.max(...layout.columns) - left + 1;
  return sheet.getRangeByIndexes(headerRowNumber - 1, left, last - headerRowNumber + 1, width).load('values');
}

/**
 * Refuses a new block (`layout`, by the mark too) whose place (`place`, loaded) holds cells filled since
 * the sheet was read. @throws WorkbookError `cells_taken`, naming the cells.
 */
function refuseTakenCells(
  place: Excel.Range | null,
  headerRowNumber: number,
  layout: ReturnType<typeof resultLayout>,
  loaded: ReturnType<typeof resultLayout>,
): void {
  if (!place || layout.newHeaders.length === 0) return;
  const left = Math.min(...loaded.columns);
  const columns = layout.newHeaders.map((h) => h.column).filter((c) => loaded.columns.includes(c));
  const taken = (place.values ?? []).flatMap((row, i) =>
    columns
      .filter((c) => row[c - left] !== '' && row[c - left] !== null && row[c - left] !== undefined)
      .map((c) => `${columnLetter(c)}${headerRowNumber + i}`),
  );
  if (taken.length > 0)
    throw cellsTaken(
      taken,
      `${columnLetter(Math.min(...layout.columns))}–${columnLetter(Math.max(...layout.columns))}`,
    );
}

/**
 * Writes the results (see WorkbookPort.writeResults). Syncs: 1 to load the sheet and its marks,
 * 1 or 2 to clear the previous marks (when there are any and `keepMarks` is not set: the custom rules'
 * formulas are read first), 1 per chunk (values and marks), 1 to add notes (when there are any).
 *
 * @throws WorkbookError `sheet_not_found`, `payload_too_large`; RangeError for a result row at or
 *   above the header row.
 */
export async function writeResults(
  context: Excel.RequestContext,
  config: WriteConfig,
  input: ResultsInput,
): Promise<void> {
  const batch = new Batch(context, 'writeResults', config.onSync);
  const results = latestPerRow(input.results, input.headerRowNumber);
  const sheet = context.workbook.worksheets.getItem(input.sheet);
  const marks = loadMarks(context, sheet, input.sheet, config);
  const mark = config.names ? loadResultsMark(sheet) : null;
  const notes = config.notes ? noteTargets(results) : [];
  const noteSlots = notes.map(({ address }) => sheet.notes.getItemOrNullObject(address).load('content'));
  // A new block goes where the sheet was empty when read: its place is loaded now, and a cell filled since is never overwritten.
  const byHeaders = resultLayout(input.headers, input.usedWidth);
  const place = loadBlockPlace(sheet, input.headerRowNumber, byHeaders, results);
  await batch.sync(0, undefined, input.sheet);
  // shed's block by its mark when the sheet has one, else by its headers (shared/import/result-block.ts).
  const marked = mark && !mark.isNullObject ? markedColumnsOf(mark.formula, input.headerRowNumber) : null;
  const layout = resultLayout(input.headers, input.usedWidth, marked);
  refuseTakenCells(place, input.headerRowNumber, layout, byHeaders);
  // A later part of the same run keeps this run's marks and adds its own.
  if (!input.keepMarks && (await clearMarksOf(sheet, marks, batch))) await batch.sync();

  const left = Math.min(...layout.columns);
  const width = Math.max(...layout.columns) - left + 1;
  const lines = results.map((result) => {
    const line: (string | number | boolean | null)[] = new Array(width).fill(null);
    resultCells(result).forEach((value, i) => (line[(layout.columns[i] ?? left) - left] = value));
    // A row's share of a request: its cells (plus the comma between rows) and its fills.
    const fillBytes = MARK_BYTES * (result.invalidColumns?.length ?? 0);
    return { rowNumber: result.rowNumber, line, bytes: estimatePayloadBytes(line) + 1 + fillBytes };
  });
  const headerValues = [layout.newHeaders.map((h) => h.header)];
  const headerBytes = estimatePayloadBytes(headerValues) + 48;
  const headerRange = () =>
    sheet.getRangeByIndexes(input.headerRowNumber - 1, layout.newHeaders[0]?.column ?? 0, 1, layout.newHeaders.length);
  const writeHeaderValues = () => {
    if (config.names) batch.add(markResultBlock(sheet, mark, input.sheet, input.headerRowNumber, layout.columns));
    if (layout.newHeaders.length === 0) return;
    headerRange().values = headerValues;
    batch.add(headerBytes);
  };
  const boldHeader = () => {
    if (layout.newHeaders.length > 0) headerRange().format.font.bold = true;
  };
  try {
    await runChunked(
      lines.length,
      config.chunkRows,
      (start, size) => takeRows(lines, start, size, config.payloadBudgetBytes - (start === 0 ? headerBytes : 0)),
      async (start, count) => {
        batch.writing();
        if (start === 0) writeHeaderValues();
        const slice = lines.slice(start, start + count);
        const first = slice[0]?.rowNumber ?? 1;
        const block: (string | number | boolean | null)[][] = Array.from(
          { length: (slice[slice.length - 1]?.rowNumber ?? first) - first + 1 },
          () => new Array(width).fill(null),
        );
        for (const { rowNumber, line } of slice) block[rowNumber - first] = line;
        sheet.getRangeByIndexes(first - 1, left, block.length, width).values = block;
        batch.add(estimatePayloadBytes(block));
        // Formats after values: the new headers in bold, the invalid cells of this chunk (contiguous cells as one range).
        if (start === 0) boldHeader();
        const invalid = results
          .slice(start, start + count)
          .map((r) => ({ rowNumber: r.rowNumber, columns: r.invalidColumns ?? [] }));
        // Marks where Excel has conditional formats (ExcelApi 1.6); elsewhere the Message column says it all.
        if (config.conditionalFormats) for (const rect of cellRects(invalid)) addMark(sheet, rect, batch);
        await batch.sync(block.length);
      },
    );
  } catch (error) {
    throw payloadError(error, `the results for sheet '${input.sheet}'`);
  }

  if (lines.length === 0) {
    writeHeaderValues();
    boldHeader();
  }
  notes.forEach(({ address, text }, i) => {
    const slot = noteSlots[i];
    // A cell with the user's own note keeps it; the message is in the Message column anyway.
    if (slot && !slot.isNullObject && !slot.content.startsWith(NOTE_PREFIX)) return;
    sheet.notes.add(address, text);
    batch.add(estimatePayloadBytes(text) + address.length);
  });
  if (notes.length > 0 || (lines.length === 0 && (layout.newHeaders.length > 0 || config.names))) await batch.sync();
}
