import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listAll } from '../../../shared/client/paging.ts';
import { createServiceClient, mergePages, type ServiceClientOptions } from '../../../shared/client/index.ts';
import { isStorageLocked } from '../../../shared/schemas/resources.ts';
import { ShedError } from '../../../shared/errors/index.ts';
import { FakeService, uuid, type MetaVariant } from './fake-service.ts';
import { ORG, PRODUCT, STORAGE, at, receipt, returnRecord, storage } from './fixtures.ts';

let fake: FakeService;
const org = `/api/shed/organisations/${ORG}`;

beforeEach(async () => {
  fake = await new FakeService().start();
});
afterEach(async () => {
  await fake.close();
});

function client(extra: Partial<ServiceClientOptions> = {}) {
  return createServiceClient({ baseUrl: fake.baseUrl, token: fake.token, minRetryDelayMs: 5, retries: 2, ...extra });
}

const many = (n: number, make: (i: number) => Record<string, unknown>) =>
  Array.from({ length: n }, (_, i) => make(i + 1));

describe('listAll pages through everything', () => {
  it('asks page_size=200, reads total_pages from page 1, fetches the rest in parallel within pageConcurrency', async () => {
    fake.list(
      `${org}/receipts`,
      many(2_000, (i) => receipt(i)),
      { delayMs: 40 },
    );
    const progress: [number, number][] = [];
    const result = await client({ pageConcurrency: 3 })
      .forOrganisation(ORG)
      .listReceipts({ onPage: (page, total) => progress.push([page, total]) });
    expect(result.records).toHaveLength(2_000);
    expect(new Set(result.records.map((r) => r.id)).size).toBe(2_000);
    expect(result.totalCount).toBe(2_000);
    const requests = fake.seen('GET', `${org}/receipts`);
    expect(requests).toHaveLength(10);
    expect(requests.every((r) => r.query.page_size?.[0] === '200')).toBe(true);
    expect(requests.map((r) => Number(r.query.page?.[0])).sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    const inFlight = fake.maxInFlight.get(`${org}/receipts`)!;
    expect(inFlight).toBeGreaterThan(1);
    expect(inFlight).toBeLessThanOrEqual(3);
    expect(progress[0]).toEqual([1, 10]);
    expect(progress.map(([p]) => p).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('asks the pages of the records a caller expects together with page 1', async () => {
    fake.list(
      `${org}/receipts`,
      many(450, (i) => receipt(i)),
      // Long enough that the three overlap even on a busy machine (40 ms did not always).
      { delayMs: 300 },
    );
    const result = await client({ pageConcurrency: 8 }).forOrganisation(ORG).listReceipts({ expectedRecords: 450 });
    expect(result.records).toHaveLength(450);
    expect(
      fake
        .seen('GET', `${org}/receipts`)
        .map((r) => Number(r.query.page?.[0]))
        .sort(),
    ).toEqual([1, 2, 3]);
    // All three at once: one round trip, where page 1 first then 2 and 3 took two.
    expect(fake.maxInFlight.get(`${org}/receipts`)).toBe(3);
  });

  it('expecting fewer pages than there are, reads the rest after page 1', async () => {
    fake.list(
      `${org}/receipts`,
      many(900, (i) => receipt(i)),
      { delayMs: 40 },
    );
    const result = await client({ pageConcurrency: 8 }).forOrganisation(ORG).listReceipts({ expectedRecords: 201 });
    expect(result.records).toHaveLength(900);
    expect(new Set(result.records.map((r) => r.id)).size).toBe(900);
    expect(
      fake
        .seen('GET', `${org}/receipts`)
        .map((r) => Number(r.query.page?.[0]))
        .sort(),
    ).toEqual([1, 2, 3, 4, 5]);
  });

  it.each([200, 404, 422])('ignores a page asked ahead past the end that answers %i', async (status) => {
    fake.list(
      `${org}/receipts`,
      many(150, (i) => receipt(i)),
      { pastEndStatus: status },
    );
    // Expected more than there are (records deleted meanwhile): pages 2 and 3 are past the end.
    const result = await client({ pageConcurrency: 8 }).forOrganisation(ORG).listReceipts({ expectedRecords: 450 });
    expect(result.records.map((r) => r.id)).toEqual(many(150, (i) => receipt(i)).map((r) => r.id));
  });

  it('fails when a page asked ahead within the list fails', async () => {
    fake.list(
      `${org}/receipts`,
      many(450, (i) => receipt(i)),
      { failPage: { page: 2, status: 422 } },
    );
    const list = client({ pageConcurrency: 8 }).forOrganisation(ORG).listReceipts({ expectedRecords: 450 });
    await expect(list).rejects.toMatchObject({ status: 422 });
  });

  it.each<[MetaVariant, number | null]>([
    ['total_entries', 450],
    ['total_count', 450],
    ['both', 450],
    ['none', null],
  ])('reads meta with %s', async (meta, count) => {
    fake.list(
      `${org}/storages`,
      many(450, (i) => storage(i)),
      { meta },
    );
    const result = await client().forOrganisation(ORG).listStorages();
    expect(result.records).toHaveLength(450);
    expect(result.totalCount).toBe(count);
    expect(fake.seen('GET', `${org}/storages`)).toHaveLength(3);
  });

  it('takes a response without meta as the only page', async () => {
    fake.list(
      `${org}/storages`,
      many(450, (i) => storage(i)),
      { meta: 'no-meta' },
    );
    const result = await client().forOrganisation(ORG).listStorages();
    expect(result.records).toHaveLength(200);
    expect(result.totalCount).toBeNull();
    expect(fake.seen('GET', `${org}/storages`)).toHaveLength(1);
  });

  it('an empty list is one request and no records', async () => {
    fake.list(`${org}/returns`, []);
    const progress: number[][] = [];
    const result = await client()
      .forOrganisation(ORG)
      .listReturns({ onPage: (p, t) => progress.push([p, t]) });
    expect(result).toEqual({ records: [], included: {}, totalCount: 0 });
    expect(progress).toEqual([[1, 1]]);
  });

  it('fetches the extra pages when the count grows between pages', async () => {
    let added = false;
    fake.list(
      `${org}/receipts`,
      many(450, (i) => receipt(i)),
      {
        afterPage: (page, records) => {
          if (page === 1 && !added) {
            added = true;
            records.push(...many(300, (i) => receipt(1_000 + i, { updated_at: at(10_000 + i) })));
          }
        },
      },
    );
    const result = await client().forOrganisation(ORG).listReceipts();
    expect(result.records).toHaveLength(750);
    expect(result.totalCount).toBe(750);
    const pages = fake.seen('GET', `${org}/receipts`).map((r) => Number(r.query.page?.[0]));
    expect(pages.sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
  });

  it('keeps one copy of a record updated while paging, the newest', async () => {
    const records = fake.list(
      `${org}/receipts`,
      many(450, (i) => receipt(i)),
      {
        afterPage: (page, list) => {
          const first = list.find((r) => r.id === receipt(1).id)!;
          if (page === 1 && first.supplier === 'Nutrien Ag') {
            // Updated after page 1 was read: it moves to the end, so page 3 carries it again.
            Object.assign(first, { supplier: 'Elders', updated_at: at(99_999) });
          }
        },
      },
    );
    const result = await client({ pageConcurrency: 1 }).forOrganisation(ORG).listReceipts();
    const copies = result.records.filter((r) => r.id === receipt(1).id);
    expect(copies).toHaveLength(1);
    expect(copies[0]!.supplier).toBe('Elders');
    expect(new Set(result.records.map((r) => r.id)).size).toBe(result.records.length);
    expect(records).toHaveLength(450);
  });

  it('sends updated_after with its offset intact, and the service filters by it', async () => {
    fake.list(
      `${org}/returns`,
      many(10, (i) => returnRecord(i)),
    );
    const cursor = '2026-03-01T10:00:05+10:00'; // = 2026-03-01T00:00:05Z
    const result = await client().forOrganisation(ORG).listReturns({ updatedAfter: cursor });
    expect(fake.seen('GET', `${org}/returns`)[0]!.query.updated_after).toEqual([cursor]);
    expect(result.records.map((r) => r.sequence)).toEqual([
      'RET-00000006',
      'RET-00000007',
      'RET-00000008',
      'RET-00000009',
      'RET-00000010',
    ]);
  });

  it.each(['yesterday', '2026-03-01', '2026-03-01 10:00:00', 'Sun Mar 01 2026 10:00:00 GMT+1000', ''])(
    'refuses the cursor %j before sending anything',
    async (cursor) => {
      const error = await client()
        .forOrganisation(ORG)
        .listReceipts({ updatedAfter: cursor })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ShedError);
      expect(error).toMatchObject({ code: 'invalid_argument', category: 'usage' });
      expect(fake.requests).toHaveLength(0);
    },
  );

  it('merges the included maps of all pages', async () => {
    const p2 = uuid(4);
    fake.list(
      `${org}/receipts`,
      many(300, (i) =>
        receipt(i, i > 200 ? { line_items: [{ ...(receipt(i).line_items as object[])[0], product_id: p2 }] } : {}),
      ),
      {
        included: (r) => {
          const productId = (r.line_items as { product_id: string }[])[0]!.product_id;
          return {
            products: { [productId]: { id: productId, name: productId === PRODUCT ? 'Roundup' : 'Urea' } },
            storages: { [STORAGE]: { id: STORAGE, name: 'Main shed' } },
          };
        },
      },
    );
    const result = await client()
      .forOrganisation(ORG)
      .listReceipts({ include: ['products', 'storage', 'products'] });
    expect(fake.seen('GET', `${org}/receipts`)[0]!.query.include).toEqual(['products,storage']);
    expect(Object.keys(result.included).sort()).toEqual(['products', 'storages']);
    expect(Object.keys(result.included.products!).sort()).toEqual([PRODUCT, p2].sort());
    expect(result.included.products![p2]).toEqual({ id: p2, name: 'Urea' });
  });

  it('stops the other pages and throws when one page fails', async () => {
    fake.list(
      `${org}/storages`,
      many(1_000, (i) => storage(i)),
      { delayMs: 30 },
    );
    const records = many(200, (i) => storage(i));
    fake.on(
      'GET',
      `${org}/storages`,
      { status: 200, body: { data: records, meta: { page: 1, page_size: 200, total_pages: 5, total_count: 1000 } } },
      { status: 404, body: { error: 'not_found' } },
    );
    const error = await client()
      .forOrganisation(ORG)
      .listStorages()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'not_found' });
  });

  it("aborts a list through the caller's signal", async () => {
    fake.list(
      `${org}/storages`,
      many(1_000, (i) => storage(i)),
      { delayMs: 200 },
    );
    const controller = new AbortController();
    // Aborted once the first page is asked for (a fixed 50 ms could come before it on a busy machine).
    void (async () => {
      while (fake.seen('GET', `${org}/storages`).length === 0) await new Promise((r) => setTimeout(r, 5));
      controller.abort(new Error('cancelled by user'));
    })();
    const error = await client()
      .forOrganisation(ORG)
      .listStorages({ signal: controller.signal })
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe('cancelled by user');
    expect(fake.seen('GET', `${org}/storages`)).toHaveLength(1);
  });
});

describe('tolerant parsing of the variants in gaps.md', () => {
  it('numbers where decimal strings were expected become strings (gaps row 9)', async () => {
    const line = { ...(receipt(1).line_items as object[])[0], quantity: 4, pack_size_value: 20, pack_cost: 185.5 };
    fake.list(`${org}/receipts`, [receipt(1, { line_items: [line] })]);
    fake.list(`${org}/returns`, [returnRecord(1, { amount_value: 12.25 })]);
    const o = client().forOrganisation(ORG);
    const [receipts, returns] = await Promise.all([o.listReceipts(), o.listReturns()]);
    expect(receipts.records[0]!.line_items[0]).toMatchObject({
      quantity: '4',
      pack_size_value: '20',
      pack_cost: '185.5',
    });
    expect(returns.records[0]!.amount_value).toBe('12.25');
  });

  it('timestamps with +10:00 offsets and without fractions (gaps row 15)', async () => {
    fake.list(`${org}/receipts`, [
      receipt(1, {
        received_at: '2026-03-01T09:30:00+10:00',
        updated_at: '2026-03-01T10:00:00+10:00',
        inserted_at: '2026-03-01T10:00:00Z',
      }),
    ]);
    const result = await client().forOrganisation(ORG).listReceipts();
    expect(result.records[0]).toMatchObject({
      received_at: '2026-03-01T09:30:00+10:00',
      updated_at: '2026-03-01T10:00:00+10:00',
    });
  });

  it('storages in the example field set, the table field set, and a mix (gaps row 20)', async () => {
    fake.list(
      `${org}/storages`,
      [
        { id: uuid(3001), name: 'Example shed', active: true, activated_at: '2026-01-01T00:00:00+10:00' },
        { id: uuid(3002), name: 'Old tank', active: false, activated_at: null },
        storage(3, { locked_at: '2026-02-01T00:00:00Z' }),
        { ...storage(4), active: true },
      ].map((s, i) => ({ ...s, updated_at: at(i) })),
      { meta: 'total_entries' },
    );
    const { records } = await client().forOrganisation(ORG).listStorages();
    expect(records.map((s) => [s.name, isStorageLocked(s)])).toEqual([
      ['Example shed', false],
      ['Old tank', true],
      ['Shed 3', true],
      ['Shed 4', false],
    ]);
  });

  it('missing optional fields of a receipt take their defaults', async () => {
    const { notes: _n, order_number: _o, under_review: _u, line_items: _l, inserted_at: _i, ...bare } = receipt(1);
    fake.list(`${org}/receipts`, [bare]);
    const { records } = await client().forOrganisation(ORG).listReceipts();
    expect(records[0]).toMatchObject({ notes: null, order_number: null, under_review: false, line_items: [] });
  });
});

describe('organisations and deleted lists', () => {
  it('asks the organisation list without paging parameters', async () => {
    fake.on('GET', '/api/organisations', { status: 200, body: { data: [{ id: ORG, name: 'Glenrowan Farms' }] } });
    const orgs = await client().listOrganisations();
    expect(orgs).toEqual([{ id: ORG, name: 'Glenrowan Farms' }]);
    expect(fake.seen('GET', '/api/organisations')[0]!.query).toEqual({});
  });

  it('follows an organisation list that does page (meta present, gaps row 19)', async () => {
    fake.list(
      '/api/organisations',
      many(70, (i) => ({ id: uuid(9000 + i), name: `Farm ${i}`, updated_at: at(i) })),
    );
    const orgs = await client().listOrganisations();
    expect(orgs).toHaveLength(70);
    expect(fake.seen('GET', '/api/organisations').map((r) => r.query.page?.[0])).toEqual([undefined, '2']);
  });

  it('lists deletion records with deleted_after', async () => {
    const records = many(3, (i) => ({ id: uuid(i), deleted_at: at(i) }));
    fake.on('GET', `${org}/product_aliases/deleted`, { status: 200, body: { data: records } });
    const result = await client()
      .forOrganisation(ORG)
      .listDeleted('product_aliases', { deletedAfter: '2026-03-01T00:00:00Z' });
    expect(result.records.map((r) => r.id)).toEqual([uuid(1), uuid(2), uuid(3)]);
    expect(fake.seen('GET', `${org}/product_aliases/deleted`)[0]!.query.deleted_after).toEqual([
      '2026-03-01T00:00:00Z',
    ]);
  });

  it('sends ids[] at most 50 at a time and merges the answers', async () => {
    const ids = many(120, (i) => ({ id: uuid(i) })).map((r) => String(r.id));
    fake.on(
      'GET',
      `${org}/receipts/deleted`,
      { status: 200, body: { data: [{ id: ids[0], deleted_at: at(1) }] } },
      { status: 200, body: { data: [{ id: ids[60], deleted_at: at(2) }] } },
      { status: 200, body: { data: [{ id: ids[0], deleted_at: at(3) }] } },
    );
    const result = await client().forOrganisation(ORG).listDeleted('receipts', { ids });
    const sent = fake.seen('GET', `${org}/receipts/deleted`).map((r) => r.query['ids[]']!);
    expect(sent.map((s) => s.length)).toEqual([50, 50, 20]);
    expect(sent.flat()).toEqual(ids);
    expect(result.records).toEqual([
      { id: ids[60], deleted_at: at(2) },
      { id: ids[0], deleted_at: at(3) },
    ]);
  });

  it('asks nothing for an empty ids list', async () => {
    const result = await client().forOrganisation(ORG).listDeleted('returns', { ids: [] });
    expect(result.records).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it('refuses an unknown resource name', async () => {
    await expect(
      client()
        .forOrganisation(ORG)
        .listDeleted('products' as 'receipts'),
    ).rejects.toMatchObject({ code: 'invalid_argument' });
  });
});

describe('mergePages', () => {
  it('keeps the newest copy by updated_at across offsets, the later page on a tie', () => {
    const id = uuid(1);
    const merged = mergePages([
      { records: [{ id, updated_at: '2026-03-01T10:00:00.500000Z', v: 'b' }], totalPages: 2, totalCount: 1 },
      { records: [{ id, updated_at: '2026-03-01T20:00:00+10:00', v: 'a' }], totalPages: 2, totalCount: 3 },
      { records: [{ id, updated_at: '2026-03-01T10:00:00.500Z', v: 'c' }], totalPages: null, totalCount: null },
    ]);
    expect(merged.records).toEqual([{ id, updated_at: '2026-03-01T10:00:00.500Z', v: 'c' }]);
    expect(merged.totalCount).toBe(3);
  });
});

describe('listAll with pages asked ahead, answered out of order', () => {
  type Rec = { id: string; updated_at: string };
  const rec = (i: number): Rec => ({ id: `r${i}`, updated_at: at(i) });
  const pageOf = (records: Rec[], totalPages: number | null) => ({ records, totalPages, totalCount: null });
  /** A fetchPage whose answers the test releases one by one; each page's signal is kept. */
  function scripted() {
    const answers = new Map<number, { resolve: (page: ReturnType<typeof pageOf>) => void; signal: AbortSignal }>();
    const asked: number[] = [];
    const fetchPage = (n: number, signal: AbortSignal) =>
      new Promise<ReturnType<typeof pageOf>>((resolve) => {
        asked.push(n);
        answers.set(n, { resolve, signal });
      });
    return { fetchPage, answers, asked };
  }

  it('reads again a page asked ahead that was past the end when it answered (the list grew since)', async () => {
    const { fetchPage, answers, asked } = scripted();
    const list = listAll(fetchPage, { pageConcurrency: 4, firstPages: 3 });
    // Page 3 answers first, while the list had two pages: empty, past the end.
    answers.get(3)!.resolve(pageOf([], 2));
    await Promise.resolve();
    // Records were added: page 1 and 2 now say three pages.
    answers.get(1)!.resolve(pageOf([rec(1), rec(2)], 3));
    answers.get(2)!.resolve(pageOf([rec(3), rec(4)], 3));
    // Page 3 is asked again, and its records now there are kept.
    await vi.waitFor(() => expect(asked.filter((n) => n === 3)).toHaveLength(2));
    answers.get(3)!.resolve(pageOf([rec(5), rec(6)], 3));
    expect((await list).records.map((r) => r.id)).toEqual(['r1', 'r2', 'r3', 'r4', 'r5', 'r6']);
  });

  it.each([1, 0, null])(
    'aborts the pages asked ahead past the end, unanswered, when page 1 says %s pages',
    async (total) => {
      const { fetchPage, answers } = scripted();
      const list = listAll(fetchPage, { pageConcurrency: 4, firstPages: 3 });
      answers.get(1)!.resolve(pageOf([rec(1)], total));
      expect((await list).records.map((r) => r.id)).toEqual(['r1']);
      // Pages 2 and 3 (past the end: the answer would be ignored) are not left running.
      expect(answers.get(2)!.signal.aborted).toBe(true);
      expect(answers.get(3)!.signal.aborted).toBe(true);
    },
  );

  it('page 1 failing aborts the pages asked ahead and fails with its error', async () => {
    const asked = new Map<number, AbortSignal>();
    const list = listAll(
      (n, signal) => {
        asked.set(n, signal);
        return n === 1
          ? Promise.reject(new Error('page 1 failed'))
          : new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
      },
      { pageConcurrency: 4, firstPages: 3 },
    );
    await expect(list).rejects.toThrow('page 1 failed');
    expect([asked.get(2)!.aborted, asked.get(3)!.aborted]).toEqual([true, true]);
  });
});
