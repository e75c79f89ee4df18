/**
 * A real .xlsx opened on the memory host (`taskpane.html?host=memory&workbook=URL`, or the file picker
 * of the memory host's page): read in the browser with exceljs's browser build, loaded by dynamic
 * import only here, so the add-in's own bundle never carries it. Gives the {@link MemoryInit} the
 * memory workbook is made from: each sheet's cells as the CLI reads them (dates as Dates, formulas as
 * their cached result, only the top-left cell of a merged area holding its value), hidden rows, the
 * autofilter, merged areas, tables, and the workbook's date system.
 */
import type { CellArea, CellValue } from '../../shared/sheet/grid.ts';
import { columnLetter } from '../../shared/sheet/grid.ts';
import { parseAreas } from '../excel/read-layout.ts';
import type { MemoryInit, MemorySheetInit } from './memory-host.ts';
import { serialiseCell } from './memory-host.ts';

type ExcelJSModule = typeof import('exceljs');
type Workbook = InstanceType<ExcelJSModule['Workbook']>;
type Worksheet = ReturnType<Workbook['addWorksheet']>;

/** The .xlsx could not be opened on the memory host: not fetched, or not a workbook exceljs reads. */
export class MemoryWorkbookError extends Error {
  readonly code = 'memory_workbook_unreadable';
}

/**
 * Fetches the workbook at `url` (relative to the page) and reads it.
 * @throws MemoryWorkbookError when it cannot be fetched or read.
 */
export async function memoryInitFromUrl(url: string, base: string, fetchFn: typeof fetch = fetch): Promise<MemoryInit> {
  const where = new URL(url, base);
  const response = await fetchFn(where).catch((error: unknown) => {
    throw new MemoryWorkbookError(
      `The workbook ${where.href} could not be fetched (${error instanceof Error ? error.message : String(error)}).`,
    );
  });
  if (!response.ok)
    throw new MemoryWorkbookError(
      `The workbook ${where.href} could not be fetched: the server answered ${response.status}.`,
    );
  const name = decodeURIComponent(where.pathname.split('/').pop() || 'Book.xlsx');
  return memoryInitFromXlsx(new Uint8Array(await response.arrayBuffer()), name);
}

/**
 * Reads .xlsx bytes into a {@link MemoryInit} named `name`.
 * @throws MemoryWorkbookError when exceljs cannot read them.
 */
export async function memoryInitFromXlsx(bytes: Uint8Array, name: string): Promise<MemoryInit> {
  const loaded = (await import('exceljs')) as ExcelJSModule & { default?: ExcelJSModule };
  const ExcelJS = loaded.default ?? loaded;
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch (error) {
    throw new MemoryWorkbookError(
      `${name} is not an .xlsx workbook this page can open (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  const sheets = book.worksheets.filter((ws) => ws.state !== 'veryHidden').map(sheetInit);
  const active = book.worksheets[book.views?.[0]?.activeTab ?? -1]?.name;
  return {
    name,
    sheets,
    dateSystem: book.properties.date1904 ? 1904 : 1900,
    ...(active && sheets.some((s) => s.name === active && !s.hidden) ? { active } : {}),
  };
}

function sheetInit(ws: Worksheet): MemorySheetInit {
  const rows: MemorySheetInit['rows'] = [];
  const hiddenRows: number[] = [];
  ws.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    if (row.hidden) hiddenRows.push(rowNumber);
    const cells: CellValue[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      if (cell.isMerged && cell.master.address !== cell.address) return;
      cells[column - 1] = cellValue(cell.value);
    });
    const line = Array.from(cells, (c) => serialiseCell(c ?? null));
    while (line.length > 0 && line.at(-1) === null) line.pop(); // as the CLI's reader trims them
    rows[rowNumber - 1] = line;
  });
  const merges = ((ws.model as { merges?: string[] }).merges ?? []).map(areaOf);
  const filter = ws.autoFilter;
  const autoFilter =
    typeof filter === 'string'
      ? areaOf(filter)
      : filter && typeof filter === 'object'
        ? areaOf(`${refOf(filter.from)}:${refOf(filter.to)}`)
        : undefined;
  const tables = ws.getTables().map((entry) => {
    const table = ((entry as unknown as { table?: TableModel }).table ?? entry) as unknown as TableModel;
    return { name: table.name, area: areaOf(table.tableRef ?? table.ref), headerRow: table.headerRow !== false };
  });
  return {
    name: ws.name,
    rows: Array.from(rows, (r) => r ?? []),
    ...(ws.state === 'hidden' ? { hidden: true } : {}),
    ...(hiddenRows.length > 0 ? { hiddenRows } : {}),
    ...(autoFilter ? { autoFilter } : {}),
    ...(merges.length > 0 ? { merges } : {}),
    ...(tables.length > 0 ? { tables } : {}),
  };
}

interface TableModel {
  name: string;
  ref: string;
  tableRef?: string;
  headerRow?: boolean;
}

/** An exceljs cell value as a grid cell: formulas as their cached result, rich text joined, errors as their text. */
function cellValue(value: unknown): CellValue {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  if (typeof value !== 'object') return null;
  if ('result' in value) return cellValue((value as { result: unknown }).result);
  if ('richText' in value)
    return (value as { richText: { text: string }[] }).richText.map((t) => t.text).join('') || null;
  if ('text' in value) return cellValue((value as { text: unknown }).text);
  if ('error' in value) return String((value as { error: unknown }).error);
  return null;
}

function refOf(at: string | { row: number; column: number }): string {
  return typeof at === 'string' ? at : `${columnLetter(at.column - 1)}${at.row}`;
}

/** `B4:C5` (or `B4`) as 1-based rows and 0-based columns. */
function areaOf(ref: string): CellArea {
  return parseAreas(ref)[0] ?? { firstRow: 1, lastRow: 1, firstColumn: 0, lastColumn: 0 };
}
