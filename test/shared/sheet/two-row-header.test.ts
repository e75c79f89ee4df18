import { describe, expect, it } from 'vitest';
import type { CellValue, Grid } from '../../../shared/sheet/grid.ts';
import { detectMapping } from '../../../shared/sheet/mapping.ts';
import { EXAMPLE_HEADER } from '../../support/example-header.ts';

function grid(rows: CellValue[][]): Grid {
  return { source: 'two-rows.xlsx', sheet: 'Bills', rows: rows.map((cells, i) => ({ rowNumber: i + 1, cells })) };
}

describe('headers split over two rows', () => {
  it('read the group label above with the label below, on the lower row', () => {
    const mapping = detectMapping(
      grid([
        ['Supplier invoices, March'],
        ['Invoice', null, null, 'Deliver', 'Product', null, 'Pack', null, 'Price', null],
        ['No', 'Supplier', 'Date', 'To', 'Name', 'Qty', 'Size', 'Unit', 'ex GST', 'inc GST'],
        ['A-1', 'Farmco Rural Supplies', '3/2/2026', 'Main Chemical Shed', 'Glyfos 540', 2, 20, 'L', 185, 203.5],
      ]),
      'receipts',
    );
    expect(mapping.headerRowNumber).toBe(3);
    expect(mapping.headers).toEqual([
      'Invoice No',
      'Supplier',
      'Date',
      'Deliver To',
      'Product Name',
      'Qty',
      'Size',
      'Unit',
      'Price ex GST',
      'Price inc GST',
    ]);
    expect(mapping.columns).toMatchObject({
      invoice: 0,
      supplier: 1,
      received_at: 2,
      storage: 3,
      product: 4,
      quantity: 5,
      pack_size: 6,
      pack_unit: 7,
      pack_cost: 8,
    });
    expect(mapping.missing).toEqual([]);
  });

  it('a title above a one-row header is not a group label', () => {
    const mapping = detectMapping(grid([['Willow Creek — supplier invoices'], [...EXAMPLE_HEADER]]), 'receipts');
    expect(mapping.headerRowNumber).toBe(2);
    expect(mapping.headers[0]).toBe('Invoice No');
    expect(mapping.missing).toEqual([]);
  });
});
