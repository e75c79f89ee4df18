import { describe, expect, it } from 'vitest';
import { dataCellsOfHeaderRow } from '../../../shared/sheet/header-row-check.ts';
import { detectMapping } from '../../../shared/sheet/mapping.ts';
import { MappingError } from '../../../shared/sheet/mapping-error.ts';

describe('a row given as the header row', () => {
  it('is data when two or more of its cells read as numbers, amounts or dates', () => {
    expect(
      dataCellsOfHeaderRow({ rowNumber: 1, cells: ['INV-1', 'Farmco', '3/02/2026', 'Glyfos 540', 4, '$185.00'] }),
    ).toEqual(['3/02/2026', 4, '$185.00']);
    expect(
      dataCellsOfHeaderRow({
        rowNumber: 1,
        cells: ['INV-1', 'Farmco', new Date(Date.UTC(2026, 1, 3)), 'Glyfos 540', '4', 'Main Shed'],
      }),
    ).toHaveLength(2);
  });

  it('is a header row when its cells are words, even with a year or one number among them', () => {
    expect(
      dataCellsOfHeaderRow({ rowNumber: 1, cells: ['Invoice No', 'Supplier', 'Date Received', 'Qty', 'Price ex GST'] }),
    ).toEqual([]);
    expect(
      dataCellsOfHeaderRow({ rowNumber: 1, cells: ['Invoice', 'Supplier', 'Qty', 'Price', '2026', 'Notes', 'Unit'] }),
    ).toEqual([]);
  });

  it('refuses the mapping with the reason and the way out, naming the row and its values', () => {
    const grid = {
      source: 'x.csv',
      sheet: 'x',
      rows: [
        {
          rowNumber: 1,
          cells: ['INV-1', 'Farmco', '3/02/2026', 'Main Chemical Shed', 'Glyfos 540', '4', '20', 'L', '185'],
        },
      ],
    };
    const error = (() => {
      try {
        detectMapping(grid, 'receipts', { columns: {}, headerRow: 1 });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(MappingError);
    expect(error).toMatchObject({ code: 'header_row_is_data' });
    expect((error as Error).message).toBe(
      "x.csv, sheet 'x': row 1, given as the header row, holds data ('3/02/2026', '4', '20'), not column headers. A sheet with no header row needs one: insert a row above the data and type a header over each column, then give that row.",
    );
  });
});
