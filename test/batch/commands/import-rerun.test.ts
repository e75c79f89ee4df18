import { access, copyFile, mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { undoCommand } from '../../../batch/commands/undo/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';

const writesOf = (sandbox: Awaited<ReturnType<typeof startSandbox>>) => sandbox.stats.writes;

describe('re-running an import never writes twice', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  let input: string;
  let results: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-rerun-'));
    input = join(dir, 'invoices.xlsx');
    results = join(dir, 'invoices.results.xlsx');
    await copyFile('examples/supplier-invoices.xlsx', input);
    const first = await runImportCli(sandbox.url, { kind: 'receipts', file: input });
    expect(first.summary.records.created).toBe(11);
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('journals every create beside the results file, without the token', async () => {
    const journal = await readFile(join(dir, 'invoices.xlsx.journal.jsonl'), 'utf8');
    const lines = journal
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.filter((l) => l.type === 'created')).toHaveLength(11);
    expect(lines.filter((l) => l.type === 'intent')).toHaveLength(11);
    expect(journal).not.toContain('demo-token-willow');
  });

  it('feeding the results file back in makes zero writes: every receipt unchanged', async () => {
    const before = writesOf(sandbox);
    const copy = join(dir, 'again.xlsx');
    await copyFile(results, copy);
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file: copy });
    expect(writesOf(sandbox)).toBe(before);
    expect(summary.records).toMatchObject({ unchanged: 11, invalid: 6, created: 0, updated: 0 });
    expect(summary.rows.unchanged).toBe(25);
  });

  it('running the same input again reports the journalled receipts as created, with their ids, and sends nothing', async () => {
    const before = writesOf(sandbox);
    const { summary, io } = await runImportCli(sandbox.url, { kind: 'receipts', file: input });
    expect(writesOf(sandbox)).toBe(before);
    // Counted apart from this run's creations: nothing new was sent.
    expect(summary.records).toMatchObject({ created: 0, alreadyCreated: 11 });
    expect(summary.rows.created).toBe(25);
    const line = io.stderr.at(-1) ?? '';
    expect(line).toMatch(/11 receipts already created by an earlier run \(journal\)/);
    expect(line).not.toMatch(/receipts? created/);
    expect(summary.exitCode).toBe(1); // the example's invalid rows alone
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(results);
    const row5 = wb.getWorksheet('Invoices')!.getRow(5);
    expect(row5.getCell(13).value).toBe('created');
    expect(String(row5.getCell(14).value)).toMatch(/^[0-9a-f-]{36}$/);
    expect(String(row5.getCell(17).value)).toMatch(/journal/);
  });

  it('a journalled receipt deleted from the service since is created again, not skipped', async () => {
    const receipts = await listAll(sandbox.url, WILLOW, 'receipts');
    const victim = receipts.find((r) => r.notes === 'Invoice INV-40211')!;
    const gone = await fetch(`${sandbox.url}/api/shed/organisations/${WILLOW}/receipts/${victim.id}`, {
      method: 'DELETE',
      headers: { Authorization: 'Bearer demo-token-willow' },
    });
    expect(gone.status).toBe(204);
    const before = writesOf(sandbox);
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file: input });
    expect(writesOf(sandbox)).toBe(before + 1);
    expect(summary.records).toMatchObject({ created: 1, alreadyCreated: 10 });
    const again = (await listAll(sandbox.url, WILLOW, 'receipts')).filter((r) => r.notes === 'Invoice INV-40211');
    expect(again).toHaveLength(1);
    expect(again[0].id).not.toBe(victim.id);
  });

  it('a row of a results file that is now invalid keeps its Record ID in the new results file', async () => {
    const copy = join(dir, 'broken.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(results);
    const sheet = wb.getWorksheet('Invoices')!;
    const recordId = String(sheet.getRow(5).getCell(14).value);
    sheet.getRow(5).getCell(7).value = 'four'; // Qty no longer a number: INV-40211 is refused
    await wb.xlsx.writeFile(copy);
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file: copy });
    expect(summary.records.invalid).toBe(7);
    const out = new ExcelJS.Workbook();
    await out.xlsx.readFile(summary.resultsFile!);
    const row5 = out.getWorksheet('Invoices')!.getRow(5);
    expect(row5.getCell(13).value).toBe('invalid');
    expect(String(row5.getCell(14).value)).toBe(recordId);
    expect(String(row5.getCell(16).value)).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('without the journal, the service is checked: the same invoices, held exactly, are unchanged and not sent', async () => {
    const before = writesOf(sandbox);
    const { summary } = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file: input,
      results: join(dir, 'elsewhere.results.xlsx'),
    });
    expect(writesOf(sandbox)).toBe(before);
    expect(summary.records.unchanged).toBe(11);
    // The example's invalid rows stay invalid (exit 1 for them alone); every other row is unchanged.
    const others = Object.entries(summary.rows).filter(([status, n]) => n > 0 && status !== 'invalid');
    expect(others).toEqual([['unchanged', summary.rows.unchanged]]);
  });

  it('--allow-duplicates sends them anyway', async () => {
    const receipts = (await listAll(sandbox.url, WILLOW, 'receipts')).length;
    const { summary } = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file: input,
      results: join(dir, 'twice.results.xlsx'),
      allowDuplicates: 'a second delivery under the same invoice numbers',
    });
    expect(summary.records.created).toBe(11);
    const created = (await readFile(join(dir, 'twice.xlsx.journal.jsonl'), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .filter((e) => e.type === 'created' && e.allowedDuplicate);
    expect(created).toHaveLength(11);
    expect(created[0].allowedDuplicate).toBe('a second delivery under the same invoice numbers');
    expect((await listAll(sandbox.url, WILLOW, 'receipts')).length).toBe(receipts + 11);
  });
});

describe('correcting what was imported: updates by Record ID', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-update-'));
    await copyFile('examples/supplier-invoices.xlsx', join(dir, 'invoices.xlsx'));
    await runImportCli(sandbox.url, { kind: 'receipts', file: join(dir, 'invoices.xlsx') });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('changes a quantity, adds a line and deletes a line of one receipt with one PATCH', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(dir, 'invoices.results.xlsx'));
    const sheet = wb.getWorksheet('Invoices')!;
    const recordId = String(sheet.getRow(15).getCell(14).value); // S-2291, rows 15-17
    sheet.getRow(15).getCell(7).value = 45; // Qty 40 → 45
    // A new line (no Line Item ID) after the Spartacus line, then the Bonito line deleted from the sheet.
    sheet.spliceRows(18, 0, [null, null, null, null, null, 'Bannister Oats', 10, 40, 'kg', 38]);
    sheet.spliceRows(16, 1); // the Bonito line is deleted from the sheet: deleted from the receipt
    const edited = join(dir, 'edited.xlsx');
    await wb.xlsx.writeFile(edited);
    const before = sandbox.stats.writes;

    const dry = await runImportCli(sandbox.url, { kind: 'receipts', file: edited, dryRun: true });
    expect(sandbox.stats.writes).toBe(before);
    expect(dry.summary.notices.join('\n')).toMatch(/1 line item DELETED \(Canola seed - ATR Bonito × 12\)/);

    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file: edited });
    expect(sandbox.stats.writes).toBe(before + 1);
    expect(summary.records).toMatchObject({ updated: 1, unchanged: 10, invalid: 6 });
    const receipt = (await listAll(sandbox.url, WILLOW, 'receipts')).find((r) => r.id === recordId);
    expect(receipt.line_items.map((l: any) => [l.quantity, l.pack_size_value, l.pack_cost])).toEqual([
      ['45', '50', '62.5'],
      ['30', '50', '55'],
      ['10', '40', '38'],
    ]);
  });
});

describe('conflicts: a later edit in the service is never overwritten unseen', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-conflict-'));
    await copyFile('examples/supplier-invoices.xlsx', join(dir, 'invoices.xlsx'));
    await runImportCli(sandbox.url, { kind: 'receipts', file: join(dir, 'invoices.xlsx') });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('an update carrying an older Updated At is refused as a conflict, unless --force', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(dir, 'invoices.results.xlsx'));
    const sheet = wb.getWorksheet('Invoices')!;
    const recordId = String(sheet.getRow(5).getCell(14).value);
    const receipt = (await listAll(sandbox.url, WILLOW, 'receipts')).find((r) => r.id === recordId);
    sheet.getRow(4).getCell(18).value = 'Updated At';
    sheet.getRow(5).getCell(18).value = receipt.updated_at;
    sheet.getRow(5).getCell(7).value = 5; // Qty 4 → 5
    await wb.xlsx.writeFile(join(dir, 'mine.xlsx'));

    // Someone else changes the receipt in the service after the sheet was taken.
    const response = await fetch(`${sandbox.url}/api/shed/organisations/${WILLOW}/receipts/${recordId}`, {
      method: 'PATCH',
      headers: { Authorization: 'Bearer demo-token-willow', 'Content-Type': 'application/json' },
      body: JSON.stringify({ supplier: 'Farmco Rural Supplies Pty Ltd' }),
    });
    expect(response.status).toBe(200);

    const writes = sandbox.stats.writes;
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file: join(dir, 'mine.xlsx') });
    expect(summary.records.conflict).toBe(1);
    expect(sandbox.stats.writes).toBe(writes);
    const forced = await runImportCli(sandbox.url, { kind: 'receipts', file: join(dir, 'mine.xlsx'), force: true });
    expect(forced.summary.records.updated).toBe(1);
    const after = (await listAll(sandbox.url, WILLOW, 'receipts')).find((r) => r.id === recordId);
    expect(after.line_items[0].quantity).toBe('5');
  });
});

describe('a run that sends nothing', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-no-journal-'));
    await copyFile('examples/supplier-invoices.xlsx', join(dir, 'invoices.xlsx'));
    const first = await runImportCli(sandbox.url, { kind: 'receipts', file: join(dir, 'invoices.xlsx') });
    expect(first.summary.records.created).toBe(11);
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('leaves no journal beside its input; a later run that sends makes it, and shed undo takes that back', async () => {
    const copy = join(dir, 'checked.xlsx');
    const journal = join(dir, 'checked.xlsx.journal.jsonl');
    await copyFile(join(dir, 'invoices.results.xlsx'), copy);
    for (const run of [1, 2]) {
      const before = writesOf(sandbox);
      const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file: copy });
      expect(summary.records, `run ${run}`).toMatchObject({ unchanged: 11, created: 0, updated: 0 });
      // No journal was made, so none is named (it would send `shed undo` to a file that is not there).
      expect(summary.journalFile, `run ${run}`).toBeNull();
      expect(writesOf(sandbox), `run ${run}`).toBe(before);
      await expect(access(journal), `run ${run}`).rejects.toMatchObject({ code: 'ENOENT' });
    }
    expect((await readdir(dir)).filter((f) => f.startsWith('checked.xlsx.journal'))).toEqual([]);

    // The sheet now changes one receipt: the run journals its update, the file made by its first entry.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(copy);
    const row = wb.getWorksheet('Invoices')!.getRow(10);
    const recordId = String(row.getCell(14).value);
    const original = (await listAll(sandbox.url, WILLOW, 'receipts')).find((r) => r.id === recordId);
    row.getCell(5).value = 'PO-2024';
    await wb.xlsx.writeFile(copy);
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file: copy });
    expect(summary.records).toMatchObject({ updated: 1, unchanged: 10 });
    expect(summary.journalFile).toBe(journal);
    const lines = (await readFile(journal, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.type)).toContain('updated');
    expect((await listAll(sandbox.url, WILLOW, 'receipts')).find((r) => r.id === recordId).order_number).toBe(
      'PO-2024',
    );

    const undone = await undoCommand({
      baseUrl: sandbox.url,
      token: 'demo-token-willow',
      journal,
      yes: true,
      io: memoryIO(),
    });
    expect(undone.exitCode).toBe(0);
    expect(undone.restored).toHaveLength(1);
    expect((await listAll(sandbox.url, WILLOW, 'receipts')).find((r) => r.id === recordId).order_number).toBe(
      original.order_number,
    );
  });
});
