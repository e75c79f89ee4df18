import { copyFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undoCommand } from '../../../batch/commands/undo/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../helpers/catalogue.ts';
import { runImportCli } from '../../helpers/import.ts';
import { listAll } from '../../helpers/service.ts';

const connection = (url: string) => ({ baseUrl: url, token: 'demo-token-willow' });
const snapshot = async (url: string) =>
  (await listAll(url, WILLOW, 'receipts')).map((r) => JSON.stringify([r.id, r.supplier, r.line_items.map((l: any) => [l.product_id, l.quantity])])).sort();

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

  it('refuses without --yes when there is no terminal to ask, and changes nothing', async () => {
    await runImportCli(sandbox.url, { kind: 'receipts', file: join(dir, 'invoices.xlsx'), results: join(dir, 'a.results.xlsx') });
    const before = sandbox.stats.writes;
    await expect(undoCommand({ ...connection(sandbox.url), journal: join(dir, 'a.journal.jsonl'), io: memoryIO() })).rejects.toThrow(/--yes/);
    expect(sandbox.stats.writes).toBe(before);
  });

  it('deletes what a run created: the service is as it was before the run', async () => {
    const original = await snapshot(sandbox.url);
    await runImportCli(sandbox.url, { kind: 'receipts', file: join(dir, 'invoices.xlsx'), results: join(dir, 'b.results.xlsx'), allowDuplicates: true });
    expect((await snapshot(sandbox.url)).length).toBe(original.length + 11);
    const io = memoryIO();
    const summary = await undoCommand({ ...connection(sandbox.url), journal: join(dir, 'b.journal.jsonl'), yes: true, io });
    expect(summary.deleted).toHaveLength(11);
    expect(io.stderr.join('\n')).toMatch(/delete REC-\d{8} \(rows 5, 6, 7\)/);
    expect(await snapshot(sandbox.url)).toEqual(original);
    // A second undo of the same journal does nothing.
    const again = await undoCommand({ ...connection(sandbox.url), journal: join(dir, 'b.journal.jsonl'), yes: true, io: memoryIO() });
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
    const undo = await undoCommand({ ...connection(sandbox.url), journal: join(dir, 'edit.journal.jsonl'), yes: true, io: memoryIO() });
    expect(undo.restored).toHaveLength(1);
    const restored = await snapshot(sandbox.url);
    // Same receipts, same products and quantities; the deleted line comes back (with a new id).
    const strip = (rows: string[]) => rows.map((r) => { const [, s, l] = JSON.parse(r); return JSON.stringify([s, l]); }).sort();
    expect(strip(restored)).toEqual(strip(original));
  });
});
