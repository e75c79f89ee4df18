// An import's snapshot of the organisation's receipts while a colleague edits one (shared/import/snapshot.ts):
// an edit after page 1 is read moves that receipt to the end of the list, and the first receipt of page 2
// slides onto page 1, already read. Read by plain paging it was missing from the snapshot, so the same
// invoice in the sheet was created again with no word; read consistently, every receipt is there once.
// The sandbox over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../shared/client/index.ts';
import { loadImportSnapshot } from '../../../shared/import/snapshot.ts';
import { startSandbox, type RunningSandbox } from '../../../sandbox/index.ts';
import { productIds, storageId, WILLOW } from '../../support/catalogue.ts';
import { listAll } from '../../support/service.ts';

const TOKEN = 'demo-token-willow';
const HEADERS = { Authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
  // Enough receipts for three pages of 200.
  const line = {
    ...productIds('Glyfos 540'),
    quantity: '2',
    pack_size_value: '20',
    pack_size_unit: 'l',
    pack_cost: '10',
  };
  for (let batch = 0; batch < 450; batch += 50) {
    await Promise.all(
      Array.from({ length: 50 }, (_, k) =>
        fetch(`${sandbox.url}/api/shed/organisations/${WILLOW}/receipts`, {
          method: 'POST',
          headers: HEADERS,
          body: JSON.stringify({
            storage_id: storageId('Main Chemical Shed'),
            received_at: '2026-02-03T01:00:00Z',
            supplier: `Supplier ${batch + k}`,
            line_items: [line],
          }),
        }),
      ),
    );
  }
});
afterAll(async () => sandbox.close());

describe('loadImportSnapshot', () => {
  it('holds every receipt once although one is edited while the pages are read', async () => {
    const before = await listAll(sandbox.url, WILLOW, 'receipts');
    const first = [...before].sort((a, b) =>
      a.updated_at < b.updated_at ? -1 : a.updated_at > b.updated_at ? 1 : 0,
    )[0]!;
    let edited = false;
    const fetchFn: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const url = String(input instanceof Request ? input.url : input);
      // Just after page 1 of the receipts is answered, a colleague edits a receipt of that page.
      if (!edited && /\/receipts\?/.test(url) && /[?&]page=1(&|$)/.test(url) && !url.includes('updated_after')) {
        edited = true;
        await fetch(`${sandbox.url}/api/shed/organisations/${WILLOW}/receipts/${first.id}`, {
          method: 'PATCH',
          headers: HEADERS,
          body: JSON.stringify({ notes: 'edited by a colleague' }),
        });
      }
      return response;
    };
    const client = createServiceClient({ baseUrl: sandbox.url, token: TOKEN, fetch: fetchFn, maxInFlight: 8 });
    const snapshot = await loadImportSnapshot(client, client.forOrganisation(WILLOW), WILLOW);
    expect(edited).toBe(true);
    const ids = snapshot.receipts.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(before.map((r: { id: string }) => r.id).sort());
    expect(snapshot.receipts.find((r) => r.id === first.id)?.notes).toBe('edited by a colleague');
  });
});
