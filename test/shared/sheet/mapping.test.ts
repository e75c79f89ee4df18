import { describe, expect, it } from 'vitest';
import { RECEIPT_FIELDS, RETURN_FIELDS, headerLabel } from '../../../shared/kinds/index.ts';
import type { CellValue, Grid } from '../../../shared/sheet/grid.ts';
import { MappingError } from '../../../shared/sheet/mapping-error.ts';
import { matchHeaders, stripBrackets, words } from '../../../shared/sheet/mapping-match.ts';
import { assertMappingUsable, detectMapping, type ColumnMapping } from '../../../shared/sheet/mapping.ts';
import { cliErrorMessage } from '../../../batch/cli/remedy-wording.ts';
import { thrownBy } from '../../support/errors.ts';

/** A grid of the given rows, numbered from `first` (blank rows skipped by the reader are not here). */
function gridOf(rows: readonly (readonly CellValue[])[], numbers?: readonly number[]): Grid {
  return {
    source: 'test.xlsx',
    sheet: 'Sheet1',
    rows: rows.map((cells, i) => ({ rowNumber: numbers?.[i] ?? i + 1, cells: [...cells] })),
  };
}

const HEADER = ['Supplier', 'Date', 'Shed', 'Product', 'Qty', 'Size', 'Price'];
const DATA = ['Farmco', '3/2/2026', 'Main Chemical Shed', 'Glyfos 540', 4, 20, 185];

const thrown = (f: () => unknown): MappingError => thrownBy(f, MappingError);

describe('finding the header row', () => {
  it('skips title, note and blank rows above the header', () => {
    const grid = gridOf(
      [['Stock received 2026'], ['Keyed by the office', null, null, 'Prices ex GST'], HEADER, DATA],
      [1, 2, 5, 6],
    );
    const mapping = detectMapping(grid, 'receipts');
    expect(mapping.headerRowNumber).toBe(5);
    expect(mapping.missing).toEqual([]);
  });

  it('does not take a data row for the header, and takes the upper of two equal rows', () => {
    const grid = gridOf([HEADER, HEADER, DATA]);
    expect(detectMapping(grid, 'receipts').headerRowNumber).toBe(1);
  });

  it('takes the row with the most recognised headers', () => {
    const grid = gridOf([['Supplier', 'Date', 'Product'], HEADER, DATA]);
    expect(detectMapping(grid, 'receipts').headerRowNumber).toBe(2);
  });

  it('needs at least 3 recognised headers, 2 of them required', () => {
    expect(() => detectMapping(gridOf([['Supplier', 'Product', 'Whatever'], DATA]), 'receipts')).toThrow(MappingError);
    expect(() => detectMapping(gridOf([['Notes', 'Status', 'Message', 'Line Total'], DATA]), 'receipts')).toThrow(
      MappingError,
    );
    expect(detectMapping(gridOf([['Supplier', 'Product', 'Notes'], DATA]), 'receipts').headerRowNumber).toBe(1);
  });

  it('looks only at the first 30 rows', () => {
    const filler = Array.from({ length: 30 }, (_, i) => [`note ${i}`]);
    expect(() => detectMapping(gridOf([...filler, HEADER, DATA]), 'receipts')).toThrow(MappingError);
    expect(detectMapping(gridOf([...filler.slice(1), HEADER, DATA]), 'receipts').headerRowNumber).toBe(30);
  });

  it('says where it looked, what it expected and the closest row', () => {
    const error = thrown(() => detectMapping(gridOf([['Stock received'], ['Supplier', 'Product'], DATA]), 'receipts'));
    expect(error.code).toBe('no_header_row');
    expect(error.category).toBe('input');
    expect(error.message).toBe(
      "test.xlsx, sheet 'Sheet1': cannot find the header row. Expected, within the first 30 rows, a row of column " +
        "headers such as 'Supplier', 'Date Received', 'Storage', 'Product', 'Qty', 'Pack Size', 'Price ex GST' " +
        "(at least 3 recognised, 2 of them required). The closest is row 2, with only 'Supplier', 'Product'.",
    );
    expect(error.remedies).toEqual([{ code: 'give_header_row' }]);
    const none = thrown(() =>
      detectMapping(
        gridOf([
          ['a', 'b'],
          [1, 2],
        ]),
        'returns',
      ),
    );
    expect(none.message).toContain("headers such as 'Return To', 'Date', 'Storage', 'Product', 'Amount'");
    expect(none.message).toContain('No row has any of them.');
  });

  it('refuses an empty grid', () => {
    expect(thrown(() => detectMapping(gridOf([]), 'receipts')).code).toBe('no_header_row');
  });
});

describe('matching headers to fields', () => {
  it('ignores case, punctuation, spacing and non-breaking spaces', () => {
    const mapping = detectMapping(
      gridOf([
        [
          '  SUPPLIER ',
          'date-received',
          'Deliver\u00a0to',
          'PRODUCT',
          'No. of packs',
          'Pack size',
          'Price (ex GST)',
          'Invoice #',
        ],
      ]),
      'receipts',
    );
    expect(mapping.columns).toEqual({
      invoice: 7,
      supplier: 0,
      received_at: 1,
      storage: 2,
      product: 3,
      quantity: 4,
      pack_size: 5,
      pack_cost: 6,
    });
    expect(mapping.headers[0]).toBe('  SUPPLIER ');
  });

  it("places 'Unit' and 'Unit price' by exact match first, whatever their order", () => {
    for (const headers of [
      ['Product', 'Unit', 'Unit price', 'Supplier'],
      ['Product', 'Unit price', 'Unit', 'Supplier'],
    ]) {
      const { columns } = matchHeaders(headers, 'receipts');
      expect(columns.get('pack_unit')).toBe(headers.indexOf('Unit'));
      expect(columns.get('pack_cost')).toBe(headers.indexOf('Unit price'));
    }
  });

  it("prefers the more specific synonym: 'Date Received' over 'Date', wherever they are", () => {
    const mapping = detectMapping(gridOf([['Date', 'Supplier', 'Date Received', 'Shed', 'Product']]), 'receipts');
    expect(mapping.columns.received_at).toBe(2);
    expect(mapping.unplaced).toEqual([{ column: 0, header: 'Date' }]);
  });

  it('places each field once and each column once: a repeated header goes unplaced', () => {
    const mapping = detectMapping(gridOf([['Supplier', 'Qty', 'Product', 'Qty', 'Shed']]), 'receipts');
    expect(mapping.columns.quantity).toBe(1);
    expect(mapping.unplaced).toEqual([{ column: 3, header: 'Qty' }]);
  });

  it('places headers with units in brackets', () => {
    const { columns } = matchHeaders(
      ['Qty (packs)', 'Pack Size [L]', 'Unit price ($)', 'Date received (dd/mm/yyyy)'],
      'receipts',
    );
    expect(Object.fromEntries(columns)).toEqual({ quantity: 0, pack_size: 1, pack_cost: 2, received_at: 3 });
  });

  it('places a header by a whole-word synonym covering at least half its words', () => {
    const { columns } = matchHeaders(
      ['Supplier name / vendor', 'Supplier invoice date', 'Delivery shed', 'Cost per pack inc GST'],
      'receipts',
    );
    expect(Object.fromEntries(columns)).toEqual({ supplier: 0, received_at: 1, storage: 2, pack_cost: 3 });
    // 'Date of the last stock count' has one synonym word in six: not placed.
    expect(matchHeaders(['Date of the last stock count'], 'receipts').columns.size).toBe(0);
  });

  it('leaves a header unplaced when its words name two fields equally', () => {
    const mapping = detectMapping(gridOf([['Supplier', 'Total Qty', 'Product', 'Shed', 'Date']]), 'receipts');
    expect(mapping.columns.quantity).toBeUndefined();
    expect(mapping.columns.line_total).toBeUndefined();
    expect(mapping.unplaced).toEqual([{ column: 1, header: 'Total Qty' }]);
    expect(mapping.missing).toEqual(['quantity', 'pack_size', 'pack_cost']);
  });

  it('does not let a looser match take a field an exact header holds', () => {
    const mapping = detectMapping(gridOf([['Product code', 'Product', 'Supplier', 'Shed']]), 'receipts');
    expect(mapping.columns.product).toBe(1);
    expect(mapping.unplaced).toEqual([{ column: 0, header: 'Product code' }]);
  });

  it('maps the result columns of a results file for re-import', () => {
    const mapping = detectMapping(
      gridOf([[...HEADER, 'Status', 'Record ID', 'Sequence', 'Line Item ID', 'Message']]),
      'receipts',
    );
    expect(mapping.columns).toMatchObject({ status: 7, record_id: 8, sequence: 9, line_item_id: 10, message: 11 });
  });

  it('keeps header texts by column, with empty and non-text headers as text', () => {
    const mapping = detectMapping(
      gridOf([['Supplier', null, 'Product', 2026, 'Shed', true, new Date(Date.UTC(2026, 2, 1)), 'Date']]),
      'receipts',
    );
    expect(mapping.headers).toEqual(['Supplier', '', 'Product', '2026', 'Shed', 'TRUE', '2026-03-01', 'Date']);
    expect(mapping.unplaced).toEqual([
      { column: 3, header: '2026' },
      { column: 5, header: 'TRUE' },
      { column: 6, header: '2026-03-01' },
    ]);
  });

  it('splits words like normaliseHeader does, accents and brackets included', () => {
    expect(words('Réf. No (x)')).toEqual(['ref', 'no', 'x']);
    expect(stripBrackets('Qty (packs) [ea] {n}').trim()).toBe('Qty');
  });
});

describe('the header labels', () => {
  it('each label maps to its own field, for receipts and returns', () => {
    const receipts = matchHeaders(
      RECEIPT_FIELDS.map((f) => headerLabel('receipts', f)),
      'receipts',
    );
    expect(Object.fromEntries(receipts.columns)).toEqual(Object.fromEntries(RECEIPT_FIELDS.map((f, i) => [f, i])));
    expect(receipts.exact).toBe(RECEIPT_FIELDS.length);
    const returns = matchHeaders(
      RETURN_FIELDS.map((f) => headerLabel('returns', f)),
      'returns',
    );
    expect(Object.fromEntries(returns.columns)).toEqual(Object.fromEntries(RETURN_FIELDS.map((f, i) => [f, i])));
    expect(returns.exact).toBe(RETURN_FIELDS.length);
  });
});

describe('assertMappingUsable', () => {
  const base: ColumnMapping = {
    kind: 'receipts',
    headerRowNumber: 3,
    headers: ['Supplier', 'Date', 'Shed', 'Product', 'Qté', 'Size', 'Price'],
    columns: { supplier: 0, received_at: 1, storage: 2, product: 3, pack_size: 5, pack_cost: 6 },
    unplaced: [{ column: 4, header: 'Qté' }],
    missing: ['quantity'],
  };
  const where = { source: 'april.xlsx', sheet: 'Invoices' };

  it('passes a mapping with every required field', () => {
    expect(() =>
      assertMappingUsable({ ...base, columns: { ...base.columns, quantity: 4 }, unplaced: [], missing: [] }, where),
    ).not.toThrow();
  });

  it('names the missing field, the unplaced headers and the fix', () => {
    const error = thrown(() => assertMappingUsable(base, where));
    expect(error.code).toBe('missing_fields');
    expect(error.category).toBe('input');
    expect(error.message).toBe(
      "april.xlsx, sheet 'Invoices', header row 3: no column for 'Qty' (quantity). Headers not placed: 'Qté'. " +
        "Add a column headed 'Qty'.",
    );
    expect(error.remedies).toEqual([{ code: 'map_columns', fields: ['quantity'] }]);
  });

  it('names no column of the sheet in its example: a guess could save the line amount as the pack price', () => {
    const error = thrown(() =>
      assertMappingUsable(
        { ...base, missing: ['pack_cost'], unplaced: [{ column: 9, header: 'Amount ex GST' }] },
        where,
      ),
    );
    const cli = cliErrorMessage(error);
    expect(cli).toContain('{"columns": {"pack_cost": "<its header as written, or its column letter>"}}');
    expect(cli).not.toContain('"pack_cost": "Amount ex GST"');
    expect(thrown(() => assertMappingUsable({ ...base, unplaced: [] }, where)).message).not.toContain(
      'Headers not placed',
    );
  });

  it('refuses saved entries that placed nothing, before the missing fields', () => {
    const error = thrown(() =>
      assertMappingUsable(
        {
          ...base,
          unresolved: [
            { field: 'quantity', wanted: 'Qty packs', reason: 'no_such_header' },
            { field: 'amount', wanted: 'Amount', reason: 'not_a_field' },
          ],
        },
        where,
      ),
    );
    expect(error.code).toBe('mapping_mismatch');
    expect(error.message).toBe(
      "april.xlsx, sheet 'Invoices', header row 3: the mapping file does not fit this sheet: no header in row 3 " +
        "reads 'Qty packs' (for quantity); 'amount' is not a field of receipts. Headers not placed: 'Qté'. " +
        'Correct the mapping file (a header text as written, or a column letter such as "G").',
    );
  });
});
