// A small organisation for the dataset tests: storages (two whose names normalise alike), products,
// aliases (two 'Wetter' aliases of different products, as in the demo catalogue), receipts and returns.
import type { Product, ProductAlias, Receipt, Return, Storage } from '../../../shared/schemas/resources.ts';

export const ORG = '10000000-0000-4000-8000-000000000000';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const S_MAIN = id(1);
export const S_SEED = id(2);
export const S_DUP1 = id(3);
export const S_DUP2 = id(4);
export const P_GLY = id(11);
export const P_WHEAT = id(12);
export const P_WET_A = id(13);
export const P_WET_B = id(14);
export const P_UNNAMED = id(15);
export const A_GLYFOS = id(21);
export const A_WETTER_A = id(22);
export const A_WETTER_B = id(23);

export const storages: Storage[] = [
  {
    id: S_MAIN,
    name: 'Main Chemical Shed',
    organisation_id: ORG,
    locked_at: null,
    inserted_at: '2025-01-01T00:00:00Z',
    updated_at: '2025-01-01T00:00:00Z',
  },
  { id: S_SEED, name: 'Seed Shed', active: true, activated_at: '2025-02-01T00:00:00Z' },
  { id: S_DUP1, name: 'North Tank', locked_at: '2026-01-05T03:00:00Z' },
  { id: S_DUP2, name: 'north  tank', active: false },
];

export const products: Product[] = [
  { id: P_GLY, name: 'Glyphosate 540', updated_at: '2025-01-01T00:00:00Z' },
  { id: P_WHEAT, name: 'Wheat seed - Scepter' },
  { id: P_WET_A, name: 'Wetting agent A' },
  { id: P_WET_B, name: 'Wetting agent B' },
];

export const aliases: ProductAlias[] = [
  { id: A_GLYFOS, name: 'Glyfos 540', product_id: P_GLY },
  { id: A_WETTER_A, name: 'Wetter', product_id: P_WET_A },
  { id: A_WETTER_B, name: 'Wetter', product_id: P_WET_B },
];

const line = (
  n: number,
  product_id: string,
  product_alias_id: string | null,
  quantity: string,
  pack_size_value: string,
  pack_size_unit: string,
  pack_cost: string,
) => ({
  id: id(100 + n),
  product_id,
  product_alias_id,
  quantity,
  pack_size_value,
  pack_size_unit,
  pack_cost,
});

const receipt = (n: number, over: Partial<Receipt>): Receipt => ({
  id: id(200 + n),
  sequence: `REC-${String(n).padStart(8, '0')}`,
  storage_id: S_MAIN,
  received_at: '2026-02-03T00:00:00+11:00',
  supplier: 'Farmco Rural Supplies',
  notes: null,
  order_number: null,
  under_review: false,
  line_items: [],
  updated_at: `2026-03-0${n}T00:00:00.123456Z`,
  ...over,
});

export const receipts: Receipt[] = [
  receipt(1, {
    notes: 'Invoice INV-40211; Back order to follow',
    order_number: 'PO-1001',
    line_items: [line(1, P_GLY, A_GLYFOS, '4', '20', 'l', '185'), line(2, P_GLY, null, '2', '500', 'ml', '10.10')],
  }),
  // 13:30 UTC on 2 Feb is 00:30 on 3 Feb in Sydney: the same local day as receipt 1.
  receipt(2, {
    storage_id: S_SEED,
    received_at: '2026-02-02T13:30:00Z',
    notes: 'Invoice S-2291',
    under_review: true,
    line_items: [line(3, P_WHEAT, null, '40', '50', 'kg', '62.5'), line(4, P_WHEAT, null, '3', '1', 't', '785')],
  }),
  receipt(3, {
    storage_id: S_DUP1,
    received_at: '2026-02-28T23:00:00+11:00',
    notes: 'Delivered by tanker',
    line_items: [line(5, P_WET_A, A_WETTER_A, '1', '5', 'L', '38.9')],
  }),
  receipt(4, { received_at: '2026-03-01T00:00:00+11:00', line_items: [] }),
  receipt(5, {
    received_at: '2026-01-15T00:00:00+11:00',
    line_items: [line(6, P_UNNAMED, null, '1', '3', 'drum', '100')],
  }),
];

export const returns: Return[] = [
  {
    id: id(301),
    sequence: 'RET-00000001',
    storage_id: S_MAIN,
    product_id: P_GLY,
    returned_at: '2026-02-10T00:00:00+11:00',
    supplier: 'Farmco Rural Supplies',
    amount_value: '40',
    amount_unit: 'l',
    notes: 'Damaged drums',
    reference: 'CN-1234',
    updated_at: '2026-03-05T00:00:00Z',
  },
  {
    id: id(302),
    sequence: 'RET-00000002',
    storage_id: S_SEED,
    product_id: P_WHEAT,
    returned_at: '2026-02-03T09:00:00+11:00',
    supplier: '=HYPERLINK("x")',
    amount_value: '250',
    amount_unit: 'g',
    notes: null,
    reference: null,
    updated_at: '2026-03-06T00:00:00Z',
  },
];
