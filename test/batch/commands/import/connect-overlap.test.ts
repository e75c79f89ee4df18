// The import's connect step (batch/commands/import/file-ports.ts): the connection check (the
// organisations), the input's digest and the journal's reading go while the results path is checked
// and the run lock taken; the order of what is decided stays: the results path first, the lock
// before any record of the organisation is read, and a refused run leaves no lock behind.
import { mkdir, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journalPathForInput } from '../../../../batch/journal/file-journal.ts';
import { acquireRunLock, lockPathFor } from '../../../../batch/journal/run-lock.ts';
import { startSandbox } from '../../../../sandbox/index.ts';
import { generateInvoices, writeInvoicesXlsx } from '../../../support/generate-invoices.ts';
import { runImportCli } from '../../../support/import.ts';

describe('connecting while the results path is checked and the run lock taken', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  let file: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-connect-'));
    file = join(dir, 'june.xlsx');
    await writeInvoicesXlsx(file, generateInvoices(2, 2, 71, 'JUN-'));
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  const recordLists = () =>
    Object.entries(sandbox.stats.byRoute).filter(([route]) => /^GET .*\/(receipts|returns|storages)/.test(route));

  it('a run the lock refuses (another holds it) reads none of the organisation’s records', async () => {
    const results = join(dir, 'june.results.xlsx');
    const held = await acquireRunLock(lockPathFor(journalPathForInput(file, results)), 'another run');
    sandbox.stats.reset();
    try {
      const refused = await runImportCli(sandbox.url, { kind: 'receipts', file, results }).catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: 'import_running' });
      expect(recordLists()).toEqual([]);
    } finally {
      await held.release();
    }
    // The lock is the other run's alone: once it is released, the import runs.
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, results });
    expect(summary.records.created).toBe(2);
  });

  it('a results path that is a folder is refused first (exit 2), though the token is refused too, and no lock is left', async () => {
    const folder = join(dir, 'a-folder.xlsx');
    await mkdir(folder);
    const refused = await runImportCli(sandbox.url, { kind: 'receipts', file, results: folder, token: 'wrong' }).catch(
      (e: unknown) => e,
    );
    expect(refused).toMatchObject({ category: 'usage' });
    expect(String((refused as Error).message)).toMatch(/is a folder/);
    expect((await readdir(dir)).filter((name) => name.endsWith('.lock'))).toEqual([]);
  });

  it('a token the service refuses is said (exit 3) once the lock is taken, and the lock is released', async () => {
    const refused = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file,
      results: join(dir, 'june-2.results.xlsx'),
      token: 'wrong',
    }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'unauthenticated', category: 'authentication' });
    expect((await readdir(dir)).filter((name) => name.endsWith('.lock'))).toEqual([]);
  });
});
