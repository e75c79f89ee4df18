/**
 * The {@link WorkbookPort} over office-js: the only module of the add-in that calls `Excel.run`.
 * Reads and writes go in row chunks (5,000 rows to start, halved when Excel refuses a payload), one
 * `context.sync()` per chunk; writes suspend calculation, values go before formats, and rows are never
 * added with `rows.add`. The chunked writes themselves live in excel-results.ts and excel-sheets.ts.
 */
import type { Grid, SheetRow } from '../../shared/sheet/grid.ts';
import { Batch, payloadError } from './excel-batch.ts';
import type { SyncHook, WriteConfig } from './excel-batch.ts';
import { readColumns } from './excel-columns.ts';
import { addTableSheet, addTemplateSheet } from './excel-sheets.ts';
import { clearMarksOf, loadMarks } from './excel-marks.ts';
import { writeResults } from './excel-results.ts';
import { readDateSystem } from './date-system.ts';
import { loadResultsMark, markedColumnsOf } from './excel-names.ts';
import { markHiddenRows, queueLayout, queueVisibleRows, readLayout, visibilityBytes } from './read-layout.ts';
import type { LayoutSupport } from './read-layout.ts';
import {
  DEFAULT_CHUNK_ROWS,
  DEFAULT_PAYLOAD_BUDGET_BYTES,
  blockToRows,
  estimatePayloadBytes,
  runChunked,
} from './sheet-helpers.ts';
import type {
  ReadOptions,
  ResultsInput,
  RowSpan,
  TableSheetInput,
  TemplateSheetInput,
  WorkbookPort,
} from './workbook-port.ts';

/** The part of office-js's `Excel` namespace the adapter needs. */
export interface ExcelHost {
  run<T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T>;
  run<T>(options: Excel.RunOptions, batch: (context: Excel.RequestContext) => Promise<T>): Promise<T>;
}

/** The part of `Office.context.requirements` the adapter needs. */
export interface RequirementsHost {
  isSetSupported(name: string, minVersion?: string): boolean;
}

/** Options of {@link ExcelWorkbook}; every one has a default for the real add-in. */
export interface ExcelWorkbookOptions {
  /** Default: the global `Excel` of office-js. */
  excel?: ExcelHost;
  /** Default: the global `Office.context.requirements`. Notes need ExcelApi 1.18. */
  requirements?: RequirementsHost;
  /** Rows per chunk to start with (default 5,000); halved on a payload error. */
  chunkRows?: number;
  /** Estimated bytes one write request may carry (default 4,000,000, under the 5 MB limit). */
  payloadBudgetBytes?: number;
  /** Called after every successful `context.sync()` (instrumentation: sync count, payload sizes). */
  onSync?: SyncHook;
}

export type { WriteConfig } from './excel-batch.ts';

/** The open workbook through office-js. */
export class ExcelWorkbook implements WorkbookPort {
  private readonly options: ExcelWorkbookOptions;

  constructor(options: ExcelWorkbookOptions = {}) {
    this.options = options;
  }

  private get excel(): ExcelHost {
    return this.options.excel ?? Excel;
  }

  private get requirements(): RequirementsHost | undefined {
    return this.options.requirements ?? (typeof Office === 'undefined' ? undefined : Office.context?.requirements);
  }

  /**
   * Runs a batch that writes into the workbook: held while the user edits a cell rather than failing
   * (ExcelApi 1.11), and its syncs undone by one Undo (ExcelApi 1.20), where the host has them.
   */
  private write<T>(batch: (context: Excel.RequestContext) => Promise<T>): Promise<T> {
    const has = (version: string) => this.requirements?.isSetSupported('ExcelApi', version) ?? false;
    const options: Excel.RunOptions = {
      ...(has('1.11') ? { delayForCellEdit: true } : {}),
      ...(has('1.20') ? { mergeUndoGroup: true } : {}),
    };
    return Object.keys(options).length > 0 ? this.excel.run(options, batch) : this.excel.run(batch);
  }

  private config(): WriteConfig {
    const requirements = this.requirements;
    return {
      chunkRows: this.options.chunkRows ?? DEFAULT_CHUNK_ROWS,
      payloadBudgetBytes: this.options.payloadBudgetBytes ?? DEFAULT_PAYLOAD_BUDGET_BYTES,
      notes: requirements?.isSetSupported('ExcelApi', '1.18') ?? false,
      conditionalFormats: requirements?.isSetSupported('ExcelApi', '1.6') ?? false,
      names: requirements?.isSetSupported('ExcelApi', '1.4') ?? false,
      onSync: this.options.onSync,
    };
  }

  async activeSheetName(): Promise<string> {
    return this.excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getActiveWorksheet();
      sheet.load('name');
      await new Batch(context, 'activeSheetName', this.options.onSync).sync();
      return sheet.name;
    });
  }

  async sheetNames(): Promise<string[]> {
    return this.excel.run(async (context) => {
      const sheets = context.workbook.worksheets;
      sheets.load('items/name,items/visibility');
      await new Batch(context, 'sheetNames', this.options.onSync).sync();
      return sheets.items.filter((s) => s.visibility === 'Visible').map((s) => s.name);
    });
  }

  /**
   * Reads the used range (values only, so formatted empty cells do not count) in row chunks: each
   * chunk loads `values` and `numberFormat` of N rows, and which of them are shown (the visible cells
   * of one column), and syncs once; a payload error halves N and reads that chunk again. Row numbers
   * are the sheet's (the used range may start below row 1). The autofilter, merged areas and tables
   * come with the used range; one more sync for the tables' ranges when there are any; then the date system from the date cells' shown text (date-system.ts). Rows hidden
   * by hand are `hidden`; under the autofilter or in a table, `filtered` too (read-layout.ts).
   *
   * @throws WorkbookError `sheet_not_found`, or `payload_too_large` when one row alone is refused.
   */
  async readSheet(name?: string, options?: ReadOptions): Promise<Grid> {
    const config = this.config();
    const has = (version: string) => this.requirements?.isSetSupported('ExcelApi', version) ?? false;
    // Below ExcelApi 1.9 rows are told by the visible view (1.3), which every host the manifest admits (1.8) has.
    const support: LayoutSupport = { visibility: has('1.9') ? 'specialCells' : 'visibleView', merges: has('1.13') };
    return this.excel.run(async (context) => {
      const batch = new Batch(context, 'readSheet', config.onSync);
      const sheets = context.workbook.worksheets;
      const sheet = name === undefined ? sheets.getActiveWorksheet() : sheets.getItem(name);
      sheet.load('name');
      context.workbook.load('name');
      const used = sheet.getUsedRangeOrNullObject(true);
      used.load('rowIndex,columnIndex,rowCount,columnCount');
      const layout = queueLayout(sheet, used, support);
      await batch.sync(0, undefined, name);
      const grid: Grid = { source: context.workbook.name, sheet: sheet.name, rows: [] };
      if (used.isNullObject) return grid;
      await readRows(sheet, used, grid, { config, support, batch, options });
      await readLayout(grid, layout, batch);
      await readDateSystem(context.workbook, sheet, grid, batch, config.chunkRows);
      return grid;
    });
  }

  async readColumns(sheet: string, columns: readonly number[], rows?: readonly RowSpan[]): Promise<SheetRow[]> {
    const config = this.config();
    return this.excel.run((context) => readColumns(context, config, sheet, columns, rows));
  }

  async writeResults(input: ResultsInput): Promise<void> {
    const config = this.config();
    await this.write((context) => writeResults(context, config, input));
  }

  /** shed's mark on the sheet's result block (excel-names.ts, ExcelApi 1.4): one sync; null below 1.4 or without one. */
  async resultsMark(sheetName: string, headerRowNumber: number): Promise<number[] | null> {
    const config = this.config();
    if (!config.names) return null;
    return this.excel.run(async (context) => {
      const mark = loadResultsMark(context.workbook.worksheets.getItem(sheetName));
      await new Batch(context, 'resultsMark', config.onSync).sync(0, undefined, sheetName);
      return mark.isNullObject ? null : markedColumnsOf(mark.formula, headerRowNumber);
    });
  }

  /** Activates the sheet and selects the cell (`Range.select`, ExcelApi 1.1): one sync. */
  async select(sheetName: string, rowNumber: number, column: number): Promise<void> {
    await this.excel.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem(sheetName);
      sheet.activate();
      sheet.getCell(rowNumber - 1, column).select();
      await new Batch(context, 'select', this.options.onSync).sync(0, undefined, sheetName);
    });
  }

  /** Removes the add-in's marks on the sheet and its notes (two or three syncs; excel-marks.ts). */
  async clearMarks(sheetName: string): Promise<void> {
    const config = this.config();
    await this.write(async (context) => {
      const batch = new Batch(context, 'clearMarks', config.onSync);
      const sheet = context.workbook.worksheets.getItem(sheetName);
      const marks = loadMarks(context, sheet, sheetName, config);
      await batch.sync(0, undefined, sheetName);
      await clearMarksOf(sheet, marks, batch);
      await batch.sync();
    });
  }

  async addTableSheet(input: TableSheetInput): Promise<{ name: string }> {
    const config = this.config();
    return this.write((context) => addTableSheet(context, config, input));
  }

  async addTemplateSheet(input: TemplateSheetInput): Promise<void> {
    const config = this.config();
    await this.write((context) => addTemplateSheet(context, config, input));
  }

  async getSetting(key: string): Promise<string | null> {
    return this.excel.run(async (context) => {
      const setting = context.workbook.settings.getItemOrNullObject(key);
      setting.load('value');
      await new Batch(context, 'getSetting', this.options.onSync).sync();
      if (setting.isNullObject || setting.value === null || setting.value === undefined) return null;
      return typeof setting.value === 'string' ? setting.value : JSON.stringify(setting.value);
    });
  }

  async setSetting(key: string, value: string): Promise<void> {
    await this.excel.run(async (context) => {
      context.workbook.settings.add(key, value);
      await new Batch(context, 'setSetting', this.options.onSync).sync();
    });
  }
}

/** The used range's cells, chunk by chunk, with each chunk's row visibility (one sync per chunk). */
async function readRows(
  sheet: Excel.Worksheet,
  used: Excel.Range,
  grid: Grid,
  run: { config: WriteConfig; support: LayoutSupport; batch: Batch; options?: ReadOptions },
): Promise<void> {
  const { rowIndex, columnIndex, rowCount, columnCount } = used;
  try {
    await runChunked(
      rowCount,
      run.config.chunkRows,
      (_start, size) => size,
      async (start, count) => {
        // Cancel takes effect at the next chunk of a long read.
        run.options?.signal?.throwIfAborted();
        const block = sheet.getRangeByIndexes(rowIndex + start, columnIndex, count, columnCount);
        block.load('values,numberFormat');
        const place = { row: rowIndex + start, column: columnIndex, count };
        const visible = queueVisibleRows(sheet, run.support, place);
        await run.batch.sync(
          count,
          () =>
            estimatePayloadBytes(block.values) + estimatePayloadBytes(block.numberFormat) + visibilityBytes(visible),
        );
        const rows = blockToRows(block.values, block.numberFormat, rowIndex + start + 1, columnIndex);
        await markHiddenRows(sheet, rows, visible, place, run.batch);
        grid.rows.push(...rows);
        run.options?.onProgress?.(start + count);
      },
    );
  } catch (error) {
    throw payloadError(error, `to read sheet '${grid.sheet}'`);
  }
}
