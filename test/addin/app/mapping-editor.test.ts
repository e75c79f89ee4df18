import { describe, expect, it } from 'vitest';
import { columnChoices, editMapping, fieldRows } from '../../../addin/app/mapping-editor.ts';
import { fieldsWith } from '../../../shared/kinds/index.ts';
import type { Grid } from '../../../shared/sheet/grid.ts';
import { detectMapping } from '../../../shared/sheet/mapping.ts';
import { parseSavedMapping } from '../../../shared/sheet/saved-mapping.ts';

const grid = (header: (string | null)[], more: (string | number | null)[][] = []): Grid => ({
  source: 'Book1.xlsx',
  sheet: 'Invoices',
  rows: [
    { rowNumber: 1, cells: ['Invoices, March'] },
    { rowNumber: 3, cells: header },
    ...more.map((cells, i) => ({ rowNumber: 4 + i, cells })),
  ],
});

const HEADER = ['Invoice No', 'Supplier', 'Date', 'Shed', 'Item', 'Qty', 'Size', 'UOM', 'Cost', 'Comments', 'Status'];

describe('the mapping table of the Import screen', () => {
  it('lists the fields a person maps, required ones marked, notes last, written columns left out', () => {
    const mapping = detectMapping(grid(HEADER), 'receipts');
    const rows = fieldRows(mapping);
    expect(rows.map((r) => r.field)).toEqual([
      'invoice',
      'supplier',
      'received_at',
      'storage',
      'order_number',
      'product',
      'quantity',
      'pack_size',
      'pack_unit',
      'pack_cost',
      'line_total',
      'notes',
    ]);
    expect(rows.find((r) => r.field === 'storage')).toEqual({
      field: 'storage',
      label: 'Storage',
      required: true,
      column: 3,
    });
    expect(rows.find((r) => r.field === 'order_number')).toMatchObject({ required: false, column: null });
    expect(rows.find((r) => r.field === 'notes')?.column).toBe(9);
    const written = fieldsWith('receipts', 'writtenBack');
    expect(written).toEqual(['record_id', 'sequence', 'line_item_id', 'updated_at', 'status', 'message']);
    for (const field of written) expect(rows.some((r) => r.field === field)).toBe(false);
  });

  it('offers every column of the header row by letter and header', () => {
    const mapping = detectMapping(grid(['Supplier', null, 'Date', 'Shed', 'Item', 'Qty', 'Size', 'Cost']), 'receipts');
    expect(columnChoices(mapping).slice(0, 3)).toEqual([
      { column: 0, label: 'A · Supplier' },
      { column: 1, label: 'B (no header)' },
      { column: 2, label: 'C · Date' },
    ]);
  });

  it('an edit names the column by its header, and detectMapping applies it', () => {
    const sheet = grid([...HEADER, 'PO']);
    const mapping = detectMapping(sheet, 'receipts');
    const saved = editMapping(mapping, undefined, 'order_number', 11);
    expect(saved.columns.order_number).toBe('PO');
    expect(parseSavedMapping(JSON.stringify(saved), 'setting')).toEqual(saved);
    expect(detectMapping(sheet, 'receipts', saved).columns.order_number).toBe(11);
  });

  it('a column taken from another field leaves that field to be guessed again, and null means "not in this sheet"', () => {
    const sheet = grid(HEADER);
    const mapping = detectMapping(sheet, 'receipts');
    const saved = editMapping(mapping, undefined, 'notes', 0);
    expect(saved.columns.notes).toBe('Invoice No');
    expect(saved.columns.invoice).toBeUndefined();
    const again = detectMapping(sheet, 'receipts', saved);
    expect(again.columns.notes).toBe(0);
    expect(again.columns.invoice).not.toBe(0);
    const none = editMapping(again, saved, 'notes', null);
    expect(none.columns.notes).toBeNull();
    expect(detectMapping(sheet, 'receipts', none).columns.notes).toBeUndefined();
  });

  it('names a column by its letter when two headers read the same', () => {
    const sheet = grid(['Supplier', 'Date', 'Shed', 'Item', 'Qty', 'Size', 'Cost', 'Notes', 'Notes']);
    const mapping = detectMapping(sheet, 'receipts');
    expect(editMapping(mapping, undefined, 'notes', 8).columns.notes).toBe('I');
  });

  it('refuses a column outside the header row', () => {
    const mapping = detectMapping(grid(HEADER), 'receipts');
    expect(() => editMapping(mapping, undefined, 'notes', 40)).toThrow(RangeError);
    expect(() => editMapping(mapping, undefined, 'notes', -1)).toThrow(/not in the header row/);
    expect(() => editMapping(mapping, undefined, 'notes', 1.5)).toThrow(RangeError);
  });
});
