import { describe, expect, it } from 'vitest';
import {
  BANKSIA,
  BANKSIA_TOKEN,
  CHEM_STORE,
  GLYPHOSATE,
  MAIN_SHED,
  OLD_SHEARING_SHED,
  PARAQUAT,
  SEED_SHED,
  UNKNOWN_ID,
  WILLOW,
  catalogue,
  client,
  orgPath,
  receiptBody,
  useSandbox,
} from './helpers.ts';

const receipts = orgPath(WILLOW, 'receipts');
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

// spec section 4 "Receipts"; paths and statuses per gaps row 5.
describe('sandbox receipts: create, get, delete', () => {
  const ctx = useSandbox();
  const api = client(ctx);

  it('creates a receipt with line items: 201, the receipt with item ids, sequence and timestamps', async () => {
    const answer = await api.post(receipts, receiptBody({ notes: 'Pre-sowing knockdown' }));
    expect(answer.status).toBe(201);
    const receipt = answer.body;
    expect(receipt).toMatchObject({
      organisation_id: WILLOW,
      storage_id: MAIN_SHED,
      received_at: '2026-03-02T09:30:00+11:00', // kept as sent, offset included
      supplier: 'Farmco Rural Supplies',
      notes: 'Pre-sowing knockdown',
      order_number: 'PO-9001',
      under_review: false,
    });
    expect(receipt.sequence).toMatch(/^REC-\d{8}$/);
    expect(receipt.inserted_at).toMatch(TIMESTAMP);
    expect(receipt.updated_at).toBe(receipt.inserted_at);
    expect(receipt.line_items).toHaveLength(2);
    expect(receipt.line_items[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      product_id: GLYPHOSATE,
      product_alias_id: null,
      quantity: '4',
      pack_size_value: '20',
      pack_size_unit: 'l',
      pack_cost: '179.00',
    });
    expect(ctx.sb.state.receipts.get(receipt.id)).toEqual(receipt);
  });

  it('creates a receipt without line_items as one with no items, notes and order number null', async () => {
    const { line_items: _, order_number: __, ...body } = receiptBody();
    const answer = await api.post(receipts, body);
    expect(answer.status).toBe(201);
    expect(answer.body.line_items).toEqual([]);
    expect(answer.body.notes).toBeNull();
    expect(answer.body.order_number).toBeNull();
  });

  it('numbers receipts REC-00000001 upwards per organisation, continuing after the history', async () => {
    const before = ctx.sb.state.sequences.get(WILLOW)!.receipts;
    const first = await api.post(receipts, receiptBody());
    const second = await api.post(receipts, receiptBody());
    expect(first.body.sequence).toBe(`REC-${String(before + 1).padStart(8, '0')}`);
    expect(second.body.sequence).toBe(`REC-${String(before + 2).padStart(8, '0')}`);
    const banksiaBefore = ctx.sb.state.sequences.get(BANKSIA)!.receipts;
    const other = await client(ctx, BANKSIA_TOKEN).post(
      orgPath(BANKSIA, 'receipts'),
      receiptBody({ storage_id: CHEM_STORE, line_items: [] }),
    );
    expect(other.body.sequence).toBe(`REC-${String(banksiaBefore + 1).padStart(8, '0')}`);
  });

  it('gets a receipt by id with all its line items', async () => {
    const created = (await api.post(receipts, receiptBody())).body;
    const answer = await api.get(`/api/shed/receipts/${created.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(created);
  });

  it('deletes with 204 and an empty body, writes a deletion record, and the receipt is gone', async () => {
    const created = (await api.post(receipts, receiptBody())).body;
    const answer = await api.delete(`${receipts}/${created.id}`);
    expect(answer.status).toBe(204);
    expect(answer.body).toBeNull();
    expect((await api.get(`/api/shed/receipts/${created.id}`)).status).toBe(404);
    expect((await api.delete(`${receipts}/${created.id}`)).status).toBe(404);
    const deleted = await api.get(`${receipts}/deleted?ids[]=${created.id}`);
    expect(deleted.body.data).toEqual([{ id: created.id, deleted_at: expect.stringMatching(TIMESTAMP) }]);
    expect(deleted.body.data[0].deleted_at > created.updated_at).toBe(true);
    expect(ctx.sb.state.receipts.has(created.id)).toBe(false);
  });

  it('answers 404 for unknown and non-UUID receipt ids on get, update and delete', async () => {
    for (const id of [UNKNOWN_ID, 'REC-00000001', '1234']) {
      expect((await api.get(`/api/shed/receipts/${id}`)).status).toBe(404);
      expect((await api.patch(`${receipts}/${id}`, { notes: 'x' })).status).toBe(404);
      expect((await api.delete(`${receipts}/${id}`)).status).toBe(404);
    }
  });
});

// spec section 4 "Update a receipt": the four line_items behaviours; gaps row 6 for the 422 bodies.
describe('sandbox receipts: update', () => {
  const ctx = useSandbox();
  const api = client(ctx);
  const create = async () => (await api.post(receipts, receiptBody())).body;

  it('line_items absent: updates header fields only, items untouched, updated_at bumped', async () => {
    const created = await create();
    const answer = await api.patch(`${receipts}/${created.id}`, {
      supplier: 'Riverina Ag Chemicals',
      notes: null,
      order_number: 'PO-2',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      supplier: 'Riverina Ag Chemicals',
      notes: null,
      order_number: 'PO-2',
      sequence: created.sequence,
    });
    expect(answer.body.line_items).toEqual(created.line_items);
    expect(answer.body.inserted_at).toBe(created.inserted_at);
    expect(answer.body.updated_at > created.updated_at).toBe(true);
  });

  it('an empty body still bumps updated_at', async () => {
    const created = await create();
    const answer = await api.patch(`${receipts}/${created.id}`, {});
    expect(answer.status).toBe(200);
    expect(answer.body.updated_at > created.updated_at).toBe(true);
  });

  it('line_items []: deletes every line item', async () => {
    const created = await create();
    const answer = await api.patch(`${receipts}/${created.id}`, { line_items: [] });
    expect(answer.status).toBe(200);
    expect(answer.body.line_items).toEqual([]);
    expect(ctx.sb.state.receipts.get(created.id)!.line_items).toEqual([]);
  });

  it('line_items with items: desired-state merge by id (update, create, delete missing)', async () => {
    const created = await create();
    const [first, second] = created.line_items;
    const answer = await api.patch(`${receipts}/${created.id}`, {
      line_items: [
        { ...first, quantity: '6', pack_cost: '175.50' },
        { product_id: PARAQUAT, quantity: '1', pack_size_value: '5', pack_size_unit: 'l', pack_cost: '40' },
      ],
    });
    expect(answer.status).toBe(200);
    const items = answer.body.line_items;
    expect(items).toHaveLength(2);
    expect(items[0]).toEqual({ ...first, quantity: '6', pack_cost: '175.50' });
    expect(items[1].id).not.toBe(second.id);
    expect(items[1].id).not.toBe(first.id);
    expect(items[1]).toMatchObject({ product_id: PARAQUAT, pack_size_value: '5', pack_cost: '40' });
    expect(items.map((i: { id: string }) => i.id)).not.toContain(second.id);
  });

  it('line_items null: 422 naming line_items, nothing changed', async () => {
    const created = await create();
    const answer = await api.patch(`${receipts}/${created.id}`, { line_items: null, supplier: 'Changed' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.line_items).toEqual([expect.any(String)]);
    expect(ctx.sb.state.receipts.get(created.id)).toEqual(created);
  });

  it("an item id that is not one of this receipt's items: 422 with a per-item error", async () => {
    const created = await create();
    const other = await create();
    const answer = await api.patch(`${receipts}/${created.id}`, {
      line_items: [created.line_items[0], { ...other.line_items[0] }, { ...created.line_items[1], id: UNKNOWN_ID }],
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.line_items).toEqual([
      {},
      { id: ['is not a line item of this receipt'] },
      { id: ['is not a line item of this receipt'] },
    ]);
    expect(ctx.sb.state.receipts.get(created.id)).toEqual(created);
    expect(ctx.sb.state.receipts.get(other.id)).toEqual(other);
  });

  it('the same item id twice: 422 on the second', async () => {
    const created = await create();
    const answer = await api.patch(`${receipts}/${created.id}`, {
      line_items: [created.line_items[0], created.line_items[0]],
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.line_items[0]).toEqual({});
    expect(answer.body.errors.line_items[1].id).toHaveLength(1);
  });

  it('validates header fields on update like on create', async () => {
    const created = await create();
    const cases: [Record<string, unknown>, string][] = [
      [{ supplier: '' }, 'supplier'],
      [{ supplier: null }, 'supplier'],
      [{ received_at: '31/02/2026' }, 'received_at'],
      [{ storage_id: 'shed' }, 'storage_id'],
      [{ storage_id: UNKNOWN_ID }, 'storage_id'],
      [{ storage_id: CHEM_STORE }, 'storage_id'],
      [{ storage_id: OLD_SHEARING_SHED }, 'storage_id'],
    ];
    for (const [body, field] of cases) {
      const answer = await api.patch(`${receipts}/${created.id}`, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(answer.body.errors), JSON.stringify(body)).toEqual([field]);
    }
    expect(ctx.sb.state.receipts.get(created.id)).toEqual(created);
  });

  it('moves a receipt to another storage of the organisation', async () => {
    const created = await create();
    const answer = await api.patch(`${receipts}/${created.id}`, { storage_id: SEED_SHED });
    expect(answer.status).toBe(200);
    expect(answer.body.storage_id).toBe(SEED_SHED);
  });
});

// gaps row 11: a locked storage refuses creates and updates.
describe('sandbox receipts: locked storage', () => {
  const seed = catalogue();
  const inLockedShed = {
    id: '11111111-1111-4111-8111-111111111111',
    organisation_id: WILLOW,
    sequence: 'REC-00000007',
    storage_id: OLD_SHEARING_SHED,
    received_at: '2025-10-01T09:00:00+10:00',
    supplier: 'Farmco Rural Supplies',
    notes: null,
    order_number: null,
    under_review: true,
    line_items: [],
    inserted_at: '2025-10-01T00:00:00.000000Z',
    updated_at: '2025-10-01T00:00:00.000000Z',
  };
  seed.receipts = [inLockedShed];
  const ctx = useSandbox({ seed });
  const api = client(ctx);

  it('refuses a receipt in a locked storage: 422 storage_id "storage is locked"', async () => {
    const answer = await api.post(receipts, receiptBody({ storage_id: OLD_SHEARING_SHED }));
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ errors: { storage_id: ['storage is locked'] } });
    expect(ctx.sb.state.receipts.size).toBe(1);
  });

  it('refuses any update of a receipt in a locked storage, even moving it out', async () => {
    for (const body of [{ notes: 'late fix' }, { storage_id: MAIN_SHED }, {}]) {
      const answer = await api.patch(`${receipts}/${inLockedShed.id}`, body);
      expect(answer.status).toBe(422);
      expect(answer.body.errors.storage_id).toEqual(['storage is locked']);
    }
    expect(ctx.sb.state.receipts.get(inLockedShed.id)).toEqual(inLockedShed);
  });

  it('continues the sequence from the highest seeded number and keeps under_review read-only', async () => {
    const created = await api.post(receipts, receiptBody({ under_review: true, sequence: 'REC-99999999' }));
    expect(created.body.sequence).toBe('REC-00000008');
    expect(created.body.under_review).toBe(false);
  });

  it('still allows deleting it (gaps row 11 names create and update only)', async () => {
    expect((await api.delete(`${receipts}/${inLockedShed.id}`)).status).toBe(204);
  });
});
