/** Records as the service sends them (spec section 2), for the client tests. */
import { uuid } from './fake-service.ts';

export const ORG = uuid(1);
export const STORAGE = uuid(2);
export const PRODUCT = uuid(3);

/** A timestamp `n` seconds after 2026-03-01T00:00:00Z, with microseconds (gaps row 15). */
export function at(n: number): string {
  return new Date(Date.UTC(2026, 2, 1) + n * 1000).toISOString().replace('Z', '123Z');
}

export function receipt(n: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: uuid(1000 + n),
    organisation_id: ORG,
    sequence: `REC-${String(n).padStart(8, '0')}`,
    storage_id: STORAGE,
    received_at: at(n),
    supplier: 'Nutrien Ag',
    notes: null,
    order_number: `PO-${n}`,
    under_review: false,
    line_items: [
      {
        id: uuid(50_000 + n),
        product_id: PRODUCT,
        product_alias_id: null,
        quantity: '4',
        pack_size_value: '20',
        pack_size_unit: 'l',
        pack_cost: '185.50',
      },
    ],
    inserted_at: at(n),
    updated_at: at(n),
    ...extra,
  };
}

export function returnRecord(n: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: uuid(2000 + n),
    organisation_id: ORG,
    sequence: `RET-${String(n).padStart(8, '0')}`,
    storage_id: STORAGE,
    product_id: PRODUCT,
    returned_at: at(n),
    supplier: 'Elders',
    amount_value: '40',
    amount_unit: 'l',
    notes: null,
    reference: null,
    inserted_at: at(n),
    updated_at: at(n),
    ...extra,
  };
}

export function storage(n: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: uuid(3000 + n),
    organisation_id: ORG,
    name: `Shed ${n}`,
    locked_at: null,
    inserted_at: at(n),
    updated_at: at(n),
    ...extra,
  };
}

export const receiptBody = {
  storage_id: STORAGE,
  received_at: '2026-03-01T09:00:00+10:00',
  supplier: 'Nutrien Ag',
  line_items: [{ product_id: PRODUCT, quantity: '4', pack_size_value: '20', pack_size_unit: 'l', pack_cost: '185.50' }],
};
