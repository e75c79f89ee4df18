/**
 * Finding a result's row again (shared/import/row-key.ts, relocate.ts): by its key cells wherever it
 * went (insert, delete, sort), the header found again, and a refusal where rows alike were reordered.
 */
import { describe, expect, it } from 'vitest';
import type { RowResult } from '../../../shared/import/outcome.ts';
import { placeResults } from '../../../shared/import/relocate.ts';
import { findHeaderRow, keyColumns, rowKey } from '../../../shared/import/row-key.ts';
import type { CellValue, Grid, SheetRow } from '../../../shared/sheet/grid.ts';
import { detectMapping } from '../../../shared/sheet/mapping.ts';
import { EXAMPLE_HEADER } from '../../support/example-header.ts';

const HEADER = [...EXAMPLE_HEADER];
const line = (invoice: string, product: string, qty: number): CellValue[] => [
  invoice,
  'Farmco',
  '1/03/2026',
  'Main Shed',
  product,
  qty,
  20,
  'L',
  185,
];
const grid = (rows: CellValue[][], first = 1): Grid => ({
  source: 'b.xlsx',
  sheet: 'S',
  rows: rows.map((cells, i) => ({ rowNumber: first + i, cells })),
});
const result = (rowNumber: number, lineItemId: string): RowResult => ({
  rowNumber,
  status: 'created',
  recordId: 'r1',
  sequence: 'REC-1',
  lineItemId,
});

const before = grid([HEADER, line('A', 'Glyfos', 1), line('B', 'Glyfos', 2), line('C', 'Roundup', 3)]);
const mapping = detectMapping(before, 'receipts');
const columns = keyColumns(mapping);

describe('row keys', () => {
  it('are the invoice, supplier, date, storage, product, quantity, pack size and price cells, not units', () => {
    expect(columns).toEqual([0, 1, 2, 3, 4, 5, 6, 8]);
    expect(rowKey(line(' a ', 'GLYFOS', 1), columns)).toBe(rowKey(line('A', 'glyfos', 1), columns));
    expect(rowKey([null, '', null], columns)).toBe('');
  });

  it('find the header again: by the result header first, else by the mapping’s headers, nearest the last seen', () => {
    const rows: SheetRow[] = grid([['Title'], HEADER, line('A', 'Glyfos', 1)]).rows;
    expect(findHeaderRow(rows, mapping, 1)).toBe(2);
    const withResults = [...HEADER, 'Status', 'Record ID', 'Sequence', 'Line Item ID', 'Message', 'Updated At'];
    const twice = grid([HEADER, line('A', 'Glyfos', 1), withResults]).rows;
    expect(findHeaderRow(twice, mapping, 1, [9, 10, 11, 12, 13, 14])).toBe(3);
    // Two equally near: nothing is guessed.
    expect(findHeaderRow(grid([HEADER, ['x'], HEADER]).rows, mapping, 2)).toBeNull();
  });
});

describe('placeResults', () => {
  const now = (rows: CellValue[][], header = 1) => ({
    before,
    beforeHeader: 1,
    now: grid(rows).rows,
    nowHeader: header,
    columns,
  });

  it('follows rows after a sort and after rows inserted above the header', () => {
    const sorted = placeResults(
      [result(2, 'a'), result(3, 'b'), result(4, 'c')],
      now([HEADER, line('C', 'Roundup', 3), line('B', 'Glyfos', 2), line('A', 'Glyfos', 1)]),
    );
    expect(sorted.results.map((r) => [r.lineItemId, r.rowNumber])).toEqual([
      ['a', 4],
      ['b', 3],
      ['c', 2],
    ]);
    expect(sorted.lost).toEqual([]);
    const inserted = placeResults(
      [result(3, 'b')],
      now([['Title'], HEADER, line('A', 'Glyfos', 1), line('B', 'Glyfos', 2)], 2),
    );
    expect(inserted.results[0]?.rowNumber).toBe(4);
    expect(inserted.moved).toEqual([{ from: 3, to: 4 }]);
  });

  it('refuses a row changed, and rows alike once the sheet was reordered (unless their results are the same)', () => {
    const alike = grid([HEADER, line('A', 'Glyfos', 1), line('A', 'Glyfos', 1), line('C', 'Roundup', 3)]);
    const reordered = {
      before: alike,
      beforeHeader: 1,
      now: grid([HEADER, line('C', 'Roundup', 3), line('A', 'Glyfos', 1), line('A', 'Glyfos', 1)]).rows,
      nowHeader: 1,
      columns,
    };
    const placed = placeResults([result(2, 'x'), result(3, 'y'), result(4, 'z')], reordered);
    expect(placed.lost).toEqual([2, 3]);
    expect(placed.results.map((r) => r.rowNumber)).toEqual([2]);
    // The same result on both (e.g. both invalid for the same reason): either row will do.
    const same = placeResults(
      [
        { rowNumber: 2, status: 'invalid', message: 'm' },
        { rowNumber: 3, status: 'invalid', message: 'm' },
      ],
      reordered,
    );
    expect(same.lost).toEqual([]);
    // Order kept (a row inserted): rows alike pair in order.
    const kept = {
      ...reordered,
      now: grid([HEADER, ['new'], line('A', 'Glyfos', 1), line('A', 'Glyfos', 1), line('C', 'Roundup', 3)]).rows,
    };
    expect(placeResults([result(2, 'x'), result(3, 'y')], kept).results.map((r) => r.rowNumber)).toEqual([3, 4]);
    const changed = placeResults([result(2, 'a')], now([HEADER, line('A', 'Glyfos', 9), line('B', 'Glyfos', 2)]));
    expect(changed.lost).toEqual([2]);
  });
});

describe('returns alike but for their dates, sorted by date while the pane writes back', () => {
  const headers = ['Supplier', 'Date', 'From Shed', 'Product', 'Amount'];
  const day = (d: number) => new Date(Date.UTC(2026, 2, d));
  const rows = (cells: CellValue[][]) => cells.map((c, i) => ({ rowNumber: i + 2, cells: c }));
  for (const system of [1900, 1904] as const) {
    it(`each record's id follows its own date (${system} date system; the re-read gives serials)`, () => {
      const mapping = detectMapping(
        { source: 'r.xlsx', sheet: 'Returns', rows: [{ rowNumber: 1, cells: headers }] },
        'returns',
      );
      const columns = keyColumns(mapping);
      const serial = (d: number) =>
        (day(d).getTime() - (system === 1900 ? Date.UTC(1899, 11, 30) : Date.UTC(1904, 0, 1))) / 86_400_000;
      const before: Grid = {
        source: 'r.xlsx',
        sheet: 'Returns',
        dateSystem: system,
        rows: [
          { rowNumber: 1, cells: headers },
          ...rows([
            ['Acme', day(8), 'Main Chemical Shed', 'Urea', 20],
            ['Acme', day(1), 'Main Chemical Shed', 'Urea', 20],
          ]),
        ],
      };
      // Sorted by date, and read again as values only: the date cells come back as serial numbers.
      const now: SheetRow[] = [
        { rowNumber: 1, cells: headers },
        ...rows([
          ['Acme', serial(1), 'Main Chemical Shed', 'Urea', 20],
          ['Acme', serial(8), 'Main Chemical Shed', 'Urea', 20],
        ]),
      ];
      const placed = placeResults(
        [
          { rowNumber: 2, status: 'created', recordId: 'the 8 March return' },
          { rowNumber: 3, status: 'created', recordId: 'the 1 March return' },
        ],
        { before, beforeHeader: 1, now, nowHeader: 1, columns },
      );
      expect(placed.lost).toEqual([]);
      expect(placed.results.map((r) => [r.rowNumber, r.recordId])).toEqual([
        [3, 'the 8 March return'],
        [2, 'the 1 March return'],
      ]);
    });
  }
});
