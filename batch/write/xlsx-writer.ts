/**
 * The XLSX export writer (PRODUCT.md "Export for audits"): exceljs's streaming
 * writer, one Excel table per sheet, written atomically.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { columnLetter } from '../../shared/sheet/grid.ts';
import { writeAtomically } from './atomic-file.ts';
import { exportNumberFormat } from '../../shared/export/columns.ts';
import type { Locale } from '../../shared/locale/locale.ts';
import { checkValueOptions, columnWidth, toXlsxValue, type ValueOptions } from './cell-values.ts';
import { checkSheets, type ColumnSpec, type TableRow, type TableSheet } from './table.ts';
import { readAhead } from './read-ahead.ts';
import { sheetDrained } from './xlsx-drain.ts';
import { canAddTable, structuredRef, tableHooks, type TableHooks, type TablePart } from './xlsx-table-part.ts';

/** Options of {@link writeXlsxTables}. */
export interface XlsxWriteOptions extends ValueOptions {
  /** Called after each data row with the count of data rows written so far (all sheets). */
  onRow?: (n: number) => void;
  /** The user's locale: date and date-time cells' number format (default en-AU, shared/locale). */
  locale?: Locale;
}

/**
 * The creator and last editor a workbook written here names in its core properties: an export's
 * `--out` may replace a file that still names it for both (batch/commands/export/overwrite.ts), as
 * Excel and LibreOffice put the user's name as last editor when they save one.
 */
export const SHED_CREATOR = 'shed export';

/** Rows read ahead to size the columns (widths must be known before the first row is written). */
const WIDTH_SAMPLE = 200;
/** Rows between checks that compression keeps up (see xlsx-drain.ts). */
const ROWS_PER_CHECK = 100;
const HEADER_STYLE: Partial<ExcelJS.Style> = {
  font: { bold: true, color: { argb: 'FFFFFFFF' } },
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF4472C4' } },
  alignment: { vertical: 'middle' },
};

/**
 * Writes `sheets` to the .xlsx file `path` with exceljs's streaming `WorkbookWriter`: rows are
 * streamed with back-pressure, never held (memory stays flat: about 160 MB RSS for 100,000 rows ×
 * 20 columns, 185 MB for 300,000). Each sheet gets a bold, filled, frozen header row, column widths
 * from the header and the first 200 values (8 to 60 characters), per-type number formats
 * ({@link exportNumberFormat}, the table both faces use: dates `dd/mm/yyyy`, datetimes `dd/mm/yyyy hh:mm`, money `#,##0.00`,
 * integers `0`, other numbers `General`; a column's `numFmt` wins), a real Excel table with filter buttons
 * over header and data (an autoFilter instead if this exceljs lacks the internals; see
 * xlsx-table-part.ts), and the optional totals row. The file appears only when complete (temp file
 * beside it, then rename); a failure, including one thrown by a row iterator, leaves no file.
 * Returns the number of data rows written, in all and per sheet.
 * Throws {@link WriteError} `invalid_table` (bad sheet spec, before anything is written),
 * `invalid_cell_value` (a value not fitting its column), `output_not_writable`; or what a row iterator threw.
 */
export async function writeXlsxTables(
  path: string,
  sheets: TableSheet[],
  options: XlsxWriteOptions = {},
): Promise<{ rows: number; sheetRows: number[] }> {
  const tableNames = checkSheets(sheets);
  checkValueOptions(options);
  return writeAtomically(path, async (temp) => {
    const file = await openFile(temp);
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: file.stream,
      useStyles: true,
      useSharedStrings: false,
    });
    workbook.creator = SHED_CREATOR;
    workbook.lastModifiedBy = SHED_CREATOR;
    const hooks = tableHooks(workbook);
    const counter = { rows: 0, check: file.check };
    const sheetRows: number[] = [];
    try {
      for (const [index, sheet] of sheets.entries()) {
        const table = { id: index + 1, name: tableNames[index] ?? sheet.name };
        sheetRows.push(await writeSheet(workbook, hooks, sheet, table, counter, options));
      }
      // exceljs listens for stream errors only from its last step: a disk error before it would hang commit().
      await Promise.race([workbook.commit(), file.failed]);
      return { rows: counter.rows, sheetRows };
    } catch (error) {
      await abandon(workbook, file.stream);
      throw error;
    }
  });
}

type Workbook = InstanceType<typeof ExcelJS.stream.xlsx.WorkbookWriter>;
type Worksheet = ReturnType<Workbook['addWorksheet']>;

async function writeSheet(
  workbook: Workbook,
  hooks: TableHooks | undefined,
  sheet: TableSheet,
  table: { id: number; name: string },
  counter: { rows: number; check: () => void },
  options: XlsxWriteOptions,
): Promise<number> {
  const worksheet = workbook.addWorksheet(sheet.name, { views: [{ state: 'frozen', ySplit: 1 }] });
  const rows = readAhead(sheet.rows, WIDTH_SAMPLE);
  const sample = await rows.sample();
  worksheet.columns = sheet.columns.map((column) => ({
    key: column.key,
    width: columnWidth(
      column,
      sample.map((row) => row[column.key]),
    ),
    style: numFmtStyle(column, options.locale),
  }));
  writeHeader(worksheet, sheet.columns);
  const { dataRows, sums } = await writeDataRows(worksheet, sheet, rows.all(), counter, options);
  // An Excel table needs at least one data row: an empty one, as Excel itself keeps.
  if (dataRows === 0) worksheet.addRow([]).commit();
  const lastDataRow = 1 + Math.max(dataRows, 1);
  const useTable = hooks !== undefined && canAddTable(worksheet);
  if (sheet.totalsRow) writeTotals(worksheet, sheet, sums, useTable ? table.name : undefined, lastDataRow);
  const lastColumn = columnLetter(sheet.columns.length - 1);
  const filterRef = `A1:${lastColumn}${lastDataRow}`;
  if (useTable) {
    hooks.addTable(
      worksheet,
      tablePart(sheet, table, filterRef, `A1:${lastColumn}${lastDataRow + (sheet.totalsRow ? 1 : 0)}`),
    );
  } else {
    worksheet.autoFilter = filterRef;
  }
  worksheet.commit();
  return dataRows;
}

/** Writes the data rows, committing each (streamed out), summing the totals columns as it goes. */
async function writeDataRows(
  worksheet: Worksheet,
  sheet: TableSheet,
  rows: AsyncIterable<TableRow>,
  counter: { rows: number; check: () => void },
  options: XlsxWriteOptions,
): Promise<{ dataRows: number; sums: Map<string, number> }> {
  const sums = new Map<string, number>((sheet.totalsRow?.sum ?? []).map((key) => [key, 0]));
  let dataRows = 0;
  for await (const row of rows) {
    dataRows += 1;
    const place = { sheet: sheet.name, row: dataRows };
    const values = sheet.columns.map((column) => toXlsxValue(column, row[column.key], place, options));
    addSums(sums, sheet.columns, values);
    worksheet.addRow(values).commit();
    counter.rows += 1;
    options.onRow?.(counter.rows);
    if (dataRows % ROWS_PER_CHECK === 0) await sheetDrained(worksheet, counter.check);
  }
  return { dataRows, sums };
}

function numFmtStyle(column: ColumnSpec, locale: Locale | undefined): Partial<ExcelJS.Style> {
  const numFmt = exportNumberFormat(column, locale);
  return numFmt === null ? {} : { numFmt };
}

function writeHeader(worksheet: Worksheet, columns: readonly ColumnSpec[]): void {
  const row = worksheet.addRow(columns.map((column) => column.header));
  row.eachCell((cell) => {
    cell.style = { ...HEADER_STYLE };
  });
  row.commit();
}

function addSums(sums: Map<string, number>, columns: readonly ColumnSpec[], values: readonly unknown[]): void {
  if (sums.size === 0) return;
  columns.forEach((column, index) => {
    const value = values[index];
    const sum = sums.get(column.key);
    if (sum !== undefined && typeof value === 'number') sums.set(column.key, sum + value);
  });
}

function writeTotals(
  worksheet: Worksheet,
  sheet: TableSheet,
  sums: ReadonlyMap<string, number>,
  tableName: string | undefined,
  lastDataRow: number,
): void {
  const label = sheet.totalsRow?.label ?? 'Total';
  const values = sheet.columns.map((column, index) => {
    const sum = sums.get(column.key);
    if (sum === undefined) return index === 0 ? label : null;
    const range =
      tableName === undefined
        ? `${columnLetter(index)}2:${columnLetter(index)}${lastDataRow}`
        : structuredRef(tableName, column.header);
    return { formula: `SUBTOTAL(109,${range})`, result: roundSum(sum, column) };
  });
  const row = worksheet.addRow(values);
  row.eachCell((cell) => {
    cell.style = { ...cell.style, font: { bold: true } };
  });
  row.commit();
}

/** Float sums drift (0.1 + 0.2); the cached total is rounded to the column's precision. */
function roundSum(sum: number, column: ColumnSpec): number {
  return Number(sum.toFixed(column.type === 'money' ? 2 : column.type === 'integer' ? 0 : 6));
}

function tablePart(
  sheet: TableSheet,
  table: { id: number; name: string },
  autoFilterRef: string,
  ref: string,
): TablePart {
  const sums = new Set(sheet.totalsRow?.sum ?? []);
  const columns = sheet.columns.map((column, index) => {
    if (!sheet.totalsRow) return { name: column.header };
    if (sums.has(column.key)) return { name: column.header, totalsRowFunction: 'sum' as const };
    return index === 0
      ? { name: column.header, totalsRowLabel: sheet.totalsRow.label ?? 'Total' }
      : { name: column.header };
  });
  return { id: table.id, name: table.name, ref, autoFilterRef, columns, totalsRow: sheet.totalsRow !== undefined };
}

/**
 * The temp file as a write stream, opened (so a missing folder or no permission fails here), with its
 * first error kept: `check()` throws it, `failed` rejects with it.
 */
async function openFile(path: string): Promise<{ stream: WriteStream; check: () => void; failed: Promise<never> }> {
  const stream = createWriteStream(path);
  let error: unknown;
  const failed = new Promise<never>((_, reject) => {
    stream.on('error', (cause) => {
      error ??= cause;
      reject(cause);
    });
  });
  failed.catch(() => undefined);
  await once(stream, 'open');
  return {
    stream,
    failed,
    check: () => {
      if (error !== undefined) throw error;
    },
  };
}

/** Stops a half-written workbook: no more zip output, the temp file closed (the caller removes it). */
async function abandon(workbook: Workbook, file: WriteStream): Promise<void> {
  const zip = (workbook as unknown as { zip?: { abort?: () => void; on?: (event: string, f: () => void) => void } })
    .zip;
  zip?.on?.('error', () => undefined);
  zip?.abort?.();
  if (!file.closed) {
    const closed = once(file, 'close').catch(() => undefined);
    file.destroy();
    await closed;
  }
}
