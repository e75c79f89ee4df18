import { describe, expect, it } from 'vitest';
import { fetchUpdated, SyncError } from '../../../shared/sync/fetch.ts';
import type { Receipt } from '../../../shared/schemas/resources.ts';
import { at, FakeSource, product, receipt, storage } from './fake-source.ts';

const SHED = storage(at(0));
const GLYFOS = product('Glyfos 540');

function seed(source: FakeSource, stamps: number[]): Receipt[] {
  return stamps.map((n) => source.put('receipts', receipt(at(n), SHED.id, GLYFOS.id)));
}

const ids = (records: readonly { id: string }[]) => records.map((r) => r.id).sort();

describe('fetchUpdated: keyset paging over updated_after', () => {
  it('fetches records sharing a timestamp across a page boundary (updated_after is strict, gaps row 14)', async () => {
    const source = new FakeSource(3);
    const all = seed(source, [1, 2, 3, 3, 3, 4]);
    const fetched = await fetchUpdated(source, 'receipts', undefined);
    expect(ids(fetched.records)).toEqual(ids(all));
    // Page 1 ended on a record stamped 3, so the next page is asked from just before 3.
    expect(source.requests[1]).toMatchObject({ updatedAfter: '2026-03-01T00:00:00.000002Z', page: 1 });
    expect(fetched.requests).toBe(source.requests.length);
  });

  it('steps through a group sharing one timestamp that is larger than a page', async () => {
    const source = new FakeSource(3);
    const all = seed(source, [5, 5, 5, 5, 5, 5, 5, 6]);
    const fetched = await fetchUpdated(source, 'receipts', at(1));
    expect(ids(fetched.records)).toEqual(ids(all));
    expect(source.requests.map((r) => r.page)).toEqual([1, 1, 2, 3]);
  });

  it('misses nothing when a record is updated between two pages (it moves to the end)', async () => {
    const source = new FakeSource(3);
    const all = seed(source, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const moved = { ...all[0]!, supplier: 'Edited', updated_at: at(100) };
    let requests = 0;
    source.beforePage = () => {
      if (++requests === 2) source.put('receipts', moved);
    };
    const fetched = await fetchUpdated(source, 'receipts', undefined);
    expect(ids(fetched.records)).toEqual(ids(all));
    expect(fetched.records.find((r) => r.id === moved.id)).toEqual(moved);
  });

  it('(why: paging by page number over the same changes skips the record that slid back a page)', async () => {
    const source = new FakeSource(3);
    const all = seed(source, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    let requests = 0;
    source.beforePage = () => {
      if (++requests === 2) source.put('receipts', { ...all[0]!, updated_at: at(100) });
    };
    const seen = new Set<string>();
    for (let page = 1; page <= 3; page++) {
      for (const r of (await source.listPage('receipts', { page })).records) seen.add(r.id);
    }
    expect(seen.has(all[3]!.id)).toBe(false);
  });

  it('fetches records created while paging when they land after the anchor', async () => {
    const source = new FakeSource(2);
    seed(source, [1, 2, 3, 4]);
    let created: Receipt | undefined;
    source.beforePage = ({ page, updatedAfter }) => {
      if (created === undefined && updatedAfter !== undefined && page === 1)
        created = source.put('receipts', receipt(at(50), SHED.id, GLYFOS.id));
    };
    const fetched = await fetchUpdated(source, 'receipts', undefined);
    expect(fetched.records.map((r) => r.id)).toContain(created!.id);
    expect(fetched.records).toHaveLength(5);
  });

  it('pages by number when records carry no updated_at (example storage fields, gaps row 20)', async () => {
    const source = new FakeSource(2);
    const stored = [1, 2, 3, 4, 5].map(() => {
      const { updated_at: _u, inserted_at: _i, ...plain } = storage(at(0));
      return source.put('storages', plain);
    });
    const fetched = await fetchUpdated(source, 'storages', undefined);
    expect(ids(fetched.records)).toEqual(ids(stored));
    expect(source.requests.map((r) => r.page)).toEqual([1, 2, 3]);
  });

  it('asks once for an empty list, and passes the cursor through', async () => {
    const source = new FakeSource(3);
    const fetched = await fetchUpdated(source, 'returns', at(7));
    expect(fetched).toEqual({ records: [], included: [{ product: {} }], requests: 1 });
    expect(source.requests).toEqual([{ kind: 'page', resource: 'returns', updatedAfter: at(7), page: 1 }]);
  });

  it('keeps the sideloads of every page', async () => {
    const source = new FakeSource(2);
    source.products.set(GLYFOS.id, GLYFOS);
    seed(source, [1, 2, 3]);
    const fetched = await fetchUpdated(source, 'receipts', undefined);
    expect(fetched.included).toHaveLength(2);
    expect(fetched.included[0]).toEqual({ products: { [GLYFOS.id]: GLYFOS } });
  });

  it('refuses a list that is not in updated_at order, rather than skip records', async () => {
    const source = new FakeSource(3);
    seed(source, [1, 2, 3, 4]);
    source.unordered = true;
    const failure = await fetchUpdated(source, 'receipts', undefined).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SyncError);
    expect(failure).toMatchObject({ code: 'unordered_list', category: 'service' });
    expect((failure as Error).message).toMatch(/gaps\.md row 14/);
  });

  it('rejects with what the source rejects with, and honours an abort', async () => {
    const source = new FakeSource(3);
    const controller = new AbortController();
    source.listPage = async (_r, q) => {
      q.signal?.throwIfAborted();
      throw new Error('unreachable');
    };
    controller.abort(new Error('stopped'));
    await expect(fetchUpdated(source, 'receipts', undefined, { signal: controller.signal })).rejects.toThrow('stopped');
  });
});
