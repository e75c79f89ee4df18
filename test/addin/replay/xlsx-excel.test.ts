import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExcelWorkbook } from '../../../addin/excel/excel-workbook.ts';
import { officeWith } from '../../../addin/replay/model-excel.ts';
import { XlsxExcel } from '../../../addin/replay/xlsx-excel.ts';
import { readGrid } from '../../../batch/read/index.ts';
import type { Grid } from '../../../shared/sheet/grid.ts';
import { isRowLeftOut } from '../../../shared/sheet/grid.ts';

const FIXTURES = join(import.meta.dirname, '../../fixtures/workbooks');
const EXAMPLES = join(import.meta.dirname, '../../../examples');

/** The pane's path: the real adapter over the workbook-backed Excel, on a host with ExcelApi 1.18. */
async function paneGrid(file: string): Promise<Grid> {
  const excel = await XlsxExcel.open(file);
  return new ExcelWorkbook({ excel: excel.host, requirements: officeWith('1.18').context.requirements }).readSheet();
}

/** The CLI's grid as the workbook model (tables read from the zip's table parts). */
async function cliGrid(file: string): Promise<Grid> {
  const {
    format: _format,
    warnings: _warnings,
    sheetNames: _names,
    csv: _csv,
    snapshot: _snapshot,
    ...grid
  } = await readGrid(file);
  return grid;
}

describe('the pane reads each workbook fixture to the same grid as the CLI', () => {
  const files = [...readdirSync(FIXTURES).map((f) => join(FIXTURES, f)), join(EXAMPLES, 'supplier-invoices.xlsx')];
  it.each(files)('%s', async (file) => {
    expect(await paneGrid(file)).toEqual(await cliGrid(file));
  });
});

describe('the workbook model as the pane fills it', () => {
  it('marks rows hidden by hand as hidden and rows under the autofilter as filtered, both left out by default', async () => {
    const grid = await paneGrid(join(FIXTURES, 'autofilter.xlsx'));
    expect(grid.autoFilter).toEqual({ firstRow: 3, lastRow: 9, firstColumn: 0, lastColumn: 8 });
    expect(grid.rows.filter((r) => r.hidden).map((r) => [r.rowNumber, r.filtered === true])).toEqual([
      [2, false],
      [7, true],
      [8, true],
    ]);
    expect(grid.rows.filter(isRowLeftOut).map((r) => r.rowNumber)).toEqual([2, 7, 8]);
  });

  it('reads the 1904 system past a month-year cell: 6 March 2026 stays 6 March 2026', async () => {
    const grid = await paneGrid(join(FIXTURES, 'dates-1904.xlsx'));
    expect(grid.dateSystem).toBe(1904);
    expect(grid.rows.find((r) => r.rowNumber === 4)?.cells[2]).toEqual(new Date('2026-03-06T00:00:00Z'));
    expect(grid.rows[0]?.cells[1]).toEqual(new Date('2026-03-01T00:00:00Z'));
  });

  it('marks rows a table’s filter hides as filtered, and a row hidden by hand above the table only as hidden', async () => {
    const grid = await paneGrid(join(FIXTURES, 'table-filtered.xlsx'));
    expect(grid.tables).toEqual([
      { name: 'MarchReceipts', area: { firstRow: 4, lastRow: 10, firstColumn: 0, lastColumn: 8 }, headerRow: true },
    ]);
    expect(grid.rows.filter((r) => r.hidden).map((r) => [r.rowNumber, r.filtered === true])).toEqual([
      [2, false],
      [8, true],
      [9, true],
    ]);
  });

  it('reads tables and merged areas, only the top-left cell of a merge holding the value', async () => {
    const table = await paneGrid(join(FIXTURES, 'table.xlsx'));
    expect(table.tables).toEqual([
      { name: 'Receipts', area: { firstRow: 3, lastRow: 9, firstColumn: 0, lastColumn: 8 }, headerRow: true },
    ]);
    const merged = await paneGrid(join(FIXTURES, 'merged.xlsx'));
    expect(merged.merges).toContainEqual({ firstRow: 4, lastRow: 5, firstColumn: 1, lastColumn: 1 });
    expect(merged.rows.find((r) => r.rowNumber === 5)?.cells[1]).toBeNull();
  });

  it('reads visibility in one small load per chunk, no per-row objects', async () => {
    const excel = await XlsxExcel.open(join(FIXTURES, 'hidden-rows.xlsx'));
    await new ExcelWorkbook({
      excel: excel.host,
      requirements: officeWith('1.18').context.requirements,
      chunkRows: 4,
    }).readSheet();
    const loads = excel.okSyncs.map((s) => s.ops.filter((op) => op.kind === 'load').length);
    // Used range; two chunks of 4 rows (values, visible cells of one column); the date cells' text.
    expect(excel.okSyncs).toHaveLength(4);
    expect(loads.slice(1, 3)).toEqual([1, 1]);
  });
});

describe('XlsxExcel', () => {
  it('saves what the pane wrote (values, fills, notes, new sheets, settings) and opens it again', async () => {
    const excel = await XlsxExcel.open(join(FIXTURES, 'hidden-rows.xlsx'));
    const workbook = new ExcelWorkbook({ excel: excel.host, requirements: officeWith('1.18').context.requirements });
    await excel.host.run(async (context) => {
      const sheet = context.workbook.worksheets.getItem('Invoices');
      sheet.getRange('J1').values = [['Status']];
      sheet.getRange('E2').format.fill.color = '#FFC7CE';
      sheet.notes.add('E2', 'no product named that');
      context.workbook.worksheets.add('Movements');
      await context.sync();
    });
    await workbook.setSetting('shed.journal', 'x'.repeat(70_000));
    const again = await XlsxExcel.open(await excel.toBuffer(), 'again.xlsx');
    expect(again.cell('Invoices', 1, 9)).toBe('Status');
    expect(again.sheet('Invoices').fills.get('E2')).toBe('#FFC7CE');
    expect(again.sheet('Invoices').notes.get('E2')).toBe('no product named that');
    expect(again.sheet('Invoices').hiddenRows).toEqual(new Set([4, 6]));
    expect(again.sheets.map((s) => s.name)).toEqual(['Invoices', 'Movements']);
    expect(again.settings.get('shed.journal')).toHaveLength(70_000);
    expect(await readGrid(join(FIXTURES, 'hidden-rows.xlsx')).then((g) => g.sheetNames)).toEqual(['Invoices']);
  });

  it('keeps office-js discipline: a value read without load and sync is an error, not the value', async () => {
    const excel = await XlsxExcel.open(join(FIXTURES, 'merged.xlsx'));
    await excel.host.run(async (context) => {
      const range = context.workbook.worksheets.getItem('Invoices').getRange('A3');
      expect(range.values).not.toEqual([['Invoice No']]);
      range.load('values');
      await context.sync();
      expect(range.values).toEqual([['Invoice No']]);
    });
  });

  it('moves cells, fills, notes and hidden flags with the rows the user inserts, deletes and sorts', async () => {
    const excel = await XlsxExcel.open(join(FIXTURES, 'hidden-rows.xlsx'));
    excel.sheet('Invoices').fills.set('A3', '#FFFF00');
    excel.insertRows('Invoices', 1, 2);
    expect(excel.cell('Invoices', 3, 0)).toBe('Invoice No');
    expect(excel.sheet('Invoices').fills.get('A5')).toBe('#FFFF00');
    expect([...excel.sheet('Invoices').hiddenRows]).toEqual([6, 8]);
    excel.deleteRows('Invoices', 1, 2);
    expect(excel.cell('Invoices', 1, 0)).toBe('Invoice No');
    excel.sortRows('Invoices', 2, 7, 5);
    expect([2, 3, 4, 5, 6, 7].map((row) => excel.cell('Invoices', row, 5))).toEqual([2, 4, 4, 8, 30, 40]);
    excel.setHidden('Invoices', 2, true);
    expect(excel.sheet('Invoices').hiddenRows.has(1)).toBe(true);
  });
});
