import { describe, expect, it } from 'vitest';
import { ExcelWorkbook } from '../../../addin/excel/excel-workbook.ts';
import { dateToSerial } from '../../../addin/excel/sheet-helpers.ts';
import type { TableSheetInput } from '../../../addin/excel/workbook-port.ts';
import { FakeExcel } from './excel-fake.ts';

const movements: TableSheetInput['columns'] = [
  { header: 'Date', type: 'date' },
  { header: 'Product', type: 'text' },
  { header: 'Litres', type: 'number' },
  { header: 'Packs', type: 'integer' },
  { header: 'Cost', type: 'money' },
  { header: 'Locked', type: 'boolean' },
];

describe('ExcelWorkbook.addTableSheet', () => {
  it('adds a new sheet with a header, typed values and formats, one table over it, fitted and active', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Movements' }] });
    const day = new Date('2026-02-03T00:00:00Z');
    const { name } = await new ExcelWorkbook({ excel: fake.host }).addTableSheet({
      name: 'Movements',
      columns: movements,
      rows: [
        [day, 'Roundup PowerMAX', 120.5, 6, 1234.5, false],
        [day, '=cmd|calc', null, 0, 0, true],
        [day, '0012', -5, 1, null, null],
      ],
    });
    expect(name).toBe('Movements (2)');
    const sheet = fake.sheet(name);
    expect(sheet.values).toEqual([
      ['Date', 'Product', 'Litres', 'Packs', 'Cost', 'Locked'],
      [dateToSerial(day), 'Roundup PowerMAX', 120.5, 6, 1234.5, false],
      [dateToSerial(day), '=cmd|calc', '', 0, 0, true],
      [dateToSerial(day), '0012', -5, 1, '', ''],
    ]);
    expect(fake.ops('values')[1]?.value).toContainEqual([dateToSerial(day), "'=cmd|calc", '', 0, 0, true]);
    expect(sheet.formats.slice(1).map((r) => [r[0], r[3], r[4]])).toEqual(
      Array(3).fill(['dd/mm/yyyy', '0', '#,##0.00']),
    );
    expect(sheet.formats.slice(1).every((r) => r[1] === undefined && r[2] === undefined)).toBe(true);
    expect(sheet.tables).toEqual([{ address: 'A1:F4', hasHeaders: true }]);
    expect(fake.ops('autofit').map((op) => op.address)).toEqual(['A1:F4']);
    expect(fake.active).toBe(name);
    expect(fake.ops('rowsAdd')).toEqual([]);
  });

  it('writes 12,000 rows in three chunks, values before formats, and adds the table once at the end', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Sheet1' }] });
    const rows = Array.from({ length: 12_000 }, (_v, i) => [
      new Date(Date.UTC(2026, 0, 1 + (i % 300))),
      `Product ${i}`,
      i / 4,
      i,
      i * 1.25,
      i % 2 === 0,
    ]);
    const reports: number[] = [];
    await new ExcelWorkbook({ excel: fake.host, onSync: (r) => reports.push(r.rows) }).addTableSheet({
      name: 'Receipts',
      columns: movements,
      rows,
    });
    expect(fake.runs).toBe(1);
    expect(reports).toEqual([0, 0, 5000, 5000, 2000, 0]);
    const [names, probe, ...rest] = fake.syncs;
    expect(names?.ops).toEqual([]); // only the sheet names are loaded
    // The sheet is added with the date-system probe in its first cell, which the header then overwrites.
    expect(probe?.ops.map((op) => op.kind)).toEqual(['sheetAdd', 'formulas', 'calculate', 'load']);
    const chunks = rest.slice(0, 3);
    chunks.forEach((sync) => {
      const kinds = sync.ops.map((op) => op.kind);
      expect(kinds[0]).toEqual('suspendCalc');
      expect(kinds.lastIndexOf('values')).toBeLessThan(kinds.indexOf('numberFormat'));
      expect(sync.ops.filter((op) => op.kind === 'numberFormat')).toHaveLength(3);
    });
    expect(rest[3]?.ops.map((op) => op.kind)).toEqual(['tableAdd', 'autofit', 'activate']);
    expect(fake.sheet('Receipts').tables).toEqual([{ address: 'A1:F12001', hasHeaders: true }]);
    expect(fake.ops('rowsAdd')).toEqual([]);
  });

  it('makes a header-only table when there are no rows, and refuses an export without columns', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Sheet1' }] });
    const workbook = new ExcelWorkbook({ excel: fake.host });
    await workbook.addTableSheet({
      name: 'Storages',
      columns: [
        { header: 'Name', type: 'text' },
        { header: 'Locked', type: 'boolean' },
      ],
      rows: [],
    });
    expect(fake.sheet('Storages').values).toEqual([['Name', 'Locked']]);
    expect(fake.sheet('Storages').tables).toEqual([{ address: 'A1:B1', hasHeaders: true }]);
    await expect(workbook.addTableSheet({ name: 'Empty', columns: [], rows: [] })).rejects.toThrow(RangeError);
  });

  it('refuses rows past Excel’s 1,048,576-row grid before adding a sheet, saying the count and what to export instead', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Sheet1' }] });
    const workbook = new ExcelWorkbook({ excel: fake.host });
    const rows = Array.from({ length: 1_048_576 }, (_v, i) => [i]);
    const error = await workbook
      .addTableSheet({ name: 'Receipts', columns: [{ header: 'N', type: 'integer' }], rows })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'too_many_rows' });
    expect((error as Error).message).toBe(
      "The export 'Receipts' has 1,048,576 rows, more than a sheet holds below its header (1,048,575: Excel's limit is 1,048,576 rows), so no sheet was added for it. Choose a narrower date range, or one storage, and export again.",
    );
    expect(fake.sheets.map((s) => s.name)).toEqual(['Sheet1']);
    expect(fake.syncs).toEqual([]);
  });

  it('the fake Excel refuses a range past the grid, as Excel does', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Sheet1' }] });
    const failure = await fake.host
      .run(async (context) => {
        context.workbook.worksheets.getItem('Sheet1').getRangeByIndexes(1_048_575, 0, 2, 1).values = [[1], [2]];
        await context.sync();
      })
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({ code: 'InvalidArgument' });
    expect(fake.sheet('Sheet1').values).toEqual([]);
  });

  it('makes the sheet name valid: no [ ] : * ? / \\, at most 31 characters', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Sheet1' }] });
    const { name } = await new ExcelWorkbook({ excel: fake.host }).addTableSheet({
      name: 'Movements 2026/02/01 [Main shed]: all products',
      columns: [{ header: 'x', type: 'text' }],
      rows: [['a']],
    });
    expect(name).toBe('Movements 2026 02 01 Main shed');
    expect(name.length).toBeLessThanOrEqual(31);
  });

  it('writes 20,000 rows × 20 columns in few syncs, each far below 5 MB', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Sheet1' }] });
    const columns = Array.from({ length: 20 }, (_v, i) => ({
      header: `Column ${i}`,
      type: (['text', 'number', 'money', 'date'] as const)[i % 4] ?? 'text',
    }));
    const day = new Date(Date.UTC(2026, 1, 3));
    const rows = Array.from({ length: 20_000 }, (_v, r) =>
      columns.map((c, i) => (c.type === 'text' ? `Roundup PowerMAX ${r}-${i}` : c.type === 'date' ? day : r * 1.5 + i)),
    );
    const reports: { rows: number; requestBytes: number }[] = [];
    await new ExcelWorkbook({ excel: fake.host, onSync: (r) => reports.push(r) }).addTableSheet({
      name: 'Bench',
      columns,
      rows,
    });
    expect(reports.map((r) => r.rows)).toEqual([0, 0, 5000, 5000, 5000, 5000, 0]);
    const largest = Math.max(...fake.syncs.map((s) => s.bytes));
    expect(largest).toBeLessThan(5 * 1024 * 1024);
    expect(Math.max(...reports.map((r) => r.requestBytes))).toBeGreaterThanOrEqual(largest * 0.9);
  });
});
