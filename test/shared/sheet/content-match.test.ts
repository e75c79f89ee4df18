import { describe, expect, it } from 'vitest';
import { mapSheet, mapWithNames } from '../../../shared/import/map-sheet.ts';
import { createResolver } from '../../../shared/resolve/index.ts';
import { describeEvidence } from '../../../shared/sheet/content-match.ts';
import type { CellValue, Grid } from '../../../shared/sheet/grid.ts';
import { headerLabel } from '../../../shared/kinds/index.ts';
import { MappingError } from '../../../shared/sheet/mapping-error.ts';
import { WILLOW, referenceFor } from '../resolve/catalogue.ts';

const resolver = createResolver(referenceFor(WILLOW));
const grid = (rows: CellValue[][]): Grid => ({
  source: 'sheet.csv',
  sheet: 'sheet',
  rows: rows.map((cells, i) => ({ rowNumber: i + 1, cells })),
});
const map = (rows: CellValue[][]) => mapWithNames(grid(rows), mapSheet(grid(rows), 'receipts', undefined), resolver);
const refusal = (rows: CellValue[][]): MappingError => {
  try {
    map(rows);
  } catch (error) {
    return error as MappingError;
  }
  throw new Error('expected a refusal');
};

describe('matching columns by their values', () => {
  it('places a product column nothing in its header names, and says how', () => {
    const { mapping, evidence } = map([
      ['Supplier', 'Date', 'Deliver To', 'Goods', 'Qty', 'Size', 'Unit', 'Price'],
      ['Farmco Rural Supplies', '3/02/2026', 'Main Chemical Shed', 'Glyfos 540', 4, 20, 'L', 185],
      ['Farmco Rural Supplies', '3/02/2026', 'Main Chemical Shed', 'Amine 625', 2, 20, 'L', 142.5],
      ['Farmco Rural Supplies', '3/02/2026', 'Main Chemical Shed', 'Roundup Ultra', 2, 20, 'L', 142.5],
    ]);
    expect(mapping.columns.product).toBe(3);
    const lines = describeEvidence(evidence, (f) => headerLabel('receipts', f));
    expect(lines).toContain("Product ← 'Goods' (medium: by its values: 2 of 3 values are known products)");
    expect(lines).toContain("Qty ← 'Qty' (high: header; 3 of 3 values are whole numbers)");
    expect(lines).toContain("Supplier ← 'Supplier' (high: header)");
  });

  it('refuses to choose between two columns whose values fit equally, naming both', () => {
    const error = refusal([
      ['Supplier', 'Date', 'Yard', 'Paddock', 'Product', 'Qty', 'Size', 'Unit', 'Price'],
      ['Farmco Rural Supplies', '3/02/2026', 'Main Chemical Shed', 'Seed Shed', 'Glyfos 540', 4, 20, 'L', 185],
      ['Farmco Rural Supplies', '3/02/2026', 'Fertiliser Bunker', 'Seed Shed', 'Amine 625', 2, 20, 'L', 142.5],
    ]);
    expect(error.code).toBe('missing_fields');
    expect(error.message).toContain(
      "'Yard' (2 of 2 values are known storages) and 'Paddock' (2 of 2 values are known storages) could each be the 'Storage' column, and shed will not guess which.",
    );
  });

  it('refuses to guess a date between a delivery date and a due date', () => {
    const error = refusal([
      ['Supplier', 'Delivery', 'Due', 'Deliver To', 'Product', 'Qty', 'Size', 'Unit', 'Price'],
      ['Farmco Rural Supplies', '3/02/2026', '3/03/2026', 'Main Chemical Shed', 'Glyfos 540', 4, 20, 'L', 185],
    ]);
    expect(error.message).toMatch(
      /'Delivery' \(1 of 1 values are dates\) and 'Due' \(1 of 1 values are dates\) could each be the 'Date Received' column/,
    );
  });

  it('moves the product to a Description column of products when the Product column holds none', () => {
    const { mapping } = map([
      ['Supplier', 'Date', 'Deliver To', 'Product', 'Description', 'Qty', 'Size', 'Unit', 'Price'],
      ['Farmco Rural Supplies', '3/02/2026', 'Main Chemical Shed', 'SKU-1001', 'Glyfos 540', 4, 20, 'L', 185],
      ['Farmco Rural Supplies', '3/02/2026', 'Main Chemical Shed', 'SKU-1002', 'Amine 625', 2, 20, 'L', 142.5],
    ]);
    expect(mapping.columns.product).toBe(4);
    expect(mapping.columns.notes).toBeUndefined();
  });

  it('never moves a column the mapping file placed', () => {
    const rows: CellValue[][] = [
      ['Supplier', 'Date', 'Deliver To', 'Product', 'Description', 'Qty', 'Size', 'Unit', 'Price'],
      ['Farmco Rural Supplies', '3/02/2026', 'Main Chemical Shed', 'Glyfos 540', 'Amine 625', 4, 20, 'L', 185],
    ];
    const saved = { columns: { product: 'Product', notes: 'Description' } };
    const { mapping } = mapWithNames(grid(rows), mapSheet(grid(rows), 'receipts', saved), resolver);
    expect([mapping.columns.product, mapping.columns.notes]).toEqual([3, 4]);
  });

  it('marks a header whose values are mostly not of its kind as low confidence', () => {
    const { evidence } = map([
      ['Supplier', 'Date', 'Deliver To', 'Product', 'Qty', 'Size', 'Unit', 'Price'],
      ['Farmco Rural Supplies', '3/02/2026', 'Main Chemical Shed', 'Glyfos 540', 'four', 20, 'L', 185],
      ['Farmco Rural Supplies', '3/02/2026', 'Main Chemical Shed', 'Amine 625', 'two', 20, 'L', 142.5],
    ]);
    expect(evidence.find((e) => e.field === 'quantity')).toMatchObject({
      confidence: 'low',
      detail: '0 of 2 values are whole numbers',
    });
  });
});
