import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExcelWorkbook } from '../../../addin/excel/excel-workbook.ts';
import { WorkbookError } from '../../../addin/excel/workbook-port.ts';
import { officeWith } from '../../../addin/replay/model-excel.ts';
import { XlsxExcel } from '../../../addin/replay/xlsx-excel.ts';
import { readGrid } from '../../../batch/read/index.ts';
import type { Grid, SheetRow } from '../../../shared/sheet/grid.ts';
import { isRowLeftOut } from '../../../shared/sheet/grid.ts';

const FIXTURES = join(import.meta.dirname, '../../fixtures/workbooks');

/** The pane's adapter over a fixture on a host that reports ExcelApi up to `version`. */
async function paneOn(version: string, fixture: string, chunkRows?: number) {
  const excel = await XlsxExcel.open(join(FIXTURES, fixture));
  const workbook = new ExcelWorkbook({
    excel: excel.host,
    requirements: officeWith(version).context.requirements,
    ...(chunkRows ? { chunkRows } : {}),
  });
  return { excel, workbook };
}

const leftOut = (rows: SheetRow[]) => rows.filter(isRowLeftOut).map((r) => r.rowNumber);

describe('row visibility on a host without ExcelApi 1.9 (the visible view, checked with rowHidden)', () => {
  it.each([
    ['hidden-rows.xlsx', undefined],
    ['hidden-rows.xlsx', 3],
    ['autofilter.xlsx', undefined],
    ['autofilter.xlsx', 2],
    ['table.xlsx', undefined],
    ['merged.xlsx', 4],
  ])('%s (chunks of %s rows) leaves out the rows the CLI leaves out', async (fixture, chunkRows) => {
    const { workbook } = await paneOn('1.8', fixture, chunkRows);
    const grid = await workbook.readSheet();
    const cli = await readGrid(join(FIXTURES, fixture));
    expect(leftOut(grid.rows)).toEqual(leftOut(cli.rows));
    expect(grid.rows.map((r) => r.rowNumber)).toEqual(cli.rows.map((r) => r.rowNumber));
  });

  it('knows hidden rows without the autofilter: rows a filter hides read as hidden, left out all the same', async () => {
    const { workbook } = await paneOn('1.8', 'autofilter.xlsx');
    const grid = await workbook.readSheet();
    expect(grid.autoFilter).toBeUndefined();
    expect(leftOut(grid.rows)).toEqual([2, 7, 8]);
    expect(grid.rows.filter((r) => r.hidden).map((r) => r.rowNumber)).toEqual([2, 7, 8]);
  });

  it('costs nothing more on a sheet with no hidden row: one sync per chunk', async () => {
    const { excel, workbook } = await paneOn('1.8', 'merged.xlsx', 4);
    await workbook.readSheet();
    // Used range (rows 1–9), three chunks, the date cells' text: no visible view was asked for.
    expect(excel.okSyncs).toHaveLength(5);
    expect(
      excel.okSyncs.flatMap((s) => s.ops).filter((op) => op.kind === 'load' && op.value === 'cellAddresses'),
    ).toEqual([]);
  });

  it('refuses to read the sheet when the host’s visible view shows rows that rowHidden calls hidden', async () => {
    const { excel, workbook } = await paneOn('1.8', 'hidden-rows.xlsx');
    excel.quirks.viewShowsHiddenRows = true;
    const error = await workbook.readSheet().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkbookError);
    expect(error).toMatchObject({ code: 'row_visibility_unknown' });
    expect((error as Error).message).toMatch(/sheet 'Invoices'.*nothing was imported/);
  });

  it('reads the same cells, tables and rows left out through ExcelApi 1.9’s visible cells and 1.8’s visible view', async () => {
    const shape = (grid: Grid) => ({
      tables: grid.tables,
      rows: grid.rows.map((r) => ({ rowNumber: r.rowNumber, cells: r.cells, leftOut: isRowLeftOut(r) })),
    });
    for (const fixture of ['hidden-rows.xlsx', 'autofilter.xlsx', 'table.xlsx']) {
      const old = await (await paneOn('1.8', fixture)).workbook.readSheet();
      const now = await (await paneOn('1.18', fixture)).workbook.readSheet();
      expect(shape(old)).toEqual(shape(now));
    }
  });
});
