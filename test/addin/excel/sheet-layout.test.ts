import { describe, expect, it } from 'vitest';
import {
  a1Address,
  cellRects,
  listSource,
  resultCells,
  resultLayout,
  sheetRef,
  uniqueSheetName,
} from '../../../addin/excel/sheet-layout.ts';

describe('resultLayout', () => {
  it('appends the result columns after the last non-blank header', () => {
    expect(resultLayout(['Supplier', '', 'Qty', '', ''])).toEqual({
      columns: [3, 4, 5, 6, 7, 8],
      newHeaders: [
        { column: 3, header: 'Status' },
        { column: 4, header: 'Record ID' },
        { column: 5, header: 'Sequence' },
        { column: 6, header: 'Line Item ID' },
        { column: 7, header: 'Message' },
        { column: 8, header: 'Updated At' },
      ],
    });
  });

  it('reuses its own block of result columns, case, spacing and punctuation ignored', () => {
    const own = ['Supplier', 'Qty', 'STATUS', 'record-id', 'Sequence', 'Line item ID', ' Message ', 'updated at'];
    expect(resultLayout(own)).toEqual({ columns: [2, 3, 4, 5, 6, 7], newHeaders: [] });
  });

  it('reuses an older block of five, the version in a new column right of everything (or where the header has it)', () => {
    const older = ['Supplier', 'Qty', 'Status', 'Record ID', 'Sequence', 'Line Item ID', 'Message', 'Note'];
    expect(resultLayout(older, 9)).toEqual({
      columns: [2, 3, 4, 5, 6, 9],
      newHeaders: [{ column: 9, header: 'Updated At' }],
    });
    expect(resultLayout([...older, 'Updated At'])).toEqual({ columns: [2, 3, 4, 5, 6, 8], newHeaders: [] });
  });

  it("never takes a bookkeeper's own Status column for its own, nor writes over data right of the headers", () => {
    const layout = resultLayout(['Supplier', 'Status', 'Qty', ' Message '], 6);
    expect(layout.columns).toEqual([6, 7, 8, 9, 10, 11]);
    expect(layout.newHeaders.map((h) => h.column)).toEqual([6, 7, 8, 9, 10, 11]);
  });

  it('starts at column A for an empty header row', () => {
    expect(resultLayout([]).columns).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('resultCells', () => {
  it('writes every field, empty for missing ones, guarding text', () => {
    expect(resultCells({ rowNumber: 4, status: 'conflict', recordId: '123', message: '-changed elsewhere' })).toEqual([
      'conflict',
      "'123",
      '',
      '',
      "'-changed elsewhere",
      '',
    ]);
  });

  it("writes the record's version as the service's exact text, never as a date Excel would round", () => {
    const version = '2026-03-01T10:00:00.123456Z';
    expect(resultCells({ rowNumber: 4, status: 'updated', updatedAt: version }).at(-1)).toBe(`'${version}`);
  });
});

describe('cellRects', () => {
  it('joins contiguous columns and identical runs on following rows', () => {
    const rects = cellRects([
      { rowNumber: 5, columns: [3, 1, 2] },
      { rowNumber: 6, columns: [1, 2, 3, 7] },
      { rowNumber: 7, columns: [1, 2, 3] },
      { rowNumber: 9, columns: [1, 2, 3] },
      { rowNumber: 10, columns: [] },
      { rowNumber: 5, columns: [2] },
    ]);
    expect(rects.map(a1Address)).toEqual(['B5:D7', 'H6', 'B9:D9']);
  });

  it('gives nothing for no invalid cells', () => {
    expect(cellRects([{ rowNumber: 2, columns: [] }])).toEqual([]);
  });
});

describe('a1Address', () => {
  it('names one cell or a rectangle', () => {
    expect(a1Address({ rowNumber: 1, column: 0, rowCount: 1, columnCount: 1 })).toBe('A1');
    expect(a1Address({ rowNumber: 10, column: 25, rowCount: 3, columnCount: 2 })).toBe('Z10:AA12');
  });
});

describe('uniqueSheetName', () => {
  it.each([
    ['Movements', [], 'Movements'],
    ['Movements', ['movements'], 'Movements (2)'],
    ['Movements', ['Movements', 'Movements (2)'], 'Movements (3)'],
    ['a/b\\c?d*e[f]g:h', [], 'a b c d e f g h'],
    ["'quoted'", [], 'quoted'],
    ['   ', [], 'Sheet'],
    ['History', [], 'Sheet'],
    ['x'.repeat(40), [], 'x'.repeat(31)],
    ['x'.repeat(40), ['x'.repeat(31)], `${'x'.repeat(27)} (2)`],
  ])('%j beside %j → %j', (wanted, existing, expected) => {
    const name = uniqueSheetName(wanted, existing);
    expect(name).toBe(expected);
    expect(name.length).toBeLessThanOrEqual(31);
  });
});

describe('list sources', () => {
  it('quote the sheet and pin the rows below the list name', () => {
    expect(sheetRef("Bob's lists")).toBe("'Bob''s lists'");
    expect(listSource('Lists', 0, 3)).toBe("='Lists'!$A$2:$A$4");
    expect(listSource('Lists (2)', 27, 1)).toBe("='Lists (2)'!$AB$2:$AB$2");
  });
});
