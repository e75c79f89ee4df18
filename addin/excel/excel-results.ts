/**
 * Writing an import's results back into the sheet through office-js (called inside the adapter's
 * `Excel.run`): the result columns in row chunks (values, then the red fills of that chunk's invalid
 * cells, one sync per chunk, calculation suspended), the previous run's marks removed first, and notes
 * on invalid cells where ExcelApi 1.18 is there.
 */
import type { RowResult } from '../../shared/import/outcome.ts';
import { Batch, payloadError } from './excel-batch.ts';
import type { WriteConfig } from './write-config.ts';
import { estimatePayloadBytes, runChunked, takeRows } from './sheet-helpers.ts';
import { INVALID_FILL, a1Address, cellRects, resultCells, resultLayout } from './sheet-layout.ts';
import { NOTE_PREFIX, marksSettingKey } from './workbook-port.ts';
import type { ResultsInput } from './workbook-port.ts';

/** At most this many notes per run: each is one object in the request; the Message column has every message. */
export const NOTE_LIMIT = 1_000;

/** Most cells per write whose own fill is remembered, to put back when the marks go (one load each). */
export const REMEMBER_LIMIT = 2_000;

/** A sheet's marks as loaded: the setting with its filled addresses, and its notes (when supported). */
export interface LoadedMarks {
  setting: Excel.Setting;
  notes?: Excel.NoteCollection;
}

/** Estimated bytes of one fill in a request: the range address and the colour. */
const FILL_BYTES = 48;

const A1 = /^\$?[A-Z]{1,3}\$?\d{1,7}(:\$?[A-Z]{1,3}\$?\d{1,7})?$/;
const COLOUR = /^#[0-9A-F]{6}$/i;

/** Queues the loads of a sheet's marks; read them after the next sync. */
export function loadMarks(context: Excel.RequestContext, sheet: Excel.Worksheet, sheetName: string, notes: boolean): LoadedMarks {
  sheet.load('name');
  const setting = context.workbook.settings.getItemOrNullObject(marksSettingKey(sheetName));
  setting.load('value');
  if (!notes) return { setting };
  sheet.notes.load('items/content');
  return { setting, notes: sheet.notes };
}

/**
 * What a loaded marks setting records (anything unreadable is ignored): the filled addresses, and
 * the bookkeeper's own fills under them (cell address → colour), to put back when the marks go.
 */
export interface MarkRecord {
  fills: string[];
  previous: Record<string, string>;
}

/** The {@link MarkRecord} of loaded marks, read once per write. */
export function markRecord(marks: LoadedMarks): MarkRecord {
  let parsed: { fills?: unknown; previous?: unknown } = {};
  try {
    if (!marks.setting.isNullObject) parsed = (JSON.parse(String(marks.setting.value)) as typeof parsed | null) ?? {};
  } catch {
    // An unreadable record marks nothing.
  }
  const fills = Array.isArray(parsed.fills) ? parsed.fills.filter((a): a is string => typeof a === 'string' && A1.test(a)) : [];
  const previous =
    typeof parsed.previous === 'object' && parsed.previous !== null
      ? Object.fromEntries(Object.entries(parsed.previous).filter((e): e is [string, string] => A1.test(e[0]) && typeof e[1] === 'string' && COLOUR.test(e[1])))
      : {};
  return { fills, previous };
}

/**
 * Queues the removal of loaded marks: fills cleared at the recorded addresses, the add-in's notes
 * (content starting with {@link NOTE_PREFIX}) deleted, the record deleted.
 *
 * @returns whether anything was queued.
 */
export function clearMarksOf(sheet: Excel.Worksheet, marks: LoadedMarks, batch: Batch, record: MarkRecord = markRecord(marks)): boolean {
  const { fills, previous } = record;
  for (const address of fills) {
    sheet.getRange(address).format.fill.clear();
    batch.add(address.length + 32);
  }
  // The bookkeeper's own colours come back where a mark covered them.
  for (const [address, colour] of Object.entries(previous)) {
    sheet.getRange(address).format.fill.color = colour;
    batch.add(FILL_BYTES);
  }
  const ours = (marks.notes?.items ?? []).filter((note) => note.content.startsWith(NOTE_PREFIX));
  for (const note of ours) note.delete();
  if (!marks.setting.isNullObject) marks.setting.delete();
  return fills.length > 0 || ours.length > 0 || !marks.setting.isNullObject;
}

/** Queues loads of the fills of the cells about to be marked (at most {@link REMEMBER_LIMIT}). */
function loadOwnFills(sheet: Excel.Worksheet, results: readonly RowResult[], pattern: boolean): { address: string; fill: Excel.RangeFill }[] {
  const cells = results.flatMap((r) =>
    [...new Set(r.invalidColumns ?? [])].map((column) => a1Address({ rowNumber: r.rowNumber, column, rowCount: 1, columnCount: 1 })),
  );
  return cells.slice(0, REMEMBER_LIMIT).map((address) => ({ address, fill: sheet.getRange(address).format.fill.load(pattern ? 'color,pattern' : 'color') }));
}

/**
 * The cells among the loaded that have a fill of their own, by address: a pattern other than None,
 * or, where the pattern cannot be read, a colour other than white (a white fill is then not kept).
 * A cell still red from the last run's mark keeps what that run remembered under it.
 */
function ownFills(
  loaded: readonly { address: string; fill: Excel.RangeFill }[],
  lastRun: Record<string, string>,
  patternLoaded: boolean,
): Record<string, string> {
  const own: Record<string, string> = {};
  for (const { address, fill } of loaded) {
    if (fill.color?.toUpperCase() === INVALID_FILL) {
      if (lastRun[address]) own[address] = lastRun[address];
    } else if (COLOUR.test(fill.color ?? '') && (patternLoaded ? fill.pattern !== 'None' : fill.color.toUpperCase() !== '#FFFFFF')) {
      own[address] = fill.color;
    }
  }
  return own;
}

/** One result per sheet row (the last given wins), in row order. @throws RangeError for a row at or above the header. */
function latestPerRow(results: readonly RowResult[], headerRowNumber: number): RowResult[] {
  const byRow = new Map<number, RowResult>();
  for (const result of results) {
    if (!Number.isInteger(result.rowNumber) || result.rowNumber <= headerRowNumber) {
      throw new RangeError(`A result for sheet row ${result.rowNumber} is not below the header (row ${headerRowNumber}).`);
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
 * Writes the results (see WorkbookPort.writeResults). Syncs: 1 to load the sheet and its marks,
 * 1 to clear the previous marks (when there are any and `keepMarks` is not set), 1 per chunk, 1 to add notes and record the
 * new marks (when there are any).
 *
 * @throws WorkbookError `sheet_not_found`, `payload_too_large`; RangeError for a result row at or
 *   above the header row.
 */
// eslint-disable-next-line max-lines-per-function -- one sync plan: its four syncs share the loaded sheet, marks and notes; split, each part would take them all as arguments
export async function writeResults(context: Excel.RequestContext, config: WriteConfig, input: ResultsInput): Promise<void> {
  const batch = new Batch(context, 'writeResults', config.onSync);
  const results = latestPerRow(input.results, input.headerRowNumber);
  const layout = resultLayout(input.headers, input.usedWidth);
  const sheet = context.workbook.worksheets.getItem(input.sheet);
  const marks = loadMarks(context, sheet, input.sheet, config.notes);
  const notes = config.notes ? noteTargets(results) : [];
  const noteSlots = notes.map(({ address }) => sheet.notes.getItemOrNullObject(address).load('content'));
  const underMarks = loadOwnFills(sheet, results, config.fillPattern);
  await batch.sync(0, undefined, input.sheet);
  // A later part of the same run keeps this run's marks and adds its own to the record.
  const record = markRecord(marks);
  const kept = input.keepMarks ? record.fills : [];
  const previous = { ...(input.keepMarks ? record.previous : {}), ...ownFills(underMarks, record.previous, config.fillPattern) };
  if (!input.keepMarks && clearMarksOf(sheet, marks, batch, record)) await batch.sync();

  const left = Math.min(...layout.columns);
  const width = Math.max(...layout.columns) - left + 1;
  const lines = results.map((result) => {
    const line: (string | number | boolean | null)[] = new Array(width).fill(null);
    resultCells(result).forEach((value, i) => (line[(layout.columns[i] ?? left) - left] = value));
    // A row's share of a request: its cells (plus the comma between rows) and its fills.
    const fillBytes = FILL_BYTES * (result.invalidColumns?.length ?? 0);
    return { rowNumber: result.rowNumber, line, bytes: estimatePayloadBytes(line) + 1 + fillBytes };
  });
  const headerValues = [layout.newHeaders.map((h) => h.header)];
  const headerBytes = estimatePayloadBytes(headerValues) + FILL_BYTES;
  const headerRange = () => sheet.getRangeByIndexes(input.headerRowNumber - 1, layout.newHeaders[0]?.column ?? 0, 1, layout.newHeaders.length);
  const writeHeaderValues = () => {
    if (layout.newHeaders.length === 0) return;
    headerRange().values = headerValues;
    batch.add(headerBytes);
  };
  const boldHeader = () => {
    if (layout.newHeaders.length > 0) headerRange().format.font.bold = true;
  };
  const fills: string[] = [];
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
        const block: (string | number | boolean | null)[][] = Array.from({ length: (slice[slice.length - 1]?.rowNumber ?? first) - first + 1 }, () =>
          new Array(width).fill(null),
        );
        for (const { rowNumber, line } of slice) block[rowNumber - first] = line;
        sheet.getRangeByIndexes(first - 1, left, block.length, width).values = block;
        batch.add(estimatePayloadBytes(block));
        // Formats after values: the new headers in bold, the invalid cells of this chunk (contiguous cells as one range).
        if (start === 0) boldHeader();
        const invalid = results.slice(start, start + count).map((r) => ({ rowNumber: r.rowNumber, columns: r.invalidColumns ?? [] }));
        const chunkFills = cellRects(invalid).map((rect) => {
          sheet.getRangeByIndexes(rect.rowNumber - 1, rect.column, rect.rowCount, rect.columnCount).format.fill.color = INVALID_FILL;
          batch.add(FILL_BYTES);
          return a1Address(rect);
        });
        await batch.sync(block.length);
        fills.push(...chunkFills);
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
  if (fills.length > 0) {
    const record = JSON.stringify({ fills: [...kept, ...fills], ...(Object.keys(previous).length ? { previous } : {}) });
    context.workbook.settings.add(marksSettingKey(input.sheet), record);
    batch.add(record.length);
  }
  if (notes.length > 0 || fills.length > 0 || (lines.length === 0 && layout.newHeaders.length > 0)) await batch.sync();
}
