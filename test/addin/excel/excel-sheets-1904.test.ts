import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { probeDateSystem } from '../../../addin/excel/date-system.ts';
import type { Batch } from '../../../addin/excel/excel-batch.ts';
import { ExcelWorkbook } from '../../../addin/excel/excel-workbook.ts';
import type { TableSheetInput } from '../../../addin/excel/workbook-port.ts';
import { WorkbookError } from '../../../addin/excel/workbook-port.ts';
import { officeWith } from '../../../addin/replay/model-excel.ts';
import { XlsxExcel } from '../../../addin/replay/xlsx-excel.ts';
import { readGridFromBuffer } from '../../../batch/read/index.ts';

const FIXTURES = join(import.meta.dirname, '../../fixtures/workbooks');
const requirements = officeWith('1.18').context.requirements;

const received = new Date('2026-03-06T00:00:00Z');
const counted = new Date('2025-12-31T16:30:00Z');
const movements: TableSheetInput = {
  name: 'Movements',
  columns: [
    { header: 'Date', type: 'date' },
    { header: 'Counted At', type: 'datetime' },
    { header: 'Product', type: 'text' },
  ],
  rows: [
    [received, counted, 'Glyfos 540'],
    [new Date('1904-01-01T00:00:00Z'), null, 'Amine 625'],
  ],
};

/** Exports `movements` into the fixture through the pane's adapter over the workbook-backed Excel; the workbook as saved. */
async function exportInto(fixture: string): Promise<Uint8Array> {
  const excel = await XlsxExcel.open(join(FIXTURES, fixture));
  await new ExcelWorkbook({ excel: excel.host, requirements }).addTableSheet(movements);
  return excel.toBuffer();
}

describe('an export into a workbook writes its dates in the workbook’s own date system', () => {
  it.each(['dates-1904.xlsx', 'hidden-rows.xlsx'])(
    '%s: exceljs, the CLI and the pane read back the dates exported',
    async (fixture) => {
      const bytes = await exportInto(fixture);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(bytes as unknown as ArrayBuffer);
      expect(Boolean(book.properties.date1904)).toBe(fixture === 'dates-1904.xlsx');
      const ws = book.getWorksheet('Movements')!;
      expect([ws.getCell('A2').value, ws.getCell('B2').value, ws.getCell('A3').value]).toEqual([
        received,
        counted,
        new Date('1904-01-01T00:00:00Z'),
      ]);
      expect(ws.getCell('A1').value).toBe('Date'); // the probe's cell holds the header

      const cli = await readGridFromBuffer(bytes, fixture, { sheet: 'Movements' });
      expect(cli.rows.slice(1).map((r) => r.cells.slice(0, 2))).toEqual([
        [received, counted],
        [new Date('1904-01-01T00:00:00Z'), null],
      ]);
      const pane = await new ExcelWorkbook({ excel: (await XlsxExcel.open(bytes)).host, requirements }).readSheet(
        'Movements',
      );
      expect(pane.rows.slice(1).map((r) => r.cells.slice(0, 2))).toEqual(
        cli.rows.slice(1).map((r) => r.cells.slice(0, 2)),
      );
    },
  );

  it('asks Excel only when a value is a date: an export without dates costs no probe', async () => {
    const excel = await XlsxExcel.open(join(FIXTURES, 'dates-1904.xlsx'));
    await new ExcelWorkbook({ excel: excel.host, requirements }).addTableSheet({
      name: 'Storages',
      columns: [{ header: 'Name', type: 'text' }],
      rows: [['Seed Shed']],
    });
    expect(excel.ops('formulas')).toEqual([]);
  });
});

describe('probeDateSystem', () => {
  /** A one-cell range whose formula Excel answers with `value`. */
  const cell = (value: unknown) => {
    const range = {
      formulas: [] as unknown[][],
      values: [] as unknown[][],
      calculated: false,
      calculate: () => (range.calculated = true),
      load: () => range,
    };
    const batch = { sync: async () => void (range.values = [[value]]) } as unknown as Batch;
    return { range: range as unknown as Excel.Range, batch, state: range };
  };

  it('reads =DATE(2000,1,1) as Excel computes it: 36526 is the 1900 system, 35064 the 1904 one', async () => {
    const in1904 = cell(35_064);
    expect(await probeDateSystem(in1904.range, in1904.batch)).toBe(1904);
    expect(in1904.state.formulas).toEqual([['=DATE(2000,1,1)']]);
    expect(in1904.state.calculated).toBe(true);
    const in1900 = cell(36_526);
    expect(await probeDateSystem(in1900.range, in1900.batch)).toBe(1900);
  });

  it('refuses rather than guess when Excel gives anything else (a cell left uncalculated)', async () => {
    const stale = cell('');
    await expect(probeDateSystem(stale.range, stale.batch)).rejects.toMatchObject({ code: 'date_system_unknown' });
    await expect(probeDateSystem(stale.range, stale.batch)).rejects.toBeInstanceOf(WorkbookError);
  });
});
