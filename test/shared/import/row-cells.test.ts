import { describe, expect, it } from 'vitest';
import { mappedOf, placeOf, plainRowCells, rowViewsOf, viewCell, viewParts } from '../../../shared/import/row-cells.ts';
import { splitDataRows, withConstants } from '../../../shared/import/rows.ts';
import { KINDS, type ReceiptField } from '../../../shared/kinds/index.ts';
import type { CellValue, Grid } from '../../../shared/sheet/grid.ts';

/** A deterministic generator, for mappings and cells. */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

const SAMPLE: readonly CellValue[] = ['A-1', '', '  ', 0, 12.5, true, new Date(Date.UTC(2026, 1, 3)), null, 'Total'];

describe('row views (row-cells.ts)', () => {
  it('read every mapped field as a copy of the grid row would, and unmapped fields as absent', () => {
    for (let seed = 1; seed <= 200; seed += 1) {
      const next = lcg(seed);
      const width = 1 + Math.floor(next() * 12);
      const fields = KINDS.receipts.fields.filter(() => next() < 0.5);
      const columns = Object.fromEntries(fields.map((f) => [f, Math.floor(next() * (width + 2))])) as Partial<
        Record<ReceiptField, number>
      >;
      const grid: Grid = { source: 't.csv', sheet: 't', rows: [{ rowNumber: 1, cells: [] }] };
      for (let r = 2; r < 30; r += 1) {
        // Short rows and holes too: a cell past the row's end reads null.
        const cells = Array.from({ length: Math.floor(next() * (width + 1)) }, () => SAMPLE[Math.floor(next() * 9)]!);
        grid.rows.push({ rowNumber: r, cells });
      }
      const { rows } = splitDataRows<ReceiptField>(grid, 1, columns, 'quantity');
      for (const row of rows) {
        const values = grid.rows.find((g) => g.rowNumber === row.rowNumber)!.cells;
        for (const field of KINDS.receipts.fields) {
          const column = columns[field];
          expect(row.cells[field]).toEqual(column === undefined ? undefined : (values[column] ?? null));
        }
        // Read from the view's parts (draft-lines.ts), each field reads as its getter does.
        const view = viewParts(row.cells);
        expect(view).not.toBeNull();
        for (const field of KINDS.receipts.fields) expect(viewCell(view!, placeOf(field))).toEqual(row.cells[field]);
        expect(viewCell(view!, placeOf('no_such_field'))).toBeUndefined();
        // Changed only through a plain copy: the mapped fields, in the mapping's order.
        const plain = plainRowCells(row.cells, columns);
        expect(Object.keys(plain)).toEqual(Object.keys(columns));
        expect(Object.getPrototypeOf(plain)).toBe(Object.prototype);
      }
    }
  });

  it('are views (one class), and withConstants gives plain rows that keep the cells and add the values', () => {
    const columns: Partial<Record<ReceiptField, number>> = { product: 0, quantity: 1 };
    const grid: Grid = {
      source: 't.csv',
      sheet: 't',
      rows: [
        { rowNumber: 1, cells: ['Product', 'Qty'] },
        { rowNumber: 2, cells: ['Glyfos', 4] },
      ],
    };
    const { rows } = splitDataRows<ReceiptField>(grid, 1, columns, 'quantity');
    expect(Object.getPrototypeOf(rows[0]!.cells)).not.toBe(Object.prototype);
    const [row] = withConstants(rows, { storage: 'Main Shed', product: 'ignored' });
    expect(row!.cells).toEqual({ product: 'Glyfos', quantity: 4, storage: 'Main Shed' });
    // A plain row has no parts: read by name.
    expect(viewParts(row!.cells)).toBeNull();
  });

  it('are not made for a mapping naming a field no import kind has (rows are then plain copies)', () => {
    expect(rowViewsOf({ product: 0, shoe_size: 1 } as Record<string, number>)).toBeNull();
    const grid: Grid = { source: 't.csv', sheet: 't', rows: [{ rowNumber: 2, cells: ['x', 3] }] };
    const { rows } = splitDataRows<string>(grid, 1, { product: 0, shoe_size: 1 }, 'quantity');
    expect(rows[0]!.cells).toEqual({ product: 'x', shoe_size: 3 });
  });

  it('say which of some fields a view maps (mappedOf), and nothing for plain cells', () => {
    const columns: Partial<Record<ReceiptField, number>> = { supplier: 3, quantity: 1 };
    const view = rowViewsOf<ReceiptField>(columns)!;
    const places = ['invoice', 'supplier', 'quantity', 'shoe_size'].map(placeOf);
    expect(mappedOf(view(['a'], 2).cells, places)).toEqual([1, 2]);
    expect(mappedOf(view(['b'], 3).cells, places)).toEqual([1, 2]);
    expect(mappedOf(rowViewsOf<ReceiptField>({ invoice: 0 })!(['c'], 4).cells, places)).toEqual([0]);
    expect(mappedOf({ supplier: 'x' }, places)).toBeNull();
  });
});
