// Issue 26, item 3: results files carry each record's version (Updated At), so re-importing one never
// silently reverts edits made in the service since. The sandbox over real HTTP, real .xlsx files.
import { copyFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW, storageId } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';

/** Result columns of the example sheet (header on row 4, input in A–L): Status M … Message Q, Updated At R. */
const STORAGE = 4;
const STATUS = 13;
const RECORD_ID = 14;
const MESSAGE = 17;
const UPDATED_AT = 18;

async function sheetOf(path: string): Promise<{ wb: ExcelJS.Workbook; sheet: ExcelJS.Worksheet }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  return { wb, sheet: wb.getWorksheet('Invoices')! };
}

/** The sheet rows of one record (by Record ID) in a results file. */
function rowsOf(sheet: ExcelJS.Worksheet, recordId: string): ExcelJS.Row[] {
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row) => {
    if (String(row.getCell(RECORD_ID).value ?? '') === recordId) rows.push(row);
  });
  return rows;
}

describe('results carry versions: a re-import never reverts a later edit unseen', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  let results: string;

  const patch = async (id: string, body: object) => {
    const response = await fetch(`${sandbox.url}/api/shed/organisations/${WILLOW}/receipts/${id}`, {
      method: 'PATCH',
      headers: { Authorization: 'Bearer demo-token-willow', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(200);
    return response.json();
  };
  const receipt = async (id: string) => (await listAll(sandbox.url, WILLOW, 'receipts')).find((r) => r.id === id);

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-versions-'));
    await copyFile('examples/supplier-invoices.xlsx', join(dir, 'invoices.xlsx'));
    const first = await runImportCli(sandbox.url, { kind: 'receipts', file: join(dir, 'invoices.xlsx') });
    expect(first.summary.records.created).toBe(11);
    results = join(dir, 'invoices.results.xlsx');
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it("each results row records its record's updated_at, exactly as the service wrote it", async () => {
    const { sheet } = await sheetOf(results);
    expect(sheet.getRow(4).getCell(UPDATED_AT).value).toBe('Updated At');
    const recordId = String(sheet.getRow(5).getCell(RECORD_ID).value);
    const service = await receipt(recordId);
    for (const row of rowsOf(sheet, recordId)) expect(row.getCell(UPDATED_AT).value).toBe(service.updated_at);
  });

  it('refuses a record changed in the service since (supplier and notes), naming the fields; the others go', async () => {
    const { sheet } = await sheetOf(results);
    const recordId = String(sheet.getRow(5).getCell(RECORD_ID).value);
    const before = await receipt(recordId);
    await patch(recordId, {
      supplier: 'Farmco Rural Supplies Pty Ltd',
      notes: 'Invoice INV-40211; price agreed by phone',
    });
    const again = join(dir, 'again.xlsx');
    await copyFile(results, again);

    const writes = sandbox.stats.writes;
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file: again });
    expect(sandbox.stats.writes).toBe(writes);
    expect(summary.records).toMatchObject({ conflict: 1, unchanged: 10, updated: 0, created: 0 });
    expect(summary.exitCode).toBe(1);
    const kept = await receipt(recordId);
    expect(kept.supplier).toBe('Farmco Rural Supplies Pty Ltd');
    expect(kept.notes).toBe('Invoice INV-40211; price agreed by phone');

    const { sheet: after } = await sheetOf(join(dir, 'again.results.xlsx'));
    const rows = rowsOf(after, recordId);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.getCell(STATUS).value).toBe('conflict');
      const message = String(row.getCell(MESSAGE).value);
      expect(message).toContain(`changed in the service at ${kept.updated_at}`);
      expect(message).toContain(
        `supplier: 'Farmco Rural Supplies Pty Ltd' in the service, '${before.supplier}' in the sheet`,
      );
      expect(message).toContain("notes: 'Invoice INV-40211; price agreed by phone' in the service");
      expect(message).toContain('--force');
      // The row keeps the version it was read with: the next re-import still checks against it.
      expect(row.getCell(UPDATED_AT).value).toBe(before.updated_at);
    }
  });

  it('with --force the record is overwritten, and its rows carry the new version', async () => {
    const { sheet } = await sheetOf(results);
    const recordId = String(sheet.getRow(5).getCell(RECORD_ID).value);
    const original = String(sheet.getRow(5).getCell(2).value);
    const forced = join(dir, 'forced.xlsx');
    await copyFile(results, forced);
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file: forced, force: true });
    expect(summary.records).toMatchObject({ updated: 1, unchanged: 10, conflict: 0 });
    const now = await receipt(recordId);
    expect(now.supplier).toBe(original);
    const { sheet: after } = await sheetOf(join(dir, 'forced.results.xlsx'));
    for (const row of rowsOf(after, recordId)) {
      expect(row.getCell(STATUS).value).toBe('updated');
      expect(row.getCell(UPDATED_AT).value).toBe(now.updated_at);
    }
  });

  it('a row without a version (an older results file) is written as before, saying it could not check', async () => {
    const { wb, sheet } = await sheetOf(results);
    const recordId = String(sheet.getRow(5).getCell(RECORD_ID).value);
    await patch(recordId, { supplier: 'Someone Else Pty Ltd' });
    sheet.eachRow((row) => {
      row.getCell(UPDATED_AT).value = null;
    });
    const older = join(dir, 'older.xlsx');
    await wb.xlsx.writeFile(older);
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file: older });
    expect(summary.records).toMatchObject({ updated: 1, unchanged: 10, conflict: 0 });
    const { sheet: after } = await sheetOf(join(dir, 'older.results.xlsx'));
    for (const row of rowsOf(after, recordId)) {
      expect(String(row.getCell(MESSAGE).value)).toContain('not checked for changes made in the service since');
    }
  });

  it("a version that is no time ('unknown') is refused on its cell, not let through unchecked", async () => {
    const { wb, sheet } = await sheetOf(results);
    const recordId = String(sheet.getRow(5).getCell(RECORD_ID).value);
    await patch(recordId, { order_number: 'PO-OTHER-USER' });
    for (const row of rowsOf(sheet, recordId)) row.getCell(UPDATED_AT).value = 'unknown';
    const edited = join(dir, 'unknown.xlsx');
    await wb.xlsx.writeFile(edited);
    const writes = sandbox.stats.writes;
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file: edited });
    expect(sandbox.stats.writes).toBe(writes);
    // The example's six invoices refused on purpose, and this one.
    expect(summary.records.invalid).toBe(7);
    expect(summary.problems.join('\n')).toMatch(
      /row 5, column R \(Updated At\): 'unknown' is not a time shed wrote: the record's version cannot be checked/,
    );
    expect((await receipt(recordId)).order_number).toBe('PO-OTHER-USER');
  });

  it("a storage changed in the service is named with both storages' names, the service's and the sheet's", async () => {
    const { sheet } = await sheetOf(results);
    // Not the record the tests above change: its results rows carry the version it was created with.
    const recordId = String(sheet.getRow(10).getCell(RECORD_ID).value);
    expect(recordId).not.toBe(String(sheet.getRow(5).getCell(RECORD_ID).value));
    const before = await receipt(recordId);
    const sheetStorage = String(sheet.getRow(10).getCell(STORAGE).value);
    const other = sheetStorage === 'Seed Shed' ? 'Fertiliser Bunker' : 'Seed Shed';
    expect(before.storage_id).toBe(storageId(sheetStorage));
    await patch(recordId, { storage_id: storageId(other) });
    const moved = join(dir, 'moved.xlsx');
    await copyFile(results, moved);

    const writes = sandbox.stats.writes;
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file: moved });
    expect(sandbox.stats.writes).toBe(writes);
    expect(summary.records).toMatchObject({ updated: 0, created: 0 });
    const { sheet: after } = await sheetOf(join(dir, 'moved.results.xlsx'));
    const rows = rowsOf(after, recordId);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.getCell(STATUS).value).toBe('conflict');
      expect(String(row.getCell(MESSAGE).value)).toContain(
        `the service's and the sheet's differ in storage: '${other}' in the service, '${sheetStorage}' in the sheet`,
      );
    }
  });
});
