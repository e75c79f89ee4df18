// `shed undo` of a journal holding two organisations' records (one file imported with `--org A`, then `--org B`):
// each organisation's records are undone in it, the others named (sandbox over real HTTP, real CSV).
import { appendFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undoCommand } from '../../../batch/commands/undo/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { startSandbox } from '../../../sandbox/index.ts';
import { catalogue } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';

const BANKSIA = catalogue.organisations.find((o) => o.name === 'Banksia Downs Trust')!.id;
const readEntries = async (path: string) =>
  (await readFile(path, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

describe('shed undo of a journal holding two organisations', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-undo-orgs-'));
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  /** A receipt created in Banksia Downs Trust with its bookkeeper's token. */
  async function banksiaReceipt(): Promise<{ id: string; sequence: string; updated_at: string }> {
    const storage = catalogue.storages.find((s) => s.organisation_id === BANKSIA)!.id;
    const response = await fetch(`${sandbox.url}/api/shed/organisations/${BANKSIA}/receipts`, {
      method: 'POST',
      headers: { Authorization: 'Bearer demo-token-banksia', 'content-type': 'application/json' },
      body: JSON.stringify({ storage_id: storage, received_at: '2026-04-01T00:00:00Z', supplier: 'Banksia Supplier' }),
    });
    expect(response.status).toBe(201);
    return response.json();
  }
  const status = async (id: string, token: string) =>
    (await fetch(`${sandbox.url}/api/shed/receipts/${id}`, { headers: { Authorization: `Bearer ${token}` } })).status;

  it("undoes each organisation's records in it, naming the others (exit 1), and never marks them undone", async () => {
    const lines = (await readFile('examples/supplier-invoices-april.csv', 'utf8')).split('\r\n');
    const file = join(dir, 'one.csv');
    await writeFile(file, `${lines[0]}\r\n${lines[1]}\r\n`);
    await runImportCli(sandbox.url, { kind: 'receipts', file, results: join(dir, 'one.results.csv') });
    const journal = join(dir, 'one.csv.journal.jsonl');
    const willow = (await readEntries(journal)).find((e) => e.type === 'created');
    // The same file imported into Banksia Downs Trust (its bookkeeper's token and --org).
    const rec = await banksiaReceipt();
    const entry = { ...willow, organisationId: BANKSIA, recordId: rec.id, sequence: rec.sequence };
    await appendFile(journal, `${JSON.stringify({ ...entry, updatedAt: rec.updated_at })}\n`);

    const io = memoryIO();
    const first = await undoCommand({ baseUrl: sandbox.url, token: 'demo-token-willow', journal, yes: true, io });
    expect(first.deleted).toEqual([willow.sequence]);
    expect(first.alreadyGone).toEqual([]);
    expect(first.exitCode).toBe(1);
    expect(io.stderr.join('\n')).toMatch(
      new RegExp(
        `1 change in organisation ${BANKSIA}, which this token does not see, not undone here: undo it with --org`,
      ),
    );
    expect(await status(willow.recordId, 'demo-token-willow')).toBe(404);
    expect(await status(rec.id, 'demo-token-banksia')).toBe(200);
    expect((await readEntries(journal)).filter((e) => e.type === 'undone').map((e) => e.recordId)).toEqual([
      willow.recordId,
    ]);

    // Banksia's bookkeeper undoes the rest.
    const second = await undoCommand({
      baseUrl: sandbox.url,
      token: 'demo-token-banksia',
      journal,
      yes: true,
      io: memoryIO(),
    });
    expect(second.deleted).toEqual([rec.sequence]);
    expect(second.exitCode).toBe(0);
    expect(await status(rec.id, 'demo-token-banksia')).toBe(404);
  });

  it('does not count a record the service answers 404 for as gone unless its deleted list says it was deleted', async () => {
    const rec = await banksiaReceipt();
    const journal = join(dir, 'misfiled.csv.journal.jsonl');
    const base = { at: new Date().toISOString(), kind: 'receipts', fingerprint: 'f', file: 'misfiled.csv', sheet: '' };
    const willowOrg = catalogue.organisations.find((o) => o.name === 'Willow Creek Pastoral Co')!.id;
    // A journal that records Banksia's record under Willow (as journals written before this fix could end up).
    await writeFile(
      journal,
      `${JSON.stringify({ ...base, type: 'created', organisationId: willowOrg, recordId: rec.id, sequence: rec.sequence, updatedAt: rec.updated_at, lineItemIds: [], rowNumbers: [2] })}\n`,
    );
    const io = memoryIO();
    const summary = await undoCommand({ baseUrl: sandbox.url, token: 'demo-token-willow', journal, yes: true, io });
    expect(summary.alreadyGone).toEqual([]);
    expect(summary.failed.map((f) => f.sequence)).toEqual([rec.sequence]);
    expect(summary.exitCode).toBe(1);
    expect(io.stderr.join('\n')).toMatch(/does not list it as deleted/);
    expect((await readEntries(journal)).filter((e) => e.type === 'undone')).toEqual([]);
    expect(await status(rec.id, 'demo-token-banksia')).toBe(200);
  });

  it('counts a record deleted in the service since the run as already gone (its deleted list says so)', async () => {
    const lines = (await readFile('examples/supplier-invoices-april.csv', 'utf8')).split('\r\n');
    const file = join(dir, 'gone.csv');
    await writeFile(file, `${lines[0]}\r\n${lines[3]}\r\n`);
    await runImportCli(sandbox.url, { kind: 'receipts', file, results: join(dir, 'gone.results.csv') });
    const journal = join(dir, 'gone.csv.journal.jsonl');
    const created = (await readEntries(journal)).find((e) => e.type === 'created');
    const removed = await fetch(
      `${sandbox.url}/api/shed/organisations/${created.organisationId}/receipts/${created.recordId}`,
      { method: 'DELETE', headers: { Authorization: 'Bearer demo-token-willow' } },
    );
    expect(removed.status).toBe(204);
    const summary = await undoCommand({
      baseUrl: sandbox.url,
      token: 'demo-token-willow',
      journal,
      yes: true,
      io: memoryIO(),
    });
    expect(summary.alreadyGone).toEqual([created.sequence]);
    expect(summary.exitCode).toBe(0);
    expect((await readEntries(journal)).filter((e) => e.type === 'undone').map((e) => e.recordId)).toEqual([
      created.recordId,
    ]);
  });
});
