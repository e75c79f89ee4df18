// Consistent paging against the sandbox over real HTTP, while another client creates, updates and
// deletes receipts: the export must end with every record exactly once, equal to
// the service's final state for every record nobody touched after the export's last list read.
import pLimit from 'p-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttp, createServiceClient, resolveOptions, type OrgClient } from '../../../../shared/client/index.ts';
import { createOrgPages, deletedReader, fetchConsistent, type PageReader } from '../../../../shared/export/index.ts';
import type { Receipt } from '../../../../shared/schemas/resources.ts';
import { startSandbox, type RunningSandbox } from '../../../../sandbox/index.ts';
import { WILLOW, productIds, storageId } from '../../../support/catalogue.ts';
import { listAll } from '../../../support/service.ts';

const TOKEN = 'demo-token-willow';
const SEEDED = 750; // four pages of 200

interface Op {
  id: string;
  kind: 'create' | 'update' | 'delete';
  start: number;
  end: number;
}

function body(i: number) {
  const glyfos = productIds('Glyfos 540');
  return {
    storage_id: storageId('Main Chemical Shed'),
    received_at: '2026-02-03T00:00:00+11:00',
    supplier: `Supplier ${i}`,
    line_items: [{ ...glyfos, quantity: '1', pack_size_value: '20', pack_size_unit: 'l', pack_cost: '10' }],
  };
}

/** Another client changing receipts until told to stop; every operation timed. */
function startWriter(org: OrgClient, ids: string[], options: { workers: number; maxOps?: number }) {
  const ops: Op[] = [];
  let stop = false;
  let n = 0;
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed / 2147483648);
  const worker = async () => {
    while (!stop && (options.maxOps === undefined || n < options.maxOps)) {
      const i = n++;
      const roll = random();
      const start = performance.now();
      if (roll < 0.3 || ids.length < 10) {
        const created = await org.createReceipt(body(1000 + i));
        ids.push(created.id);
        ops.push({ id: created.id, kind: 'create', start, end: performance.now() });
      } else {
        const id = ids[Math.floor(random() * ids.length)]!;
        if (roll < 0.8) {
          await org.updateReceipt(id, { notes: `changed ${i}` }).catch(() => undefined); // may be deleted meanwhile
          ops.push({ id, kind: 'update', start, end: performance.now() });
        } else {
          ids.splice(ids.indexOf(id), 1);
          await org.deleteReceipt(id).catch(() => undefined);
          ops.push({ id, kind: 'delete', start, end: performance.now() });
        }
      }
    }
  };
  const running = Promise.all(Array.from({ length: options.workers }, worker));
  return {
    ops,
    async stop() {
      stop = true;
      await running;
    },
  };
}

/** A page reader that remembers when its last read started. */
function timed<T>(read: PageReader<T>): { read: PageReader<T>; lastStart: () => number } {
  let last = 0;
  return {
    read: async (q) => {
      last = performance.now();
      return read(q);
    },
    lastStart: () => last,
  };
}

function checkExact(exported: readonly Receipt[], final: readonly any[], ops: readonly Op[], listEnd: number): void {
  const ids = exported.map((r) => r.id);
  expect(new Set(ids).size, 'every record at most once').toBe(ids.length);
  const touchedLate = new Set(ops.filter((o) => o.end >= listEnd).map((o) => o.id));
  const byId = new Map(exported.map((r) => [r.id, r]));
  const finalIds = new Set(final.map((r) => r.id));
  for (const f of final) {
    if (touchedLate.has(f.id)) continue;
    expect(byId.get(f.id)?.updated_at, `receipt ${f.sequence} as the service has it`).toBe(f.updated_at);
  }
  for (const r of exported) {
    if (!finalIds.has(r.id))
      expect(touchedLate.has(r.id), `receipt ${r.sequence} was deleted before the export's last read`).toBe(true);
  }
}

describe('fetchConsistent against the sandbox with a concurrent writer', () => {
  let sb: RunningSandbox;
  let org: OrgClient;
  let http: ReturnType<typeof createHttp>;
  const ids: string[] = [];

  beforeAll(async () => {
    sb = await startSandbox({ port: 0, quiet: true, history: false });
    const client = createServiceClient({ baseUrl: sb.url, token: TOKEN, pageConcurrency: 4 });
    org = client.forOrganisation(WILLOW);
    http = createHttp(resolveOptions({ baseUrl: sb.url, token: TOKEN }));
    const limit = pLimit(16);
    const created = await Promise.all(
      Array.from({ length: SEEDED }, (_, i) => limit(() => org.createReceipt(body(i)))),
    );
    ids.push(...created.map((r) => r.id));
  }, 60_000);
  afterAll(async () => {
    await sb?.close();
  });

  it('reads every receipt exactly once while nobody writes, in one pass', async () => {
    sb.setFaults({});
    const result = await fetchConsistent(createOrgPages(http, WILLOW).receipts(), {
      deleted: deletedReader((r, q) => org.listDeleted(r, q), 'receipts'),
    });
    const final = await listAll(sb.url, WILLOW, 'receipts');
    expect(result.records.map((r) => r.id).sort()).toEqual(final.map((r) => r.id).sort());
    expect(result).toMatchObject({ passes: 1, walked: false, changes: [] });
  });

  it('notices a burst of writes during the first pass and reads again until clean', async () => {
    sb.setFaults({ latencyMs: 30, jitterMs: 30 });
    const pages = timed(createOrgPages(http, WILLOW).receipts());
    const writer = startWriter(org, ids, { workers: 4, maxOps: 30 });
    const result = await fetchConsistent(pages.read, {
      deleted: deletedReader((r, q) => org.listDeleted(r, q), 'receipts'),
      pageConcurrency: 2,
    });
    await writer.stop();
    sb.setFaults({});
    const final = await listAll(sb.url, WILLOW, 'receipts');
    expect(result.changes.length, 'the writes were noticed').toBeGreaterThan(0);
    expect(result.passes).toBeGreaterThan(1);
    checkExact(result.records, final, writer.ops, pages.lastStart());
  }, 60_000);

  it('falls back to the cursor walk under writes that never stop, and still ends exact', async () => {
    sb.setFaults({ latencyMs: 20, jitterMs: 30 });
    const pages = timed(createOrgPages(http, WILLOW).receipts());
    const writer = startWriter(org, ids, { workers: 4 });
    await new Promise((r) => setTimeout(r, 100)); // writes under way before the first page
    const result = await fetchConsistent(pages.read, {
      deleted: deletedReader((r, q) => org.listDeleted(r, q), 'receipts'),
      pageConcurrency: 2,
      maxPasses: 2,
    });
    await writer.stop();
    sb.setFaults({});
    const final = await listAll(sb.url, WILLOW, 'receipts');
    expect(result.walked).toBe(true);
    expect(writer.ops.length).toBeGreaterThan(20);
    checkExact(result.records, final, writer.ops, pages.lastStart());
  }, 60_000);

  for (const countName of ['none', 'total_entries', 'both'] as const) {
    it(`tolerates meta with count name '${countName}'`, async () => {
      sb.setVariants({ countName });
      try {
        const result = await fetchConsistent(createOrgPages(http, WILLOW).receipts(), {
          deleted: deletedReader((r, q) => org.listDeleted(r, q), 'receipts'),
        });
        const final = await listAll(sb.url, WILLOW, 'receipts');
        expect(result.records.map((r) => r.id).sort()).toEqual(final.map((r) => r.id).sort());
        expect(result.walked).toBe(false);
        expect(result.passes).toBe(countName === 'none' ? 2 : 1);
      } finally {
        sb.setVariants({});
      }
    });
  }
});
