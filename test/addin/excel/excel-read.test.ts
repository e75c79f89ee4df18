import { afterEach, describe, expect, it } from 'vitest';
import { dateSystemOf } from '../../../addin/excel/date-system.ts';
import { ExcelWorkbook } from '../../../addin/excel/excel-workbook.ts';
import type { SyncReport } from '../../../addin/excel/excel-batch.ts';
import { WorkbookError } from '../../../addin/excel/workbook-port.ts';
import { FakeExcel, officeWith } from './excel-fake.ts';

/** A sheet of `count` data rows below a header in row 1: A = row index, B = a date serial. */
function tallSheet(count: number): { values: unknown[][]; formats: unknown[][] } {
  const values: unknown[][] = [['No.', 'Date received']];
  const formats: unknown[][] = [['General', 'General']];
  for (let i = 1; i <= count; i++) {
    values.push([i, 45_000 + (i % 400)]);
    formats.push(['General', 'd/mm/yyyy']);
  }
  return { values, formats };
}

describe('ExcelWorkbook.readSheet', () => {
  it('keeps sheet row numbers and column positions when the used range starts below and right of A1', async () => {
    const fake = new FakeExcel({
      sheets: [
        {
          name: 'Invoices',
          values: [
            [],
            ['', 'Supplier invoices, February'],
            [],
            ['', 'Supplier', 'Qty'],
            ['', 'Nufarm', 4],
            [],
            ['', 'Total', 4],
          ],
        },
      ],
    });
    const grid = await new ExcelWorkbook({ excel: fake.host }).readSheet('Invoices');
    expect(grid).toEqual({
      source: 'Stock.xlsx',
      sheet: 'Invoices',
      rows: [
        { rowNumber: 2, cells: [null, 'Supplier invoices, February'] },
        { rowNumber: 4, cells: [null, 'Supplier', 'Qty'] },
        { rowNumber: 5, cells: [null, 'Nufarm', 4] },
        { rowNumber: 7, cells: [null, 'Total', 4] },
      ],
    });
  });

  it('tells dates from numbers by number format, serials becoming UTC-part dates', async () => {
    const fake = new FakeExcel({
      sheets: [
        {
          name: 'S',
          values: [
            ['Date', 'Stamp', 'Qty', 'Price', 'Text date', 'Code', 'Flag', 'Error', 'Blank'],
            [46056, 46056.75, 46056, 12.5, '3/2/2026', 46056, true, '#N/A', ''],
            [46056, 46056, 46056, 46056, '', 46056, false, '', '   '],
          ],
          formats: [
            [],
            ['dd/mm/yyyy', 'yyyy-mm-dd hh:mm', 'General', '$#,##0.00', 'General', '@', 'General', 'General', 'General'],
            [
              '[$-en-AU]d mmmm yyyy',
              'd-mmm-yy',
              '0.00',
              '#,##0 "days"',
              'General',
              '[Red]0',
              'General',
              'General',
              'General',
            ],
          ],
        },
      ],
    });
    const [, first, second] = (await new ExcelWorkbook({ excel: fake.host }).readSheet('S')).rows;
    expect(first?.cells).toEqual([
      new Date('2026-02-03T00:00:00Z'),
      new Date('2026-02-03T18:00:00Z'),
      46056,
      12.5,
      '3/2/2026',
      46056,
      true,
      '#N/A',
    ]);
    expect(second?.cells.slice(0, 6)).toEqual([
      new Date('2026-02-03T00:00:00Z'),
      new Date('2026-02-03T00:00:00Z'),
      46056,
      46056,
      null,
      46056,
    ]);
    expect(second?.cells[8]).toBe('   ');
  });

  it('reads the active sheet by default, and an empty sheet as no rows after one sync', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'A', values: [['x']] }, { name: 'Empty' }], active: 'Empty' });
    const grid = await new ExcelWorkbook({ excel: fake.host }).readSheet();
    expect(grid).toEqual({ source: 'Stock.xlsx', sheet: 'Empty', rows: [] });
    expect(fake.syncs).toHaveLength(1);
  });

  it('leaves out rows where every cell is blank', async () => {
    const fake = new FakeExcel({
      sheets: [
        {
          name: 'S',
          values: [
            ['a', 'b'],
            ['', ' '],
            ['\u00a0', ''],
            ['c', ''],
          ],
        },
      ],
    });
    const grid = await new ExcelWorkbook({ excel: fake.host }).readSheet('S');
    expect(grid.rows.map((r) => r.rowNumber)).toEqual([1, 4]);
  });

  it('reads 12,000 rows in chunks of 5,000, 5,000 and 2,000 with one sync each', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Big', ...tallSheet(11_999) }] });
    const reports: SyncReport[] = [];
    const progress: number[] = [];
    const grid = await new ExcelWorkbook({ excel: fake.host, onSync: (r) => reports.push(r) }).readSheet('Big', {
      onProgress: (rows) => progress.push(rows),
    });
    expect(fake.runs).toBe(1);
    // Used range, one per chunk, then the text of the first block of date cells (which date system: date-system.ts).
    expect(fake.syncs).toHaveLength(5);
    const chunkLoads = fake.syncs
      .slice(1, 4)
      .map((s) => s.ops.filter((op) => op.kind === 'load').map((op) => [op.row, op.rows]));
    // Each chunk: its cells, and whether its rows are hidden (one column's rowHidden: no ExcelApi 1.9 here).
    expect(chunkLoads).toEqual([
      [
        [0, 5000],
        [0, 5000],
      ],
      [
        [5000, 5000],
        [5000, 5000],
      ],
      [
        [10000, 2000],
        [10000, 2000],
      ],
    ]);
    expect(fake.syncs[4]!.ops.filter((op) => op.kind === 'load').map((op) => [op.row, op.rows, op.value])).toEqual([
      [1, 5000, 'text'],
    ]);
    expect(progress).toEqual([5000, 10000, 12000]);
    expect(reports.map((r) => r.rows)).toEqual([0, 5000, 5000, 2000, 0]);
    expect(reports[1]?.responseBytes).toBeGreaterThan(5000 * 10);
    expect(grid.rows).toHaveLength(12_000);
    expect(grid.rows[11_999]).toEqual({
      rowNumber: 12_000,
      cells: [11_999, new Date(Date.UTC(1899, 11, 30) + (45_000 + (11_999 % 400)) * 86_400_000)],
    });
  });

  it('halves the chunk after a payload error and reads that chunk again', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Big', ...tallSheet(11_999) }] });
    fake.failSync = (ops) =>
      ops.some((op) => op.kind === 'load' && op.value === 'values,numberFormat' && (op.rows ?? 0) > 2500)
        ? { code: 'ResponsePayloadSizeLimitExceeded' }
        : undefined;
    const grid = await new ExcelWorkbook({ excel: fake.host }).readSheet('Big');
    const attempts = fake.syncs
      .slice(1, -1)
      .map((s) => [s.ops.find((op) => op.kind === 'load')?.rows, s.failed ?? 'ok']);
    expect(attempts).toEqual([
      [5000, 'ResponsePayloadSizeLimitExceeded'],
      [2500, 'ok'],
      [2500, 'ok'],
      [2500, 'ok'],
      [2500, 'ok'],
      [2000, 'ok'],
    ]);
    expect(grid.rows.map((r) => r.rowNumber)).toEqual(Array.from({ length: 12_000 }, (_v, i) => i + 1));
  });

  it('halves on a request payload error in debugInfo too, and gives up with payload_too_large at one row', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'S', ...tallSheet(9) }] });
    fake.failSync = (ops) =>
      ops.some((op) => op.kind === 'load' && op.value === 'values,numberFormat')
        ? { code: 'RequestPayloadSizeLimitExceeded' }
        : undefined;
    const error = await new ExcelWorkbook({ excel: fake.host, chunkRows: 8 }).readSheet('S').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkbookError);
    expect((error as WorkbookError).code).toBe('payload_too_large');
    expect(fake.syncs.slice(1).map((s) => s.ops.find((op) => op.kind === 'load')?.rows)).toEqual([8, 4, 2, 1]);
  });

  it('does not retry other errors', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'S', ...tallSheet(9) }] });
    fake.failSync = (_ops, attempt) => (attempt === 1 ? { code: 'GeneralException' } : undefined);
    await expect(new ExcelWorkbook({ excel: fake.host }).readSheet('S')).rejects.toMatchObject({
      code: 'GeneralException',
    });
    expect(fake.syncs).toHaveLength(2);
  });

  it('says which sheet is missing', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'Invoices' }] });
    const error = await new ExcelWorkbook({ excel: fake.host }).readSheet('Invoice').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkbookError);
    expect(error).toMatchObject({ code: 'sheet_not_found', message: "There is no sheet named 'Invoice'." });
  });
});

describe('ExcelWorkbook.readSheet on the 1904 date system', () => {
  // 3 February 2026 is serial 46056 in the 1900 system and 44594 in the 1904 system.
  it('reads dates in the system the text Excel shows says, four years later than 1900 would', async () => {
    const fake = new FakeExcel({
      sheets: [
        {
          name: 'Mac',
          values: [['Date received'], [44_594], [44_595]],
          formats: [['General'], ['d/mm/yyyy'], ['d/mm/yyyy']],
          texts: [[''], ['3/02/2026'], ['4/02/2026']],
        },
      ],
    });
    const grid = await new ExcelWorkbook({ excel: fake.host }).readSheet('Mac');
    expect(grid.rows.map((r) => (r.cells[0] as Date).toISOString?.())).toEqual([
      undefined,
      '2026-02-03T00:00:00.000Z',
      '2026-02-04T00:00:00.000Z',
    ]);
  });

  it('leaves 1900-system dates alone', async () => {
    const fake = new FakeExcel({
      sheets: [
        {
          name: 'Win',
          values: [['Date received'], [46_056]],
          formats: [['General'], ['d/mm/yyyy']],
          texts: [[''], ['3/02/2026']],
        },
      ],
    });
    const grid = await new ExcelWorkbook({ excel: fake.host }).readSheet('Win');
    expect((grid.rows[1]!.cells[0] as Date).toISOString()).toBe('2026-02-03T00:00:00.000Z');
  });
});

describe('ExcelWorkbook.readSheet: dates shown without their year', () => {
  // Serial 44594 is 3 February 2026 in the 1904 system and 2 February 2022 in the 1900 one: '3-Feb' tells neither.
  const yearless = (date1904: boolean, serial: number) =>
    new FakeExcel({
      date1904,
      sheets: [
        {
          name: 'Mac',
          values: [['Date received'], [serial], [serial + 1]],
          formats: [['General'], ['d-mmm'], ['ddd d mmm']],
          texts: [[''], ['3-Feb'], ['Wed 4 Feb']],
        },
      ],
    });

  it('asks Excel which date system the workbook is on (no cell written) and reads the dates in it', async () => {
    for (const [date1904, serial] of [
      [true, 44_594],
      [false, 46_056],
    ] as const) {
      const fake = yearless(date1904, serial);
      const grid = await new ExcelWorkbook({ excel: fake.host }).readSheet('Mac');
      expect(grid.rows.slice(1).map((r) => (r.cells[0] as Date).toISOString())).toEqual([
        '2026-02-03T00:00:00.000Z',
        '2026-02-04T00:00:00.000Z',
      ]);
      expect(grid.dateSystem).toBe(date1904 ? 1904 : 1900);
      expect(fake.syncs.flatMap((s) => s.ops).filter((op) => op.kind !== 'load')).toEqual([]);
    }
  });

  it('refuses the read, saying where and how to fix, when Excel does not answer either', async () => {
    const fake = yearless(true, 44_594);
    fake.dateFunction = () => '#VALUE!';
    const error = await new ExcelWorkbook({ excel: fake.host }).readSheet('Mac').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkbookError);
    expect(error).toMatchObject({ code: 'date_system_unknown' });
    expect((error as Error).message).toMatch(
      /^Stock\.xlsx, sheet 'Mac', cell A2: the dates are shown without their year, .* none was read\. Show the year in the date column's format/,
    );
  });
});

describe('dateSystemOf', () => {
  it('tells the systems apart by what Excel shows, in either date order; says nothing for a time', () => {
    expect(dateSystemOf(44_594, '3/02/2026')).toBe(1904);
    expect(dateSystemOf(44_594, '02/03/2026')).toBe(1904);
    expect(dateSystemOf(44_594, '2-Feb-2022')).toBe(1900);
    expect(dateSystemOf(46_056.5, '12:00:00 PM')).toBeNull();
  });
});

describe('ExcelWorkbook: sheet names and settings', () => {
  const fake = () =>
    new FakeExcel({
      sheets: [{ name: 'Invoices' }, { name: 'Lists', visibility: 'Hidden' }, { name: 'Returns' }],
      active: 'Returns',
    });

  it('names the active sheet and the visible sheets in tab order', async () => {
    const workbook = new ExcelWorkbook({ excel: fake().host });
    expect(await workbook.activeSheetName()).toBe('Returns');
    expect(await workbook.sheetNames()).toEqual(['Invoices', 'Returns']);
  });

  it('reads a missing setting as null and keeps a saved one in the workbook', async () => {
    const excel = fake();
    const workbook = new ExcelWorkbook({ excel: excel.host });
    expect(await workbook.getSetting('shed.mapping')).toBeNull();
    await workbook.setSetting('shed.mapping', '{"supplier":0}');
    expect(excel.settings.get('shed.mapping')).toBe('{"supplier":0}');
    expect(await workbook.getSetting('shed.mapping')).toBe('{"supplier":0}');
  });
});

describe('ExcelWorkbook defaults', () => {
  const globals = globalThis as { Excel?: unknown; Office?: unknown };
  afterEach(() => {
    delete globals.Excel;
    delete globals.Office;
  });

  it('uses the global Excel and Office of office-js', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'S', values: [['a']] }] });
    globals.Excel = fake.host;
    globals.Office = officeWith('1.18');
    expect((await new ExcelWorkbook().readSheet()).rows).toEqual([{ rowNumber: 1, cells: ['a'] }]);
    expect(fake.runs).toBe(1);
  });
});
