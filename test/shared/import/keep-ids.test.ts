import { describe, expect, it } from 'vitest';
import { keepSheetIds } from '../../../shared/import/keep-ids.ts';
import type { RowResult } from '../../../shared/import/outcome.ts';
import type { Grid } from '../../../shared/sheet/grid.ts';
import { detectMapping } from '../../../shared/sheet/mapping.ts';

describe('keepSheetIds: results never blank the ids the sheet holds', () => {
  const grid: Grid = {
    source: 'Book1.xlsx',
    sheet: 'Invoices',
    rows: [
      {
        rowNumber: 1,
        cells: ['Supplier', 'Date', 'Shed', 'Item', 'Qty', 'Size', 'Cost', 'Record ID', 'Sequence', 'Line Item ID'],
      },
      {
        rowNumber: 2,
        cells: ['Farmco', '1/1/2026', 'Seed Shed', 'Wheat', 1, 50, 60, 'rec-1', 'REC-00000007', 'line-1'],
      },
      { rowNumber: 3, cells: ['Farmco', '1/1/2026', 'Seed Shed', 'Wheat', 1, 50, 60, null, '  ', 42] },
    ],
  };
  const mapping = detectMapping(grid, 'receipts');

  it('fills what a result lacks from the row, and leaves what it carries', () => {
    const kept = keepSheetIds(
      [
        { rowNumber: 2, status: 'failed', message: 'timeout' },
        { rowNumber: 3, status: 'updated', recordId: 'rec-2', lineItemId: 'new-line' },
        { rowNumber: 9, status: 'invalid' },
      ],
      grid,
      mapping,
    );
    expect(kept).toEqual([
      {
        rowNumber: 2,
        status: 'failed',
        message: 'timeout',
        recordId: 'rec-1',
        sequence: 'REC-00000007',
        lineItemId: 'line-1',
      },
      { rowNumber: 3, status: 'updated', recordId: 'rec-2', lineItemId: 'new-line' },
      { rowNumber: 9, status: 'invalid' },
    ]);
  });

  it('without id columns in the sheet, changes nothing', () => {
    const bare: Grid = { ...grid, rows: grid.rows.map((r) => ({ ...r, cells: r.cells.slice(0, 7) })) };
    const result: RowResult = { rowNumber: 2, status: 'failed' };
    expect(keepSheetIds([result], bare, detectMapping(bare, 'receipts'))).toEqual([result]);
  });
});
