/**
 * New sheets through office-js (called inside the adapter's `Excel.run`): export sheets holding a
 * table, with the core's number formats (shared/export exportNumberFormat, the CLI's too); template
 * sheets are excel-template.ts's. Values go in row chunks (one sync each, calculation suspended),
 * formats with them; the table is added once over the written range, never grown with `rows.add`.
 */
import { probeDateSystem } from './date-system.ts';
import { Batch, payloadError } from './excel-batch.ts';
import type { WriteConfig } from './excel-batch.ts';
import { estimatePayloadBytes, runChunked, takeRows, toExcelValue } from './sheet-helpers.ts';
import { exportNumberFormat } from '../../shared/export/columns.ts';
import { uniqueSheetName } from './sheet-layout.ts';
import { checkSheetRows, type TableSheetInput } from './workbook-port.ts';

export { addTemplateSheet } from './excel-template.ts';

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
 * @throws RangeError for an export without columns; WorkbookError `too_many_rows` (before the sheet is
 *   added), `payload_too_large`, `date_system_unknown`.
 */
export async function addTableSheet(
  context: Excel.RequestContext,
  config: WriteConfig,
  input: TableSheetInput,
): Promise<{ name: string }> {
  const width = input.columns.length;
  if (width === 0) throw new RangeError(`Export sheet '${input.name}' has no columns.`);
  checkSheetRows(input.name, input.rows.length);
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
  // `General` is a new sheet's own format: only the others are written.
  const formats = input.columns.map((c) => exportNumberFormat(c)).map((f) => (f === 'General' ? null : f));
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
      (start, size) =>
        takeRows(rows, start, size, config.payloadBudgetBytes - (start === 0 ? estimatePayloadBytes(header) : 0)),
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
