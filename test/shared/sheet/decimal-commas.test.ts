import { describe, expect, it } from 'vitest';
import { checkDecimalCommas } from '../../../shared/sheet/decimal-commas.ts';
import type { ColumnMapping } from '../../../shared/sheet/column-mapping.ts';
import type { CellValue, Grid } from '../../../shared/sheet/grid.ts';
import { thrownBy } from '../../support/errors.ts';

const HEADERS = ['Product', 'Qty', 'Size', 'Price', 'Notes'];
const MAPPING = {
  kind: 'receipts',
  headerRowNumber: 1,
  headers: HEADERS,
  columns: { product: 0, quantity: 1, pack_size: 2, pack_cost: 3, notes: 4 },
} as unknown as ColumnMapping;
const FIELDS = ['quantity', 'pack_size', 'pack_cost', 'line_total'];

function grid(rows: CellValue[][]): Grid {
  return {
    source: 'eu.csv',
    sheet: 'eu',
    rows: [{ rowNumber: 1, cells: HEADERS }, ...rows.map((cells, i) => ({ rowNumber: i + 2, cells }))],
  };
}

describe('checkDecimalCommas', () => {
  it('refuses a decimal comma in one number column beside a lone comma group in another, naming both', () => {
    const error = thrownBy(() =>
      checkDecimalCommas(
        grid([
          ['Urea', '2', '1,000', '40', 'bulk, bagged'],
          ['MAP', '1', '25', '$12,50', null],
        ]),
        MAPPING,
        FIELDS,
      ),
    );
    expect(error).toMatchObject({ code: 'decimal_comma' });
    expect((error as Error).message).toBe(
      "eu.csv, sheet 'eu': '$12,50' (row 3, Price) writes a decimal with a comma, so '1,000' (row 2, Size) could be " +
        "1 as well as 1000: write decimals with a point and thousands without a comma ('$12.50'; '1000' or " +
        "'1'), then import again",
    );
  });

  it.each([
    ['lone comma groups only (Australian thousands)', [['Urea', '2', '1,000', '1,025']]],
    ['decimal commas only (each refused on its cell instead)', [['Urea', '2', '25', '12,50']]],
    [
      'thousands that can only be thousands',
      [
        ['Urea', '2', '1,234,567', '$1,025.00'],
        ['MAP', '1,5', '25', '40'],
      ],
    ],
    ['commas outside the number columns', [['Urea, bulk', '2', '25', '40', '12,5 and 2,500']]],
  ])('passes %s', (_, rows) => {
    expect(() => checkDecimalCommas(grid(rows as CellValue[][]), MAPPING, FIELDS)).not.toThrow();
  });
});
