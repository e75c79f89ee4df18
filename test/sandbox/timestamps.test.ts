import { describe, expect, it } from 'vitest';
import { WILLOW, client, orgPath, receiptBody, testClock, useSandbox } from './helpers.ts';

const receipts = orgPath(WILLOW, 'receipts');
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

// gaps rows 14 and 15: microsecond timestamps, strictly increasing, so cursors work.
describe('sandbox timestamps', () => {
  const clock = testClock('2026-03-01T10:00:00.000Z'); // frozen unless moved
  const ctx = useSandbox({ now: clock.now, history: false });
  const api = client(ctx);

  it("writes ISO UTC with six fraction digits, at the clock's time", async () => {
    const created = (await api.post(receipts, receiptBody())).body;
    expect(created.inserted_at).toMatch(TIMESTAMP);
    expect(created.inserted_at.startsWith('2026-03-01T10:00:00.')).toBe(true);
  });

  it('keeps updated_at strictly increasing for concurrent writes within one frozen millisecond', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, () => api.post(receipts, receiptBody())));
    const stamps = answers.map((a) => a.body.updated_at as string).sort();
    expect(new Set(stamps).size).toBe(40);
    const patched = await Promise.all(
      answers.slice(0, 10).map((a) => api.patch(`${receipts}/${a.body.id}`, { notes: 'again' })),
    );
    for (const p of patched) expect(p.body.updated_at > stamps[stamps.length - 1]!).toBe(true);
  });

  it('never goes backwards when the clock does', async () => {
    const before = (await api.post(receipts, receiptBody())).body.updated_at as string;
    clock.set('2025-01-01T00:00:00Z');
    const after = (await api.post(receipts, receiptBody())).body.updated_at as string;
    expect(after > before).toBe(true);
    clock.set('2026-06-01T00:00:00Z');
    const later = (await api.post(receipts, receiptBody())).body.updated_at as string;
    expect(later.startsWith('2026-06-01T00:00:00.000')).toBe(true);
  });

  it('lets a cursor loop see every change exactly once while writes go on', async () => {
    let cursor = '2000-01-01T00:00:00.000000Z';
    const seen = new Map<string, string>();
    const sync = async () => {
      for (let page = 1; ; page++) {
        const answer = await api.get(
          `${receipts}?updated_after=${encodeURIComponent(cursor)}&page=${page}&page_size=7`,
        );
        for (const r of answer.body.data) seen.set(r.id, r.updated_at);
        if (page >= answer.body.meta.total_pages) break;
      }
      cursor = [...seen.values()].sort().at(-1) ?? cursor;
    };
    await sync();
    const ids = [...seen.keys()];
    await Promise.all([api.patch(`${receipts}/${ids[0]}`, { notes: 'late' }), api.post(receipts, receiptBody())]);
    const before = seen.size;
    await sync();
    expect(seen.size).toBe(before + 1);
    expect(seen.get(ids[0]!)).toBe(ctx.sb.state.receipts.get(ids[0]!)!.updated_at);
    expect(seen.size).toBe([...ctx.sb.state.receipts.values()].filter((r) => r.organisation_id === WILLOW).length);
  });
});
