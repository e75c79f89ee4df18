/**
 * The workbook as the task pane sees it: the one interface the rest of the add-in uses, with no
 * office-js types, so the task pane runs against Excel (excel-workbook.ts) or against plain arrays
 * (memory-workbook.ts) in tests and screenshots.
 */
import { ShedError, type ErrorCodes } from '../../shared/errors/shed-error.ts';
import type { RowResult } from '../../shared/import/outcome.ts';
import type { ExportColumn } from '../../shared/export/columns.ts';
import type { Grid, SheetRow } from '../../shared/sheet/grid.ts';
import type { WordedTemplate } from '../../shared/template/index.ts';

/** How an export column's values are written and formatted: the core's (shared/export/columns.ts exportNumberFormat). */
export type { ExportColumnType } from '../../shared/export/columns.ts';

/** A value of an export row: text, a number (litres, kilograms, dollars, packs), a boolean, a date, or empty. */
export type ExportValue = string | number | boolean | Date | null;

/** The results of one import or validation run, to write back into the sheet that was read. */
export interface ResultsInput {
  sheet: string;
  /** 1-based row of the header; the result columns' headers go there. */
  headerRowNumber: number;
  results: RowResult[];
  /** The header row as read (0-based columns), to find existing result columns. */
  headers: string[];
  /** Columns the sheet uses in any row: new result columns go right of them all. */
  usedWidth?: number;
  /**
   * Part of a run written earlier: keep the marks already made (this run's), add these. Without it
   * the marks of the previous run are removed first.
   */
  keepMarks?: boolean;
}

/** A new sheet holding a table: an export (receipts, returns, movements, storages, ...). */
export interface TableSheetInput {
  /** Wanted sheet name; made valid and unique. */
  name: string;
  /** Each column's header, type and optional own number format (else its type's, shared/export exportNumberFormat). */
  columns: Pick<ExportColumn, 'header' | 'type' | 'numFmt'>[];
  rows: ExportValue[][];
}

/**
 * A new template: the core's plan (shared/template) with its instructions in the pane's words. The
 * adapter writes it as the CLI writes its .xlsx: same sheet names (made unique in this workbook),
 * headers, notes, number formats, widths, lists, validations and alerts, and the Instructions sheet.
 */
export type TemplateSheetInput = WordedTemplate;

/** Sheet rows from `first` to `last` (1-based, inclusive); `columns` (0-based) to read there instead of the call's. */
export interface RowSpan {
  first: number;
  last: number;
  columns?: readonly number[];
}

/** Options of a sheet read. */
export interface ReadOptions {
  /** Called after each chunk with the number of sheet rows read so far. */
  onProgress?(rows: number): void;
  /** Aborted: the read stops before its next chunk, throwing the signal's reason (an `AbortError`). */
  signal?: AbortSignal;
}

/**
 * The open workbook. Every method is one round of work in the workbook; none keeps state between calls
 * other than what it writes into the workbook (marks, settings).
 */
export interface WorkbookPort {
  /** Name of the active sheet. */
  activeSheetName(): Promise<string>;
  /** Names of the visible sheets, in tab order (the hidden Lists sheet of templates is left out). */
  sheetNames(): Promise<string[]>;
  /**
   * The sheet (default: the active one) as the same typed grid the CLI reads from .xlsx: 1-based row
   * numbers, column A at index 0, date-formatted numbers as Dates, empty cells `null`, blank rows left out.
   * @throws WorkbookError `sheet_not_found`.
   */
  readSheet(name?: string, options?: ReadOptions): Promise<Grid>;
  /**
   * Reads only some columns of the sheet: the cells of `columns` (0-based; a span's own `columns`
   * where it gives them) on the rows of `rows` (1-based, inclusive; default: row 1 to the last row
   * the sheet uses), as values only: text, numbers (date cells too, as their serial), booleans; other
   * columns `null`, blank rows left out. The write-back's re-read of key cells.
   * @throws WorkbookError `sheet_not_found`.
   */
  readColumns(sheet: string, columns: readonly number[], rows?: readonly RowSpan[]): Promise<SheetRow[]>;
  /**
   * Writes the result columns (Status, Record ID, Sequence, Line Item ID, Message, Updated At) into the sheet,
   * reusing result columns already there; marks each row's invalid cells with a red fill (and a note
   * where Excel supports notes), after removing the marks of the previous run.
   * @throws WorkbookError `sheet_not_found`; `cells_taken` when a new block's place holds cells (nothing written).
   */
  writeResults(input: ResultsInput): Promise<void>;
  /**
   * Shows one cell: activates its sheet and selects the cell (`rowNumber` 1-based, `column` 0-based,
   * as the grid numbers them), so a problem listed in the pane is found in the sheet.
   * @throws WorkbookError `sheet_not_found`.
   */
  select(sheet: string, rowNumber: number, column: number): Promise<void>;
  /**
   * The 0-based columns shed's mark on its result block names on `headerRowNumber`'s row (the block
   * {@link writeResults} writes into, whatever its headers now say), or null when the sheet has no such
   * mark. Absent where the workbook keeps no marks (the block is then found by its headers alone).
   * @throws WorkbookError `sheet_not_found`.
   */
  resultsMark?(sheet: string, headerRowNumber: number): Promise<number[] | null>;
  /** Removes the fills and notes the last {@link writeResults} put on the sheet; leaves values alone. */
  clearMarks(sheet: string): Promise<void>;
  /**
   * Adds a sheet with the rows as a table (header row, filters), typed number formats, fitted columns.
   * @throws WorkbookError `too_many_rows` when the rows and header exceed Excel's grid (nothing added).
   */
  addTableSheet(sheet: TableSheetInput): Promise<{ name: string }>;
  /**
   * Adds a template (its data sheet, activated, and its Instructions sheet), with drop-down lists fed
   * from a hidden Lists sheet.
   */
  addTemplateSheet(template: TemplateSheetInput): Promise<void>;
  /** A value saved in the workbook (e.g. a column mapping), or `null`. */
  getSetting(key: string): Promise<string | null>;
  /** Saves a value in the workbook; it travels with the file. */
  setSetting(key: string, value: string): Promise<void>;
}

/** The setting key under which a sheet's marks (addresses of filled cells) are kept. */
export function marksSettingKey(sheet: string): string {
  return `shed.marks.${sheet}`;
}

/** The prefix of every note the add-in writes, so its notes are told from the user's own. */
export const NOTE_PREFIX = 'Shed Sheets: ';

/** The hidden sheet that feeds the templates' drop-down lists: the core's name for it. */
export { LISTS_SHEET } from '../../shared/template/index.ts';

/** A workbook operation that cannot be done: a sheet that is not there, a request Excel refuses. */
export class WorkbookError extends ShedError {
  constructor(code: ErrorCodes['WorkbookError'], message: string, options?: { cause?: unknown }) {
    super(code, 'input', message, options);
  }
}

/** Rows of an Excel worksheet (its grid's limit, the header row included). */
export const EXCEL_MAX_ROWS = 1_048_576;

/**
 * Refuses a new sheet of `rows` data rows below one header row that would not fit Excel's grid
 * ({@link EXCEL_MAX_ROWS}), before anything is added.
 * @throws WorkbookError `too_many_rows`, saying the count and how to export less.
 */
export function checkSheetRows(name: string, rows: number): void {
  if (rows + 1 <= EXCEL_MAX_ROWS) return;
  const n = (value: number) => new Intl.NumberFormat('en-AU').format(value);
  throw new WorkbookError(
    'too_many_rows',
    `The export '${name}' has ${n(rows)} rows, more than a sheet holds below its header (${n(EXCEL_MAX_ROWS - 1)}: ` +
      `Excel's limit is ${n(EXCEL_MAX_ROWS)} rows), so no sheet was added for it. ` +
      'Choose a narrower date range, or one storage, and export again.',
  );
}

/** Cells named in a refusal of the result block's place before `and N more`. */
const NAMED_CELLS = 5;

/**
 * The {@link WorkbookError} `cells_taken` for a result block whose place (`columns`, such as `J–O`)
 * holds cells filled since the sheet was read (`taken`: A1 addresses): nothing is written over them.
 */
export function cellsTaken(taken: readonly string[], columns: string): WorkbookError {
  const one = taken.length === 1;
  const named =
    taken.slice(0, NAMED_CELLS).join(', ') +
    (taken.length > NAMED_CELLS ? ` and ${taken.length - NAMED_CELLS} more` : '');
  return new WorkbookError(
    'cells_taken',
    `${one ? 'Cell' : 'Cells'} ${named} ${one ? 'was' : 'were'} filled while the import ran, where its results go ` +
      `(columns ${columns}): no result was written over ${one ? 'it' : 'them'}. ` +
      'Move or clear those cells, then press Place results again.',
  );
}

/** The {@link WorkbookError} for a sheet name that is not in the workbook. */
export function sheetNotFound(name: string, existing?: readonly string[]): WorkbookError {
  const known = existing && existing.length > 0 ? `; the workbook has ${existing.map((n) => `'${n}'`).join(', ')}` : '';
  return new WorkbookError('sheet_not_found', `There is no sheet named '${name}'${known}.`);
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../../shared/errors/shed-error.ts' {
  interface ErrorCodes {
    WorkbookError:
      | 'sheet_not_found'
      | 'payload_too_large'
      | 'date_system_unknown'
      | 'row_visibility_unknown'
      | 'too_many_rows'
      | 'cells_taken';
  }
}
