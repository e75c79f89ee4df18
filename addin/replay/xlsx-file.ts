/**
 * A real .xlsx to the workbook model (workbook-model.ts) and back, with exceljs: values as office-js
 * gives them (serial numbers for dates, in the workbook's date system; formulas as their cached
 * result; only the top-left cell of a merged area has a value), number formats, hidden rows, the
 * autofilter, merged areas, tables, notes, solid fills, the 1904 flag, and the add-in's settings,
 * kept in a very hidden sheet (`SETTINGS_SHEET`) so that they round-trip. Saving writes the model
 * over the workbook it was read from, so styles, widths and tables the model does not know are kept.
 * Node-only.
 */
import ExcelJS from 'exceljs';
import { a1, newSheet } from './workbook-model.ts';
import type { ModelSheet, WorkbookModel } from './workbook-model.ts';

/** The very hidden sheet that keeps `Workbook.settings` (key in column A, the value in 30,000-character pieces from B). */
export const SETTINGS_SHEET = 'ShedAddinSettings';
const PIECE = 30_000;
const DAY_MS = 86_400_000;

/** A workbook read from .xlsx: its model, and the exceljs workbook the model is saved over. */
export interface LoadedWorkbook {
  model: WorkbookModel;
  book: ExcelJS.Workbook;
}

/**
 * Reads .xlsx bytes into the model; `name` is the workbook's name (`Workbook.name`).
 * @throws Error from exceljs when the bytes are not a workbook it reads.
 */
export async function loadXlsx(bytes: Uint8Array, name: string): Promise<LoadedWorkbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const date1904 = Boolean(book.properties.date1904);
  const settings = new Map<string, string>();
  const sheets: ModelSheet[] = [];
  for (const ws of book.worksheets) {
    if (ws.name === SETTINGS_SHEET) readSettings(ws, settings);
    else sheets.push(readSheet(ws, date1904));
  }
  const visible = sheets.find((s) => s.visibility === 'Visible');
  const active = sheets[book.views?.[0]?.activeTab ?? -1]?.name ?? visible?.name ?? sheets[0]?.name ?? 'Sheet1';
  return { model: { name, sheets, settings, active, date1904 }, book };
}

function readSettings(ws: ExcelJS.Worksheet, settings: Map<string, string>): void {
  ws.eachRow((row) => {
    const key = row.getCell(1).value;
    if (typeof key !== 'string') return;
    const pieces: string[] = [];
    for (let c = 2; typeof row.getCell(c).value === 'string'; c++) pieces.push(row.getCell(c).value as string);
    settings.set(key, pieces.join(''));
  });
}

function readSheet(ws: ExcelJS.Worksheet, date1904: boolean): ModelSheet {
  const sheet = newSheet(
    ws.name,
    ws.state === 'veryHidden' ? 'VeryHidden' : ws.state === 'hidden' ? 'Hidden' : 'Visible',
  );
  ws.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const r = rowNumber - 1;
    if (row.hidden) sheet.hiddenRows.add(r);
    row.eachCell({ includeEmpty: false }, (cell, colNumber) => {
      const c = colNumber - 1;
      const merged = cell.isMerged && cell.master.address !== cell.address;
      const value = merged ? undefined : officeValue(cell.value, date1904);
      if (value !== undefined) (sheet.values[r] ??= [])[c] = value;
      if (cell.numFmt && cell.numFmt !== 'General') (sheet.formats[r] ??= [])[c] = cell.numFmt;
      const fill = fillColour(cell.fill);
      if (fill) sheet.fills.set(a1(r, c), fill);
      const note = noteText(cell.note);
      if (note !== undefined) sheet.notes.set(a1(r, c), note);
    });
  });
  sheet.merges = [...((ws.model as { merges?: string[] }).merges ?? [])];
  const filter = ws.autoFilter;
  if (typeof filter === 'string') sheet.autoFilter = filter;
  else if (filter && typeof filter === 'object')
    sheet.autoFilter = `${cellAddress(filter.from)}:${cellAddress(filter.to)}`;
  sheet.tables = ws.getTables().map((entry) => {
    const table = ((entry as unknown as { table?: TableModel }).table ?? entry) as unknown as TableModel;
    return { name: table.name, address: table.tableRef ?? table.ref, hasHeaders: table.headerRow !== false };
  });
  sheet.frozenRows = ws.views?.[0]?.state === 'frozen' ? (ws.views[0].ySplit ?? 0) : 0;
  return sheet;
}

interface TableModel {
  name: string;
  ref: string;
  tableRef?: string;
  headerRow?: boolean;
}

function cellAddress(at: string | { row: number; column: number }): string {
  return typeof at === 'string' ? at : a1(at.row - 1, at.column - 1);
}

/** An exceljs cell value as office-js's `values` gives it: numbers (dates as serials), text, booleans, error text. */
function officeValue(value: ExcelJS.CellValue, date1904: boolean): unknown {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return (value.getTime() - Date.UTC(1899, 11, 30)) / DAY_MS - (date1904 ? 1462 : 0);
  if (typeof value !== 'object') return value;
  if ('result' in value)
    return value.result === undefined ? undefined : officeValue(value.result as ExcelJS.CellValue, date1904);
  if ('richText' in value) return value.richText.map((t) => t.text).join('');
  if ('text' in value)
    return typeof value.text === 'string' ? value.text : officeValue(value.text as ExcelJS.CellValue, date1904);
  if ('error' in value) return value.error;
  return undefined;
}

function fillColour(fill: ExcelJS.Fill | undefined): string | undefined {
  if (!fill || fill.type !== 'pattern' || fill.pattern === 'none') return undefined;
  const argb = fill.fgColor?.argb;
  return argb && argb.length >= 6 ? `#${argb.slice(-6).toUpperCase()}` : undefined;
}

function noteText(note: ExcelJS.Comment | string | undefined): string | undefined {
  if (note === undefined || note === null) return undefined;
  if (typeof note === 'string') return note;
  return (note.texts ?? []).map((t) => t.text).join('');
}

/**
 * Writes the model over the workbook it was read from and gives the .xlsx bytes: every sheet's values,
 * number formats, fills, notes, hidden rows, merged areas and autofilter; sheets the pane added;
 * the settings; the date system.
 */
export async function saveXlsx(loaded: LoadedWorkbook): Promise<Uint8Array> {
  const { model, book } = loaded;
  book.properties.date1904 = model.date1904;
  for (const sheet of model.sheets) writeSheet(book.getWorksheet(sheet.name) ?? book.addWorksheet(sheet.name), sheet);
  const old = book.getWorksheet(SETTINGS_SHEET);
  if (old) book.removeWorksheet(old.id);
  if (model.settings.size > 0) {
    const ws = book.addWorksheet(SETTINGS_SHEET, { state: 'veryHidden' });
    for (const [key, value] of model.settings) {
      const pieces = value.match(new RegExp(`[\\s\\S]{1,${PIECE}}`, 'g')) ?? [''];
      ws.addRow([key, ...pieces]);
    }
  }
  const active = book.worksheets.findIndex((ws) => ws.name === model.active);
  if (active >= 0) book.views = [{ ...(book.views?.[0] ?? {}), activeTab: active } as ExcelJS.WorkbookView];
  return new Uint8Array(await book.xlsx.writeBuffer());
}

function writeSheet(ws: ExcelJS.Worksheet, sheet: ModelSheet): void {
  ws.state = sheet.visibility === 'VeryHidden' ? 'veryHidden' : sheet.visibility === 'Hidden' ? 'hidden' : 'visible';
  const rows = Math.max(sheet.values.length, sheet.formats.length, ws.rowCount);
  for (let r = 0; r < rows; r++) {
    const row = ws.getRow(r + 1);
    row.hidden = sheet.hiddenRows.has(r);
    const width = Math.max(sheet.values[r]?.length ?? 0, sheet.formats[r]?.length ?? 0, row.cellCount);
    for (let c = 0; c < width; c++) {
      const cell = row.getCell(c + 1);
      if (cell.isMerged && cell.master.address !== cell.address) continue;
      const value = sheet.values[r]?.[c];
      const format = sheet.formats[r]?.[c];
      cell.value = value === undefined || value === '' ? null : (value as ExcelJS.CellValue);
      if (typeof format === 'string' && format !== 'General') cell.numFmt = format;
      writeFillAndNote(cell, sheet.fills.get(a1(r, c)), sheet.notes.get(a1(r, c)));
    }
  }
  for (const merge of sheet.merges)
    if (!(ws.model as { merges?: string[] }).merges?.includes(merge)) ws.mergeCells(merge);
  if (sheet.autoFilter) ws.autoFilter = sheet.autoFilter;
  if (sheet.frozenRows > 0) ws.views = [{ state: 'frozen', ySplit: sheet.frozenRows }];
}

function writeFillAndNote(cell: ExcelJS.Cell, fill: string | undefined, note: string | undefined): void {
  const had = fillColour(cell.fill);
  if (fill && fill !== had)
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: `FF${fill.replace('#', '').toUpperCase()}` } };
  else if (!fill && had) cell.fill = { type: 'pattern', pattern: 'none' };
  if (note !== noteText(cell.note)) cell.note = note as string;
}
