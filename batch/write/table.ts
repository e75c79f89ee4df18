/**
 * What the export writers write: named sheets of typed columns and rows of plain values
 * (PRODUCT.md "Export for audits"). Types plus pure checks of their shape; the
 * writers are `xlsx-writer.ts` and `csv-writer.ts`.
 */
import { WriteError } from './write-error.ts';

/**
 * The column, value and totals shapes are the core's (shared/export/columns.ts), so what a dataset
 * shapes is what the writers take, with no mapping between two copies. How the writers treat types:
 * - `text`: as text (CSV: formula-guarded);
 * - `number`, `money`, `integer`: a JS number or a decimal string such as `"20.000"` (xlsx converts
 *   with `Number`, CSV keeps the exact string); `integer` must be whole;
 * - `date`: a `Date` at UTC midnight whose UTC parts are the date, or `"YYYY-MM-DD"`;
 * - `datetime`: a `Date`, or ISO 8601 text with `Z` or an offset; `boolean`: `true`/`false`.
 */
export type {
  ExportColumnType as ColumnType,
  ExportColumn as ColumnSpec,
  ExportValue as TableValue,
  ExportRow as TableRow,
  ExportTotals as TotalsRowSpec,
} from '../../shared/export/columns.ts';
import type {
  ExportColumn as ColumnSpec,
  ExportColumnType as ColumnType,
  ExportRow as TableRow,
  ExportTotals as TotalsRowSpec,
} from '../../shared/export/columns.ts';

/** One sheet of an export: sheet name, columns, rows (read once, in order; may be async). */
export interface TableSheet {
  /** Sheet name: 1 to 31 characters, none of `[ ] : * ? / \`, unique in the workbook (case ignored). */
  name: string;
  columns: readonly ColumnSpec[];
  rows: Iterable<TableRow> | AsyncIterable<TableRow>;
  /** Excel table name; default derived from the sheet name (letters, digits, `_`). Unique in the workbook. */
  tableName?: string;
  totalsRow?: TotalsRowSpec;
}

/** Excel's limits and rules (Excel "Specifications and limits"; table and sheet naming rules). */
const MAX_COLUMNS = 16_384;
const MAX_SHEET_NAME = 31;
const SHEET_NAME_FORBIDDEN = /[[\]:*?/\\]/;
const TABLE_NAME = /^[A-Za-z_\\][A-Za-z0-9_.]{0,254}$/;
/** Names Excel would read as a cell reference (A1, XFD1048576, R1C1, R, C) are not table names. */
const CELL_LIKE = /^(?:[A-Za-z]{1,3}\d+|[Rr]\d*[Cc]\d*|[RrCc])$/;
const CONTROL = /[\u0000-\u001f\u007f]/;

const NUMERIC: ReadonlySet<ColumnType> = new Set(['number', 'integer', 'money']);

/** Whether a column type holds numbers (number, integer, money). */
export function isNumericType(type: ColumnType): boolean {
  return NUMERIC.has(type);
}

/**
 * Checks the sheets of one workbook (or one CSV) before anything is written, and returns each sheet's
 * Excel table name (given or derived, unique). Throws {@link WriteError} `invalid_table` naming the sheet
 * and what is wrong: bad or duplicate sheet name, no columns, too many, duplicate key, empty or duplicate
 * header (case ignored, as Excel compares table column names), control characters in a header, a bad
 * width, a bad or duplicate table name, totals on an unknown or non-numeric column.
 */
export function checkSheets(
  sheets: readonly Pick<TableSheet, 'name' | 'columns' | 'tableName' | 'totalsRow'>[],
): string[] {
  if (sheets.length === 0) throw invalid('an export needs at least one sheet');
  const sheetNames = new Set<string>();
  const tableNames = new Set<string>();
  return sheets.map((sheet) => {
    checkSheetName(sheet.name, sheetNames);
    checkColumns(sheet.name, sheet.columns);
    checkTotals(sheet.name, sheet.columns, sheet.totalsRow);
    const table = sheet.tableName ?? deriveTableName(sheet.name, tableNames);
    if (!TABLE_NAME.test(table) || CELL_LIKE.test(table)) {
      throw invalid(
        `sheet '${sheet.name}': '${table}' is not an Excel table name (a letter or _ first, then letters, digits, _ or .; not a cell reference)`,
      );
    }
    if (tableNames.has(table.toLowerCase()))
      throw invalid(`sheet '${sheet.name}': table name '${table}' is used twice`);
    tableNames.add(table.toLowerCase());
    return table;
  });
}

/** Checks the columns of one sheet (also used by the CSV writer). Throws `invalid_table`. */
export function checkColumns(sheetName: string, columns: readonly ColumnSpec[]): void {
  if (columns.length === 0) throw invalid(`sheet '${sheetName}' has no columns`);
  if (columns.length > MAX_COLUMNS)
    throw invalid(`sheet '${sheetName}' has ${columns.length} columns; at most ${MAX_COLUMNS}`);
  const keys = new Set<string>();
  const headers = new Set<string>();
  for (const column of columns) {
    if (keys.has(column.key)) throw invalid(`sheet '${sheetName}': column key '${column.key}' is used twice`);
    keys.add(column.key);
    const header = column.header.trim().toLowerCase();
    if (header === '') throw invalid(`sheet '${sheetName}': column '${column.key}' has an empty header`);
    if (CONTROL.test(column.header))
      throw invalid(`sheet '${sheetName}': header of column '${column.key}' has a control character`);
    if (headers.has(header)) throw invalid(`sheet '${sheetName}': header '${column.header}' is used twice`);
    headers.add(header);
    if (column.width !== undefined && !(Number.isFinite(column.width) && column.width > 0 && column.width <= 255)) {
      throw invalid(
        `sheet '${sheetName}': width of column '${column.key}' must be a number of characters from 1 to 255, not ${column.width}`,
      );
    }
  }
}

function checkSheetName(name: string, seen: Set<string>): void {
  if (
    name.length === 0 ||
    name.length > MAX_SHEET_NAME ||
    SHEET_NAME_FORBIDDEN.test(name) ||
    CONTROL.test(name) ||
    name.startsWith("'") ||
    name.endsWith("'")
  ) {
    throw invalid(
      `'${name}' is not an Excel sheet name (1 to ${MAX_SHEET_NAME} characters, none of [ ] : * ? / \\, not starting or ending with ')`,
    );
  }
  if (seen.has(name.toLowerCase())) throw invalid(`sheet name '${name}' is used twice`);
  seen.add(name.toLowerCase());
}

function checkTotals(sheetName: string, columns: readonly ColumnSpec[], totals: TotalsRowSpec | undefined): void {
  if (totals === undefined) return;
  for (const key of totals.sum) {
    const column = columns.find((c) => c.key === key);
    if (column === undefined) throw invalid(`sheet '${sheetName}': totals row sums unknown column '${key}'`);
    if (!isNumericType(column.type))
      throw invalid(`sheet '${sheetName}': totals row cannot sum ${column.type} column '${key}'`);
  }
}

/** A table name from a sheet name: letters, digits and `_` kept, `T_` in front when needed, `_2`, `_3` … when taken. */
function deriveTableName(sheetName: string, taken: ReadonlySet<string>): string {
  let base = sheetName.normalize('NFKD').replace(/[^A-Za-z0-9_]/g, '');
  if (!/^[A-Za-z_]/.test(base) || CELL_LIKE.test(base)) base = `T_${base}`;
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base}_${n}`;
  return name;
}

function invalid(message: string): WriteError {
  return new WriteError('invalid_table', message);
}
