import { describe, expect, it } from 'vitest';
import { groupInvoices } from '../../../../shared/import/receipts/group.ts';
import { splitDataRows, withConstants } from '../../../../shared/import/rows.ts';
import { viewParts } from '../../../../shared/import/row-cells.ts';
import type { ReceiptField } from '../../../../shared/kinds/index.ts';
import type { CellValue, Grid } from '../../../../shared/sheet/grid.ts';

const HEADERS = ['Invoice', 'Supplier', 'Date', 'Storage', 'Product', 'Qty', 'Record ID'];
const ALL: Partial<Record<ReceiptField, number>> = {
  invoice: 0,
  supplier: 1,
  received_at: 2,
  storage: 3,
  product: 4,
  quantity: 5,
  record_id: 6,
};

/** Groups rows given as [rowNumber, ...cells]; row 1 is the header; `constants`: one-value fields given to every row. */
function group(
  rows: [number, ...CellValue[]][],
  columns: Partial<Record<ReceiptField, number>> = ALL,
  constants: Partial<Record<string, string>> = {},
) {
  const grid: Grid = {
    source: 't.csv',
    sheet: 't',
    rows: [{ rowNumber: 1, cells: HEADERS }, ...rows.map(([rowNumber, ...cells]) => ({ rowNumber, cells }))],
  };
  const split = splitDataRows<ReceiptField>(grid, 1, columns, 'quantity');
  const rowsGiven = Object.keys(constants).length > 0 ? withConstants(split.rows, constants) : split.rows;
  return {
    groups: groupInvoices(rowsGiven, split.blankBefore, { columns, headers: HEADERS }),
    skipped: split.skipped,
  };
}
const rowsOf = (g: { lines: { rowNumber: number }[] }) => g.lines.map((l) => l.rowNumber);

describe('groupInvoices', () => {
  it('fills header fields down within an invoice and starts a new one at the next invoice number', () => {
    const { groups } = group([
      [2, 'A-1', 'Farmco', '1/2/2026', 'Shed', 'X', 1],
      [3, null, null, null, null, 'Y', 2],
      [4, 'A-2', 'Farmco', '2/2/2026', 'Shed', 'Z', 3],
    ]);
    expect(groups.map(rowsOf)).toEqual([[2, 3], [4]]);
    expect(groups[0]!.header.supplier).toEqual({ value: 'Farmco', rowNumber: 2 });
    expect(groups.every((g) => g.problems.length === 0)).toBe(true);
  });

  it('joins non-adjacent rows of the same invoice number (case and spaces ignored)', () => {
    const { groups } = group([
      [2, 'a-1', 'Farmco', '1/2/2026', 'Shed', 'X', 1],
      [3, 'B-9', 'Farmco', '1/2/2026', 'Shed', 'Y', 1],
      [4, ' A-1 ', null, null, null, 'Z', 1],
    ]);
    expect(groups.map(rowsOf)).toEqual([[2, 4], [3]]);
  });

  it('refuses the next line of an invoice that names another supplier, pinned to its cell', () => {
    // Row 3 names no supplier: not every line names its own, so row 4 is a line of the invoice above.
    const { groups } = group([
      [2, 'A-1', 'Farmco', '1/2/2026', 'Shed', 'X', 1],
      [3, 'A-1', null, null, null, 'Z', 1],
      [4, 'A-1', 'Riverina', null, null, 'Y', 2],
    ]);
    expect(groups.map(rowsOf)).toEqual([[2, 3, 4]]);
    expect(groups[0]!.problems).toEqual([
      expect.objectContaining({ code: 'header_mismatch', rowNumber: 4, column: 1, header: 'Supplier' }),
    ]);
  });

  it('adjacent invoices of two suppliers with one number are two receipts when each line names its supplier', () => {
    const { groups } = group([
      [2, '20500', 'Farmco', '1/2/2026', 'Shed', 'X', 1],
      [3, '20500', 'Farmco', '1/2/2026', 'Shed', 'Y', 1],
      [4, '20500', 'Riverina', '3/2/2026', 'Shed', 'W', 1],
      [5, '20500', 'riverina ', null, null, 'V', 1],
    ]);
    expect(groups.map(rowsOf)).toEqual([
      [2, 3],
      [4, 5],
    ]);
    expect(groups.map((g) => g.header.supplier?.value)).toEqual(['Farmco', 'Riverina']);
    expect(groups.every((g) => g.problems.length === 0)).toBe(true);
  });

  it("a supplier line amid another supplier's lines of one number (A B A) is refused, not split off", () => {
    const { groups } = group([
      [2, 'A-1', 'Farmco', '1/2/2026', 'Shed', 'X', 1],
      [3, 'A-1', 'Riverina', null, null, 'Y', 2],
      [4, 'A-1', 'Farmco', null, null, 'Z', 2],
    ]);
    expect(groups.map(rowsOf)).toEqual([[2, 3, 4]]);
    expect(groups[0]!.problems).toEqual([
      expect.objectContaining({ code: 'header_mismatch', rowNumber: 3, column: 1, header: 'Supplier' }),
    ]);
  });

  it("keeps two suppliers' invoices of the same number apart", () => {
    const { groups } = group([
      [2, '20500', 'Farmco', '1/2/2026', 'Shed', 'X', 1],
      [3, '20500', null, null, null, 'Y', 1],
      [4, '7', 'Farmco', '2/2/2026', 'Shed', 'Z', 1],
      [5, '20500', 'Riverina', '3/2/2026', 'Shed', 'W', 1],
      [6, '8', 'Farmco', '2/2/2026', 'Shed', 'T', 1],
      [7, '20500', 'farmco ', null, null, 'V', 1],
      [8, '20500', null, null, null, 'U', 1],
    ]);
    // Row 7 is Farmco's 20500 again; row 8 names no supplier: the nearest 20500 above (Farmco's, row 7).
    expect(groups.map(rowsOf)).toEqual([[2, 3, 7, 8], [4], [5], [6]]);
    expect(groups.map((g) => g.header.supplier?.value)).toEqual(['Farmco', 'Farmco', 'Riverina', 'Farmco']);
    expect(groups.every((g) => g.problems.length === 0)).toBe(true);
  });

  it('where every line carries its number, a docket without one is its own receipt, not a line of the invoice above', () => {
    const { groups } = group([
      [2, 'A-1', 'Farmco', '1/2/2026', 'Shed', 'X', 1],
      [3, 'A-1', 'Farmco', '1/2/2026', 'Shed', 'Y', 1],
      [4, null, 'Farmco', '1/2/2026', 'Shed', 'Z', 1],
      [5, null, 'Farmco', '1/2/2026', 'Shed', 'Q', 1],
      [6, null, 'Farmco', '9/2/2026', 'Shed', 'W', 1],
    ]);
    expect(groups.map(rowsOf)).toEqual([[2, 3], [4, 5], [6]]);
    expect(groups.map((g) => g.key)).toEqual(['A-1', null, null]);
    expect(groups.every((g) => g.problems.length === 0)).toBe(true);
  });

  it('where the number is on first lines only, a numberless line naming another supplier is refused, not joined silently', () => {
    const { groups } = group([
      [2, 'A-1', 'Farmco', '1/2/2026', 'Shed', 'X', 1],
      [3, null, 'Riverina', null, null, 'Y', 2],
    ]);
    expect(groups.map(rowsOf)).toEqual([[2, 3]]);
    expect(groups[0]!.problems).toEqual([
      expect.objectContaining({ code: 'header_mismatch', rowNumber: 3, header: 'Supplier' }),
    ]);
  });

  it('without an invoice column: a blank row or different header fields start a new invoice', () => {
    const noKey: Partial<Record<ReceiptField, number>> = {
      supplier: 1,
      received_at: 2,
      storage: 3,
      product: 4,
      quantity: 5,
    };
    const { groups, skipped } = group(
      [
        [2, null, 'Farmco', '1/2/2026', 'Shed', 'X', 1],
        [3, null, null, null, null, 'Y', 2],
        [4, null, 'Farmco', '1/2/2026', 'Shed', 'Z', 3],
        [5, null, 'Riverina', '1/2/2026', 'Shed', 'W', 3],
        [7, null, null, null, null, 'V', 3],
      ],
      noKey,
    );
    expect(groups.map(rowsOf)).toEqual([[2, 3, 4], [5], [7]]);
    expect(skipped).toEqual([]);
  });

  it('skips blank rows and a totals row, and treats rows holding only earlier results as blank', () => {
    const { groups, skipped } = group([
      [2, 'A-1', 'Farmco', '1/2/2026', 'Shed', 'X', 1],
      [3, null, null, null, null, 'TOTAL', null],
    ]);
    expect(groups.map(rowsOf)).toEqual([[2]]);
    expect(skipped).toEqual([{ rowNumber: 3, reason: 'totals' }]);
  });

  it('groups an export by Record ID, even when invoice numbers are blank or shared; a new line joins by invoice number', () => {
    const R1 = '11111111-1111-4111-8111-111111111111';
    const R2 = '22222222-2222-4222-8222-222222222222';
    const { groups } = group([
      [2, 'A-1', 'Farmco', '1/2/2026', 'Shed', 'X', 1, R1],
      [3, null, 'Farmco', '9/2/2026', 'Shed', 'Y', 1, R2],
      [4, 'A-1', 'Farmco', '1/2/2026', 'Shed', 'Z', 1, R1.toUpperCase()],
      [5, 'A-1', null, null, null, 'W', 2, null],
      [6, 'A-1', 'Farmco', '1/2/2026', 'Shed', 'V', 1, R2],
    ]);
    expect(groups.map(rowsOf)).toEqual([
      [2, 4, 5],
      [3, 6],
    ]);
    // R2's rows disagree on the date: a problem, not a silent merge.
    expect(groups[1]!.problems.map((p) => p.code)).toEqual(['header_mismatch']);
  });

  it("takes a record's invoice number from any of its lines, whatever their order (a sorted results file)", () => {
    const { groups } = group([
      [2, null, null, null, null, 'Amine', 1, 'rec-1'],
      [3, 'SRT-1', 'Farmco', '1/2/2026', 'Shed', 'Weedaway', 2, 'rec-1'],
    ]);
    expect(groups.map(rowsOf)).toEqual([[2, 3]]);
    expect(groups[0]!.key).toBe('SRT-1');
    expect(groups[0]!.header.supplier).toEqual({ value: 'Farmco', rowNumber: 3 });
    expect(groups[0]!.problems).toEqual([]);
  });

  it('groups and checks plain rows (a one-value field given to every row) as it does row views', () => {
    const rows: [number, ...CellValue[]][] = [
      [2, 'A-1', 'Farmco', '1/2/2026', 'Shed', 'X', 1, 'rec-1'],
      [3, null, 'Riverina', null, null, 'Y', 2, 'rec-1'],
      [4, 'A-2', 'Farmco', '2/2/2026', 'Shed', 'Z', 3, null],
      [5, null, null, null, null, 'W', 4, 'rec-1'],
    ];
    const views = group(rows).groups;
    const plain = group(rows, ALL, { notes: 'Paid' }).groups;
    // Views read their cells from the grid row by column; plain rows (their own copy) by field name.
    expect(viewParts(views[0]!.lines[0]!.cells)).not.toBeNull();
    expect(viewParts(plain[0]!.lines[0]!.cells)).toBeNull();
    for (const groups of [views, plain]) {
      // Row 5 joins its Record ID's receipt; row 3 names another supplier on a line of it: refused.
      expect(groups.map(rowsOf)).toEqual([[2, 3, 5], [4]]);
      expect(groups[0]!.header.supplier).toEqual({ value: 'Farmco', rowNumber: 2 });
      expect(groups[0]!.problems).toEqual([
        expect.objectContaining({ code: 'header_mismatch', rowNumber: 3, column: 1, header: 'Supplier' }),
      ]);
      expect(groups[1]!.problems).toEqual([]);
    }
    expect(plain.map((g) => g.header.notes)).toEqual([
      { value: 'Paid', rowNumber: 2 },
      { value: 'Paid', rowNumber: 4 },
    ]);
  });

  it('refuses two invoice numbers on the lines of one record', () => {
    const { groups } = group([
      [2, 'SRT-1', 'Farmco', '1/2/2026', 'Shed', 'Weedaway', 2, 'rec-1'],
      [3, 'SRT-2', null, null, null, 'Amine', 1, 'rec-1'],
    ]);
    expect(groups.map(rowsOf)).toEqual([[2, 3]]);
    expect(groups[0]!.problems).toMatchObject([
      {
        code: 'header_mismatch',
        rowNumber: 3,
        message: expect.stringContaining("'SRT-2' differs from 'SRT-1' on row 2"),
      },
    ]);
  });
});

describe('groupInvoices on rows of more than one kind', () => {
  it('reads the Record ID of plain rows that follow a view of a mapping without that column', () => {
    const columns = { invoice: 0, supplier: 1, product: 2, quantity: 3 };
    const grid: Grid = {
      source: 'mixed.csv',
      sheet: 'mixed',
      rows: [
        { rowNumber: 1, cells: ['Invoice', 'Supplier', 'Product', 'Qty'] },
        { rowNumber: 2, cells: ['A-1', 'Farmco', 'Glyfos 540', 1] },
        { rowNumber: 3, cells: ['A-1', 'Farmco', 'Amine', 2] },
      ],
    };
    const split = splitDataRows<ReceiptField>(grid, 1, columns, 'quantity');
    const rows = [split.rows[0]!, ...withConstants([split.rows[1]!], { record_id: 'rec-1' })];
    const groups = groupInvoices(rows, split.blankBefore, {
      columns,
      headers: ['Invoice', 'Supplier', 'Product', 'Qty'],
    });
    // The second row names a receipt of its own (rec-1): it is not a line of the first row's invoice.
    expect(groups.map((g) => g.lines.map((line) => line.rowNumber))).toEqual([[2], [3]]);
  });
});
