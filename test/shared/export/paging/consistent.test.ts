import { describe, expect, it } from 'vitest';
import { dropDeleted, fetchConsistent, walkByCursor } from '../../../../shared/export/index.ts';
import { FakeList, type Rec } from './fake-list.ts';

/** Every record of the list exactly once, each in its current version. */
function expectExactly(got: readonly Rec[], list: FakeList): void {
  const ids = got.map((r) => r.id);
  expect(new Set(ids).size, 'no record twice').toBe(ids.length);
  const byId = new Map(got.map((r) => [r.id, r]));
  expect([...byId.keys()].sort()).toEqual(list.records.map((r) => r.id).sort());
  for (const r of list.records) expect(byId.get(r.id)?.updated_at, r.id).toBe(r.updated_at);
}

describe('fetchConsistent on a list nobody changes', () => {
  for (const meta of ['total_count', 'none_count', 'no_meta'] as const) {
    it(`reads every record once (meta: ${meta})`, async () => {
      const list = new FakeList(5, meta);
      list.create(23);
      const result = await fetchConsistent(list.reader, { deleted: list.deleted, pageConcurrency: 3 });
      expectExactly(result.records, list);
      expect(result.changes).toEqual([]);
      expect(result.walked).toBe(false);
      // Without a count the first pass cannot be checked: a second pass must agree with it.
      const countless = meta !== 'total_count';
      expect(result.passes).toBe(countless ? 2 : 1);
      if (meta === 'total_count') expect(list.reads.length).toBe(5 + 1); // 5 pages + 1 catch-up
    });
  }

  it('reads an empty list with its one page and no catch-up (project row 30)', async () => {
    const list = new FakeList(5);
    const result = await fetchConsistent(list.reader, { deleted: list.deleted });
    expect(result).toMatchObject({ records: [], passes: 1, walked: false, changes: [], removed: 0 });
    expect(list.reads).toHaveLength(1);
  });

  it('reads a list answered whole in one page with room to spare with that one read (project row 30)', async () => {
    const list = new FakeList(5);
    list.create(4);
    const result = await fetchConsistent(list.reader, { deleted: list.deleted });
    expectExactly(result.records, list);
    expect(list.reads.map((q) => [q.page, q.updatedAfter])).toEqual([[1, undefined]]);
  });

  it('still asks a catch-up after one page that is full: a record stamped early may have pushed one off its end', async () => {
    const list = new FakeList(5);
    list.create(5);
    await fetchConsistent(list.reader, { deleted: list.deleted });
    expect(list.reads.map((q) => q.updatedAfter === undefined)).toEqual([true, false]);
  });

  it('still asks a catch-up after one page that does not say its page size or its count', async () => {
    const sizeless = new FakeList(5);
    sizeless.create(3);
    const read = sizeless.reader;
    sizeless.reader = async (q) => ({ ...(await read(q)), pageSize: null });
    await fetchConsistent(sizeless.reader, { deleted: sizeless.deleted });
    expect(sizeless.reads.map((q) => q.updatedAfter === undefined)).toEqual([true, false]);
    const countless = new FakeList(5, 'none_count');
    countless.create(3);
    const result = await fetchConsistent(countless.reader, { deleted: countless.deleted });
    expectExactly(result.records, countless);
    // Each of the two passes (its page, then its catch-up) must agree: no count vouches for the page.
    expect(countless.reads.map((q) => q.updatedAfter === undefined)).toEqual([true, false, true, false]);
  });

  it('still asks a catch-up after one page whose count is not its records, and reads again', async () => {
    const list = new FakeList(5);
    list.create(3);
    const read = list.reader;
    let first = true;
    list.reader = async (q) => {
      const page = await read(q);
      if (!first) return page;
      first = false;
      return { ...page, totalCount: 4 }; // counted a moment apart from its records
    };
    const result = await fetchConsistent(list.reader, { deleted: list.deleted });
    expectExactly(result.records, list);
    expect(result.changes).toContain('count_mismatch');
    expect(result.passes).toBe(2);
    // Its pass still ended with the catch-up read; the second pass, clean and with room, needs none.
    expect(list.reads.map((q) => q.updatedAfter === undefined)).toEqual([true, false, true]);
  });

  it('reads an empty list answered as no pages at all (total_pages 0) with that one read', async () => {
    const list = new FakeList(5);
    const read = list.reader;
    list.reader = async (q) => ({ ...(await read(q)), totalPages: 0 });
    const result = await fetchConsistent(list.reader, { deleted: list.deleted });
    expect(result).toMatchObject({ records: [], passes: 1, changes: [] });
    expect(list.reads).toHaveLength(1);
  });

  it('passes --since on as updated_after', async () => {
    const list = new FakeList(5);
    const old = list.create(7);
    list.create(4);
    const result = await fetchConsistent(list.reader, { updatedAfter: old[6]!.updated_at });
    expect(result.records.map((r) => r.id)).toEqual(list.records.slice(7).map((r) => r.id));
    expect(list.reads.every((q) => q.updatedAfter !== undefined)).toBe(true);
  });
});

describe('fetchConsistent while others change the list', () => {
  it('notices an update that slides a record past the reader, and reads again', async () => {
    const list = new FakeList(5);
    list.create(20);
    const moved = list.records[2]!.id;
    // Page 1 read, then the update, then pages 2..4: the record at the start of page 2 slides onto page 1.
    list.beforeRead = (_q, n) => {
      if (n === 1) list.update(moved);
    };
    const result = await fetchConsistent(list.reader, { deleted: list.deleted, pageConcurrency: 1 });
    expectExactly(result.records, list);
    expect(result.changes).toContain('count_mismatch');
    expect(result.passes).toBe(2);
  });

  it('notices a record seen twice (moved after its page was read)', async () => {
    const list = new FakeList(5);
    list.create(20);
    const moved = list.records[1]!.id;
    list.beforeRead = (_q, n) => {
      if (n === 3) list.update(moved);
    };
    const result = await fetchConsistent(list.reader, { deleted: list.deleted, pageConcurrency: 1 });
    expectExactly(result.records, list);
    expect(result.changes).toContain('duplicate');
  });

  it('notices totals that differ between pages (a creation), and ends with the new record', async () => {
    const list = new FakeList(5);
    list.create(10);
    list.beforeRead = (_q, n) => {
      if (n === 1) list.create(1);
    };
    const result = await fetchConsistent(list.reader, { deleted: list.deleted, pageConcurrency: 1 });
    expectExactly(result.records, list);
    expect(result.changes).toContain('totals_differ');
  });

  it('notices a change after the last page through the catch-up read', async () => {
    const list = new FakeList(5);
    list.create(10);
    const target = list.records[0]!.id;
    list.beforeRead = (_q, n) => {
      if (n === 2) list.update(target); // after both pages, before the catch-up
    };
    const result = await fetchConsistent(list.reader, { deleted: list.deleted, pageConcurrency: 2 });
    expectExactly(result.records, list);
    expect(result.changes).toEqual(['catch_up']);
    expect(result.records.find((r) => r.id === target)?.value).toBe(1);
  });

  it('drops a record deleted after its page was read (deleted endpoint)', async () => {
    const list = new FakeList(5);
    list.create(10);
    const gone = list.records[9]!.id;
    list.beforeRead = (_q, n) => {
      if (n === 2) list.remove(gone); // after every page: no count or shift shows it
    };
    const result = await fetchConsistent(list.reader, { deleted: list.deleted, pageConcurrency: 2 });
    expectExactly(result.records, list);
    expect(result.removed).toBe(1);
  });

  it('without a count, two passes must agree; a change between them makes a third', async () => {
    const list = new FakeList(5, 'none_count');
    list.create(12);
    const gone = list.records[0]!.id;
    list.beforeRead = (_q, n) => {
      if (n === 1) list.remove(gone); // shifts page 2 back: a record is missed without any signal but a second pass
    };
    const result = await fetchConsistent(list.reader, { deleted: list.deleted, pageConcurrency: 1 });
    expectExactly(result.records, list);
    expect(result.changes).toContain('passes_differ');
    expect(result.passes).toBe(3);
  });

  it('falls back to the cursor walk when every pass sees change, and still ends exact', async () => {
    const list = new FakeList(4);
    list.create(30);
    let writes = 0;
    // A writer that changes something before every read for the first 40 reads: no pass can come out clean.
    list.beforeRead = () => {
      if (writes >= 40) return;
      writes += 1;
      const pick = list.records[(writes * 7) % list.records.length]!;
      if (writes % 5 === 0) list.remove(pick.id);
      else if (writes % 3 === 0) list.create(1);
      else list.update(pick.id);
    };
    const result = await fetchConsistent(list.reader, { deleted: list.deleted, pageConcurrency: 3, maxPasses: 3 });
    expect(result.walked).toBe(true);
    expect(result.passes).toBe(3);
    expectExactly(result.records, list);
  });
});

describe('walkByCursor', () => {
  it('does not skip records that share the timestamp at a page boundary (gaps row 14)', async () => {
    const list = new FakeList(4);
    list.create(3);
    list.create(6, true); // six records, one timestamp, across the page boundary
    list.create(3);
    const pages = await walkByCursor(list.reader, {});
    const ids = new Set(pages.flatMap((p) => p.records.map((r) => r.id)));
    expect([...ids].sort()).toEqual(list.records.map((r) => r.id).sort());
  });

  it('pages on through a tie group larger than a page', async () => {
    const list = new FakeList(3);
    list.create(1);
    list.create(8, true);
    list.create(2);
    const pages = await walkByCursor(list.reader, {});
    const ids = new Set(pages.flatMap((p) => p.records.map((r) => r.id)));
    expect(ids.size).toBe(11);
    expect(list.reads.some((q) => q.page > 1)).toBe(true);
  });

  it('ends with an error, not never, when the list never stops growing', async () => {
    const list = new FakeList(2);
    list.create(3);
    list.beforeRead = () => void list.create(3);
    await expect(walkByCursor(list.reader, { maxRequests: 25 })).rejects.toMatchObject({
      code: 'export_unsettled',
      category: 'service',
    });
  });
});

describe('dropDeleted', () => {
  it('asks with ids and deleted_after just before the oldest record held, and drops only newer deletions', async () => {
    const list = new FakeList(10);
    const [a, b, c] = list.create(3);
    const asked: unknown[] = [];
    const deletions = [
      { id: a!.id, deleted_at: '2026-03-01T10:00:00.000002Z' }, // after a's version (…01Z): deleted
      { id: b!.id, deleted_at: '2026-03-01T09:00:00Z' }, // before b's version: not of this record
    ];
    const result = await dropDeleted([a!, b!, c!], async (q) => {
      asked.push(q);
      return deletions;
    });
    expect(result.kept.map((r) => r.id)).toEqual([b!.id, c!.id]);
    expect(result.removed).toBe(1);
    expect(asked).toEqual([{ deletedAfter: '2026-03-01T10:00:00.000000Z', ids: [a!.id, b!.id, c!.id] }]);
  });

  it('asks without ids when it holds many records', async () => {
    const list = new FakeList(10);
    const held = list.create(201);
    let query: { ids?: readonly string[] } = {};
    await dropDeleted(held, async (q) => {
      query = q;
      return [];
    });
    expect(query.ids).toBeUndefined();
  });

  it('asks nothing for no records', async () => {
    let called = false;
    expect(await dropDeleted([], async () => ((called = true), []))).toEqual({ kept: [], removed: 0 });
    expect(called).toBe(false);
  });
});
