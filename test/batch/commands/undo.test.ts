import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undoCommand } from '../../../batch/commands/undo/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';

const connection = (url: string) => ({ baseUrl: url, token: 'demo-token-willow' });
const snapshot = async (url: string) =>
  (await listAll(url, WILLOW, 'receipts'))
    .map((r) => JSON.stringify([r.id, r.supplier, r.line_items.map((l: any) => [l.product_id, l.quantity])]))
    .sort();

describe('shed undo JOURNAL', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-undo-'));
    await copyFile('examples/supplier-invoices.xlsx', join(dir, 'invoices.xlsx'));
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('refuses a journal path that does not exist (exit 2), rather than saying there is nothing to undo', async () => {
    await expect(
      undoCommand({ ...connection(sandbox.url), journal: join(dir, 'typo.journal.jsonl'), yes: true, io: memoryIO() }),
    ).rejects.toThrow(/^There is no journal at .*typo\.journal\.jsonl/);
  });

  it('refuses without --yes when there is no terminal to ask, and changes nothing', async () => {
    await runImportCli(sandbox.url, {
      kind: 'receipts',
      file: join(dir, 'invoices.xlsx'),
      results: join(dir, 'a.results.xlsx'),
    });
    const before = sandbox.stats.writes;
    await expect(
      undoCommand({ ...connection(sandbox.url), journal: join(dir, 'a.xlsx.journal.jsonl'), io: memoryIO() }),
    ).rejects.toThrow(/--yes/);
    expect(sandbox.stats.writes).toBe(before);
  });

  it('names the one row of a one-line invoice as a row', async () => {
    const csv = (await readFile('examples/supplier-invoices-april.csv', 'utf8')).split('\r\n').slice(0, 2);
    const file = join(dir, 'one-line.csv');
    await writeFile(file, `${csv.join('\r\n')}\r\n`);
    await runImportCli(sandbox.url, { kind: 'receipts', file, results: join(dir, 'one.results.csv') });
    const io = memoryIO();
    await undoCommand({ ...connection(sandbox.url), journal: join(dir, 'one.csv.journal.jsonl'), yes: true, io });
    expect(io.stderr.join('\n')).toMatch(/delete REC-\d{8} \(one-line.csv, row 2\)/);
  });

  it('deletes what a run created: the service is as it was before the run', async () => {
    const original = await snapshot(sandbox.url);
    await runImportCli(sandbox.url, {
      kind: 'receipts',
      file: join(dir, 'invoices.xlsx'),
      results: join(dir, 'b.results.xlsx'),
      allowDuplicates: true,
    });
    expect((await snapshot(sandbox.url)).length).toBe(original.length + 11);
    const io = memoryIO();
    const summary = await undoCommand({
      ...connection(sandbox.url),
      journal: join(dir, 'b.xlsx.journal.jsonl'),
      yes: true,
      io,
    });
    expect(summary.deleted).toHaveLength(11);
    expect(io.stderr.join('\n')).toMatch(/delete REC-\d{8} \(invoices.xlsx, sheet Invoices, rows 5, 6, 7\)/);
    expect(await snapshot(sandbox.url)).toEqual(original);
    // A second undo of the same journal does nothing.
    const again = await undoCommand({
      ...connection(sandbox.url),
      journal: join(dir, 'b.xlsx.journal.jsonl'),
      yes: true,
      io: memoryIO(),
    });
    expect(again.deleted).toHaveLength(0);
  });

  it('restores what a run updated', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(dir, 'a.results.xlsx'));
    const sheet = wb.getWorksheet('Invoices')!;
    sheet.getRow(5).getCell(7).value = 99; // a quantity
    sheet.spliceRows(6, 1); // a line deleted
    await wb.xlsx.writeFile(join(dir, 'edit.xlsx'));
    const original = await snapshot(sandbox.url);
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file: join(dir, 'edit.xlsx') });
    expect(summary.records.updated).toBe(1);
    expect(await snapshot(sandbox.url)).not.toEqual(original);
    const undo = await undoCommand({
      ...connection(sandbox.url),
      journal: join(dir, 'edit.xlsx.journal.jsonl'),
      yes: true,
      io: memoryIO(),
    });
    expect(undo.restored).toHaveLength(1);
    const restored = await snapshot(sandbox.url);
    // Same receipts, same products and quantities; the deleted line comes back (with a new id).
    const strip = (rows: string[]) =>
      rows
        .map((r) => {
          const [, s, l] = JSON.parse(r);
          return JSON.stringify([s, l]);
        })
        .sort();
    expect(strip(restored)).toEqual(strip(original));
  });

  it('says of a record the undo of a later run put back that it holds what this run created (the runs undone newest first)', async () => {
    // edit.xlsx's run updated one of a.xlsx's receipts, and its undo (above) put it back: changed since a.xlsx's run wrote it.
    const journal = join(dir, 'a.xlsx.journal.jsonl');
    const io = memoryIO();
    const summary = await undoCommand({ ...connection(sandbox.url), journal, yes: true, io });
    expect(summary.changed).toHaveLength(1);
    expect(summary.changed[0]!.reason).toMatch(
      /^changed in the service at .*--force to undo it anyway\. Its supplier, date, storage, numbers and lines are as this run created them: if the change was the undo of a later run's update, nothing of anyone else's is lost and --force undoes it$/,
    );
    const forced = await undoCommand({ ...connection(sandbox.url), journal, yes: true, force: true, io: memoryIO() });
    expect(forced.deleted).toEqual([summary.changed[0]!.sequence]);
  });

  it('leaves alone a record someone changed after the run, naming it (exit 1); --force undoes it too', async () => {
    await runImportCli(sandbox.url, {
      kind: 'receipts',
      file: join(dir, 'invoices.xlsx'),
      results: join(dir, 'c.results.xlsx'),
      allowDuplicates: true,
    });
    const journal = join(dir, 'c.xlsx.journal.jsonl');
    const created = (await readFile(journal, 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .filter((e) => e.type === 'created');
    const touched = created[0];
    // A colleague corrects the supplier of one of the new receipts in the service.
    const patched = await fetch(`${sandbox.url}/api/shed/organisations/${WILLOW}/receipts/${touched.recordId}`, {
      method: 'PATCH',
      headers: { Authorization: 'Bearer demo-token-willow', 'Content-Type': 'application/json' },
      body: JSON.stringify({ supplier: 'Corrected Supplier Pty Ltd' }),
    });
    expect(patched.ok).toBe(true);
    const io = memoryIO();
    const summary = await undoCommand({ ...connection(sandbox.url), journal, yes: true, io });
    expect(summary.deleted).toHaveLength(10);
    expect(summary.changed.map((c) => c.sequence)).toEqual([touched.sequence]);
    expect(summary.exitCode).toBe(1);
    expect(io.stderr.join('\n')).toMatch(
      new RegExp(`${touched.sequence}: not undone: changed in the service at .*after this run wrote it.*--force`),
    );
    const ids = (await listAll(sandbox.url, WILLOW, 'receipts')).map((r) => r.id);
    expect(ids).toContain(touched.recordId);
    const forced = await undoCommand({ ...connection(sandbox.url), journal, yes: true, force: true, io: memoryIO() });
    expect(forced.deleted).toEqual([touched.sequence]);
    expect((await listAll(sandbox.url, WILLOW, 'receipts')).map((r) => r.id)).not.toContain(touched.recordId);
  });

  it('from the command line without a terminal and without --yes: exit 2 with the reason, nothing changed', async () => {
    await runImportCli(sandbox.url, {
      kind: 'receipts',
      file: join(dir, 'invoices.xlsx'),
      results: join(dir, 'd.results.xlsx'),
      allowDuplicates: true,
    });
    const before = sandbox.stats.writes;
    const child = spawn(
      process.execPath,
      ['batch/bin/shed.js', 'undo', join(dir, 'd.xlsx.journal.jsonl'), '--base-url', sandbox.url],
      {
        env: { ...process.env, SHED_TOKEN: 'demo-token-willow', SHED_CONFIG: join(dir, 'none.json') },
        stdio: 'pipe',
      },
    );
    child.stdin.end('y\n');
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(status, stderr).toBe(2);
    expect(stderr).toMatch(/no terminal to ask on: nothing changed; run it again with --yes/);
    expect(sandbox.stats.writes).toBe(before);
  });
});
