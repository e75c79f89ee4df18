/** How two receipts of one invoice differ, in words (receipts/same-invoice.ts). */
import { describe, expect, it } from 'vitest';
import type { RecordNames } from '../../../../shared/import/engine/ops.ts';
import { receiptDifferences } from '../../../../shared/import/receipts/same-invoice.ts';
import type { ReceiptCreateBody } from '../../../../shared/schemas/bodies.ts';

const NAMES: RecordNames = {
  storageName: (id) => ({ s1: 'Main Chemical Shed', s2: 'Seed Shed' })[id] ?? null,
  productName: (id) => ({ p1: 'Glyfos 540' })[id] ?? null,
};

const receipt: ReceiptCreateBody = {
  storage_id: 's1',
  received_at: '2026-03-02T00:00:00+11:00',
  supplier: 'Farmco Rural Supplies',
  notes: 'Invoice INV-1',
  line_items: [{ product_id: 'p1', quantity: '2', pack_size_value: '20', pack_size_unit: 'L', pack_cost: '179' }],
};

describe('receiptDifferences', () => {
  it('names both storages, the other receipt’s and the sheet’s', () => {
    expect(receiptDifferences(receipt, { ...receipt, storage_id: 's2' }, 'Australia/Sydney', NAMES)).toEqual([
      "storage 'Seed Shed' there, 'Main Chemical Shed' here",
    ]);
  });
});
