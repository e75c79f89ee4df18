/**
 * Returns sent through the import engine (runImport with returnOps) against the real sandbox over HTTP (127.0.0.1, port 0), through the real service client:
 * the four valid returns of examples/supplier-returns.csv are created exactly as planned, the fifth is
 * reported invalid and never sent; an interrupted run sends nothing; a refusal by the service is `failed`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceClient } from '../../../../shared/client/index.ts';
import type { OrgClient } from '../../../../shared/client/index.ts';
import type { RowResult } from '../../../../shared/import/outcome.ts';
import type { ReturnPlan } from '../../../../shared/import/returns/plan.ts';
import { JournalIndex } from '../../../../shared/import/engine/journal.ts';
import type { RunOptions } from '../../../../shared/import/engine/run.ts';
import { runImport } from '../../../../shared/import/engine/run.ts';
import type { ReturnDraft } from '../../../../shared/import/returns/build.ts';
import { returnOps } from '../../../../shared/import/returns/ops.ts';
import type { ReferenceData } from '../../../../shared/resolve/index.ts';
import { createResolver, loadReferenceData } from '../../../../shared/resolve/index.ts';
import { startSandbox } from '../../../../sandbox/index.ts';
import { WILLOW } from '../../../support/catalogue.ts';
import { listAll } from '../../../support/service.ts';
import { EXAMPLE_CSV, planCsv, planFile } from './helpers.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BODY_FIELDS = [
  'storage_id',
  'product_id',
  'returned_at',
  'supplier',
  'amount_value',
  'amount_unit',
  'notes',
  'reference',
];

/** The fields of a stored return that a create body sets. */
const asBody = (stored: any) => Object.fromEntries(BODY_FIELDS.map((f) => [f, stored[f]]));

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let org: OrgClient;
let reference: ReferenceData;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
  org = createServiceClient({ baseUrl: sandbox.url, token: 'demo-token-willow' }).forOrganisation(WILLOW);
  reference = await loadReferenceData(org, WILLOW);
});
afterAll(async () => {
  await sandbox?.close();
});

/** Sends planned returns with the engine, no journal, no existing records to check against. */
function sendReturns(
  drafts: readonly ReturnDraft[],
  client: Pick<OrgClient, 'createReturn'>,
  options: Pick<RunOptions, 'concurrency' | 'signal' | 'onProgress'>,
): Promise<RowResult[]> {
  const ops = returnOps({ ...org, createReturn: client.createReturn }, 'Australia/Sydney');
  return runImport(drafts, ops, [], {
    ...options,
    journal: new JournalIndex([], WILLOW, 'returns'),
    sink: { append: async () => {} },
  });
}

/** The returns the sandbox holds now, by id (every page, read over HTTP without the client under test). */
async function returnsById(): Promise<Map<string, any>> {
  return new Map((await listAll(sandbox.url, WILLOW, 'returns')).map((r) => [r.id, r]));
}

function added(before: Map<string, any>, after: Map<string, any>): any[] {
  return [...after.values()].filter((r) => !before.has(r.id));
}

describe('sending the returns of examples/supplier-returns.csv', () => {
  let plan: ReturnPlan;
  let results: RowResult[];
  let before: Map<string, any>;
  const progress: [number, number][] = [];

  beforeAll(async () => {
    plan = await planFile(EXAMPLE_CSV, createResolver(reference));
    before = await returnsById();
    results = await sendReturns(plan.drafts, org, {
      concurrency: 2,
      onProgress: (done, total) => progress.push([done, total]),
    });
  });

  it('plans the same bodies from the service reference data as from the catalogue', async () => {
    const fromCatalogue = await planFile(EXAMPLE_CSV);
    expect(plan.drafts.map((d) => d.body)).toEqual(fromCatalogue.drafts.map((d) => d.body));
  });

  it('reports rows 2–5 created with id and sequence, row 6 invalid with the Amount cell', () => {
    expect(results.map((r) => [r.rowNumber, r.status])).toEqual([
      [2, 'created'],
      [3, 'created'],
      [4, 'created'],
      [5, 'created'],
      [6, 'invalid'],
    ]);
    for (const result of results.slice(0, 4)) {
      expect(result.recordId).toMatch(UUID);
      expect(result.sequence).toEqual(expect.any(String));
      expect(result.message).toBeUndefined();
    }
    expect(new Set(results.slice(0, 4).map((r) => r.recordId)).size).toBe(4);
    expect(results[4]).toEqual({
      rowNumber: 6,
      status: 'invalid',
      message: "Amount: '0' must be greater than 0",
      invalidColumns: [4],
    });
  });

  it('creates exactly the four returns in the sandbox, as planned, and nothing else', async () => {
    const created = added(before, await returnsById());
    expect(created.map((r) => r.id).sort()).toEqual(
      results
        .slice(0, 4)
        .map((r) => r.recordId)
        .sort(),
    );
    for (const [i, result] of results.slice(0, 4).entries()) {
      const stored = created.find((r) => r.id === result.recordId);
      expect(asBody(stored), `row ${result.rowNumber}`).toEqual(plan.drafts[i]!.body);
      expect(stored.sequence).toBe(result.sequence);
      expect(stored.organisation_id).toBe(WILLOW);
    }
    expect(created.map((r) => `${r.supplier}|${r.amount_value} ${r.amount_unit}`).sort()).toEqual([
      'Farmco Rural Supplies|20 l',
      'Paddock Seeds Pty Ltd|40 kg',
      'Riverina Ag Chemicals|5 l',
      'Southern Cross Fertilisers|1000 kg',
    ]);
  });

  it('counts progress in returns sent, up to the four valid ones', () => {
    expect(progress).toEqual([
      [1, 4],
      [2, 4],
      [3, 4],
      [4, 4],
    ]);
  });
});

describe('sending returns when not everything can be sent', () => {
  it('sends nothing once the run is interrupted: valid rows failed "not sent", invalid rows still invalid', async () => {
    const plan = await planFile(EXAMPLE_CSV, createResolver(reference));
    const before = await returnsById();
    const results = await sendReturns(plan.drafts, org, { concurrency: 4, signal: AbortSignal.abort() });
    expect(results.map((r) => [r.rowNumber, r.status, r.message])).toEqual([
      [2, 'failed', 'not sent: the run was interrupted'],
      [3, 'failed', 'not sent: the run was interrupted'],
      [4, 'failed', 'not sent: the run was interrupted'],
      [5, 'failed', 'not sent: the run was interrupted'],
      [6, 'invalid', "Amount: '0' must be greater than 0"],
    ]);
    expect(added(before, await returnsById())).toEqual([]);
  });

  it('stops starting returns once interrupted mid-run: the ones sent stay created', async () => {
    const plan = await planFile(EXAMPLE_CSV, createResolver(reference));
    const before = await returnsById();
    const controller = new AbortController();
    const results = await sendReturns(plan.drafts, org, {
      concurrency: 1,
      signal: controller.signal,
      onProgress: (done) => done === 2 && controller.abort(),
    });
    expect(results.map((r) => [r.rowNumber, r.status])).toEqual([
      [2, 'created'],
      [3, 'created'],
      [4, 'failed'],
      [5, 'failed'],
      [6, 'invalid'],
    ]);
    expect(
      added(before, await returnsById())
        .map((r) => r.id)
        .sort(),
    ).toEqual([results[0]!.recordId, results[1]!.recordId].sort());
  });

  it('keeps at most `concurrency` requests in flight', async () => {
    for (const concurrency of [1, 3]) {
      const plan = await planFile(EXAMPLE_CSV, createResolver(reference));
      let inFlight = 0;
      let most = 0;
      const writer = {
        createReturn: async (...args: Parameters<OrgClient['createReturn']>) => {
          most = Math.max(most, ++inFlight);
          try {
            return await org.createReturn(...args);
          } finally {
            inFlight -= 1;
          }
        },
      };
      const results = await sendReturns(plan.drafts, writer, { concurrency });
      expect(results.filter((r) => r.status === 'created')).toHaveLength(4);
      expect(most).toBe(concurrency);
    }
  });

  it('reports a return the service refuses as failed with its reason, and sends the others', async () => {
    // Reference data loaded before 'Old Shearing Shed' was locked: the plan accepts it, the service does not.
    const stale: ReferenceData = {
      ...reference,
      storages: reference.storages.map((s) =>
        s.name === 'Old Shearing Shed' ? { ...s, locked_at: null, active: true } : s,
      ),
    };
    const rows = [
      'Date,Return To,From Shed,Product,Amount,Unit',
      '2/03/2026,Farmco Rural Supplies,Old Shearing Shed,Glyfos 540,20,L',
      '3/03/2026,Farmco Rural Supplies,Main Chemical Shed,Metsul 600 WG,250 g,',
    ];
    const plan = await planCsv(rows.join('\r\n'), createResolver(stale));
    expect(plan.drafts.map((d) => d.problems)).toEqual([[], []]);
    const before = await returnsById();
    const results = await sendReturns(plan.drafts, org, { concurrency: 1 });
    expect(results.map((r) => [r.rowNumber, r.status])).toEqual([
      [2, 'failed'],
      [3, 'created'],
    ]);
    expect(results[0]!.message).toContain('The service refused: storage_id: storage is locked');
    const created = added(before, await returnsById());
    expect(created.map((r) => r.id)).toEqual([results[1]!.recordId]);
    expect(asBody(created[0])).toEqual(plan.drafts[1]!.body);
    expect(plan.drafts[1]!.body).toMatchObject({
      amount_value: '250',
      amount_unit: 'g',
      returned_at: '2026-03-03T00:00:00+11:00',
    });
  });
});
