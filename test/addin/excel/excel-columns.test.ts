/**
 * WorkbookPort.readColumns over the office-js adapter (fake Excel) and the memory workbook: only the
 * columns asked for, on the rows asked for (a span's own columns there), values only, in few syncs.
 */
import { describe, expect, it } from 'vitest';
import { ExcelWorkbook } from '../../../addin/excel/excel-workbook.ts';
import { MemoryWorkbook } from '../../../addin/excel/memory-workbook.ts';
import { FakeExcel } from './excel-fake.ts';

const values = [
  ['Title'],
  ['Invoice', 'Date', 'Product', 'Qty', 'Status'],
  ['INV-1', 46056, 'Glyfos', 4, 'created'],
  [],
  ['INV-2', 46057, 'Roundup', 2, 'created'],
];

describe('readColumns', () => {
  it('reads the key columns of the rows asked for, and the header with its own columns, in one sync', async () => {
    const fake = new FakeExcel({
      sheets: [
        { name: 'S', values, formats: values.map((r) => r.map((_v, c) => (c === 1 ? 'dd/mm/yyyy' : 'General'))) },
      ],
    });
    const rows = await new ExcelWorkbook({ excel: fake.host }).readColumns(
      'S',
      [0, 2, 3],
      [
        { first: 2, last: 2, columns: [0, 4] },
        { first: 3, last: 5 },
      ],
    );
    expect(rows).toEqual([
      { rowNumber: 2, cells: ['Invoice', null, null, null, 'Status'] },
      { rowNumber: 3, cells: ['INV-1', null, 'Glyfos', 4, null] },
      { rowNumber: 5, cells: ['INV-2', null, 'Roundup', 2, null] },
    ]);
    expect(fake.okSyncs).toHaveLength(1);
    const loads = fake.okSyncs[0]!.ops.filter((op) => op.kind === 'load');
    expect(loads.map((op) => [op.address, op.value])).toEqual([
      ['A2', 'values'],
      ['E2', 'values'],
      ['A3:A5', 'values'],
      ['C3:D5', 'values'],
    ]);
  });

  it('without rows reads the columns down to the last used row; the memory workbook reads the same', async () => {
    const fake = new FakeExcel({ sheets: [{ name: 'S', values }] });
    const excel = await new ExcelWorkbook({ excel: fake.host }).readColumns('S', [0, 3]);
    const memory = await new MemoryWorkbook({ sheets: [{ name: 'S', rows: values }] }).readColumns('S', [0, 3]);
    expect(excel.map((r) => [r.rowNumber, r.cells[0], r.cells[3]])).toEqual([
      [1, 'Title', null],
      [2, 'Invoice', 'Qty'],
      [3, 'INV-1', 4],
      [5, 'INV-2', 2],
    ]);
    expect(memory).toEqual(excel);
  });
});
