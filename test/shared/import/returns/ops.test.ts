/** What a sheet's return changes in the service's (returns/ops.ts diffReturn), in words a bookkeeper reads. */
import { describe, expect, it } from 'vitest';
import type { RecordNames } from '../../../../shared/import/engine/ops.ts';
import { diffReturn } from '../../../../shared/import/returns/ops.ts';
import { returnDifferences } from '../../../../shared/import/returns/same-return.ts';
import type { ReturnCreateBody } from '../../../../shared/schemas/bodies.ts';
import type { Return } from '../../../../shared/schemas/resources.ts';

const NAMES: RecordNames = {
  storageName: (id) => ({ s1: 'Main Chemical Shed', s2: 'Seed Shed' })[id] ?? null,
  productName: (id) => ({ p1: 'Glyfos 540', p2: 'Amine 625' })[id] ?? null,
};

const sheet: ReturnCreateBody = {
  storage_id: 's1',
  product_id: 'p1',
  returned_at: '2026-03-02T00:00:00+11:00',
  supplier: 'Farmco Rural Supplies',
  amount_value: '20',
  amount_unit: 'L',
  reference: 'CN-77/1',
};
const service: Return = {
  ...sheet,
  id: 'r1',
  sequence: 'RET-00000001',
  storage_id: 's2',
  product_id: 'p2',
  notes: null,
  reference: 'CN-77/1',
  updated_at: '2026-03-03T00:00:00Z',
};

describe('diffReturn', () => {
  it("names the storage and the product by name, the service's and the sheet's, like the other fields", () => {
    const diff = diffReturn(sheet, service, 'Australia/Sydney', NAMES);
    expect(diff.body).toEqual({ storage_id: 's1', product_id: 'p1' });
    expect(diff.differences).toEqual([
      { field: 'storage', service: 'Seed Shed', sheet: 'Main Chemical Shed' },
      { field: 'product', service: 'Amine 625', sheet: 'Glyfos 540' },
    ]);
    expect(diff.changes).toEqual(["storage 'Seed Shed' → 'Main Chemical Shed'", "product 'Amine 625' → 'Glyfos 540'"]);
    expect(returnDifferences(diff.differences)).toEqual([
      'storage Seed Shed there, Main Chemical Shed here',
      'product Amine 625 there, Glyfos 540 here',
    ]);
  });

  it('says the id of a storage or product it has no name for', () => {
    const diff = diffReturn(sheet, { ...service, storage_id: 's9' }, 'Australia/Sydney', NAMES);
    expect(diff.differences?.[0]).toEqual({ field: 'storage', service: 's9', sheet: 'Main Chemical Shed' });
  });
});
