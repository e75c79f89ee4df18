// Project row 30 over real HTTP: a list the sandbox answers whole in one page with room to spare is
// read with that one request (its page size comes from the answer's meta), and a full page of 200
// still gets its catch-up read.
import pLimit from 'p-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttp, createServiceClient, resolveOptions, type OrgClient } from '../../../../shared/client/index.ts';
import { createOrgPages, fetchConsistent, type PageQuery, type PageReader } from '../../../../shared/export/index.ts';
import { startSandbox, type RunningSandbox } from '../../../../sandbox/index.ts';
import { WILLOW, productIds, storageId } from '../../../support/catalogue.ts';

const TOKEN = 'demo-token-willow';

/** `read`, with every query it was asked kept in `queries`. */
function counted<T>(read: PageReader<T>, queries: PageQuery[]): PageReader<T> {
  return (query) => {
    queries.push(query);
    return read(query);
  };
}

describe('fetchConsistent against the sandbox: one page is one moment (project row 30)', () => {
  let sb: RunningSandbox;
  let org: OrgClient;
  let http: ReturnType<typeof createHttp>;

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, quiet: true, history: false });
    org = createServiceClient({ baseUrl: sb.url, token: TOKEN }).forOrganisation(WILLOW);
    http = createHttp(resolveOptions({ baseUrl: sb.url, token: TOKEN }));
  });
  afterAll(async () => {
    await sb?.close();
  });

  it('reads a list of a few records with one request', async () => {
    const queries: PageQuery[] = [];
    const result = await fetchConsistent(counted(createOrgPages(http, WILLOW).storages(), queries));
    expect(result.records.length).toBeGreaterThan(0);
    expect(result.records.length).toBeLessThan(200);
    expect(queries.map((q) => [q.page, q.updatedAfter])).toEqual([[1, undefined]]);
  });

  it('still asks a catch-up after a full page of 200 receipts', async () => {
    const pages = createOrgPages(http, WILLOW);
    const held = (await pages.receipts()({ page: 1 })).records.length;
    const glyfos = productIds('Glyfos 540');
    const limit = pLimit(16);
    await Promise.all(
      Array.from({ length: 200 - held }, (_, i) =>
        limit(() =>
          org.createReceipt({
            storage_id: storageId('Main Chemical Shed'),
            received_at: '2026-02-03T00:00:00+11:00',
            supplier: `Supplier ${i}`,
            line_items: [{ ...glyfos, quantity: '1', pack_size_value: '20', pack_size_unit: 'l', pack_cost: '10' }],
          }),
        ),
      ),
    );
    const queries: PageQuery[] = [];
    const result = await fetchConsistent(counted(pages.receipts(), queries));
    expect(result.records).toHaveLength(200);
    expect(queries.map((q) => q.updatedAfter === undefined)).toEqual([true, false]);
  });
});
