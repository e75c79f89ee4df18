// `shed undo` of an update journalled with no `applied` after it: the `updated` entry is written before the
// PATCH, so an update that failed leaves one (sandbox over real HTTP; the journal is the one such a run leaves).
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undoCommand } from '../../../batch/commands/undo/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { getJson, listAll } from '../../support/service.ts';

const connection = (url: string) => ({ baseUrl: url, token: 'demo-token-willow', org: 'Willow Creek Pastoral Co' });

describe('shed undo of an update that failed', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-undo-unapplied-'));
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  /** A journal whose run read receipt `index` and journalled its update, which then failed (no `applied`). */
  async function failedUpdate(name: string, index: number) {
    const receipt = (await listAll(sandbox.url, WILLOW, 'receipts'))[index];
    const previous = await getJson(sandbox.url, `/api/shed/receipts/${receipt.id}`);
    const journal = join(dir, `${name}.csv.journal.jsonl`);
    const entry = {
      at: new Date().toISOString(),
      organisationId: WILLOW,
      kind: 'receipts',
      service: sandbox.url,
      type: 'updated',
      file: `${name}.csv`,
      sheet: name,
      recordId: receipt.id,
      sequence: receipt.sequence,
      previous,
      rowNumbers: [2],
    };
    await writeFile(journal, `${JSON.stringify(entry)}\n`);
    return { journal, previous };
  }
  const patch = (id: string, body: object) =>
    fetch(`${sandbox.url}/api/shed/organisations/${WILLOW}/receipts/${id}`, {
      method: 'PATCH',
      headers: { Authorization: 'Bearer demo-token-willow', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('does not list the update for restore when it never applied, and says so (exit 0, nothing written)', async () => {
    const { journal, previous } = await failedUpdate('never', 0);
    const writes = sandbox.stats.writes;
    const io = memoryIO();
    const summary = await undoCommand({ ...connection(sandbox.url), journal, yes: true, io });
    const said = io.stderr.join('\n');
    expect(summary.exitCode, said).toBe(0);
    expect(summary.restored).toEqual([]);
    expect(summary.changed).toEqual([]);
    expect(said).not.toMatch(/^\s+restore /m);
    expect(said).toMatch(
      new RegExp(`${previous.sequence}: the run's update of it was never applied: nothing to restore`),
    );
    expect(sandbox.stats.writes).toBe(writes);
    expect(await readFile(journal, 'utf8')).not.toMatch(/"undone"/);
  });

  it('leaves alone (exit 1, not listed) a record changed since the run read it; --force puts it back', async () => {
    const { journal, previous } = await failedUpdate('unknown', 1);
    expect((await patch(previous.id, { supplier: 'Changed By Someone' })).ok).toBe(true);
    const io = memoryIO();
    const summary = await undoCommand({ ...connection(sandbox.url), journal, yes: true, io });
    const said = io.stderr.join('\n');
    expect(summary.exitCode).toBe(1);
    expect(said).not.toMatch(/^\s+restore /m);
    expect(said).toMatch(
      new RegExp(`${previous.sequence}: not undone: the run's update of it recorded no answer.*--force`),
    );
    expect((await getJson(sandbox.url, `/api/shed/receipts/${previous.id}`)).supplier).toBe('Changed By Someone');
    const forced = await undoCommand({ ...connection(sandbox.url), journal, yes: true, force: true, io: memoryIO() });
    expect(forced.restored).toEqual([previous.sequence]);
    expect((await getJson(sandbox.url, `/api/shed/receipts/${previous.id}`)).supplier).toBe(previous.supplier);
  });
});
