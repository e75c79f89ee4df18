import { readFile, writeFile } from 'node:fs/promises';
import type ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { TableRow, TableSheet } from '../../../batch/write/table.ts';
import { writeXlsxTables } from '../../../batch/write/xlsx-writer.ts';
import { ALL_TYPES, failure, readWorkbook, sampleRows, useTempDir } from './helpers.ts';

const dir = useTempDir();

/** The table model exceljs reads back (untyped in its .d.ts). */
interface TableModel {
  name: string;
  tableRef: string;
  autoFilterRef: string;
  totalsRow: boolean;
  columns: { name: string; totalsRowLabel?: string; totalsRowFunction?: string }[];
  style: { theme: string };
}

function tableOf(worksheet: ExcelJS.Worksheet, name: string): TableModel {
  return (worksheet.getTable(name) as unknown as { table: TableModel }).table;
}

function movements(rows: TableSheet['rows'], extra: Partial<TableSheet> = {}): TableSheet {
  return { name: 'Movements', columns: ALL_TYPES, rows, ...extra };
}

describe('writeXlsxTables: cells', () => {
  it('writes real dates, numbers, money, datetimes, booleans and text with their formats', async () => {
    const path = dir.file('export.xlsx');
    const rows: TableRow[] = [
      {
        date: new Date(Date.UTC(2026, 0, 31)),
        product: 'Glyfos 540',
        qty: '20.500',
        packs: 4,
        cost: '-1234.50',
        at: '2026-03-01T10:00:00.123456Z',
        locked: true,
      },
      {
        date: '2026-02-28',
        product: '=1+2',
        qty: 2.25,
        packs: '7',
        cost: 12,
        at: new Date(Date.UTC(2026, 2, 2, 23, 59)),
        locked: 'false',
      },
    ];
    expect(await writeXlsxTables(path, [movements(rows)])).toEqual({ rows: 2, sheetRows: [2] });
    const sheet = (await readWorkbook(path)).getWorksheet('Movements')!;
    const first = sheet.getRow(2);
    const date = first.getCell(1).value as Date;
    expect(date).toBeInstanceOf(Date);
    expect([date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), date.getUTCHours()]).toEqual([
      2026, 0, 31, 0,
    ]);
    expect(first.getCell(1).numFmt).toBe('dd/mm/yyyy');
    expect(first.getCell(2).value).toBe('Glyfos 540');
    expect(first.getCell(3).value).toBe(20.5);
    expect(first.getCell(4).value).toBe(4);
    expect(first.getCell(4).numFmt).toBe('0');
    expect(first.getCell(5).value).toBe(-1234.5);
    expect(first.getCell(5).numFmt).toBe('#,##0.00');
    expect((first.getCell(6).value as Date).toISOString()).toBe('2026-03-01T10:00:00.123Z');
    expect(first.getCell(6).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(first.getCell(7).value).toBe(true);
    const second = sheet.getRow(3);
    expect((second.getCell(1).value as Date).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(second.getCell(2).value).toBe('=1+2');
    expect(second.getCell(2).formula).toBeUndefined();
    expect(second.getCell(4).value).toBe(7);
    expect(second.getCell(7).value).toBe(false);
  });

  it('shows datetimes in the time zone asked for', async () => {
    const path = dir.file('zoned.xlsx');
    await writeXlsxTables(path, [movements([{ at: '2026-03-01T10:00:00Z' }])], { timeZone: 'Australia/Sydney' });
    const value = (await readWorkbook(path)).getWorksheet('Movements')!.getRow(2).getCell(6).value as Date;
    expect(value.toISOString()).toBe('2026-03-01T21:00:00.000Z');
  });

  it('leaves empty cells for null and missing values, and ignores unknown keys', async () => {
    const path = dir.file('sparse.xlsx');
    await writeXlsxTables(path, [movements([{ product: 'Only this', qty: null, other: 'ignored' }])]);
    const row = (await readWorkbook(path)).getWorksheet('Movements')!.getRow(2);
    expect(row.getCell(2).value).toBe('Only this');
    for (const column of [1, 3, 4, 5, 6, 7]) expect(row.getCell(column).value).toBeNull();
    expect(row.cellCount).toBeLessThanOrEqual(7);
  });

  it('honours a column number format given in the spec', async () => {
    const path = dir.file('fmt.xlsx');
    const columns = [{ key: 'kg', header: 'Kilograms', type: 'number' as const, numFmt: '#,##0.000 "kg"' }];
    await writeXlsxTables(path, [{ name: 'S', columns, rows: [{ kg: 1000 }] }]);
    expect((await readWorkbook(path)).getWorksheet('S')!.getRow(2).getCell(1).numFmt).toBe('#,##0.000 "kg"');
  });
});

describe('writeXlsxTables: sheet layout', () => {
  it('writes a bold, filled, frozen header row and a real Excel table over header and data', async () => {
    const path = dir.file('layout.xlsx');
    await writeXlsxTables(path, [movements(sampleRows(25))]);
    const sheet = (await readWorkbook(path)).getWorksheet('Movements')!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...ALL_TYPES.map((c) => c.header)]);
    const header = sheet.getRow(1).getCell(1);
    expect(header.font?.bold).toBe(true);
    expect(header.fill).toMatchObject({ type: 'pattern', pattern: 'solid' });
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const table = tableOf(sheet, 'Movements');
    expect(table.tableRef).toBe('A1:G26');
    expect(table.autoFilterRef).toBe('A1:G26');
    expect(table.totalsRow).toBe(false);
    expect(table.columns.map((c) => c.name)).toEqual(ALL_TYPES.map((c) => c.header));
    expect(table.style.theme).toBe('TableStyleMedium2');
    // A table brings its own filter; a sheet autoFilter over it would make Excel repair the file.
    expect(sheet.autoFilter).toBeUndefined();
  });

  it('sizes columns from the header and the values, 8 to 60 characters, or as given', async () => {
    const path = dir.file('widths.xlsx');
    const columns = [
      { key: 'a', header: 'Id', type: 'integer' as const },
      { key: 'b', header: 'Product', type: 'text' as const },
      { key: 'c', header: 'Notes', type: 'text' as const },
      { key: 'd', header: 'Fixed', type: 'text' as const, width: 30 },
    ];
    const rows = [{ a: 1, b: 'Alphaguard® 100 (5 L drum)', c: 'x'.repeat(300), d: 'short' }];
    await writeXlsxTables(path, [{ name: 'S', columns, rows }]);
    const widths = (await readWorkbook(path)).getWorksheet('S')!.columns.map((c) => c.width);
    expect(widths).toEqual([8, 28, 60, 30]);
  });

  it('adds a totals row of SUBTOTAL formulas over the table columns, with the sums cached', async () => {
    const path = dir.file('totals.xlsx');
    const rows = [
      { qty: '0.1', cost: 10.1 },
      { qty: '0.2', cost: '20.20' },
      { qty: null, cost: 1 },
    ];
    await writeXlsxTables(path, [movements(rows, { totalsRow: { label: 'Total in/out', sum: ['qty', 'cost'] } })]);
    const sheet = (await readWorkbook(path)).getWorksheet('Movements')!;
    const totals = sheet.getRow(5);
    expect(totals.getCell(1).value).toBe('Total in/out');
    expect(totals.getCell(3).value).toEqual({ formula: 'SUBTOTAL(109,Movements[[Quantity (L)]])', result: 0.3 });
    expect(totals.getCell(5).value).toEqual({ formula: 'SUBTOTAL(109,Movements[Cost])', result: 31.3 });
    expect(totals.getCell(5).numFmt).toBe('#,##0.00');
    expect(totals.getCell(3).font?.bold).toBe(true);
    const table = tableOf(sheet, 'Movements');
    expect(table.totalsRow).toBe(true);
    expect(table.tableRef).toBe('A1:G5');
    expect(table.autoFilterRef).toBe('A1:G4');
    expect(table.columns[0]).toMatchObject({ totalsRowLabel: 'Total in/out' });
    expect(table.columns[2]).toMatchObject({ totalsRowFunction: 'sum' });
  });

  it('writes several sheets, each with its own table; an empty sheet keeps one empty data row', async () => {
    const path = dir.file('two.xlsx');
    const summary = {
      name: 'Summary',
      columns: [{ key: 'storage', header: 'Storage', type: 'text' as const }],
      rows: [],
    };
    const result = await writeXlsxTables(path, [movements(sampleRows(3)), summary, { ...summary, name: 'Summary 2' }]);
    expect(result.rows).toBe(3);
    const workbook = await readWorkbook(path);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Movements', 'Summary', 'Summary 2']);
    expect(tableOf(workbook.getWorksheet('Summary')!, 'Summary').tableRef).toBe('A1:A2');
    expect(tableOf(workbook.getWorksheet('Summary 2')!, 'Summary2').tableRef).toBe('A1:A2');
    expect(workbook.getWorksheet('Summary')!.getRow(1).getCell(1).value).toBe('Storage');
  });

  it('escapes header text in the table part', async () => {
    const path = dir.file('escape.xlsx');
    const columns = [{ key: 'a', header: 'Cost <ex> "GST" & freight', type: 'money' as const }];
    await writeXlsxTables(path, [{ name: 'S', columns, rows: [{ a: 1 }] }]);
    const sheet = (await readWorkbook(path)).getWorksheet('S')!;
    expect(tableOf(sheet, 'S').columns[0]?.name).toBe('Cost <ex> "GST" & freight');
    expect(sheet.getRow(1).getCell(1).value).toBe('Cost <ex> "GST" & freight');
  });
});

describe('writeXlsxTables: streaming and progress', () => {
  it('reads async rows once, in order, and reports progress', async () => {
    const path = dir.file('async.xlsx');
    async function* rows(): AsyncGenerator<TableRow> {
      for (const row of sampleRows(1_250)) {
        await Promise.resolve();
        yield row;
      }
    }
    const seen: number[] = [];
    const result = await writeXlsxTables(path, [movements(rows())], { onRow: (n) => seen.push(n) });
    expect(result.rows).toBe(1_250);
    expect(seen).toHaveLength(1_250);
    expect(seen.at(-1)).toBe(1_250);
    const sheet = (await readWorkbook(path)).getWorksheet('Movements')!;
    expect(sheet.getRow(2).getCell(2).value).toBe('Glyfos 540 #0');
    expect(sheet.getRow(1_251).getCell(2).value).toBe('Glyfos 540 #1249');
    expect(sheet.getRow(1_251).getCell(4).value).toBe(1_249);
  });

  it('streams 30,000 rows (past the back-pressure threshold) without losing any', async () => {
    const path = dir.file('many.xlsx');
    expect(await writeXlsxTables(path, [movements(sampleRows(30_000))])).toEqual({ rows: 30_000, sheetRows: [30_000] });
    const sheet = (await readWorkbook(path)).getWorksheet('Movements')!;
    expect(sheet.rowCount).toBe(30_001);
    expect(sheet.getRow(30_001).getCell(2).value).toBe('Glyfos 540 #29999');
    expect(tableOf(sheet, 'Movements').tableRef).toBe('A1:G30001');
  });
});

describe('writeXlsxTables: all or nothing', () => {
  it('leaves no file and no temp file when the row iterator throws midway', async () => {
    const path = dir.file('broken.xlsx');
    function* rows(): Generator<TableRow> {
      let i = 0;
      for (const row of sampleRows(5_000)) {
        if (i++ === 3_000) throw new Error('service went away');
        yield row;
      }
    }
    const error = await failure(writeXlsxTables(path, [movements(rows())]));
    expect(error.message).toBe('service went away');
    expect(await dir.list()).toEqual([]);
  });

  it('keeps an existing target as it was when writing fails, and replaces it when writing succeeds', async () => {
    const path = dir.file('existing.xlsx');
    await writeFile(path, 'previous export');
    const error = await failure(writeXlsxTables(path, [movements([{ packs: 1.5 }])]));
    expect(error.code).toBe('invalid_cell_value');
    expect(error.message).toContain("row 1, column 'Packs'");
    expect(await readFile(path, 'utf8')).toBe('previous export');
    expect(await dir.list()).toEqual(['existing.xlsx']);
    await writeXlsxTables(path, [movements(sampleRows(1))]);
    expect((await readWorkbook(path)).getWorksheet('Movements')!.getRow(2).getCell(2).value).toBe('Glyfos 540 #0');
  });

  it('closes the row source when a bad value stops the export', async () => {
    let closed = false;
    // Past the 200 rows read ahead for widths, so that the source is still open when the bad value comes.
    function* rows(): Generator<TableRow> {
      try {
        for (let i = 0; i < 300; i++) yield { packs: i };
        yield { packs: 'many' };
        for (let i = 0; i < 300; i++) yield { packs: i };
      } finally {
        closed = true;
      }
    }
    const error = await failure(writeXlsxTables(dir.file('x.xlsx'), [movements(rows())]));
    expect(error.code).toBe('invalid_cell_value');
    expect(error.message).toContain('row 301');
    expect(closed).toBe(true);
  });

  it('refuses a bad sheet spec before touching the disk', async () => {
    const error = await failure(writeXlsxTables(dir.file('x.xlsx'), [movements([]), movements([])]));
    expect(error.code).toBe('invalid_table');
    expect(await dir.list()).toEqual([]);
  });

  it('reports a folder that does not exist as output_not_writable', async () => {
    const error = await failure(writeXlsxTables(dir.file('missing/x.xlsx'), [movements([])]));
    expect(error.code).toBe('output_not_writable');
    expect(error.category).toBe('usage');
    expect(error.message).toContain('missing/x.xlsx');
  });

  it('refuses an unknown time zone', async () => {
    const error = await failure(writeXlsxTables(dir.file('x.xlsx'), [movements([])], { timeZone: 'Australia/Wagga' }));
    expect(error.code).toBe('invalid_table');
  });
});
