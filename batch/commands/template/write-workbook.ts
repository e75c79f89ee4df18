/**
 * Writes a template plan (shared/template, worded for the CLI) as an .xlsx workbook with exceljs's
 * in-memory Workbook (a template is small): the data sheet with the header as an Excel table over one
 * empty row, the plan's number formats and widths, and list validations reading the Lists sheet; then
 * the Instructions and Lists sheets. The task pane writes the same plan through office-js
 * (addin/excel/excel-sheets.ts).
 */
import ExcelJS from 'exceljs';
import { columnLetter } from '../../../shared/sheet/grid.ts';
import type { WordedTemplate } from '../../../shared/template/index.ts';
import {
  INSTRUCTIONS_SHEET,
  INSTRUCTIONS_WIDTH,
  instructionRows,
  LISTS_SHEET,
} from '../../../shared/template/index.ts';
import { writeAtomically } from '../../write/atomic-file.ts';

/** Blue header, banded rows: Excel's default table style. */
const TABLE_STYLE = 'TableStyleMedium2';
const BOLD = { bold: true } as const;

/**
 * Writes `plan` to `path` (.xlsx), atomically: the file appears only when complete.
 * Sheets in order: the data sheet (first: the import reads the first sheet), Instructions, Lists.
 * @throws WriteError `output_not_writable` when `path` cannot be written.
 */
export async function writeTemplateWorkbook(path: string, plan: WordedTemplate): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'shed-sheets';
  addDataSheet(workbook, plan);
  addInstructionsSheet(workbook, plan);
  addListsSheet(workbook, plan);
  await writeAtomically(path, (temp) => workbook.xlsx.writeFile(temp));
}

function addDataSheet(workbook: ExcelJS.Workbook, plan: WordedTemplate): void {
  const sheet = workbook.addWorksheet(plan.sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  plan.columns.forEach((column, index) => {
    const col = sheet.getColumn(index + 1);
    col.width = column.width;
    if (column.numberFormat !== null) col.numFmt = column.numberFormat;
  });
  sheet.addTable({
    name: plan.tableName,
    ref: 'A1',
    headerRow: true,
    style: { theme: TABLE_STYLE, showRowStripes: true },
    columns: plan.columns.map((c) => ({ name: c.header, filterButton: true })),
    // One empty row: Excel grows the table as rows are typed below it.
    rows: [plan.columns.map(() => null)],
  });
  plan.columns.forEach((column, index) => {
    if (column.note) sheet.getCell(`${columnLetter(index)}1`).note = column.note;
  });
  for (const v of plan.validations) {
    addValidation(sheet, v.cells, {
      type: 'list',
      allowBlank: true,
      formulae: [v.formula],
      showErrorMessage: true,
      errorStyle: v.style,
      errorTitle: v.errorTitle,
      error: v.error,
      showInputMessage: true,
      promptTitle: v.promptTitle,
      prompt: v.prompt,
    });
  }
}

/** The part of exceljs 4.4.0's Worksheet that its .d.ts leaves out: validations kept per range. */
interface RangeValidations {
  dataValidations?: { add?: (range: string, validation: ExcelJS.DataValidation) => unknown };
}

/**
 * One validation over a whole range (`D2:D1001`): written as one `<dataValidation sqref>` and no
 * cells, so the sheet's used range stays at the table. Falls back to one per cell, which exceljs
 * merges back into ranges when writing.
 */
function addValidation(sheet: ExcelJS.Worksheet, range: string, validation: ExcelJS.DataValidation): void {
  const validations = (sheet as unknown as RangeValidations).dataValidations;
  if (typeof validations?.add === 'function') {
    validations.add(range, validation);
    return;
  }
  const [from = '', to = ''] = range.split(':');
  const first = sheet.getCell(from);
  const last = sheet.getCell(to);
  for (let row = Number(first.row); row <= Number(last.row); row++)
    sheet.getCell(row, Number(first.col)).dataValidation = validation;
}

function addInstructionsSheet(workbook: ExcelJS.Workbook, plan: WordedTemplate): void {
  const sheet = workbook.addWorksheet(INSTRUCTIONS_SHEET);
  sheet.getColumn(1).width = INSTRUCTIONS_WIDTH;
  sheet.getColumn(1).alignment = { wrapText: true, vertical: 'top' };
  for (const row of instructionRows(plan.instructions)) {
    const added = sheet.addRow(row.text === null ? [] : [row.text]);
    if (row.style === 'title') added.font = { bold: true, size: 14 };
    else if (row.style === 'heading') added.font = BOLD;
  }
}

function addListsSheet(workbook: ExcelJS.Workbook, plan: WordedTemplate): void {
  const sheet = workbook.addWorksheet(LISTS_SHEET, { views: [{ state: 'frozen', ySplit: 1 }] });
  for (const list of plan.lists) {
    const col = sheet.getColumn(list.column + 1);
    col.width = Math.min(60, Math.max(10, ...list.values.map((v) => v.length + 2), list.header.length + 2));
    const header = sheet.getCell(1, list.column + 1);
    header.value = list.header;
    header.font = BOLD;
    list.values.forEach((value, i) => {
      sheet.getCell(i + 2, list.column + 1).value = value;
    });
  }
}
