import { describe, expect, it } from 'vitest';
import {
  BANKSIA,
  UNKNOWN_ID,
  WILLOW,
  catalogue,
  client,
  orgPath,
  receiptBody,
  returnBody,
  testClock,
  useSandbox,
} from './helpers.ts';
import type { SeedData } from '../../sandbox/index.ts';

const receipts = orgPath(WILLOW, 'receipts');
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** The catalogue with one seeded deletion record of each resource, 10 days before the test clock. */
function seedWithDeletions(): SeedData {
  const seed = catalogue();
  const record = (n: number, orgId = WILLOW) => ({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    organisation_id: orgId,
    deleted_at: '2026-03-05T00:00:00.000000Z',
  });
  seed.deletions = {
    receipts: [record(1)],
    returns: [record(2)],
    storages: [record(3)],
    product_aliases: [record(4), record(5, BANKSIA)],
  };
  return seed;
}

// spec section 4 "Deleted-records endpoints"; gaps row 17; retention per spec section 8.
describe('sandbox deleted endpoints', () => {
  const clock = testClock('2026-03-15T00:00:00Z');
  const ctx = useSandbox({ seed: seedWithDeletions(), now: clock.now });
  const api = client(ctx);

  it('exists for all four resources and answers {data} only', async () => {
    for (const [resource, n] of [
      ['receipts', 1],
      ['returns', 2],
      ['storages', 3],
      ['product_aliases', 4],
    ] as const) {
      const answer = await api.get(`${orgPath(WILLOW, resource)}/deleted`);
      expect(answer.status, resource).toBe(200);
      expect(Object.keys(answer.body)).toEqual(['data']);
      expect(answer.body.data).toEqual([
        { id: `00000000-0000-4000-8000-00000000000${n}`, deleted_at: '2026-03-05T00:00:00.000000Z' },
      ]);
    }
  });

  it('records deletions of receipts and returns in order, with microsecond timestamps', async () => {
    const a = (await api.post(receipts, receiptBody())).body;
    const b = (await api.post(receipts, receiptBody())).body;
    const r = (await api.post(orgPath(WILLOW, 'returns'), returnBody())).body;
    await api.delete(`${receipts}/${b.id}`);
    await api.delete(`${receipts}/${a.id}`);
    await api.delete(`${orgPath(WILLOW, 'returns')}/${r.id}`);
    const answer = await api.get(`${receipts}/deleted`);
    expect(answer.body.data.map((d: { id: string }) => d.id)).toEqual([
      '00000000-0000-4000-8000-000000000001',
      b.id,
      a.id,
    ]);
    for (const d of answer.body.data) expect(d.deleted_at).toMatch(TIMESTAMP);
    expect(answer.body.data[1].deleted_at < answer.body.data[2].deleted_at).toBe(true);
    expect(
      (await api.get(`${orgPath(WILLOW, 'returns')}/deleted`)).body.data.map((d: { id: string }) => d.id),
    ).toContain(r.id);
  });

  it('filters by deleted_after (strict) and ids[], combined by AND', async () => {
    const x = (await api.post(receipts, receiptBody())).body;
    const y = (await api.post(receipts, receiptBody())).body;
    await api.delete(`${receipts}/${x.id}`);
    await api.delete(`${receipts}/${y.id}`);
    const all = (await api.get(`${receipts}/deleted`)).body.data as { id: string; deleted_at: string }[];
    const xAt = all.find((d) => d.id === x.id)!.deleted_at;
    const after = await api.get(`${receipts}/deleted?deleted_after=${encodeURIComponent(xAt)}`);
    expect(after.body.data.map((d: { id: string }) => d.id)).toEqual([y.id]);
    const byIds = await api.get(`${receipts}/deleted?ids[]=${x.id}&ids[]=${UNKNOWN_ID}`);
    expect(byIds.body.data.map((d: { id: string }) => d.id)).toEqual([x.id]);
    const both = await api.get(
      `${receipts}/deleted?ids[]=${x.id}&ids[]=${y.id}&deleted_after=${encodeURIComponent(xAt)}`,
    );
    expect(both.body.data.map((d: { id: string }) => d.id)).toEqual([y.id]);
    const none = await api.get(`${receipts}/deleted?ids[]=${x.id}&deleted_after=${encodeURIComponent(xAt)}`);
    expect(none.body.data).toEqual([]);
    const encoded = await api.get(`${receipts}/deleted?ids%5B%5D=${y.id}`);
    expect(encoded.body.data.map((d: { id: string }) => d.id)).toEqual([y.id]);
    const commas = await api.get(`${receipts}/deleted?ids=${x.id},${y.id}`);
    expect(commas.body.data).toHaveLength(2);
  });

  it('accepts ids[] on every deleted endpoint (gaps row 17) and keeps organisations apart', async () => {
    const answer = await api.get(
      `${orgPath(WILLOW, 'product_aliases')}/deleted?ids[]=00000000-0000-4000-8000-000000000005`,
    );
    expect(answer.body.data).toEqual([]); // that record is Banksia's
    const own = await api.get(`${orgPath(WILLOW, 'storages')}/deleted?ids[]=00000000-0000-4000-8000-000000000003`);
    expect(own.body.data).toHaveLength(1);
  });

  it('refuses ids that are not UUIDs and a deleted_after that is not a timestamp with 422', async () => {
    const ids = await api.get(`${receipts}/deleted?ids[]=REC-00000001`);
    expect(ids.status).toBe(422);
    expect(Object.keys(ids.body.errors)).toEqual(['ids']);
    const after = await api.get(`${receipts}/deleted?deleted_after=last-week`);
    expect(after.status).toBe(422);
    expect(Object.keys(after.body.errors)).toEqual(['deleted_after']);
  });

  it('drops deletion records older than 60 days by the sandbox clock', async () => {
    const z = (await api.post(receipts, receiptBody())).body;
    await api.delete(`${receipts}/${z.id}`);
    clock.advance(55); // seeded records are now 65 days old, z 55
    const after55 = await api.get(`${receipts}/deleted`);
    expect(after55.body.data.map((d: { id: string }) => d.id)).not.toContain('00000000-0000-4000-8000-000000000001');
    expect(after55.body.data.map((d: { id: string }) => d.id)).toContain(z.id);
    expect((await api.get(`${orgPath(WILLOW, 'storages')}/deleted`)).body.data).toEqual([]);
    clock.advance(6);
    const after61 = await api.get(`${receipts}/deleted?ids[]=${z.id}`);
    expect(after61.body.data).toEqual([]);
    expect(ctx.sb.state.deletions.receipts.get(WILLOW)).toEqual([]);
  });
});
