// `shed undo` putting back a record an import updated, when its restore's answer is a 5xx or is lost (the sandbox
// over real HTTP, its own faults set for that one PATCH): sent once by the client, read back by undo, sent again
// only when not applied and unchanged, and never over a colleague's edit made meanwhile (restore.ts).
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { undoCommand } from '../../../../batch/commands/undo/index.ts';
import { memoryIO } from '../../../../batch/ui/io.ts';
import { startSandbox, type FaultOptions } from '../../../../sandbox/index.ts';
import { WILLOW } from '../../../support/catalogue.ts';
import { getJson, listAll } from '../../../support/service.ts';

const connection = (url: string) => ({ baseUrl: url, token: 'demo-token-willow', org: 'Willow Creek Pastoral Co' });
/** The fetch of the test's own requests (a colleague's edit among them), never the one undo's requests go through. */
const realFetch = globalThis.fetch;
const AUTH = { Authorization: 'Bearer demo-token-willow', 'Content-Type': 'application/json' };
/** A 500 answered before the service does anything: the restore is not applied. */
const FAILS = { failureRate: 1, failureKind: '500' } as const;
/** The answer of a committed write dropped: the restore is applied, its answer lost. */
const DROPS = { dropAfterCommitRate: 1 } as const;

type Kind = 'receipts' | 'returns';

/** What an import run changed in a record (as its PATCH body), from the record as it was. */
interface RunChange {
  name: string;
  kind: Kind;
  change: (record: any) => object;
}

/** A line item as a PATCH keeps it (its id and every field), with `changes`. */
const line = (l: any, changes: object = {}) => {
  const { id, product_id, product_alias_id, quantity, pack_size_value, pack_size_unit, pack_cost } = l;
  return { id, product_id, product_alias_id, quantity, pack_size_value, pack_size_unit, pack_cost, ...changes };
};

const SUPPLIER_AND_QUANTITY: RunChange = {
  name: "a receipt's supplier and a quantity changed",
  kind: 'receipts',
  change: (r) => ({
    supplier: 'Changed By The Run',
    line_items: r.line_items.map((l: any, i: number) => line(l, i === 0 ? { quantity: '977' } : {})),
  }),
};
const LINE_DELETED: RunChange = {
  name: "a receipt's line deleted (the restore adds it back, with a new id)",
  kind: 'receipts',
  change: (r) => ({ line_items: r.line_items.slice(1).map((l: any) => line(l)) }),
};
const RETURN_CHANGED: RunChange = {
  name: "a return's supplier and amount changed",
  kind: 'returns',
  change: () => ({ supplier: 'Changed By The Run', amount_value: '977' }),
};

describe('shed undo: a restore whose answer is a 5xx or lost', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  let stop: (() => void) | undefined;
  /** Records a test took: each test restores its own. */
  const used = new Set<string>();
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-undo-restore-'));
  });
  afterEach(() => {
    stop?.();
    stop = undefined;
    sandbox.setFaults({});
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  const paths = (kind: Kind, id: string) => ({
    get: kind === 'receipts' ? `/api/shed/receipts/${id}` : `/api/shed/returns/${id}`,
    patch: `/api/shed/organisations/${WILLOW}/${kind}/${id}`,
  });
  const patch = (kind: Kind, id: string, body: object) =>
    realFetch(`${sandbox.url}${paths(kind, id).patch}`, { method: 'PATCH', headers: AUTH, body: JSON.stringify(body) });
  const read = (kind: Kind, id: string) => getJson(sandbox.url, paths(kind, id).get);

  /**
   * The journal an import run leaves after updating a record: `updated` (the record as the run read it) and
   * `applied` (the version its update left), the update itself sent to the sandbox as `run.change` says.
   */
  async function ranUpdate(run: RunChange) {
    const record = (await listAll(sandbox.url, WILLOW, run.kind)).find(
      (r) => !used.has(r.id) && (run.kind === 'returns' || r.line_items.length >= 2),
    );
    used.add(record.id);
    const previous = await read(run.kind, record.id);
    const answer = await patch(run.kind, record.id, run.change(previous));
    expect(answer.status, await answer.clone().text()).toBe(200);
    const updated = await answer.json();
    const base = { at: new Date().toISOString(), organisationId: WILLOW, kind: run.kind, service: sandbox.url };
    const entries = [
      {
        ...base,
        type: 'updated',
        file: 'run.csv',
        recordId: record.id,
        sequence: record.sequence,
        previous,
        rowNumbers: [2],
      },
      { ...base, type: 'applied', recordId: record.id, updatedAt: updated.updated_at },
    ];
    const journal = join(dir, `${record.id}.csv.journal.jsonl`);
    await writeFile(journal, entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
    return { journal, previous, id: record.id };
  }

  /**
   * Sends undo's requests through the global fetch (its client looks it up at each call), noting each as
   * `METHOD path`; the PATCHes `faulted` picks (by their number, from 1) meet the sandbox's `faults`, set for
   * that request alone; `meanwhile` runs once the first faulted one is answered or lost, before undo hears of it;
   * `afterReadBack` once the read that follows it is answered, before undo sees the answer.
   */
  function faultPatches(
    faults: FaultOptions,
    options: {
      faulted?: (n: number) => boolean;
      meanwhile?: () => Promise<unknown>;
      afterReadBack?: () => Promise<unknown>;
    } = {},
  ): string[] {
    const original = globalThis.fetch;
    const faulted = options.faulted ?? ((n: number) => n === 1);
    const sent: string[] = [];
    let patches = 0;
    let meanwhile = options.meanwhile;
    let afterReadBack = options.afterReadBack;
    globalThis.fetch = async (input, init) => {
      const method = init?.method ?? 'GET';
      sent.push(`${method} ${new URL(String(input)).pathname}`);
      if (method === 'GET' && patches > 0 && afterReadBack) {
        const answer = await original(input, init);
        const now = afterReadBack;
        afterReadBack = undefined;
        await now();
        return answer;
      }
      if (method !== 'PATCH' || !faulted((patches += 1))) return original(input, init);
      sandbox.setFaults(faults);
      try {
        return await original(input, init);
      } finally {
        sandbox.setFaults({});
        const now = meanwhile;
        meanwhile = undefined;
        await now?.();
      }
    };
    stop = () => void (globalThis.fetch = original);
    return sent;
  }

  /** The requests to the record undo sent (its reads and its restores), in order. */
  const toRecord = (sent: readonly string[], kind: Kind, id: string) =>
    sent
      .filter((s) => s.endsWith(paths(kind, id).get) || s.endsWith(paths(kind, id).patch))
      .map((s) => s.split(' ')[0]);
  const undone = async (journal: string) => (await readFile(journal, 'utf8')).includes('"type":"undone"');
  /** The fields a restore puts back, as a comparable text (a receipt's lines by content, whatever their ids). */
  const content = (kind: Kind, r: any) =>
    kind === 'returns'
      ? JSON.stringify([r.supplier, r.amount_value, r.notes, r.reference])
      : JSON.stringify([r.supplier, r.line_items.map((l: any) => [l.product_id, l.quantity, l.pack_cost]).sort()]);

  it.each([
    ['a 500 (not applied)', FAILS],
    ['lost (applied, its connection dropped)', DROPS],
  ])(
    "a restore whose answer is %s and whose record a colleague edits before it is sent again: the colleague's edit survives, the step is reported changed (exit 1)",
    async (_name, faults) => {
      const { journal, previous, id } = await ranUpdate(SUPPLIER_AND_QUANTITY);
      const sent = faultPatches(faults, {
        meanwhile: () => patch('receipts', id, { supplier: 'Corrected By A Colleague' }),
      });
      const io = memoryIO();
      const summary = await undoCommand({ ...connection(sandbox.url), journal, yes: true, io });
      stop?.();
      const said = io.stderr.join('\n');
      expect((await read('receipts', id)).supplier, said).toBe('Corrected By A Colleague');
      expect(toRecord(sent, 'receipts', id)).toEqual(['GET', 'PATCH', 'GET']);
      expect(summary.restored).toEqual([]);
      expect(summary.changed.map((c) => c.sequence)).toEqual([previous.sequence]);
      expect(summary.exitCode).toBe(1);
      expect(said).toMatch(
        new RegExp(`${previous.sequence}: not undone: someone changed it during the undo: .*nothing was overwritten`),
      );
      expect(said).toMatch(/1 changed since the run, left alone/);
      expect(await undone(journal)).toBe(false);
    },
  );

  it('a restore answered 500, read back unchanged, and edited by a colleague during the back-off: read again, not sent over the edit', async () => {
    const { journal, previous, id } = await ranUpdate(SUPPLIER_AND_QUANTITY);
    const sent = faultPatches(FAILS, {
      afterReadBack: () => patch('receipts', id, { supplier: 'Corrected During The Back-off' }),
    });
    const summary = await undoCommand({ ...connection(sandbox.url), journal, yes: true, io: memoryIO() });
    stop?.();
    expect((await read('receipts', id)).supplier).toBe('Corrected During The Back-off');
    expect(toRecord(sent, 'receipts', id)).toEqual(['GET', 'PATCH', 'GET', 'GET']);
    expect(summary.changed.map((c) => c.sequence)).toEqual([previous.sequence]);
    expect(await undone(journal)).toBe(false);
  });

  it("with --force, a restore answered 500 is sent again over a colleague's edit made meanwhile, after a read back", async () => {
    const { journal, previous, id } = await ranUpdate(SUPPLIER_AND_QUANTITY);
    const sent = faultPatches(FAILS, {
      meanwhile: () => patch('receipts', id, { supplier: 'Corrected By A Colleague' }),
    });
    const summary = await undoCommand({ ...connection(sandbox.url), journal, yes: true, force: true, io: memoryIO() });
    stop?.();
    expect(summary.restored).toEqual([previous.sequence]);
    expect(toRecord(sent, 'receipts', id)).toEqual(['GET', 'PATCH', 'GET', 'GET', 'PATCH']);
    expect(content('receipts', await read('receipts', id))).toBe(content('receipts', previous));
    expect(await undone(journal)).toBe(true);
  });

  it.each([SUPPLIER_AND_QUANTITY, LINE_DELETED, RETURN_CHANGED])(
    'a restore whose answer is lost but which was applied: read back, reported restored, sent once ($name)',
    async (run) => {
      const { journal, previous, id } = await ranUpdate(run);
      const writes = sandbox.stats.writes;
      const sent = faultPatches(DROPS);
      const summary = await undoCommand({ ...connection(sandbox.url), journal, yes: true, io: memoryIO() });
      stop?.();
      expect(summary.failed).toEqual([]);
      expect(summary.restored).toEqual([previous.sequence]);
      expect(toRecord(sent, run.kind, id)).toEqual(['GET', 'PATCH', 'GET']);
      expect(sandbox.stats.writes - writes).toBe(1);
      expect(content(run.kind, await read(run.kind, id))).toBe(content(run.kind, previous));
      expect(await undone(journal)).toBe(true);
    },
  );

  it.each([SUPPLIER_AND_QUANTITY, LINE_DELETED, RETURN_CHANGED])(
    'a restore answered 500 and not applied, its record unchanged: read back, sent again and restored ($name)',
    async (run) => {
      const { journal, previous, id } = await ranUpdate(run);
      const sent = faultPatches(FAILS);
      const summary = await undoCommand({ ...connection(sandbox.url), journal, yes: true, io: memoryIO() });
      stop?.();
      expect(summary.failed).toEqual([]);
      expect(summary.restored).toEqual([previous.sequence]);
      expect(toRecord(sent, run.kind, id)).toEqual(['GET', 'PATCH', 'GET', 'GET', 'PATCH']);
      expect(content(run.kind, await read(run.kind, id))).toBe(content(run.kind, previous));
      expect(await undone(journal)).toBe(true);
    },
  );

  it('a restore answered 500 every time: sent 3 times in all, each after a read back, then not restored naming the last error', async () => {
    const { journal, previous, id } = await ranUpdate(SUPPLIER_AND_QUANTITY);
    const before = await read('receipts', id);
    const sent = faultPatches(FAILS, { faulted: () => true });
    const summary = await undoCommand({ ...connection(sandbox.url), journal, yes: true, io: memoryIO() });
    stop?.();
    expect(toRecord(sent, 'receipts', id)).toEqual([
      ...['GET', 'PATCH', 'GET'],
      ...['GET', 'PATCH', 'GET'],
      ...['GET', 'PATCH', 'GET'],
    ]);
    expect(summary.failed).toEqual([
      {
        sequence: previous.sequence,
        reason: expect.stringMatching(
          /^not restored: the service failed 3 times \(the last: the service answered 500 Internal Server Error\)/,
        ),
      },
    ]);
    expect(summary.exitCode).toBe(1);
    expect(await read('receipts', id)).toEqual(before);
    expect(await undone(journal)).toBe(false);
  });

  it('a restore answered 503 asking to wait longer than undo waits: not restored, sent once, saying so', async () => {
    const { journal, previous, id } = await ranUpdate(RETURN_CHANGED);
    const before = await read('returns', id);
    const original = globalThis.fetch;
    let patches = 0;
    // The sandbox's 503s ask for 1 s at most: this one, answered before the sandbox, asks for a minute.
    globalThis.fetch = async (input, init) => {
      if (init?.method !== 'PATCH') return original(input, init);
      patches += 1;
      return new Response('{"error":"service_unavailable"}', { status: 503, headers: { 'Retry-After': '60' } });
    };
    stop = () => void (globalThis.fetch = original);
    const summary = await undoCommand({ ...connection(sandbox.url), journal, yes: true, io: memoryIO() });
    stop();
    expect(patches).toBe(1);
    expect(summary.failed).toEqual([
      {
        sequence: previous.sequence,
        reason: expect.stringMatching(
          /^not restored: the service asked to wait 60 s \(Retry-After\) before it is sent again, longer than undo waits/,
        ),
      },
    ]);
    expect(await read('returns', id)).toEqual(before);
    expect(await undone(journal)).toBe(false);
  });
});
