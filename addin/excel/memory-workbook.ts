/**
 * An in-memory {@link WorkbookPort} over plain arrays: the task pane runs against it in tests and in a
 * browser page for screenshots, with no Excel. Same layout rules as the Excel adapter (sheet-layout.ts).
 */
import { resultValues } from '../../shared/import/results.ts';
import type { CellArea, CellValue, Grid, SheetRow, SheetTable } from '../../shared/sheet/grid.ts';
import { columnLetter, isBlank, markFilteredRows } from '../../shared/sheet/grid.ts';
import { a1Address, cellRects, resultLayout, statusText, uniqueSheetName } from './sheet-layout.ts';
import type {
  ReadOptions,
  ResultsInput,
  RowSpan,
  TableSheetInput,
  TemplateSheetInput,
  WorkbookPort,
} from './workbook-port.ts';
import { LISTS_SHEET, NOTE_PREFIX, cellsTaken, checkSheetRows, sheetNotFound } from './workbook-port.ts';
import { INSTRUCTIONS_SHEET, instructionRows } from '../../shared/template/index.ts';

/** One sheet: its cells (row 1 at index 0, column A at index 0) and what the adapter put on it. */
export interface MemorySheet {
  name: string;
  cells: CellValue[][];
  hidden: boolean;
  /** The workbook model's layout of a sheet read from a real workbook (hidden rows 1-based). */
  layout?: MemoryLayout;
  /** Addresses of cells or rectangles marked invalid (`C5`, `C5:E7`). */
  fills: string[];
  /** Notes by cell address. */
  notes: Map<string, string>;
  /** Drop-down lists by 0-based column (templates). */
  lists: Map<number, string[]>;
  /** Column types of a table sheet (exports). */
  table?: TableSheetInput['columns'];
}

/** What a sheet read from a real workbook holds besides its cells (see shared/sheet/grid.ts). */
export interface MemoryLayout {
  hiddenRows?: number[];
  autoFilter?: CellArea;
  merges?: CellArea[];
  tables?: SheetTable[];
}

/** A sheet to open: its rows of cells, whether its tab is hidden, and its layout. */
export interface MemorySheetSource extends MemoryLayout {
  name: string;
  rows: CellValue[][];
  hidden?: boolean;
}

/**
 * A workbook in memory.
 *
 * @example new MemoryWorkbook({ sheets: [{ name: 'Invoices', rows: [['Supplier', 'Qty'], ['Nufarm', 4]] }] })
 */
export class MemoryWorkbook implements WorkbookPort {
  name = 'Book1.xlsx';
  readonly sheets: MemorySheet[] = [];
  readonly settings = new Map<string, string>();
  active = 'Sheet1';
  /** The selected cell, as {@link select} left it (null before any). */
  selection: { sheet: string; rowNumber: number; column: number } | null = null;
  /** The date system of the workbook it was opened from, when known. */
  dateSystem?: 1900 | 1904;

  constructor(init: MemoryWorkbookInit) {
    this.open(init);
  }

  /** Replaces the workbook by another (the memory host opening a file): sheets, name, active sheet, date system; settings are cleared. */
  open(init: MemoryWorkbookInit): void {
    this.name = init.name ?? 'Book1.xlsx';
    this.sheets.splice(0, this.sheets.length, ...init.sheets.map((s) => memorySheet(s)));
    this.active = init.active ?? this.sheets.find((s) => !s.hidden)?.name ?? 'Sheet1';
    this.dateSystem = init.dateSystem;
    this.settings.clear();
  }

  /** The sheet of that name. @throws WorkbookError `sheet_not_found`. */
  sheet(name: string): MemorySheet {
    const found = this.sheets.find((s) => s.name === name);
    if (!found)
      throw sheetNotFound(
        name,
        this.sheets.map((s) => s.name),
      );
    return found;
  }

  async activeSheetName(): Promise<string> {
    return this.active;
  }

  async sheetNames(): Promise<string[]> {
    return this.sheets.filter((s) => !s.hidden).map((s) => s.name);
  }

  async readSheet(name?: string, options?: ReadOptions): Promise<Grid> {
    options?.signal?.throwIfAborted();
    const sheet = this.sheet(name ?? this.active);
    const hidden = new Set(sheet.layout?.hiddenRows ?? []);
    const rows: SheetRow[] = sheet.cells
      .map((cells, i) => ({ rowNumber: i + 1, cells: cells.map((c) => (c === '' || c === undefined ? null : c)) }))
      .filter((row) => !row.cells.every((c) => isBlank(c)))
      .map((row) => (hidden.has(row.rowNumber) ? { ...row, hidden: true } : row));
    options?.onProgress?.(sheet.cells.length);
    const { autoFilter, merges, tables } = sheet.layout ?? {};
    markFilteredRows(rows, autoFilter, tables);
    return {
      source: this.name,
      sheet: sheet.name,
      rows,
      ...(this.dateSystem ? { dateSystem: this.dateSystem } : {}),
      ...(autoFilter ? { autoFilter } : {}),
      ...(merges ? { merges } : {}),
      ...(tables ? { tables } : {}),
    };
  }

  async readColumns(name: string, columns: readonly number[], rows?: readonly RowSpan[]): Promise<SheetRow[]> {
    const sheet = this.sheet(name);
    const spans: readonly RowSpan[] = rows ?? [{ first: 1, last: sheet.cells.length }];
    const width = Math.max(-1, ...columns, ...spans.flatMap((s) => s.columns ?? [])) + 1;
    return spans.flatMap(({ first, last, columns: own }) =>
      Array.from({ length: Math.max(0, last - first + 1) }, (_v, i) => {
        const cells: CellValue[] = new Array<CellValue>(width).fill(null);
        for (const c of own ?? columns) {
          const value = sheet.cells[first + i - 1]?.[c];
          cells[c] = value === undefined || value === '' ? null : value;
        }
        return { rowNumber: first + i, cells };
      }).filter((row) => !row.cells.every((c) => isBlank(c))),
    );
  }

  async writeResults(input: ResultsInput): Promise<void> {
    const sheet = this.sheet(input.sheet);
    if (!input.keepMarks) await this.clearMarks(sheet.name);
    const { columns, newHeaders } = resultLayout(input.headers, input.usedWidth);
    // A new block goes where the sheet was empty when read: a cell filled there since is never overwritten.
    const last = Math.max(input.headerRowNumber, ...input.results.map((r) => r.rowNumber));
    const taken =
      newHeaders.length === 0
        ? []
        : sheet.cells
            .slice(input.headerRowNumber - 1, last)
            .flatMap((row, i) =>
              newHeaders
                .filter(({ column }) => !isBlank(row[column] ?? null))
                .map(({ column }) => `${columnLetter(column)}${input.headerRowNumber + i}`),
            );
    if (taken.length > 0)
      throw cellsTaken(taken, `${columnLetter(Math.min(...columns))}–${columnLetter(Math.max(...columns))}`);
    for (const { column, header } of newHeaders) setCell(sheet, input.headerRowNumber, column, header);
    for (const r of input.results) {
      const [, ...rest] = resultValues(r); // the core's rule, the status worded for the sheet
      const values = [statusText(r), ...rest];
      columns.forEach((column, i) => setCell(sheet, r.rowNumber, column, values[i] ?? null));
    }
    const invalid = input.results.map((r) => ({ rowNumber: r.rowNumber, columns: r.invalidColumns ?? [] }));
    sheet.fills = [...sheet.fills, ...cellRects(invalid).map(a1Address)];
    for (const r of input.results) {
      for (const column of r.invalidColumns ?? []) {
        const address = a1Address({ rowNumber: r.rowNumber, column, rowCount: 1, columnCount: 1 });
        if (r.message && !sheet.notes.has(address)) sheet.notes.set(address, `${NOTE_PREFIX}${r.message}`);
      }
    }
  }

  async select(sheet: string, rowNumber: number, column: number): Promise<void> {
    this.active = this.sheet(sheet).name;
    this.selection = { sheet, rowNumber, column };
  }

  async clearMarks(name: string): Promise<void> {
    const sheet = this.sheet(name);
    sheet.fills = [];
    for (const [address, text] of sheet.notes) if (text.startsWith(NOTE_PREFIX)) sheet.notes.delete(address);
  }

  async addTableSheet(input: TableSheetInput): Promise<{ name: string }> {
    checkSheetRows(input.name, input.rows.length);
    const name = uniqueSheetName(
      input.name,
      this.sheets.map((s) => s.name),
    );
    const cells: CellValue[][] = [input.columns.map((c) => c.header), ...input.rows.map((r) => [...r])];
    this.sheets.push({
      name,
      cells,
      hidden: false,
      fills: [],
      notes: new Map(),
      lists: new Map(),
      table: input.columns,
    });
    this.active = name;
    return { name };
  }

  async addTemplateSheet(input: TemplateSheetInput): Promise<void> {
    const name = uniqueSheetName(
      input.sheetName,
      this.sheets.map((s) => s.name),
    );
    const lists = new Map<number, string[]>();
    for (const v of input.validations)
      lists.set(v.column, [...(input.lists.find((l) => l.name === v.list)?.values ?? [])]);
    this.sheets.push({
      name,
      cells: [input.columns.map((c) => c.header)],
      hidden: false,
      fills: [],
      notes: new Map(),
      lists,
    });
    if (lists.size > 0 && !this.sheets.some((s) => s.name === LISTS_SHEET)) {
      this.sheets.push({ name: LISTS_SHEET, cells: [], hidden: true, fills: [], notes: new Map(), lists: new Map() });
    }
    const instructions = uniqueSheetName(
      INSTRUCTIONS_SHEET,
      this.sheets.map((s) => s.name),
    );
    const cells = instructionRows(input.instructions).map((row) => [row.text]);
    this.sheets.push({ name: instructions, cells, hidden: false, fills: [], notes: new Map(), lists: new Map() });
    this.active = name;
  }

  async getSetting(key: string): Promise<string | null> {
    return this.settings.get(key) ?? null;
  }

  async setSetting(key: string, value: string): Promise<void> {
    this.settings.set(key, value);
  }
}

function setCell(sheet: MemorySheet, rowNumber: number, column: number, value: CellValue): void {
  while (sheet.cells.length < rowNumber) sheet.cells.push([]);
  const row = sheet.cells[rowNumber - 1] ?? [];
  while (row.length < column) row.push(null);
  row[column] = value === undefined ? null : value;
  sheet.cells[rowNumber - 1] = row;
}

/** What a memory workbook is opened from. */
export interface MemoryWorkbookInit {
  name?: string;
  sheets: MemorySheetSource[];
  active?: string;
  dateSystem?: 1900 | 1904;
}

function memorySheet(source: MemorySheetSource): MemorySheet {
  const { name, rows, hidden, ...layout } = source;
  const sheet: MemorySheet = {
    name,
    cells: rows.map((r) => [...r]),
    hidden: hidden === true,
    fills: [],
    notes: new Map(),
    lists: new Map(),
  };
  if (Object.values(layout).some((v) => v !== undefined)) sheet.layout = layout;
  return sheet;
}
