import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { dropMisplaced, excelKeyCells, type RowKeys } from '../../../batch/write/results-keys.ts';
import type { RowResult } from '../../../shared/import/outcome.ts';
import { rowKey } from '../../../shared/import/row-key.ts';
import type { CellValue } from '../../../shared/sheet/grid.ts';

const COLUMNS = [0, 1, 2];

function keysOf(rows: Record<number, CellValue[]>): RowKeys {
  return {
    columns: COLUMNS,
    dateSystem: 1900,
    byRow: new Map(Object.entries(rows).map(([n, cells]) => [Number(n), rowKey(cells, COLUMNS)])),
  };
}

const results = (...rows: number[]) =>
  new Map<number, RowResult>(rows.map((rowNumber) => [rowNumber, { rowNumber, status: 'created' }]));

describe('the key check of a results file', () => {
  it('leaves off a result whose row shows other key cells, and keeps the others', () => {
    const byRow = results(2, 3);
    const keys = keysOf({ 2: ['INV-1', 'Glyfos', 4], 3: ['INV-1', 'Amine', 2] });
    const now: Record<number, CellValue[]> = { 2: ['inv-1 ', 'GLYFOS', '4'], 3: ['INV-1', 'Glyfos', 4] };
    expect(dropMisplaced(byRow, keys, (n) => now[n] ?? [])).toEqual([3]);
    expect([...byRow.keys()]).toEqual([2]);
  });

  it('reads exceljs cells as the reader does: cached results, rich text, Excel line breaks, merged parts blank', () => {
    const sheet = new ExcelJS.Workbook().addWorksheet('S');
    sheet.getRow(1).values = [
      { formula: 'B1', result: 'Glyfos' } as never,
      { richText: [{ text: 'Line' }, { text: '_x000D_\nTwo' }] } as never,
      { formula: 'X1' } as never,
    ];
    sheet.getRow(2).values = ['INV-1', 'x', 'y'];
    sheet.mergeCells('A2:B2');
    const cells = excelKeyCells(sheet.getRow(1), COLUMNS);
    const keys = keysOf({ 1: ['Glyfos', 'Line\r\nTwo', 12], 2: ['INV-1', null, 'y'] });
    // A formula saved without its value cannot be compared: not held against the row.
    expect(
      dropMisplaced(results(1, 2), keys, (n) => (n === 1 ? cells : excelKeyCells(sheet.getRow(2), COLUMNS))),
    ).toEqual([]);
  });
});
