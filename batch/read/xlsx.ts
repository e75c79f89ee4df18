/**
 * .xlsx to the typed grid with exceljs's streaming worksheet reader (see xlsx-workbook.ts): rows are
 * converted as they are parsed, nothing but the chosen sheet's grid stays in memory.
 * The sheet is `--sheet NAME` (case-insensitive), else the first visible worksheet, in tab order,
 * that has any data. Merged cells: only the top-left cell has a value. Cell types: see
 * {@link toCellValue} (dates keep exceljs's UTC-parts convention).
 */
import { closest } from 'fastest-levenshtein';
import type { CellValue, SheetRow } from '../../shared/sheet/grid.ts';
import { isBlank } from '../../shared/sheet/grid.ts';
import { ShedError } from '../../shared/errors/shed-error.ts';
import { InputFileError } from './errors.ts';
import { toCellValue } from './xlsx-cells.ts';
import { openWorkbook, type OpenedWorkbook, type WorkbookSheet } from './xlsx-workbook.ts';

/** A worksheet as read: its name, its non-blank rows, and the names of all the workbook's sheets. */
export interface ReadSheet {
  name: string;
  rows: SheetRow[];
  /** All sheet names of the workbook, in tab order. */
  sheetNames: string[];
}

/**
 * Reads one worksheet of an .xlsx, from a file (`path`) or from memory (`bytes`); `file` names it
 * in messages. Only the chosen sheet is parsed (the default choice may parse empty sheets before it).
 * @throws InputFileError `sheet_not_found` (`sheet` given, no such worksheet: the message lists the
 *   sheets), `no_data` (the chosen sheet, or every sheet, is empty), `not_a_spreadsheet` (a zip
 *   without a workbook), `corrupt_workbook` (unzip or XML failure).
 */
export async function readWorkbook(input: { path: string } | { bytes: Uint8Array }, file: string, sheet?: string): Promise<ReadSheet> {
  try {
    const workbook = await openWorkbook(input);
    if (!workbook) {
      throw new InputFileError(
        'not_a_spreadsheet',
        file,
        `${file} is a zip archive but not an Excel workbook (it has no xl/workbook.xml). Import an .xlsx workbook or a .csv file.`,
      );
    }
    const names = workbook.sheets.map((s) => s.name);
    if (sheet !== undefined) {
      const wanted = sheet.trim().toLowerCase();
      const found = workbook.sheets.find((s) => s.name.trim().toLowerCase() === wanted);
      if (!found) throw missingSheet(file, sheet, names);
      const rows = await readRows(workbook, found);
      if (rows.length === 0) throw emptySheet(file, found.name);
      return { name: found.name, rows, sheetNames: names };
    }
    // The first visible sheet in tab order with data; a hidden one only if no visible sheet has any.
    for (const candidate of [...workbook.sheets.filter((s) => !s.hidden), ...workbook.sheets.filter((s) => s.hidden)]) {
      const rows = await readRows(workbook, candidate);
      if (rows.length > 0) return { name: candidate.name, rows, sheetNames: names };
    }
    throw new InputFileError('no_data', file, `${file} has no data: every sheet (${quoteList(names)}) is empty.`);
  } catch (error) {
    if (error instanceof ShedError) throw error;
    throw corrupt(file, error);
  }
}

/** Reads a worksheet's rows, keeping those with a non-blank cell, with their sheet row numbers. */
async function readRows(workbook: OpenedWorkbook, sheet: WorkbookSheet): Promise<SheetRow[]> {
  const rows: SheetRow[] = [];
  let previous = 0;
  for await (const row of workbook.rows(sheet)) {
    // A row without an `r` attribute (allowed, rarely written) follows the one before it.
    const rowNumber = Number.isInteger(row.number) && row.number > 0 ? row.number : previous + 1;
    previous = rowNumber;
    const cells: CellValue[] = [];
    let last = -1;
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      const value = toCellValue(cell.value, cell.numFmt, workbook.date1904);
      if (value === null) return;
      cells[column - 1] = value;
      if (column - 1 > last) last = column - 1;
    });
    // `some` skips the holes; a row of only blank text is left out like an empty one.
    if (last < 0 || !cells.some((cell) => !isBlank(cell))) continue;
    // Fill the gaps (columns with no cell) with null: the grid has no holes.
    for (let i = 0; i <= last; i += 1) if (cells[i] === undefined) cells[i] = null;
    rows.push({ rowNumber, cells });
  }
  return rows;
}

function emptySheet(file: string, sheet: string): InputFileError {
  return new InputFileError('no_data', file, `Sheet '${sheet}' of ${file} is empty: no cell has a value.`, { sheet });
}

function missingSheet(file: string, sheet: string, names: string[]): InputFileError {
  const guess = names.length > 0 ? closest(sheet, names) : undefined;
  const hint = guess ? ` Did you mean '${guess}'?` : '';
  return new InputFileError(
    'sheet_not_found',
    file,
    `${file} has no sheet named '${sheet}'.${hint} Its sheets are: ${quoteList(names)}. Pass one of them to --sheet.`,
    { sheet },
  );
}

function corrupt(file: string, error: unknown): InputFileError {
  const reason =
    error instanceof Error && error.message === 'FILE_ENDED'
      ? 'the file ends part-way through'
      : error instanceof TypeError || !(error instanceof Error)
        ? 'its parts are not laid out as an Excel workbook'
        : error.message;
  return new InputFileError(
    'corrupt_workbook',
    file,
    `${file} looks like an .xlsx workbook but cannot be read (${reason}): it may be damaged or only partly copied. ` +
      `Copy it again, or open it in Excel and save it again.`,
    { cause: error },
  );
}

function quoteList(names: readonly string[]): string {
  return names.length === 0 ? '(none)' : names.map((n) => `'${n}'`).join(', ');
}
