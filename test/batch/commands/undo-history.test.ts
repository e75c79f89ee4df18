// `shed undo` of a journal that outlives runs: journals are per input file, so one file imported, undone and
// imported again keeps every run's entries in one journal (the sandbox over real HTTP, real CSV files).
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCommand } from '../../../batch/commands/export/index.ts';
import { undoCommand } from '../../../batch/commands/undo/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { startSandbox } from '../../../sandbox/index.ts';
import { runImportCli } from '../../support/import.ts';
import { getJson } from '../../support/service.ts';

const connection = (url: string) => ({ baseUrl: url, token: 'demo-token-willow', org: 'Willow Creek Pastoral Co' });

describe('shed undo of a journal holding several runs', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-undo-history-'));
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  /** One exported receipt's rows, written to `edit.csv` with its supplier changed. */
  async function editedReceipt(): Promise<{ id: string; write: (supplier: string) => Promise<string> }> {
    const exported = join(dir, 'receipts.csv');
    await exportCommand({ ...connection(sandbox.url), dataset: 'receipts', out: exported, io: memoryIO() });
    const text = (await readFile(exported, 'utf8')).replace(/^\uFEFF/, '');
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
    const id = parsed.data[0]!['Record ID']!;
    const rows = parsed.data.filter((r) => r['Record ID'] === id);
    // Without `Updated At`: the second edit comes after undo moved the record's version on.
    const fields = parsed.meta.fields!.filter((f) => f !== 'Updated At');
    const write = async (supplier: string) => {
      const data = rows.map((r) => Object.fromEntries(fields.map((f) => [f, f === 'Supplier' ? supplier : r[f]])));
      const file = join(dir, 'edit.csv');
      await writeFile(file, Papa.unparse({ fields, data }));
      return file;
    };
    return { id, write };
  }

  it('undoes a record written again after an earlier undo of it (the undone entry cancels only what came before)', async () => {
    const { id, write } = await editedReceipt();
    const supplier = async () => (await getJson(sandbox.url, `/api/shed/receipts/${id}`)).supplier;
    const original = await supplier();
    const journal = join(dir, 'edit.csv.journal.jsonl');
    const results = join(dir, 'edit.results.csv');

    await runImportCli(sandbox.url, { kind: 'receipts', file: await write('Supplier ONE'), results });
    expect(await supplier()).toBe('Supplier ONE');
    const first = await undoCommand({ ...connection(sandbox.url), journal, yes: true, io: memoryIO() });
    expect(first.restored).toHaveLength(1);
    expect(await supplier()).toBe(original);

    await runImportCli(sandbox.url, { kind: 'receipts', file: await write('Supplier TWO'), results });
    expect(await supplier()).toBe('Supplier TWO');
    const io = memoryIO();
    const second = await undoCommand({ ...connection(sandbox.url), journal, yes: true, io });
    expect(second.restored, io.stderr.join('\n')).toHaveLength(1);
    expect(second.exitCode).toBe(0);
    expect(await supplier()).toBe(original);

    // And a third undo has nothing left to do.
    const third = await undoCommand({ ...connection(sandbox.url), journal, yes: true, io: memoryIO() });
    expect(third.restored).toHaveLength(0);
    expect(await supplier()).toBe(original);
  });
});
