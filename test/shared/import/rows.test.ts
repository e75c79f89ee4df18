/**
 * Splitting a sheet's rows below the header (shared/import/rows.ts): what the same pass gathers for the
 * steps after it (the date column's texts, each row's invoice key), and that the grouping reads the
 * same invoices from those keys as from the rows themselves.
 */
import { describe, expect, it } from 'vitest';
import { groupInvoices } from '../../../shared/import/receipts/group.ts';
import { splitDataRows } from '../../../shared/import/rows.ts';
import type { ReceiptField } from '../../../shared/kinds/index.ts';
import type { CellValue, Grid } from '../../../shared/sheet/grid.ts';

const HEADERS = ['Invoice', 'Supplier', 'Date', 'Storage', 'Product', 'Qty'];
/** Each field in the column of its header above. */
const FIELDS: ReceiptField[] = ['invoice', 'supplier', 'received_at', 'storage', 'product', 'quantity'];
const COLUMNS: Partial<Record<ReceiptField, number>> = Object.fromEntries(FIELDS.map((field, i) => [field, i]));

function grid(rows: [number, ...CellValue[]][]): Grid {
  return {
    source: 't.csv',
    sheet: 't',
    rows: [{ rowNumber: 1, cells: HEADERS }, ...rows.map(([rowNumber, ...cells]) => ({ rowNumber, cells }))],
  };
}

const SHEET = grid([
  [2, 'INV-1', 'Farmco', '3/02/2026', 'Main Shed', 'Glyfos 540', '4'],
  [3, null, null, '', null, 'Wetter', '2'],
  [4, null, null, null, null, null, null],
  [5, 'inv 2', 'Farmco', ' ', 'Main Shed', 'Glyfos 540', '1'],
  [6, 'TOTAL', null, null, null, null, null],
  [7, 42, 'Farmco', new Date(Date.UTC(2026, 1, 4)), 'Main Shed', 'Glyfos 540', '1'],
]);

describe('splitDataRows', () => {
  it("gathers the date column's non-empty texts and each data row's key cell in the same pass", () => {
    const split = splitDataRows<ReceiptField>(SHEET, 1, COLUMNS, 'quantity', 'received_at', 'invoice');
    expect(split.rows.map((r) => r.rowNumber)).toEqual([2, 3, 5, 7]);
    expect(split.skipped).toEqual([
      { rowNumber: 4, reason: 'blank' },
      { rowNumber: 6, reason: 'totals' },
    ]);
    // Texts only (a date cell tells no order), blanks left out, spaces kept as written.
    expect(split.texts).toEqual(['3/02/2026', ' ']);
    expect(split.keys).toEqual(['INV-1', null, 'inv 2', 42]);
  });

  it('skips totals rows however the label is written, and only those', () => {
    const split = splitDataRows<ReceiptField>(
      grid([
        [2, 'INV-1', 'Farmco', '3/02/2026', 'Main Shed', 'Glyfos 540', '4'],
        [3, '\u00a0Total', null, null, null, null, '4'],
        [4, null, null, null, null, 'sub - total :', '4'],
        [5, null, null, null, null, '  GRAND TOTAL', null],
        [6, 'INV-2', 'Farmco', '3/02/2026', 'Main Shed', 'Totalgard 200', '1'],
        [7, 'Subtotal of INV-2', null, null, null, 'Wetter', '2'],
        [8, null, null, null, null, 'TOTALS:', null],
        [9, null, null, null, null, 'Tordon 75-D', '3'],
      ]),
      1,
      COLUMNS,
      'quantity',
    );
    // Those summing a quantity keep it, to be said (they could have been lines).
    expect(split.skipped).toEqual([
      { rowNumber: 3, reason: 'totals', text: '4' },
      { rowNumber: 4, reason: 'totals', text: '4' },
      { rowNumber: 5, reason: 'totals' },
      { rowNumber: 8, reason: 'totals' },
    ]);
    expect(split.rows.map((r) => r.rowNumber)).toEqual([2, 6, 7, 9]);
  });

  it('gathers no keys when none is asked or the key field has no column', () => {
    expect(splitDataRows<ReceiptField>(SHEET, 1, COLUMNS, 'quantity').keys).toBeNull();
    const { invoice: _, ...noInvoice } = COLUMNS;
    expect(splitDataRows<ReceiptField>(SHEET, 1, noInvoice, 'quantity', 'received_at', 'invoice').keys).toBeNull();
  });

  it('groups the same invoices from the gathered keys as from the rows', () => {
    const split = splitDataRows<ReceiptField>(SHEET, 1, COLUMNS, 'quantity', 'received_at', 'invoice');
    const index = { columns: COLUMNS, headers: HEADERS };
    const fromKeys = groupInvoices(split.rows, split.blankBefore, index, split.keys);
    const fromRows = groupInvoices(split.rows, split.blankBefore, index);
    expect(fromKeys.map((g) => [g.key, g.lines.map((l) => l.rowNumber)])).toEqual([
      ['INV-1', [2, 3]],
      ['inv 2', [5]],
      ['42', [7]],
    ]);
    expect(JSON.stringify(fromKeys)).toBe(JSON.stringify(fromRows));
  });
});
