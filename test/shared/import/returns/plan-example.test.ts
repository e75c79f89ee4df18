/**
 * examples/supplier-returns.csv (UTF-8 BOM, comma, CRLF), read with the CLI's reader, mapped with
 * detectMapping and planned against Willow Creek's demo catalogue: examples/README.md says four
 * returns are created (two with amount and unit in one cell) and the last (amount 0) is refused.
 */
import { describe, expect, it } from 'vitest';
import { invalidResults } from '../../../../shared/import/results.ts';
import { KINDS } from '../../../../shared/kinds/index.ts';
import { EXAMPLE_CSV, SYDNEY, planFile, productId, storageId } from './helpers.ts';

const plan = await planFile(EXAMPLE_CSV);

const EXPECTED_BODIES = [
  {
    storage_id: storageId('Main Chemical Shed'),
    product_id: productId('Glyfos 540'),
    returned_at: '2026-02-12T00:00:00+11:00',
    supplier: 'Farmco Rural Supplies',
    amount_value: '20',
    amount_unit: 'l',
    notes: 'Unopened drum, over-ordered',
    reference: 'CN-7781',
  },
  {
    storage_id: storageId('Fertiliser Bunker'),
    product_id: productId('MAP Granular'),
    returned_at: '2026-02-28T00:00:00+11:00',
    supplier: 'Southern Cross Fertilisers',
    amount_value: '1000',
    amount_unit: 'kg',
    notes: 'Caked bag',
    reference: 'CN-3310',
  },
  {
    storage_id: storageId('Seed Shed'),
    product_id: productId('Bonito TT Canola'),
    returned_at: '2026-03-05T00:00:00+11:00',
    supplier: 'Paddock Seeds Pty Ltd',
    amount_value: '40',
    amount_unit: 'kg',
    notes: null,
    reference: 'CN-0912',
  },
  {
    storage_id: storageId('Main Chemical Shed'),
    product_id: productId('Tebushield 430'),
    returned_at: '2026-03-18T00:00:00+11:00',
    supplier: 'Riverina Ag Chemicals',
    amount_value: '5',
    amount_unit: 'l',
    notes: 'Wrong product delivered',
    reference: null,
  },
];

describe('planReturnImport on examples/supplier-returns.csv', () => {
  it('makes one draft per data row, rows 2 to 6, and skips nothing', () => {
    expect(plan.drafts.map((d) => d.rowNumbers)).toEqual([[2], [3], [4], [5], [6]]);
    expect(plan.skipped).toEqual([]);
    expect(plan.warnings).toEqual([]);
  });

  it('makes the four valid returns exactly as written (units normalised: L → l)', () => {
    expect(plan.drafts.slice(0, 4).map((d) => d.body)).toEqual(EXPECTED_BODIES);
    for (const draft of plan.drafts.slice(0, 4)) {
      expect(draft.problems).toEqual([]);
      expect(draft.warnings).toEqual([]);
      expect(draft.recordId).toBeNull();
      expect(draft.updatedAt).toBeNull();
    }
  });

  it('keeps the storage name and the reference as the key of each draft', () => {
    expect(plan.drafts.map((d) => d.storageName)).toEqual([
      'Main Chemical Shed',
      'Fertiliser Bunker',
      'Seed Shed',
      'Main Chemical Shed',
      'Main Chemical Shed',
    ]);
    expect(plan.drafts.map((d) => d.key)).toEqual(['CN-7781', 'CN-3310', 'CN-0912', null, 'CN-7790']);
  });

  it("refuses the last return (amount 0), naming the Amount cell: '0' must be greater than 0", () => {
    const last = plan.drafts[4]!;
    expect(last.body).toBeNull();
    expect(last.problems).toEqual([
      {
        code: 'invalid_value',
        rowNumber: 6,
        column: 4,
        header: 'Amount',
        value: '0',
        message: "'0' must be greater than 0",
      },
    ]);
    expect(invalidResults(last.rowNumbers, last.problems, KINDS.returns.label(last))).toEqual([
      { rowNumber: 6, status: 'invalid', message: "Amount: '0' must be greater than 0", invalidColumns: [4] },
    ]);
  });

  it('reads the same dates as Perth midnight (+08:00) when the farm is in Perth', async () => {
    const perth = await planFile(EXAMPLE_CSV, undefined, { ...SYDNEY, timeZone: 'Australia/Perth' });
    expect(perth.drafts.map((d) => d.body?.returned_at ?? null)).toEqual([
      '2026-02-12T00:00:00+08:00',
      '2026-02-28T00:00:00+08:00',
      '2026-03-05T00:00:00+08:00',
      '2026-03-18T00:00:00+08:00',
      null,
    ]);
  });
});
