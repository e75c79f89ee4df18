import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGrid } from '../../../batch/read/index.ts';
import { MappingError } from '../../../shared/sheet/mapping-error.ts';
import { assertMappingUsable, detectMapping } from '../../../shared/sheet/mapping.ts';
import { toSavedMapping } from '../../../shared/sheet/saved-mapping.ts';
import { EXAMPLES, makeTempDir, writeTemp, xlsxBytes } from '../../batch/read/helpers.ts';

describe('mapping the example files', () => {
  it('maps supplier-invoices.xlsx: header on row 4 below the merged title and the note', async () => {
    const grid = await readGrid(join(EXAMPLES, 'supplier-invoices.xlsx'));
    const mapping = detectMapping(grid, 'receipts');
    expect(mapping).toEqual({
      kind: 'receipts',
      headerRowNumber: 4,
      headers: [
        'Invoice No',
        'Supplier',
        'Date Received',
        'Deliver To',
        'PO Number',
        'Product',
        'Qty',
        'Pack Size',
        'Unit',
        'Price ex GST',
        'Line Total',
        'Notes',
      ],
      columns: {
        invoice: 0,
        supplier: 1,
        received_at: 2,
        storage: 3,
        order_number: 4,
        product: 5,
        quantity: 6,
        pack_size: 7,
        pack_unit: 8,
        pack_cost: 9,
        line_total: 10,
        notes: 11,
      },
      unplaced: [],
      missing: [],
    });
    expect(() => assertMappingUsable(mapping, grid)).not.toThrow();
    expect(toSavedMapping(mapping)).toEqual({
      kind: 'receipts',
      columns: {
        invoice: 'Invoice No',
        supplier: 'Supplier',
        received_at: 'Date Received',
        storage: 'Deliver To',
        order_number: 'PO Number',
        notes: 'Notes',
        product: 'Product',
        quantity: 'Qty',
        pack_size: 'Pack Size',
        pack_unit: 'Unit',
        pack_cost: 'Price ex GST',
        line_total: 'Line Total',
      },
    });
  });

  it("maps supplier-invoices-april.csv's other header names", async () => {
    const grid = await readGrid(join(EXAMPLES, 'supplier-invoices-april.csv'));
    const mapping = detectMapping(grid, 'receipts');
    expect(mapping).toEqual({
      kind: 'receipts',
      headerRowNumber: 1,
      headers: [
        'Invoice',
        'Supplier',
        'Received',
        'Storage',
        'Order No',
        'Item',
        'Packs',
        'Size',
        'UOM',
        'Cost/Pack',
        'Notes',
      ],
      columns: {
        invoice: 0,
        supplier: 1,
        received_at: 2,
        storage: 3,
        order_number: 4,
        product: 5,
        quantity: 6,
        pack_size: 7,
        pack_unit: 8,
        pack_cost: 9,
        notes: 10,
      },
      unplaced: [],
      missing: [],
    });
    expect(() => assertMappingUsable(mapping, grid)).not.toThrow();
  });

  it('maps supplier-returns.csv as returns', async () => {
    const grid = await readGrid(join(EXAMPLES, 'supplier-returns.csv'));
    const mapping = detectMapping(grid, 'returns');
    expect(mapping).toEqual({
      kind: 'returns',
      headerRowNumber: 1,
      headers: ['Date', 'Return To', 'From Shed', 'Product', 'Amount', 'Unit', 'Credit Note', 'Comments'],
      columns: {
        returned_at: 0,
        supplier: 1,
        storage: 2,
        product: 3,
        amount: 4,
        amount_unit: 5,
        reference: 6,
        notes: 7,
      },
      unplaced: [],
      missing: [],
    });
    expect(() => assertMappingUsable(mapping, grid)).not.toThrow();
  });

  it('refuses supplier-returns.csv as receipts, naming what is missing and what it could not place', async () => {
    const grid = await readGrid(join(EXAMPLES, 'supplier-returns.csv'));
    const mapping = detectMapping(grid, 'receipts');
    expect(mapping.missing).toEqual(['supplier', 'storage', 'quantity', 'pack_size', 'pack_cost']);
    expect(mapping.unplaced).toEqual([
      { column: 1, header: 'Return To' },
      { column: 2, header: 'From Shed' },
      { column: 6, header: 'Credit Note' },
    ]);
    let thrown: unknown;
    try {
      assertMappingUsable(mapping, grid);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MappingError);
    expect((thrown as MappingError).code).toBe('missing_fields');
    expect((thrown as MappingError).message).toBe(
      "supplier-returns.csv, sheet 'supplier-returns', header row 1: no column for 'Supplier' (supplier), " +
        "'Storage' (storage), 'Qty' (quantity), 'Pack Size' (pack_size), 'Price ex GST' (pack_cost). " +
        "Headers not placed: 'Return To', 'From Shed', 'Credit Note'. Add a column headed 'Supplier' " +
        '(and likewise for the others).',
    );
    expect((thrown as MappingError).remedies).toEqual([
      { code: 'map_columns', fields: ['supplier', 'storage', 'quantity', 'pack_size', 'pack_cost'] },
    ]);
  });
});

describe('a sheet with only a title and no header', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    temp = await makeTempDir();
  });
  afterAll(() => temp.cleanup());

  it('reads, then fails to find the header row with no_header_row', async () => {
    const path = await writeTemp(
      temp.dir,
      'title-only.xlsx',
      await xlsxBytes((wb) => {
        const ws = wb.addWorksheet('Invoices');
        ws.getCell('A1').value = 'Willow Creek Pastoral Co — supplier invoices';
        ws.mergeCells('A1:L1');
        ws.getCell('A3').value = 'Nothing keyed yet';
      }),
    );
    const grid = await readGrid(path);
    expect(grid.rows.map((r) => r.rowNumber)).toEqual([1, 3]);
    expect(() => detectMapping(grid, 'receipts')).toThrowError(
      expect.objectContaining({ code: 'no_header_row', category: 'input' }) as Error,
    );
  });
});
