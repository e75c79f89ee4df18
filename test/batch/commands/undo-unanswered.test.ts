// `shed undo` of a run stopped between a create's send and its answer: the journal holds the `intent` and no
// `created`. The record is looked for in the service by fingerprint (sandbox over real HTTP, real CSV).
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undoCommand } from '../../../batch/commands/undo/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { getJson, listAll } from '../../support/service.ts';

const connection = (url: string) => ({ baseUrl: url, token: 'demo-token-willow', org: 'Willow Creek Pastoral Co' });
const readEntries = async (path: string) =>
  (await readFile(path, 'utf8'))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

describe('shed undo of a run stopped before a send was answered', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  let lines: string[];
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-undo-unanswered-'));
    lines = (await readFile('examples/supplier-invoices-april.csv', 'utf8')).split('\r\n');
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  /** Imports one row of the April invoices, then drops the journal's `created` entry (a kill right after the send). */
  async function crashedRun(name: string, row: number, options: { allowDuplicates?: boolean } = {}) {
    const file = join(dir, `${name}.csv`);
    await writeFile(file, `${lines[0]}\r\n${lines[row]}\r\n`);
    await runImportCli(sandbox.url, { kind: 'receipts', file, results: join(dir, `${name}.results.csv`), ...options });
    const journal = join(dir, `${name}.csv.journal.jsonl`);
    const entries = await readEntries(journal);
    const created = entries.find((e) => e.type === 'created');
    const kept = entries.filter((e) => e.type !== 'created');
    await writeFile(journal, kept.map((e) => `${JSON.stringify(e)}\n`).join(''));
    return { journal, created, file };
  }
  const ids = async () => (await listAll(sandbox.url, WILLOW, 'receipts')).map((r) => r.id);

  it('finds the record of a send with no answer by its fingerprint and deletes it, listed like the others', async () => {
    const { journal, created } = await crashedRun('crash', 1);
    expect(await ids()).toContain(created.recordId);
    const io = memoryIO();
    const summary = await undoCommand({ ...connection(sandbox.url), journal, yes: true, io });
    expect(summary.deleted, io.stderr.join('\n')).toEqual([created.sequence]);
    expect(summary.exitCode).toBe(0);
    expect(io.stderr.join('\n')).toMatch(
      new RegExp(`delete ${created.sequence} \\(crash.csv, row 2; its answer was lost, found in the service\\)`),
    );
    expect(await ids()).not.toContain(created.recordId);
    // Journalled as the send's (as the import adopts it), then undone: a second undo has nothing to say.
    const types = (await readEntries(journal)).map((e) => `${e.type}${e.recordId === created.recordId ? '*' : ''}`);
    expect(types).toEqual(['intent', 'created*', 'undone*']);
    const quiet = memoryIO();
    const again = await undoCommand({ ...connection(sandbox.url), journal, yes: true, io: quiet });
    expect(again.deleted).toHaveLength(0);
    expect(quiet.stderr.join('\n')).toBe(`Nothing to undo in ${journal}.`);
  });

  it('never takes a record that was in the service before the run (older than its cursor) for the send', async () => {
    const file = join(dir, 'older.csv');
    await writeFile(file, `${lines[0]}\r\n${lines[6]}\r\n`);
    await runImportCli(sandbox.url, { kind: 'receipts', file, results: join(dir, 'older.results.csv') });
    const entries = await readEntries(join(dir, 'older.csv.journal.jsonl'));
    const created = entries.find((e) => e.type === 'created');
    const intent = entries.find((e) => e.type === 'intent');
    // A later run of another file sends the same invoice (the service's copy was not in its read: say it was
    // deleted meanwhile) and is stopped before the answer; its cursor is after the existing record's stamp,
    // by the margin. Then someone adds to the existing record's notes (same content: same fingerprint).
    const cursor = new Date(Date.parse(created.updatedAt) + 1000).toISOString();
    const current = await getJson(sandbox.url, `/api/shed/receipts/${created.recordId}`);
    const patched = await fetch(`${sandbox.url}/api/shed/organisations/${WILLOW}/receipts/${created.recordId}`, {
      method: 'PATCH',
      headers: { Authorization: 'Bearer demo-token-willow', 'Content-Type': 'application/json' },
      body: JSON.stringify({ notes: `${current.notes} (checked)` }),
    });
    expect(patched.ok).toBe(true);
    const journal = join(dir, 'later.csv.journal.jsonl');
    await writeFile(journal, `${JSON.stringify({ ...intent, file: 'later.csv', cursor })}\n`);
    const io = memoryIO();
    const summary = await undoCommand({ ...connection(sandbox.url), journal, yes: true, io });
    expect(summary.deleted).toHaveLength(0);
    expect(summary.exitCode).toBe(0);
    expect(io.stderr.join('\n')).toMatch(
      /1 send of the journal recorded no answer and no such record is in the service/,
    );
    expect(await ids()).toContain(created.recordId);
  });

  it('refuses (exit 1) a send with no answer whose record cannot be told from a twin, deleting nothing', async () => {
    const first = await crashedRun('twin-a', 3);
    // The same invoice sent again on purpose (allowed duplicate), and that run also stopped before its answer.
    const { journal, created } = await crashedRun('twin-b', 3, { allowDuplicates: true });
    const before = await ids();
    expect(before).toContain(first.created.recordId);
    expect(before).toContain(created.recordId);
    const io = memoryIO();
    const summary = await undoCommand({ ...connection(sandbox.url), journal, yes: true, io });
    expect(summary.exitCode).toBe(1);
    expect(summary.deleted).toHaveLength(0);
    expect(io.stderr.join('\n')).toMatch(
      /twin-b.csv, row 2: not undone: its send recorded no answer and .*cannot be told/,
    );
    expect(io.stderr.join('\n')).toMatch(/Import the file again first/);
    expect(await ids()).toEqual(before);
  });

  it('refuses a --timezone that is not an IANA zone before reading anything (exit 2)', async () => {
    await expect(
      undoCommand({
        ...connection(sandbox.url),
        journal: join(dir, 'crash.csv.journal.jsonl'),
        timezone: 'Mars/Olympus',
        yes: true,
        io: memoryIO(),
      }),
    ).rejects.toThrow(/Expected `--timezone` to be an IANA time zone .* got 'Mars\/Olympus'/);
  });
});
