/**
 * planReturnImport over sheets shaped as bookkeepers keep them: an .xlsx with real date and number
 * cells, a title above the header, blank and totals rows, and a date column that mixes orders.
 */
import { describe, expect, it } from 'vitest';
import { planCsv, planXlsx, productId, storageId } from './helpers.ts';

describe('planReturnImport on an .xlsx with typed cells', () => {
  const header = ['Returned', 'Supplier', 'Storage', 'Item', 'Qty', 'UOM', 'RMA', 'Reason'];

  it('reads Date cells and numbers, skips the title, blank rows and the TOTAL row', async () => {
    const plan = await planXlsx([
      ['Returns to suppliers 2026'],
      [],
      header,
      [
        new Date(Date.UTC(2026, 1, 12)),
        'Farmco Rural Supplies',
        'Main Chemical Shed',
        'Glyfos 540',
        20,
        'L',
        'CN-1',
        null,
      ],
      [],
      [
        new Date(Date.UTC(2026, 3, 20)),
        'Southern Cross Fertilisers',
        'Fertiliser Bunker',
        'MAP Granular',
        1.5,
        't',
        null,
        'Caked',
      ],
      [null, null, null, 'TOTAL', null, null, null, null],
    ]);
    expect(plan.skipped).toEqual([{ rowNumber: 7, reason: 'totals' }]);
    expect(plan.warnings).toEqual([]);
    expect(plan.drafts.map((d) => [d.rowNumbers, d.problems])).toEqual([
      [[4], []],
      [[6], []],
    ]);
    expect(plan.drafts.map((d) => d.body)).toEqual([
      {
        storage_id: storageId('Main Chemical Shed'),
        product_id: productId('Glyfos 540'),
        returned_at: '2026-02-12T00:00:00+11:00',
        supplier: 'Farmco Rural Supplies',
        amount_value: '20',
        amount_unit: 'l',
        notes: null,
        reference: 'CN-1',
      },
      {
        storage_id: storageId('Fertiliser Bunker'),
        product_id: productId('MAP Granular'),
        // Daylight time ended on 5 April 2026: +10:00.
        returned_at: '2026-04-20T00:00:00+10:00',
        supplier: 'Southern Cross Fertilisers',
        amount_value: '1.5',
        amount_unit: 't',
        notes: 'Caked',
        reference: null,
      },
    ]);
  });

  it('refuses number cells 0 and -5 and a number where the date goes, each on its cell', async () => {
    const plan = await planXlsx([
      header,
      [
        new Date(Date.UTC(2026, 1, 12)),
        'Farmco Rural Supplies',
        'Main Chemical Shed',
        'Glyfos 540',
        0,
        'L',
        null,
        null,
      ],
      [
        new Date(Date.UTC(2026, 1, 12)),
        'Farmco Rural Supplies',
        'Main Chemical Shed',
        'Glyfos 540',
        -5,
        'L',
        null,
        null,
      ],
      [true, 'Farmco Rural Supplies', 'Main Chemical Shed', 'Glyfos 540', 5, 'L', null, null],
    ]);
    expect(plan.drafts.map((d) => d.body)).toEqual([null, null, null]);
    expect(plan.drafts.map((d) => d.problems.map((p) => [p.rowNumber, p.code, p.header, p.message]))).toEqual([
      [[2, 'invalid_value', 'Qty', '0 must be greater than 0']],
      [
        [
          3,
          'negative_amount',
          'Qty',
          "'-5' is written as a negative amount, but a return already takes its amount out of the stock: write it as a positive amount, '5'",
        ],
      ],
      [[4, 'invalid_date', 'Returned', expect.stringMatching(/TRUE|true/)]],
    ]);
  });
});

describe('planReturnImport checks the order of the dates', () => {
  const head = 'Date,Return To,From Shed,Product,Amount,Unit';
  const good = 'Farmco Rural Supplies,Main Chemical Shed,Glyfos 540,20 L,';

  it('warns when the Date column reads only month-first, and refuses that date under DMY', async () => {
    const plan = await planCsv([head, `13/02/2026,${good}`, `02/14/2026,${good}`].join('\r\n'));
    expect(plan.warnings).toHaveLength(1);
    expect(plan.warnings[0]?.message).toContain("'02/14/2026'");
    expect(plan.drafts[0]!.body?.returned_at).toBe('2026-02-13T00:00:00+11:00');
    expect(plan.drafts[1]!.body).toBeNull();
    expect(plan.drafts[1]!.problems).toEqual([
      expect.objectContaining({ code: 'invalid_date', header: 'Date', value: '02/14/2026' }),
    ]);
  });

  it('reads month-first dates with dateOrder MDY', async () => {
    const plan = await planCsv([head, `02/14/2026,${good}`, `03/01/2026,${good}`].join('\r\n'), undefined, {
      dateOrder: 'MDY',
      timeZone: 'Australia/Sydney',
    });
    expect(plan.warnings).toEqual([]);
    expect(plan.drafts.map((d) => d.body?.returned_at)).toEqual([
      '2026-02-14T00:00:00+11:00',
      '2026-03-01T00:00:00+11:00',
    ]);
  });

  it('plans nothing for a sheet with a header and no data', async () => {
    const plan = await planCsv(`${head}\r\n`);
    expect(plan).toEqual({ drafts: [], skipped: [], warnings: [] });
  });
});
