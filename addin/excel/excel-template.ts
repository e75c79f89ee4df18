/**
 * A template through office-js (called inside the adapter's `Excel.run`): the core's plan
 * (shared/template) written as the CLI writes its .xlsx (batch/commands/template/write-workbook.ts):
 * the data sheet with its headers, header notes, number formats, widths and an Excel table over the
 * header and one empty row; list validations with the plan's alerts and prompts; the Instructions
 * sheet. What differs is only what a workbook the user already has needs: sheet names made unique,
 * and the lists on a hidden Lists sheet shared by the templates of this workbook.
 */
import { columnLetter } from '../../shared/sheet/grid.ts';
import {
  INSTRUCTIONS_SHEET,
  INSTRUCTIONS_WIDTH,
  instructionRows,
  VALIDATED_ROWS,
  type TemplateList,
  type WordedTemplate,
} from '../../shared/template/index.ts';
import { Batch, payloadError } from './excel-batch.ts';
import type { WriteConfig } from './excel-batch.ts';
import { estimatePayloadBytes, runChunked, takeRows, toExcelValue } from './sheet-helpers.ts';
import { columnPoints, listSource, uniqueSheetName } from './sheet-layout.ts';
import { LISTS_SHEET, type TemplateSheetInput } from './workbook-port.ts';

/** Where the lists went: the sheet, its name, and the 0-based column of the first list. */
interface ListsTarget {
  sheet: Excel.Worksheet;
  name: string;
  firstColumn: number;
}

/**
 * Where the template's lists go: the hidden Lists sheet when there is one (appending after its used
 * columns, one more sync), otherwise a new one (named `Lists`, or `Lists (2)` beside a visible sheet
 * the user named Lists).
 */
async function listsTarget(sheets: Excel.WorksheetCollection, batch: Batch): Promise<ListsTarget> {
  const hidden = sheets.items.find((s) => s.name === LISTS_SHEET && s.visibility !== 'Visible');
  if (!hidden) {
    const name = uniqueSheetName(
      LISTS_SHEET,
      sheets.items.map((s) => s.name),
    );
    return { sheet: sheets.add(name), name, firstColumn: 0 };
  }
  const used = hidden.getUsedRangeOrNullObject(true);
  used.load('columnIndex,columnCount');
  await batch.sync();
  return { sheet: hidden, name: LISTS_SHEET, firstColumn: used.isNullObject ? 0 : used.columnIndex + used.columnCount };
}

/** The lists the plan's validations read (an empty list has none), in the plan's order. */
function listsInUse(plan: WordedTemplate): TemplateList[] {
  return plan.lists.filter((l) => l.values.length > 0 && plan.validations.some((v) => v.list === l.name));
}

/**
 * Adds a template (see WorkbookPort.addTemplateSheet). Each list is a column of the hidden Lists
 * sheet (row 1 its header, as on the CLI's Lists sheet), read by a validation whose source is a
 * range (`='Lists'!$B$2:$B$41`), since an inline list stops at 255 characters. Syncs: 1 for the sheet
 * names, (1 for the Lists sheet's used columns), 1 per chunk of list rows, 1 for the formats,
 * validations, Instructions sheet, hiding and activation.
 *
 * @throws RangeError for a template without columns; WorkbookError `payload_too_large`.
 */
export async function addTemplateSheet(
  context: Excel.RequestContext,
  config: WriteConfig,
  input: TemplateSheetInput,
): Promise<void> {
  if (input.columns.length === 0) throw new RangeError(`Template '${input.sheetName}' has no columns.`);
  const batch = new Batch(context, 'addTemplateSheet', config.onSync);
  const sheets = context.workbook.worksheets;
  sheets.load('items/name,items/visibility');
  await batch.sync();
  const lists = listsInUse(input);
  const target = lists.length > 0 ? await listsTarget(sheets, batch) : undefined;
  const taken = [...sheets.items.map((s) => s.name), ...(target ? [target.name] : [])];
  const name = uniqueSheetName(input.sheetName, taken);
  const template = sheets.add(name);
  const header = [input.columns.map((c) => toExcelValue(c.header))];
  const writeHeader = () => {
    template.getRangeByIndexes(0, 0, 1, input.columns.length).values = header;
    batch.add(estimatePayloadBytes(header));
  };
  await writeLists(lists, target, config, batch, writeHeader, estimatePayloadBytes(header), name);
  formatDataSheet(template, input, config, batch);
  if (target) addValidations(template, input, lists, target, batch);
  addInstructions(sheets.add(uniqueSheetName(INSTRUCTIONS_SHEET, [...taken, name])), input, batch);
  if (target) target.sheet.visibility = 'Hidden';
  template.activate();
  await batch.sync();
}

/**
 * Writes the lists block in row chunks (one sync each, calculation suspended), the data sheet's
 * header with the first; only the header when there are no lists.
 */
async function writeLists(
  lists: TemplateList[],
  target: ListsTarget | undefined,
  config: WriteConfig,
  batch: Batch,
  writeHeader: () => void,
  headerBytes: number,
  name: string,
): Promise<void> {
  // Row 1 names each list, the items below; shorter lists padded with null (left empty).
  const height = 1 + Math.max(0, ...lists.map((l) => l.values.length));
  const matrix = Array.from({ length: target ? height : 0 }, (_r, row) => {
    const line = lists.map((l) => {
      const item = row === 0 ? l.header : l.values[row - 1];
      return item === undefined ? null : toExcelValue(item);
    });
    return { rowNumber: row + 1, line, bytes: estimatePayloadBytes(line) + 1 };
  });
  try {
    await runChunked(
      matrix.length,
      config.chunkRows,
      (start, size) => takeRows(matrix, start, size, config.payloadBudgetBytes - (start === 0 ? headerBytes : 0)),
      async (start, count) => {
        batch.writing();
        if (start === 0) writeHeader();
        const values = matrix.slice(start, start + count).map((r) => r.line);
        if (target) target.sheet.getRangeByIndexes(start, target.firstColumn, count, lists.length).values = values;
        batch.add(estimatePayloadBytes(values));
        await batch.sync(count);
      },
    );
  } catch (error) {
    throw payloadError(error, `the lists of template '${name}'`);
  }
  if (matrix.length === 0) writeHeader();
}

/**
 * The data sheet as the CLI formats it: bold frozen header, each column's width and number format
 * (over the rows the validations cover; `General` is a new sheet's own), notes on the needed columns'
 * headers (ExcelApi 1.18), and a table over the header and one empty row.
 */
function formatDataSheet(sheet: Excel.Worksheet, plan: WordedTemplate, config: WriteConfig, batch: Batch): void {
  const width = plan.columns.length;
  sheet.getRangeByIndexes(0, 0, 1, width).format.font.bold = true;
  sheet.freezePanes.freezeRows(1);
  const rows = VALIDATED_ROWS;
  plan.columns.forEach((column, index) => {
    sheet.getRangeByIndexes(0, index, 1, 1).format.columnWidth = columnPoints(column.width);
    if (column.numberFormat !== null && column.numberFormat !== 'General') {
      const block = Array.from({ length: rows }, () => [column.numberFormat]);
      sheet.getRangeByIndexes(1, index, rows, 1).numberFormat = block;
      batch.add(estimatePayloadBytes(block));
    }
    if (column.note && config.notes) sheet.notes.add(`${columnLetter(index)}1`, column.note);
  });
  sheet.tables.add(sheet.getRangeByIndexes(0, 0, 2, width), true);
}

/** The plan's list validations, reading the lists where {@link writeLists} put them, with the plan's alerts and prompts. */
function addValidations(
  sheet: Excel.Worksheet,
  plan: WordedTemplate,
  lists: TemplateList[],
  target: ListsTarget,
  batch: Batch,
): void {
  for (const v of plan.validations) {
    const index = lists.findIndex((l) => l.name === v.list);
    const list = lists[index];
    if (!list) continue;
    const validation = sheet.getRange(v.cells).dataValidation;
    validation.rule = {
      list: { inCellDropDown: true, source: listSource(target.name, target.firstColumn + index, list.values.length) },
    };
    validation.errorAlert = {
      showAlert: true,
      style: v.style === 'stop' ? 'Stop' : 'Warning',
      title: v.errorTitle,
      message: v.error,
    };
    validation.prompt = { showPrompt: true, title: v.promptTitle, message: v.prompt };
    batch.add(v.error.length + v.prompt.length + 100);
  }
}

/** The Instructions sheet: one wrapped column of the plan's rows (instructionRows), the title and headings bold. */
function addInstructions(sheet: Excel.Worksheet, plan: WordedTemplate, batch: Batch): void {
  const rows = instructionRows(plan.instructions);
  const values = rows.map((r) => [toExcelValue(r.text)]);
  const column = sheet.getRangeByIndexes(0, 0, rows.length, 1);
  column.values = values;
  batch.add(estimatePayloadBytes(values));
  column.format.columnWidth = columnPoints(INSTRUCTIONS_WIDTH);
  column.format.wrapText = true;
  column.format.verticalAlignment = 'Top';
  rows.forEach((row, i) => {
    if (row.style !== 'title' && row.style !== 'heading') return;
    const font = sheet.getRangeByIndexes(i, 0, 1, 1).format.font;
    font.bold = true;
    if (row.style === 'title') font.size = 14;
  });
}
