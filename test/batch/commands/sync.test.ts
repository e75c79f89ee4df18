import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterEach, describe, expect, it } from 'vitest';
import { registerCommands } from '../../../batch/cli/commands.ts';
import { syncCommand, type SyncCommandOptions } from '../../../batch/commands/sync/index.ts';
import { loadMirror } from '../../../batch/mirror/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { startSandbox, type RunningSandbox } from '../../../sandbox/index.ts';
import { createServiceClient, type OrgClient } from '../../../shared/client/index.ts';
import { NotFoundError } from '../../../shared/errors/index.ts';
import type { Mirror } from '../../../shared/sync/mirror.ts';
import { productIds, storageId, WILLOW } from '../../support/catalogue.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
let sandbox: RunningSandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

async function start(options: Parameters<typeof startSandbox>[0] = {}): Promise<RunningSandbox> {
  sandbox = await startSandbox({ port: 0, quiet: true, ...options });
  return sandbox;
}

function sync(sb: RunningSandbox, dir: string, extra: Partial<SyncCommandOptions> = {}) {
  return syncCommand({
    baseUrl: sb.url,
    token: 'demo-token-willow',
    org: 'Willow Creek Pastoral Co',
    dir,
    io: memoryIO(),
    ...extra,
  });
}

function willow(sb: RunningSandbox): OrgClient {
  return createServiceClient({
    baseUrl: sb.url,
    token: 'demo-token-willow',
    retries: 2,
    minRetryDelayMs: 10,
  }).forOrganisation(WILLOW);
}

/** The sandbox's records of Willow Creek, keyed by id, in the served (table) shape. */
function stateOf(sb: RunningSandbox) {
  const ours = <T extends { organisation_id: string; id: string }>(map: ReadonlyMap<string, T>) =>
    Object.fromEntries([...map.values()].filter((r) => r.organisation_id === WILLOW).map((r) => [r.id, r]));
  return {
    storages: ours(sb.state.storages),
    productAliases: ours(sb.state.productAliases),
    receipts: ours(sb.state.receipts),
    returns: ours(sb.state.returns),
  };
}

/** The mirror equals the sandbox's state of the organisation exactly; products are those the sandbox holds. */
function expectEqualToSandbox(mirror: Mirror, sb: RunningSandbox): void {
  const state = stateOf(sb);
  expect(mirror.storages).toEqual(state.storages);
  expect(mirror.productAliases).toEqual(state.productAliases);
  expect(Object.keys(mirror.receipts).sort()).toEqual(Object.keys(state.receipts).sort());
  expect(mirror.receipts).toEqual(state.receipts);
  expect(mirror.returns).toEqual(state.returns);
  const referenced = new Set([
    ...Object.values(state.receipts).flatMap((r) => r.line_items.map((l) => l.product_id)),
    ...Object.values(state.returns).map((r) => r.product_id),
  ]);
  for (const id of referenced) expect(mirror.products[id]).toEqual(sb.state.products.get(id));
  for (const [id, product] of Object.entries(mirror.products)) expect(product).toEqual(sb.state.products.get(id));
}

const SHED = storageId('Main Chemical Shed');
const BUNKER = storageId('Fertiliser Bunker');
const GLYFOS = productIds('Glyfos 540');
const UREA = productIds('Granular Urea');

function receiptBody(n: number) {
  return {
    storage_id: n % 2 ? SHED : BUNKER,
    received_at: '2026-02-03T00:00:00+11:00',
    supplier: `Supplier ${n}`,
    line_items: [
      { ...GLYFOS, quantity: String(1 + (n % 5)), pack_size_value: '20', pack_size_unit: 'l', pack_cost: '185' },
    ],
  };
}

function returnBody(n: number) {
  return {
    storage_id: BUNKER,
    product_id: UREA.product_id,
    returned_at: '2026-02-04T00:00:00+11:00',
    supplier: `Supplier ${n}`,
    amount_value: '1',
    amount_unit: 't',
  };
}

describe('shed sync against the sandbox', () => {
  it('mirrors the organisation on the first sync, then a sync with no changes asks each list once and changes nothing', async () => {
    const sb = await start();
    const dir = await mkdtemp(join(tmpdir(), 'shed-sync-'));
    const first = await sync(sb, dir);
    expect(first).toMatchObject({ mode: 'full', reason: 'no_mirror', exitCode: 0 });
    expect(first.mirrorFile).toBe(join(dir, WILLOW, 'mirror.json'));
    const mirror = (await loadMirror(dir, WILLOW))!;
    expectEqualToSandbox(mirror, sb);
    expect(mirror.organisationName).toBe('Willow Creek Pastoral Co');
    expect(Object.keys(mirror.receipts).length).toBeGreaterThan(20);
    expect(Object.keys(mirror.products)).toHaveLength(31);
    expect(first.resources.receipts.changed).toBe(Object.keys(mirror.receipts).length);

    sb.stats.reset();
    const second = await sync(sb, dir);
    expect(second).toMatchObject({ mode: 'incremental', reason: null, requests: 8 });
    for (const counts of Object.values(second.resources)) expect(counts).toMatchObject({ changed: 0, deleted: 0 });
    const org = '/api/shed/organisations/:org_id';
    expect(sb.stats.byRoute).toEqual({
      'GET /api/organisations': 1,
      [`GET ${org}/storages`]: 1,
      [`GET ${org}/product_aliases`]: 1,
      [`GET ${org}/receipts`]: 1,
      [`GET ${org}/returns`]: 1,
      [`GET ${org}/storages/deleted`]: 1,
      [`GET ${org}/product_aliases/deleted`]: 1,
      [`GET ${org}/receipts/deleted`]: 1,
      [`GET ${org}/returns/deleted`]: 1,
    });
    const again = (await loadMirror(dir, WILLOW))!;
    expect({ ...again, syncedAt: '' }).toEqual({ ...mirror, syncedAt: '' });
  });

  it('picks up creates, edits (line items too) and deletes of receipts and returns', async () => {
    const sb = await start();
    const dir = await mkdtemp(join(tmpdir(), 'shed-sync-'));
    await sync(sb, dir);
    const client = willow(sb);
    const created = await client.createReceipt(receiptBody(1));
    const existing = Object.values(stateOf(sb).receipts).filter((r) => r.storage_id === SHED && r.id !== created.id);
    await client.updateReceipt(existing[0]!.id, { supplier: 'Edited Supplier' });
    await client.updateReceipt(existing[1]!.id, {
      line_items: [{ ...GLYFOS, quantity: '9', pack_size_value: '20', pack_size_unit: 'l', pack_cost: '1' }],
    });
    await client.deleteReceipt(existing[2]!.id);
    const newReturn = await client.createReturn(returnBody(1));
    const oldReturn = Object.values(stateOf(sb).returns).find((r) => r.id !== newReturn.id)!;
    await client.deleteReturn(oldReturn.id);

    const summary = await sync(sb, dir);
    expect(summary.mode).toBe('incremental');
    expect(summary.resources.receipts).toMatchObject({ changed: 3, deleted: 1 });
    expect(summary.resources.returns).toMatchObject({ changed: 1, deleted: 1 });
    const mirror = (await loadMirror(dir, WILLOW))!;
    expectEqualToSandbox(mirror, sb);
    expect(mirror.cursors.receipts.deletedAfter).toBe(sb.state.deletions.receipts.get(WILLOW)!.at(-1)!.deleted_at);
  });

  it('ends equal to the sandbox after one more sync, with another client writing throughout the sync', async () => {
    // A service clock running 1000 times fast: the 5-second overlap behind each cursor then covers
    // 5 ms of this test, so a record skipped while paging would not be fetched again by chance.
    const started = Date.now();
    const sb = await start({ now: () => new Date(started + (Date.now() - started) * 1000) });
    const dir = await mkdtemp(join(tmpdir(), 'shed-sync-'));
    const client = willow(sb);
    // More than two pages of receipts, so paging is exercised while records move.
    for (let n = 0; n < 450; n += 25) {
      await Promise.all(Array.from({ length: 25 }, (_, i) => client.createReceipt(receiptBody(n + i))));
    }
    sb.setFaults({ latencyMs: 20, jitterMs: 10 });

    let writing = true;
    let writes = 0;
    const writer = async (lane: number) => {
      let n = 1000 * (lane + 1);
      while (writing) {
        const receipts = Object.values(stateOf(sb).receipts).filter(
          (r) => r.storage_id !== storageId('Old Shearing Shed'),
        );
        const pick = receipts[(n * 7919) % receipts.length]!;
        const roll = n % 6;
        try {
          if (roll === 0) await client.createReceipt(receiptBody(n));
          else if (roll === 1) await client.deleteReceipt(pick.id);
          else if (roll === 2) await client.createReturn(returnBody(n));
          else if (roll === 3) {
            const returns = Object.values(stateOf(sb).returns);
            await client.deleteReturn(returns[n % returns.length]!.id);
          } else await client.updateReceipt(pick.id, { supplier: `Rewritten ${n}` });
          writes++;
        } catch (error) {
          // Another lane deleted the record first.
          if (!(error instanceof NotFoundError)) throw error;
        }
        n++;
      }
    };
    const lanes = Array.from({ length: 6 }, (_, lane) => writer(lane));
    const during = await sync(sb, dir);
    const writesDuringFirst = writes;
    const alsoDuring = await sync(sb, dir);
    writing = false;
    await Promise.all(lanes);
    expect(during.mode).toBe('full');
    expect(alsoDuring.mode).toBe('incremental');
    expect(writesDuringFirst).toBeGreaterThan(10);

    sb.setFaults({});
    const after = await sync(sb, dir);
    expect(after.mode).toBe('incremental');
    expectEqualToSandbox((await loadMirror(dir, WILLOW))!, sb);
  }, 60_000);

  it('rebuilds the mirror after more than 60 days, dropping records whose deletion records have expired', async () => {
    let clock = Date.parse('2026-04-15T00:00:00Z');
    const now = () => new Date(clock);
    const sb = await start({ now });
    const dir = await mkdtemp(join(tmpdir(), 'shed-sync-'));
    const client = willow(sb);
    const doomed = await client.createReceipt(receiptBody(1));
    await sync(sb, dir, { now });
    await client.deleteReceipt(doomed.id);
    clock += 61 * DAY_MS;
    // The sandbox no longer lists the deletion: only a full re-sync can notice the receipt is gone.
    expect(await client.listDeleted('receipts', { ids: [doomed.id] })).toMatchObject({ records: [] });
    const summary = await sync(sb, dir, { now });
    expect(summary).toMatchObject({ mode: 'full', reason: 'retention' });
    const mirror = (await loadMirror(dir, WILLOW))!;
    expect(mirror.receipts[doomed.id]).toBeUndefined();
    expectEqualToSandbox(mirror, sb);
  });

  it('rebuilds when the service clock has moved on more than 60 days, whatever the local clock says', async () => {
    let clock = Date.parse('2026-04-15T00:00:00Z');
    const sb = await start({ now: () => new Date(clock) });
    const dir = await mkdtemp(join(tmpdir(), 'shed-sync-'));
    const local = () => new Date('2026-04-15T00:00:00Z');
    await sync(sb, dir, { now: local });
    clock += 61 * DAY_MS;
    await willow(sb).createReceipt(receiptBody(2));
    const summary = await sync(sb, dir, { now: local });
    expect(summary).toMatchObject({ mode: 'full', reason: 'retention_service' });
    expectEqualToSandbox((await loadMirror(dir, WILLOW))!, sb);
  });

  it('rebuilds with --full, and then reads a damaged mirror again', async () => {
    const sb = await start();
    const dir = await mkdtemp(join(tmpdir(), 'shed-sync-'));
    await sync(sb, dir);
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dir, WILLOW, 'mirror.json'), '{"damaged":');
    await expect(sync(sb, dir)).rejects.toMatchObject({ code: 'mirror_unreadable' });
    const rebuilt = await sync(sb, dir, { full: true });
    expect(rebuilt).toMatchObject({ mode: 'full', reason: 'requested' });
    expectEqualToSandbox((await loadMirror(dir, WILLOW))!, sb);
  });

  it('leaves the saved mirror untouched when a sync is cancelled', async () => {
    const sb = await start();
    const dir = await mkdtemp(join(tmpdir(), 'shed-sync-'));
    await sync(sb, dir);
    const before = (await loadMirror(dir, WILLOW))!;
    await willow(sb).createReceipt(receiptBody(3));
    const controller = new AbortController();
    controller.abort(new Error('Interrupted'));
    await expect(sync(sb, dir, { signal: controller.signal })).rejects.toThrow('Interrupted');
    expect(await loadMirror(dir, WILLOW)).toEqual(before);
    expect(await readdir(join(dir, WILLOW))).toEqual(['mirror.json']);
  });

  it("syncs storages served in the example's field set (gaps row 20) by fetching them whole", async () => {
    const sb = await start();
    sb.setVariants({ storageFields: 'example', countName: 'none' });
    const dir = await mkdtemp(join(tmpdir(), 'shed-sync-'));
    await sync(sb, dir);
    const second = await sync(sb, dir);
    const mirror = (await loadMirror(dir, WILLOW))!;
    expect(mirror.cursors.storages.updatedAfter).toBeNull();
    expect(second.resources.storages).toMatchObject({ changed: 0, deleted: 0, total: 5 });
    const names = Object.fromEntries(Object.values(mirror.storages).map((s) => [s.name, s.active]));
    expect(names).toMatchObject({ 'Main Chemical Shed': true, 'Old Shearing Shed': false });
    expect(mirror.receipts).toEqual(stateOf(sb).receipts);
  });

  it('refuses an organisation without a shed subscription (exit 3) and saves nothing', async () => {
    const sb = await start();
    const dir = await mkdtemp(join(tmpdir(), 'shed-sync-'));
    await expect(sync(sb, dir, { org: 'Red Gum Grazing' })).rejects.toMatchObject({ category: 'entitlement' });
    expect(await readdir(dir)).toEqual([]);
  });
});

describe('shed sync on the command line', () => {
  async function run(args: string[]) {
    const io = memoryIO();
    let status = 0;
    const program = new Command('shed').exitOverride().configureOutput({ writeOut: io.out, writeErr: io.err });
    registerCommands(program, io, (code) => {
      status = code;
    });
    await program.parseAsync(['node', 'shed', ...args]);
    return { io, status };
  }

  it('prints a JSON summary with --json, and a human one otherwise', async () => {
    const sb = await start();
    const dir = await mkdtemp(join(tmpdir(), 'shed-sync-'));
    const common = ['--base-url', sb.url, '--token', 'demo-token-willow', '--org', 'Willow Creek Pastoral Co'];
    const json = await run(['sync', '--dir', dir, '--json', ...common]);
    expect(json.status).toBe(0);
    const summary = JSON.parse(json.io.stdout.join(''));
    expect(summary).toMatchObject({ mode: 'full', reason: 'no_mirror', organisation: { id: WILLOW } });
    const human = await run([...common, 'sync', '--dir', dir]);
    expect(human.io.stdout).toEqual([]);
    const text = human.io.stderr.join('\n');
    expect(text).toMatch(/Willow Creek Pastoral Co: incremental sync, 8 requests/);
    expect(text).toMatch(/receipts\s+\d+\s+\(0 changed, 0 deleted\)/);
    expect(text).toContain(join(dir, WILLOW, 'mirror.json'));
    expect(text).not.toContain('demo-token-willow');
  });

  it('documents --dir, its default, and --full in the help', async () => {
    const io = memoryIO({ SHED_MIRROR_DIR: '/srv/mirrors' });
    const program = new Command('shed').exitOverride().configureOutput({ writeOut: io.out, writeErr: io.err });
    registerCommands(program, io, () => {});
    await expect(program.parseAsync(['node', 'shed', 'sync', '--help'])).rejects.toMatchObject({
      code: 'commander.helpDisplayed',
    });
    const help = io.stdout.join('').replace(/\s+/g, ' ');
    expect(help).toContain(
      '--dir <dir> folder of mirrors, kept as DIR/<organisation id>/mirror.json (default /srv/mirrors;',
    );
    expect(help).toContain('--full');
    expect(help).toContain('--json');
  });
});
