// listAll's firstPages: pages the caller knows are there go with page 1 instead of after it; pages
// past the end (or any, for a list without meta) are left unread, their failures ignored.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../shared/client/index.ts';
import { listAll, type Page } from '../../../shared/client/paging.ts';
import { FakeService } from './fake-service.ts';
import { ORG, receipt } from './fixtures.ts';

interface Rec {
  id: string;
  updated_at: string;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const rec = (n: number): Rec => ({ id: `r${n}`, updated_at: `2026-01-01T00:00:${String(n).padStart(2, '0')}Z` });
const page = (records: Rec[], totalPages: number | null): Page<Rec> => ({ records, totalPages, totalCount: null });

describe('listAll with firstPages', () => {
  it('asks pages 2..n before page 1 answers, and merges them in page order', async () => {
    const asked: number[] = [];
    const first = deferred<Page<Rec>>();
    const result = listAll<Rec>(
      async (n) => {
        asked.push(n);
        return n === 1 ? first.promise : page([rec(n * 10)], 3);
      },
      { pageConcurrency: 4, firstPages: 3 },
    );
    await expect.poll(() => [...asked].sort()).toEqual([1, 2, 3]);
    first.resolve(page([rec(1)], 3));
    expect((await result).records.map((r) => r.id)).toEqual(['r1', 'r20', 'r30']);
  });

  it('fetches the pages page 1 reports beyond them as usual', async () => {
    const asked: number[] = [];
    const result = await listAll<Rec>(
      async (n) => {
        asked.push(n);
        return page([rec(n)], 4);
      },
      { pageConcurrency: 4, firstPages: 2 },
    );
    expect(asked.sort()).toEqual([1, 2, 3, 4]);
    expect(result.records).toHaveLength(4);
  });

  it('leaves pages past the end unread: their records and failures do not count', async () => {
    const result = await listAll<Rec>(
      async (n) => {
        if (n === 3) throw new Error('no such page');
        return page([rec(n)], 1);
      },
      { pageConcurrency: 4, firstPages: 3 },
    );
    expect(result.records.map((r) => r.id)).toEqual(['r1']);
  });

  it('a list without meta is one page, whatever was asked early', async () => {
    const result = await listAll<Rec>(async (n) => page([rec(n)], null), { pageConcurrency: 4, firstPages: 3 });
    expect(result.records.map((r) => r.id)).toEqual(['r1']);
  });

  it('a failing page the list has fails the list', async () => {
    await expect(
      listAll<Rec>(
        async (n) => {
          if (n === 2) throw new Error('page 2 failed');
          return page([rec(n)], 2);
        },
        { pageConcurrency: 4, firstPages: 2 },
      ),
    ).rejects.toThrow('page 2 failed');
  });
});

describe('listReceipts with expectedRecords', () => {
  let fake: FakeService;
  beforeEach(async () => {
    fake = await new FakeService().start();
  });
  afterEach(async () => {
    await fake.close();
  });

  it('asks the pages 450 known records fill (3 of 200) at once', async () => {
    const org = `/api/shed/organisations/${ORG}`;
    fake.list(
      `${org}/receipts`,
      Array.from({ length: 450 }, (_, i) => receipt(i + 1)),
      { delayMs: 40 },
    );
    const client = createServiceClient({ baseUrl: fake.baseUrl, token: fake.token, minRetryDelayMs: 5, retries: 2 });
    const result = await client.forOrganisation(ORG).listReceipts({ expectedRecords: 450 });
    expect(result.records).toHaveLength(450);
    expect(fake.seen('GET', `${org}/receipts`)).toHaveLength(3);
    expect(fake.maxInFlight.get(`${org}/receipts`)).toBe(3);
  });
});
