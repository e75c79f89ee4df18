import { describe, expect, it } from 'vitest';
import { BANKSIA, MAIN_SHED, WILLOW, catalogue, client, orgPath, receiptBody, request, useSandbox } from './helpers.ts';
import type { SeedData } from '../../sandbox/index.ts';

/** The catalogue plus `count` receipts in Willow Creek, all stamped with the same `updated_at` in pairs. */
function seedWithReceipts(count: number): SeedData {
  const seed = catalogue();
  seed.receipts = Array.from({ length: count }, (_, i) => {
    const stamp = `2026-01-01T00:00:${String(Math.floor(i / 2)).padStart(2, '0')}.000000Z`;
    const id = `00000000-0000-4000-8000-${String(1000 - i).padStart(12, '0')}`;
    return {
      id,
      organisation_id: WILLOW,
      sequence: `REC-${String(i + 1).padStart(8, '0')}`,
      storage_id: MAIN_SHED,
      received_at: '2026-01-01T09:00:00+11:00',
      supplier: 'Farmco Rural Supplies',
      notes: null,
      order_number: null,
      under_review: false,
      line_items: [],
      inserted_at: stamp,
      updated_at: stamp,
    };
  });
  return seed;
}

// spec section 4 "Pagination" and "Updated-records filter"; gaps rows 13, 14, 19, 21.
describe('sandbox lists: pagination', () => {
  const ctx = useSandbox({ seed: seedWithReceipts(120) });
  const api = client(ctx);
  const receipts = orgPath(WILLOW, 'receipts');

  it('defaults to page 1 of 50, with meta page, page_size, total_pages and total_count', async () => {
    const answer = await api.get(receipts);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(50);
    expect(answer.body.meta).toEqual({ page: 1, page_size: 50, total_pages: 3, total_count: 120 });
    expect('included' in answer.body).toBe(false);
  });

  it('serves the last, short page and an empty page beyond the end', async () => {
    const last = await api.get(`${receipts}?page=3`);
    expect(last.body.data).toHaveLength(20);
    const beyond = await api.get(`${receipts}?page=9`);
    expect(beyond.status).toBe(200);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta).toMatchObject({ page: 9, total_pages: 3, total_count: 120 });
  });

  it('clamps page_size=10000 to 200, page_size=0 to 1, and page=0 or -4 to 1 (gaps row 13)', async () => {
    const big = await api.get(`${receipts}?page_size=10000`);
    expect(big.status).toBe(200);
    expect(big.body.data).toHaveLength(120);
    expect(big.body.meta).toMatchObject({ page: 1, page_size: 200, total_pages: 1 });
    const tiny = await api.get(`${receipts}?page_size=0`);
    expect(tiny.body.meta).toMatchObject({ page_size: 1, total_pages: 120 });
    expect(tiny.body.data).toHaveLength(1);
    for (const page of ['0', '-4']) {
      const answer = await api.get(`${receipts}?page=${page}&page_size=10`);
      expect(answer.body.meta.page).toBe(1);
      expect(answer.body.data[0].id).toBe((await api.get(`${receipts}?page_size=10`)).body.data[0].id);
    }
  });

  it('refuses page and page_size that are not integers with 422', async () => {
    for (const query of ['page=abc', 'page=1.5', 'page_size=ten', 'page_size=2e3']) {
      const answer = await api.get(`${receipts}?${query}`);
      expect(answer.status, query).toBe(422);
      expect(Object.keys(answer.body.errors)).toEqual([query.split('=')[0]]);
    }
  });

  it('orders by updated_at then id, and pages partition the list without overlap', async () => {
    const seen: { id: string; updated_at: string }[] = [];
    for (let page = 1; page <= 13; page++)
      seen.push(...(await api.get(`${receipts}?page=${page}&page_size=10`)).body.data);
    expect(seen).toHaveLength(120);
    expect(new Set(seen.map((r) => r.id)).size).toBe(120);
    const sorted = [...seen].sort((a, b) =>
      a.updated_at === b.updated_at ? (a.id < b.id ? -1 : 1) : a.updated_at < b.updated_at ? -1 : 1,
    );
    expect(seen.map((r) => r.id)).toEqual(sorted.map((r) => r.id));
  });
});

describe('sandbox lists: updated_after', () => {
  const ctx = useSandbox({ seed: seedWithReceipts(10) });
  const api = client(ctx);
  const receipts = orgPath(WILLOW, 'receipts');

  it('is strict: records stamped exactly at the cursor are not returned again, ties after it all are', async () => {
    const all = (await api.get(receipts)).body.data as { id: string; updated_at: string }[];
    const cursor = all[3]!.updated_at; // records 2 and 3 share this stamp; 4 and 5 share the next
    const after = await api.get(`${receipts}?updated_after=${encodeURIComponent(cursor)}`);
    expect(after.body.data.map((r: { id: string }) => r.id)).toEqual(all.slice(4).map((r) => r.id));
    expect(after.body.meta.total_count).toBe(6);
  });

  it('combines with page and page_size', async () => {
    const all = (await api.get(receipts)).body.data as { id: string; updated_at: string }[];
    const answer = await api.get(
      `${receipts}?updated_after=${encodeURIComponent(all[1]!.updated_at)}&page=2&page_size=3`,
    );
    expect(answer.body.data.map((r: { id: string }) => r.id)).toEqual(all.slice(5, 8).map((r) => r.id));
    expect(answer.body.meta).toEqual({ page: 2, page_size: 3, total_pages: 3, total_count: 8 });
  });

  it('accepts offsets and fewer fraction digits, and a "+" that arrived as a space', async () => {
    const base = await api.get(`${receipts}?updated_after=2026-01-01T00:00:01Z`);
    const offset = await api.get(`${receipts}?updated_after=${encodeURIComponent('2026-01-01T11:00:01.000+11:00')}`);
    const space = await api.get(`${receipts}?updated_after=2026-01-01T11:00:01+11:00`); // unencoded: + becomes a space
    expect(base.body.meta.total_count).toBe(6);
    expect(offset.body.data).toEqual(base.body.data);
    expect(space.body.data).toEqual(base.body.data);
  });

  it('refuses a value that is not a timestamp with 422 naming updated_after', async () => {
    for (const value of ['yesterday', '2026-02-31T00:00:00Z', '2026-01-01', '1700000000']) {
      const answer = await api.get(`${receipts}?updated_after=${encodeURIComponent(value)}`);
      expect(answer.status, value).toBe(422);
      expect(answer.body.errors.updated_after).toHaveLength(1);
    }
  });

  it('applies to every list, the organisations list included', async () => {
    const orgs = await api.get('/api/organisations?updated_after=2025-07-01T00:00:00.000000Z');
    expect(orgs.body.data).toEqual([]);
    const before = await api.get('/api/organisations?updated_after=2025-06-30T23:59:59.999999Z');
    expect(before.body.data).toHaveLength(2);
    for (const resource of ['storages', 'product_aliases', 'returns']) {
      const none = await api.get(`${orgPath(WILLOW, resource)}?updated_after=2030-01-01T00:00:00Z`);
      expect(none.body.data, resource).toEqual([]);
      const some = await api.get(`${orgPath(WILLOW, resource)}?updated_after=2025-06-30T00:00:00Z&page_size=200`);
      expect(some.body.data.length, resource).toBe(some.body.meta.total_count ?? some.body.meta.total_entries);
    }
  });

  it('moves an updated record to the end, so a cursor picks it up once', async () => {
    const all = (await api.get(receipts)).body.data as { id: string; updated_at: string }[];
    const cursor = all[all.length - 1]!.updated_at;
    const patched = await api.patch(`${receipts}/${all[0]!.id}`, { notes: 'changed' });
    expect(patched.status).toBe(200);
    const after = await api.get(`${receipts}?updated_after=${encodeURIComponent(cursor)}`);
    expect(after.body.data.map((r: { id: string }) => r.id)).toEqual([all[0]!.id]);
    const full = await api.get(receipts);
    expect(full.body.data.at(-1).id).toBe(all[0]!.id);
    expect(full.body.meta.total_count).toBe(10);
  });
});

describe('sandbox lists: resources', () => {
  const ctx = useSandbox();
  const api = client(ctx);

  it('lists storages with total_entries and the table fields, aliases/returns with total_count (gaps row 21 default)', async () => {
    const storages = await api.get(orgPath(WILLOW, 'storages'));
    expect(storages.body.meta).toEqual({ page: 1, page_size: 50, total_pages: 1, total_entries: 5 });
    expect(Object.keys(storages.body.data[0]).sort()).toEqual([
      'id',
      'inserted_at',
      'locked_at',
      'name',
      'organisation_id',
      'updated_at',
    ]);
    expect(
      storages.body.data
        .filter((s: { locked_at: string | null }) => s.locked_at !== null)
        .map((s: { name: string }) => s.name),
    ).toEqual(['Old Shearing Shed']);
    const aliases = await api.get(orgPath(WILLOW, 'product_aliases'));
    expect(aliases.body.meta).toMatchObject({ page: 1, page_size: 50, total_pages: 2, total_count: 54 });
    const returns = await api.get(orgPath(BANKSIA, 'returns'));
    expect(returns.status).toBe(404); // Banksia is not Willow's token's
    const own = await api.get(orgPath(WILLOW, 'returns'));
    expect(own.body.meta.total_count).toBe(6);
    expect(own.body.meta.total_entries).toBeUndefined();
  });

  it('gets one storage and one product alias by id, 404 for unknown or non-UUID ids', async () => {
    const storage = await api.get(`/api/shed/storages/${MAIN_SHED}`);
    expect(storage.body).toMatchObject({
      id: MAIN_SHED,
      name: 'Main Chemical Shed',
      locked_at: null,
      organisation_id: WILLOW,
    });
    const aliasId = (await api.get(orgPath(WILLOW, 'product_aliases'))).body.data[0].id;
    const alias = await api.get(`/api/shed/product_aliases/${aliasId}`);
    expect(alias.status).toBe(200);
    expect(alias.body.id).toBe(aliasId);
    for (const path of [
      '/api/shed/storages/00000000-0000-4000-8000-000000000000',
      '/api/shed/storages/shed-1',
      '/api/shed/product_aliases/42',
    ]) {
      expect((await api.get(path)).status).toBe(404);
    }
  });

  it('has storages and product aliases read-only: no create, update or delete routes', async () => {
    expect((await api.post(orgPath(WILLOW, 'storages'), { name: 'New shed' })).status).toBe(404);
    expect((await api.patch(`${orgPath(WILLOW, 'storages')}/${MAIN_SHED}`, { name: 'x' })).status).toBe(404);
    expect((await api.delete(`${orgPath(WILLOW, 'storages')}/${MAIN_SHED}`)).status).toBe(404);
    expect(ctx.sb.state.storages.get(MAIN_SHED)!.name).toBe('Main Chemical Shed');
  });

  it('creates receipts that appear at the end of the list', async () => {
    const created = await api.post(orgPath(WILLOW, 'receipts'), receiptBody());
    const list = await request(ctx.sb.url, 'GET', `${orgPath(WILLOW, 'receipts')}?page_size=200`);
    expect(list.body.data.at(-1).id).toBe(created.body.id);
  });
});
