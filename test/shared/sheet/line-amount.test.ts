import { describe, expect, it } from 'vitest';
import { cliErrorMessage } from '../../../batch/cli/remedy-wording.ts';
import { paneText } from '../../../addin/app/remedy-wording.ts';
import type { Grid } from '../../../shared/sheet/grid.ts';
import type { ColumnMapping } from '../../../shared/sheet/mapping.ts';
import { MappingError } from '../../../shared/sheet/mapping-error.ts';
import { checkLineAmountCost, namesLineAmount } from '../../../shared/sheet/line-amount.ts';
import { thrownBy } from '../../support/errors.ts';

describe('namesLineAmount', () => {
  it.each([
    ['Amount ex GST', true],
    ['Line amount', true],
    ['Ext. price', true],
    ['Extended', true],
    ['Total ex GST', true],
    ['Total (ex GST)', true],
    ['Amount exc GST', true],
    ['Total exc. GST', true],
    ['Amount', true],
    ['Net amount', true],
    ['Unit price', false],
    ['Price ex GST', false],
    ['Rate', false],
    ['Cost per pack', false],
    ['Nett price', false],
  ])('%j → %s', (header, expected) => {
    expect(namesLineAmount(header)).toBe(expected);
  });

  // The basis words are price-basis.ts's (this file kept its own list, without `with`, `pre`, `without`), read on
  // the same words: a qualifier run into the word (`AmountExGST`) or written with `_`, `-`, `.` is left out too.
  it.each([
    ['Amount_ex_GST', true],
    ['total_inc_gst', true],
    ['AmountExGST', true],
    ['TotalIncGST', true],
    ['Total.inc.GST', true],
    ['Total-ex-GST', true],
    ['Total with GST', true],
    ['Total without GST', true],
    ['Pre-GST total', true],
    ['Amount GST included', true],
    ['Unit_Price_Inc_GST', false],
    ['price_ex_gst', false],
    ['PriceExGST', false],
    ['PriceIncGST', false],
  ])('%j → %s, its basis words as price-basis.ts reads them', (header, expected) => {
    expect(namesLineAmount(header)).toBe(expected);
  });

  // A bookkeeper's `Line Price` is the line's total (the mapping places it on the pack cost, by `price`).
  it.each([
    ['Line Price', true],
    ['Line Price inc GST', true],
    ['Line Price (ex GST)', true],
    ['line_price_inc_gst', true],
    ['LinePriceExGST', true],
    ['Price', false],
    ['List Price', false],
  ])('%j → %s', (header, expected) => {
    expect(namesLineAmount(header)).toBe(expected);
  });

  // `Line Cost` (the header shed's own movements export writes for a line's amount) was mapped to the pack cost (by
  // `cost`) and read as the price of one pack: 4 × 179 saved as 716 a pack. So were `Extd Price` and `Cost Ext`. The
  // mapping now places them on the line total; placed on the pack cost (by a mapping file), they are refused.
  it.each([
    ['Line Cost', true],
    ['line_cost', true],
    ['LineCost', true],
    ['Line Cost ex GST', true],
    ['Line Cost (inc GST)', true],
    ['Line Cost (ex 10% GST)', true],
    ['Extd Price', true],
    ['Extd. Price inc GST', true],
    ['Extd Cost', true],
    ['Cost Ext', true],
    ['Cost Ext.', true],
    ['Cost Extended', true],
    ['Ext Price', true],
    ['Extended Price', true],
    ['Extended Cost', true],
    ['Line Value', true],
    ['Line Amount', true],
    ['Amount (inc 10% GST)', true],
    ['Pack Cost', false],
    ['Unit Cost', false],
    ['Cost', false],
    ['Cost Price', false],
    ['Price (incl. 10% GST)', false],
  ])('%j → %s', (header, expected) => {
    expect(namesLineAmount(header)).toBe(expected);
  });
});

function sheet(headers: string[], rows: (string | number)[][], columns: ColumnMapping['columns']) {
  const grid: Grid = {
    source: 'bills.csv',
    sheet: 'bills',
    rows: [headers, ...rows].map((cells, i) => ({ rowNumber: i + 1, cells })),
  };
  const mapping: ColumnMapping = { kind: 'receipts', headerRowNumber: 1, headers, columns, unplaced: [], missing: [] };
  return { grid, mapping };
}

describe('checkLineAmountCost', () => {
  it('refuses a line amount mapped to the pack cost, offering the line total or the mapping key', () => {
    const { grid, mapping } = sheet(
      ['Product', 'Qty', 'Amount ex GST'],
      [
        ['Glyfos 540', 3, 555],
        ['Amine 625', 4, 740],
      ],
      { product: 0, quantity: 1, pack_cost: 2 },
    );
    let caught: unknown;
    try {
      checkLineAmountCost(grid, mapping, false);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(MappingError);
    const error = caught as MappingError;
    expect(error.code).toBe('line_amount_as_cost');
    expect(error.message).toContain("bills.csv, sheet 'bills', header row 1: the column 'Amount ex GST'");
    expect(cliErrorMessage(error)).toContain('"pack_cost_per_pack": true');
    expect(cliErrorMessage(error)).toContain('"pack_cost_from": "line_total"');
    expect(paneText(error.message, error.remedies)).not.toContain('pack_cost_per_pack');
  });

  it("refuses a 'Line Price inc GST' mapped to the pack cost as a line amount, and says which column is the price", () => {
    const rows = [
      ['Glyfos 540', 3, 203.5, 610.5],
      ['Amine 625', 4, 110, 440],
    ];
    const lone = sheet(
      ['Product', 'Qty', 'Line Price inc GST'],
      rows.map((r) => [r[0]!, r[1]!, r[3]!]),
      {
        product: 0,
        quantity: 1,
        pack_cost: 2,
      },
    );
    expect(() => checkLineAmountCost(lone.grid, lone.mapping, false)).toThrow(
      "the column 'Line Price inc GST' (mapped to the pack cost) is headed like a line amount",
    );
    const beside = sheet(['Product', 'Qty', 'Each inc GST', 'Line Price inc GST'], rows, {
      product: 0,
      quantity: 1,
      pack_cost: 3,
    });
    expect(() => checkLineAmountCost(beside.grid, beside.mapping, false)).toThrow(
      /'Line Price inc GST' \(mapped to the pack cost\) is a line total: on every line it is 'Qty' × 'Each inc GST'/,
    );
  });

  it.each(['Line Cost', 'line_cost', 'Line Cost ex GST', 'Extd Price', 'Cost Ext'])(
    'refuses %j mapped to the pack cost as a line amount (716 for 4 × 179 is no price a pack)',
    (header) => {
      const { grid, mapping } = sheet(['Product', 'Qty', header], [['Glyfos 540', 4, 716]], {
        product: 0,
        quantity: 1,
        pack_cost: 2,
      });
      const error = thrownBy(() => checkLineAmountCost(grid, mapping, false), MappingError);
      expect(error.code).toBe('line_amount_as_cost');
      expect(error.message).toContain(`the column '${header}' (mapped to the pack cost) is headed like a line amount`);
      expect(error.remedies).toEqual([{ code: 'line_total_as_cost' }, { code: 'pack_cost_per_pack' }]);
    },
  );

  it('says it is a line total when quantity × another column gives it on every line', () => {
    const { grid, mapping } = sheet(
      ['Product', 'Qty', 'Each', 'Extended'],
      [
        ['Glyfos 540', 3, 185, 555],
        ['Amine 625', 4, 185.25, 741],
      ],
      { product: 0, quantity: 1, pack_cost: 3 },
    );
    expect(() => checkLineAmountCost(grid, mapping, false)).toThrow(
      /'Extended' \(mapped to the pack cost\) is a line total: on every line it is 'Qty' × 'Each'/,
    );
  });

  it('lets it through when the mapping says prices are per pack, a Line Total is mapped, or every quantity is 1', () => {
    const rows = [['Glyfos 540', 3, 185, 555]];
    const headers = ['Product', 'Qty', 'Amount', 'Line Total'];
    const perPack = sheet(headers, rows, { product: 0, quantity: 1, pack_cost: 2 });
    expect(() => checkLineAmountCost(perPack.grid, perPack.mapping, true)).not.toThrow();
    const withTotal = sheet(headers, rows, { product: 0, quantity: 1, pack_cost: 2, line_total: 3 });
    expect(() => checkLineAmountCost(withTotal.grid, withTotal.mapping, false)).not.toThrow();
    const ones = sheet(headers, [['Glyfos 540', 1, 185, 185]], { product: 0, quantity: 1, pack_cost: 2 });
    expect(() => checkLineAmountCost(ones.grid, ones.mapping, false)).not.toThrow();
    const plain = sheet(['Product', 'Qty', 'Unit Price'], rows, { product: 0, quantity: 1, pack_cost: 2 });
    expect(() => checkLineAmountCost(plain.grid, plain.mapping, false)).not.toThrow();
  });

  it('says a column headed like a price is a line total when quantity × another column gives it on every line', () => {
    // 'Price ex GST' outranks 'Unit Price' when both are there; here it holds the extended amount.
    const { grid, mapping } = sheet(
      ['Product', 'Qty', 'Unit Price', 'Price ex GST'],
      [
        ['Glyfos 540', 2, 100, 200],
        ['Total', '', '', 200],
        ['Amine 625', 1, 99, 99],
      ],
      { product: 0, quantity: 1, pack_cost: 3 },
    );
    expect(() => checkLineAmountCost(grid, mapping, false)).toThrow(
      /'Price ex GST' \(mapped to the pack cost\) is a line total: on every line it is 'Qty' × 'Unit Price'\. Map the pack cost to 'Unit Price'/,
    );
  });

  it('leaves a price column alone beside another price, or when no quantity proves anything', () => {
    const headers = ['Product', 'Qty', 'Unit Price inc GST', 'Price ex GST'];
    const columns = { product: 0, quantity: 1, pack_cost: 3 };
    const bases = sheet(headers, [['Glyfos 540', 2, 110, 100]], columns);
    expect(() => checkLineAmountCost(bases.grid, bases.mapping, false)).not.toThrow();
    const ones = sheet(headers, [['Glyfos 540', 1, 100, 100]], columns);
    expect(() => checkLineAmountCost(ones.grid, ones.mapping, false)).not.toThrow();
    const mixed = sheet(
      headers,
      [
        ['Glyfos 540', 2, 100, 200],
        ['Amine 625', 3, 50, 60],
      ],
      columns,
    );
    expect(() => checkLineAmountCost(mixed.grid, mixed.mapping, false)).not.toThrow();
  });
});
