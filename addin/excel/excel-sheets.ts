/**
 * New sheets through office-js (called inside the adapter's `Excel.run`): export sheets holding a
 * table, and template sheets with drop-down lists fed from the hidden Lists sheet. Values go in row
 * chunks (one sync each, calculation suspended), formats after; the table is added once over the
 * written range, never grown with `rows.add`.
 */
import { probeDateSystem } from './date-system.ts';
import { Batch, payloadError } from './excel-batch.ts';
import type { WriteConfig } from './excel-workbook.ts';
import { estimatePayloadBytes, runChunked, takeRows, toExcelValue } from './sheet-helpers.ts';
import { EXPORT_NUMBER_FORMATS, listSource, uniqueSheetName } from './sheet-layout.ts';
import { LISTS_SHEET, TEMPLATE_ROWS } from './workbook-port.ts';
import type { TableSheetInput, TemplateSheetInput } from './workbook-port.ts';

type Written = string | number | boolean;

/** Loads the worksheets' names and visibility (read after the next sync). */
function loadSheets(context: Excel.RequestContext): Excel.WorksheetCollection {
  const sheets = context.workbook.worksheets;
  sheets.load('items/name,items/visibility');
  return sheets;
}

/**
 * Adds an export sheet (see WorkbookPort.addTableSheet), dates in the workbook's date system. Syncs:
 * 1 for the sheet names, (1 to add the sheet and probe the date system when a value is a date), 1 per chunk
 * of rows (values, then each typed column's number format), 1 for the table, fitted columns and
 * activation.
 *
 * @throws RangeError for an export without columns; WorkbookError `payload_too_large`, `date_system_unknown`.
 */
export async function addTableSheet(context: Excel.RequestContext, config: WriteConfig, input: TableSheetInput): Promise<{ name: string }> {
  const width = input.columns.length;
  if (width === 0) throw new RangeError(`Export sheet '${input.name}' has no columns.`);
  const batch = new Batch(context, 'addTableSheet', config.onSync);
  const sheets = loadSheets(context);
  await batch.sync();
  const name = uniqueSheetName(
    input.name,
    sheets.items.map((s) => s.name),
  );
  const sheet = sheets.add(name);
  // Dates go in as serials of the workbook's own date system (a 1904 workbook's are 1,462 days smaller).
  const dated = input.rows.some((row) => row.some((v) => v instanceof Date));
  const dateSystem = dated ? await probeDateSystem(sheet.getRangeByIndexes(0, 0, 1, 1), batch) : 1900;
  const header = [input.columns.map((c) => toExcelValue(c.header))];
  const formats = input.columns.map((c) => EXPORT_NUMBER_FORMATS[c.type]);
  const formatBytes = formats.reduce((sum, f) => sum + (f === null ? 0 : f.length + 6), 0);
  const rows = input.rows.map((row, i) => {
    const line: Written[] = input.columns.map((_c, j) => toExcelValue(row[j] ?? null, dateSystem));
    return { rowNumber: i + 2, line, bytes: estimatePayloadBytes(line) + 1 + formatBytes };
  });
  const writeHeader = () => {
    sheet.getRangeByIndexes(0, 0, 1, width).values = header;
    batch.add(estimatePayloadBytes(header));
  };
  try {
    await runChunked(
      rows.length,
      config.chunkRows,
      (start, size) => takeRows(rows, start, size, config.payloadBudgetBytes - (start === 0 ? estimatePayloadBytes(header) : 0)),
      async (start, count) => {
        batch.writing();
        if (start === 0) writeHeader();
        const values = rows.slice(start, start + count).map((r) => r.line);
        sheet.getRangeByIndexes(1 + start, 0, count, width).values = values;
        batch.add(estimatePayloadBytes(values));
        formats.forEach((format, column) => {
          if (format === null) return;
          const block = Array.from({ length: count }, () => [format]);
          sheet.getRangeByIndexes(1 + start, column, count, 1).numberFormat = block;
          batch.add(estimatePayloadBytes(block));
        });
        await batch.sync(count);
      },
    );
  } catch (error) {
    throw payloadError(error, `the export sheet '${name}'`);
  }
  if (rows.length === 0) writeHeader();
  const whole = sheet.getRangeByIndexes(0, 0, rows.length + 1, width);
  sheet.tables.add(whole, true);
  whole.format.autofitColumns();
  sheet.activate();
  await batch.sync();
  return { name };
}

/**
 * Where the template's lists go: the hidden Lists sheet when there is one (appending after its used
 * columns, one more sync), otherwise a new one (named `Lists`, or `Lists (2)` beside a visible sheet
 * the user named Lists).
 */
async function listsTarget(sheets: Excel.WorksheetCollection, batch: Batch): Promise<{ sheet: Excel.Worksheet; name: string; firstColumn: number }> {
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

/**
 * Adds a template sheet (see WorkbookPort.addTemplateSheet): headers in row 1, and on each column with
 * a list, a drop-down over {@link TEMPLATE_ROWS} rows whose source is a column of the hidden Lists
 * sheet (`='Lists'!$B$2:$B$41`), since an inline list stops at 255 characters. Typing a value that is
 * not in the list warns but is allowed (a new product alias, say); the import checks it anyway.
 * Syncs: 1 for the sheet names, (1 for the Lists sheet's used columns), 1 per chunk of list rows,
 * 1 for the formats, validation, hiding and activation.
 *
 * @throws RangeError for a template without columns; WorkbookError `payload_too_large`.
 */
export async function addTemplateSheet(context: Excel.RequestContext, config: WriteConfig, input: TemplateSheetInput): Promise<void> {
  if (input.columns.length === 0) throw new RangeError(`Template '${input.name}' has no columns.`);
  const batch = new Batch(context, 'addTemplateSheet', config.onSync);
  const sheets = loadSheets(context);
  await batch.sync();
  const listed = input.columns.flatMap((c, column) => (c.list && c.list.length > 0 ? [{ column, header: c.header, list: c.list }] : []));
  const lists = listed.length > 0 ? await listsTarget(sheets, batch) : undefined;
  const name = uniqueSheetName(input.name, [...sheets.items.map((s) => s.name), ...(lists ? [lists.name] : [])]);
  const template = sheets.add(name);
  const width = input.columns.length;
  const header = [input.columns.map((c) => toExcelValue(c.header))];
  const writeHeader = () => {
    template.getRangeByIndexes(0, 0, 1, width).values = header;
    batch.add(estimatePayloadBytes(header));
  };
  // The lists block: row 1 names each list, the items below; shorter lists padded with null (left empty).
  const height = 1 + Math.max(0, ...listed.map((l) => l.list.length));
  const matrix = Array.from({ length: listed.length > 0 ? height : 0 }, (_r, row) => {
    const line = listed.map((l) => {
      const item = row === 0 ? l.header : l.list[row - 1];
      return item === undefined ? null : toExcelValue(item);
    });
    return { rowNumber: row + 1, line, bytes: estimatePayloadBytes(line) + 1 };
  });
  try {
    await runChunked(
      matrix.length,
      config.chunkRows,
      (start, size) => takeRows(matrix, start, size, config.payloadBudgetBytes - (start === 0 ? estimatePayloadBytes(header) : 0)),
      async (start, count) => {
        batch.writing();
        if (start === 0) writeHeader();
        const values = matrix.slice(start, start + count).map((r) => r.line);
        if (lists) lists.sheet.getRangeByIndexes(start, lists.firstColumn, count, listed.length).values = values;
        batch.add(estimatePayloadBytes(values));
        await batch.sync(count);
      },
    );
  } catch (error) {
    throw payloadError(error, `the lists of template '${name}'`);
  }
  if (matrix.length === 0) writeHeader();
  template.getRangeByIndexes(0, 0, 1, width).format.font.bold = true;
  template.freezePanes.freezeRows(1);
  listed.forEach((l, i) => {
    const validation = template.getRangeByIndexes(1, l.column, TEMPLATE_ROWS, 1).dataValidation;
    validation.rule = { list: { inCellDropDown: true, source: listSource(lists?.name ?? LISTS_SHEET, (lists?.firstColumn ?? 0) + i, l.list.length) } };
    validation.errorAlert = {
      showAlert: true,
      style: 'Warning',
      title: 'Not in the list',
      message: `'${l.header}' is not one of this organisation's values. Keep it only if it is new.`,
    };
  });
  if (lists) lists.sheet.visibility = 'Hidden';
  template.activate();
  await batch.sync();
}
