// Import runs that overlap, crash mid-write or cannot write their results: never twice, never lost.
import { mkdtemp, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { generateInvoices, writeInvoicesXlsx } from '../../support/generate-invoices.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';
import { expectEachInvoiceOnce } from '../../support/verify.ts';
import { undoCommand } from '../../../batch/commands/undo/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';

// A sandbox per test: the generated invoice numbers repeat from one test to the next.
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let dir: string;
beforeEach(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
  dir = await mkdtemp(join(tmpdir(), 'shed-safety-'));
});
afterEach(async () => {
  await sandbox?.close();
});

async function invoicesFile(name: string, count: number, seed: number, prefix?: string) {
  const invoices = generateInvoices(count, 2, seed, prefix);
  const file = join(dir, name);
  await writeInvoicesXlsx(file, invoices);
  return { invoices, file };
}

describe('every request of a run shares one limit', () => {
  it('never has more requests in flight than --concurrency, reference data included', async () => {
    const { file } = await invoicesFile('limit.xlsx', 12, 3);
    sandbox.setFaults({ latencyMs: 25 });
    sandbox.stats.reset();
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, concurrency: 3 });
    expect(summary.rows.created).toBe(24);
    expect(sandbox.stats.peakInFlight).toBeLessThanOrEqual(3);
    expect(sandbox.stats.peakInFlight).toBeGreaterThanOrEqual(2);
  });
});

describe('two runs of the same import at once', () => {
  it('the second is refused with who holds the lock; every invoice exactly once', async () => {
    const { invoices, file } = await invoicesFile('same.xlsx', 30, 5);
    sandbox.setFaults({ latencyMs: 10 });
    const [a, b] = await Promise.allSettled([
      runImportCli(sandbox.url, { kind: 'receipts', file, concurrency: 4 }),
      runImportCli(sandbox.url, { kind: 'receipts', file, concurrency: 4 }),
    ]);
    const settled = [a, b];
    const refused = settled.filter((r) => r.status === 'rejected');
    const done = settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'import_running', category: 'usage' });
    expect(String((refused[0] as PromiseRejectedResult).reason.message)).toMatch(
      /Another import of this file is running: importing receipts from same.xlsx/,
    );
    expect(done[0]!.summary.rows.created).toBe(60);
    expectEachInvoiceOnce(await listAll(sandbox.url, WILLOW, 'receipts'), invoices);
    // The lock is gone with the run: the next one finds everything done.
    const rerun = await runImportCli(sandbox.url, { kind: 'receipts', file });
    expect(rerun.summary.rows.created).toBe(60);
    expect(rerun.summary.exitCode).toBe(0);
  });

  it('runs that do not share a lock (two machines) end with every invoice once: the run of the second copy takes it back', async () => {
    const { invoices, file } = await invoicesFile('race.xlsx', 20, 8, 'RACE-');
    sandbox.setFaults({ latencyMs: 15, jitterMs: 10, seed: 4 });
    const reports: { message?: string }[][] = [];
    const runs = await Promise.all(
      ['one', 'two'].map((name) =>
        runImportCli(sandbox.url, {
          kind: 'receipts',
          file,
          concurrency: 4,
          results: join(dir, `${name}.results.xlsx`),
          onReport: (report) => reports.push(report.results),
          // Two machines: their locks never meet.
          env: { SHED_CONFIG: join(dir, `config-${name}`, 'config.json'), SHED_LOCK_DIR: join(dir, `locks-${name}`) },
        }),
      ),
    );
    const receipts = await listAll(sandbox.url, WILLOW, 'receipts');
    const byInvoice = new Map<string, string[]>();
    for (const r of receipts) {
      const invoice = /^Invoice (\S+?)(;|$)/.exec(r.notes ?? '')?.[1];
      if (invoice?.startsWith('RACE-')) byInvoice.set(invoice, [...(byInvoice.get(invoice) ?? []), r.sequence]);
    }
    // Both runs read the service before either created anything, so the duplicate check could not help;
    // the run whose copy came second took it back, so every invoice is there exactly once.
    expect([...byInvoice].filter(([, sequences]) => sequences.length > 1)).toEqual([]);
    const messages = reports.flatMap((results) => results.map((r) => r.message ?? ''));
    const takenBack = messages.filter((m) => /taken back \(deleted\)/.test(m)).length;
    console.info(`race: ${takenBack} rows of copies taken back`);
    expect(takenBack).toBeGreaterThan(0);
    for (const run of runs) expect(run.summary.exitCode).toBe(0);
    expect(byInvoice.size).toBe(invoices.length);
  });
});

describe('a journal whose last line was cut mid-write', () => {
  it('is repaired with a warning; the rerun finds every invoice once and undo takes back exactly what was created', async () => {
    const { invoices, file } = await invoicesFile('torn.xlsx', 8, 11);
    await runImportCli(sandbox.url, { kind: 'receipts', file });
    const journalPath = join(dir, 'torn.xlsx.journal.jsonl');
    const text = await readFile(journalPath, 'utf8');
    // The crash hit while the last `created` entry was being written.
    await writeFile(journalPath, text.slice(0, text.length - 40));
    const { summary, io } = await runImportCli(sandbox.url, { kind: 'receipts', file: join(dir, 'torn.xlsx') });
    expect(io.stderr.join('\n')).toMatch(/warning: the journal .*torn.xlsx.journal.jsonl ended in a line cut short/);
    expect(summary.rows.created).toBe(16);
    expect(summary.exitCode).toBe(0);
    expectEachInvoiceOnce(await listAll(sandbox.url, WILLOW, 'receipts'), invoices);
    const before = (await listAll(sandbox.url, WILLOW, 'receipts')).length;
    const undone = await undoCommand({
      baseUrl: sandbox.url,
      token: 'demo-token-willow',
      journal: journalPath,
      yes: true,
      io: memoryIO(),
    });
    expect(undone.deleted).toHaveLength(8);
    expect((await listAll(sandbox.url, WILLOW, 'receipts')).length).toBe(before - 8);
  });
});

describe('results that cannot be written', () => {
  it('a results path that is a folder is refused before anything is sent', async () => {
    const { file } = await invoicesFile('folder.xlsx', 3, 2);
    const results = join(dir, 'results.xlsx');
    await mkdir(results);
    const writes = sandbox.stats.writes;
    await expect(runImportCli(sandbox.url, { kind: 'receipts', file, results })).rejects.toMatchObject({
      code: 'usage',
      message: expect.stringMatching(/is a folder/),
    });
    expect(sandbox.stats.writes).toBe(writes);
  });

  it('a results file of another format than the input is refused before anything is sent, naming the one it must be', async () => {
    const { file } = await invoicesFile('format.xlsx', 3, 2);
    const writes = sandbox.stats.writes;
    await expect(
      runImportCli(sandbox.url, { kind: 'receipts', file, results: join(dir, 'format-results.csv') }),
    ).rejects.toMatchObject({
      code: 'usage',
      message:
        "The results of 'format.xlsx' are written as .xlsx, not as 'format-results.csv': pass --results with a name ending in .xlsx, or leave --results out (nothing was sent)",
    });
    expect(sandbox.stats.writes).toBe(writes);
    expect((await readdir(dir)).filter((name) => name.startsWith('format'))).toEqual(['format.xlsx']);
  });

  it('a journal that is a symbolic link is refused before anything is sent', async () => {
    const { file } = await invoicesFile('linked.xlsx', 3, 2);
    await symlink(join(dir, 'somewhere-else.txt'), join(dir, 'linked.xlsx.journal.jsonl'));
    const writes = sandbox.stats.writes;
    await expect(runImportCli(sandbox.url, { kind: 'receipts', file })).rejects.toMatchObject({
      code: 'journal_is_link',
    });
    expect(sandbox.stats.writes).toBe(writes);
  });

  it('the input gone while the run sends: the results file is still written, from the file as read, and said', async () => {
    const { invoices, file } = await invoicesFile('moved.xlsx', 4, 2);
    sandbox.setFaults({ latencyMs: 20 });
    const writes = sandbox.stats.writes;
    // The input disappears while the run sends (moved by a sync client, say).
    const removed = (async () => {
      while (sandbox.stats.writes === writes) await new Promise((r) => setTimeout(r, 2));
      await rm(file);
    })();
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, concurrency: 2 });
    await removed;
    expect(summary.resultsFile).toBe(join(dir, 'moved.results.xlsx'));
    expect(summary.resultsFailure).toBeUndefined();
    expect(
      summary.warnings.filter((w) => w.startsWith(`${file} was moved or deleted while the import ran`)),
    ).toHaveLength(1);
    expectEachInvoiceOnce(await listAll(sandbox.url, WILLOW, 'receipts'), invoices);
  });

  it('after records were sent: the results go to a fallback beside the journal and the summary says so (exit 1)', async () => {
    const { invoices, file } = await invoicesFile('vanishing.xlsx', 10, 6);
    sandbox.setFaults({ latencyMs: 20 });
    const writes = sandbox.stats.writes;
    // A folder takes the results file's name while the run sends: the results file cannot be written.
    const blocked = (async () => {
      while (sandbox.stats.writes === writes) await new Promise((r) => setTimeout(r, 2));
      await mkdir(join(dir, 'vanishing.results.xlsx'));
    })();
    const { summary, io } = await runImportCli(sandbox.url, { kind: 'receipts', file, concurrency: 2 });
    await blocked;
    const fallback = join(dir, 'vanishing.xlsx.results-fallback.csv');
    expect(summary.exitCode).toBe(1);
    expect(summary.resultsFile).toBe(fallback);
    expect(summary.resultsFailure?.wanted).toBe(join(dir, 'vanishing.results.xlsx'));
    expect(io.stderr.at(-1)).toMatch(
      /10 receipts created; RESULTS NOT WRITTEN to .*vanishing.results.xlsx \(.*\); they are in .*vanishing.xlsx.results-fallback.csv/,
    );
    const rows = (await readFile(fallback, 'utf8'))
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r\n/);
    expect(rows[0]).toBe('Row,Status,Record ID,Sequence,Line Item ID,Message,Updated At');
    expect(rows.slice(1)).toHaveLength(20);
    expect(rows.slice(1).every((row) => /^\d+,created,[0-9a-f-]{36},REC-\d+,[0-9a-f-]{36},/.test(row))).toBe(true);
    expectEachInvoiceOnce(await listAll(sandbox.url, WILLOW, 'receipts'), invoices);
  });
});

describe('a sheet with a header and nothing below it', () => {
  it('says there is nothing to import (exit 2), sending nothing', async () => {
    const { file } = await invoicesFile('empty.xlsx', 0, 1);
    const writes = sandbox.stats.writes;
    await expect(runImportCli(sandbox.url, { kind: 'receipts', file })).rejects.toMatchObject({
      code: 'no_data',
      category: 'input',
      message:
        'empty.xlsx, sheet Invoices: the header is on row 1 but no row below it holds an invoice line: nothing to import',
    });
    expect(sandbox.stats.writes).toBe(writes);
  });
});
