// `shed export --out FILE` over a file that is there: an earlier export is replaced, a workbook or CSV
// of the bookkeeper's own is refused (exit 2, no request) unless --force. Real sandbox over HTTP, real
// files written by exceljs and read back.
import { copyFile, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCommand } from '../../../../batch/commands/export/index.ts';
import { memoryIO } from '../../../../batch/ui/io.ts';
import { startSandbox, type RunningSandbox } from '../../../../sandbox/index.ts';
import { WILLOW } from '../../../support/catalogue.ts';
import { readCsv, readXlsx } from '../export-helpers.ts';

let sandbox: RunningSandbox;
let dir: string;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'shed-export-overwrite-'));
});
afterAll(async () => {
  await sandbox.close();
});

const exportTo = (dataset: string, out: string, force?: boolean) =>
  exportCommand({
    baseUrl: sandbox.url,
    token: 'demo-token-willow',
    org: WILLOW,
    dataset,
    out,
    ...(force === undefined ? {} : { force }),
    io: memoryIO({ SHED_CONFIG: join(dir, 'no-config.json') }),
  });

/** A workbook of the bookkeeper's own (exceljs's default creator), as an invoices sheet would be. */
async function ownWorkbook(path: string): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('Invoices').addRow(['Invoice No', 'Supplier', 'Product', 'Qty']);
  workbook.getWorksheet('Invoices')!.addRow(['INV-1', 'Farmco', 'Glyfos 540', 4]);
  await workbook.xlsx.writeFile(path);
}

describe('export --out over a file that is there', () => {
  it('refuses a workbook of the bookkeeper own, sending no request and leaving it as it was', async () => {
    const out = join(dir, 'invoices.xlsx');
    await ownWorkbook(out);
    const before = await readFile(out);
    const requests = sandbox.stats.requests;
    await expect(exportTo('storages', out)).rejects.toMatchObject({
      code: 'usage',
      message: `${out} already exists and was not written by shed export (it may be a workbook of your own): choose another --out, or add --force to replace it`,
    });
    expect(sandbox.stats.requests).toBe(requests);
    expect(await readFile(out)).toEqual(before);
  });

  it('replaces it with --force', async () => {
    const out = join(dir, 'forced.xlsx');
    await ownWorkbook(out);
    await exportTo('storages', out, true);
    expect((await readXlsx(out))[0]!.name).toBe('Storages');
  });

  it('replaces an earlier export, run after run, in .xlsx and CSV', async () => {
    for (const out of [join(dir, 'nightly.xlsx'), join(dir, 'nightly.csv')]) {
      await exportTo('storages', out);
      const first = (await stat(out)).mtimeMs;
      await exportTo('products', out);
      expect((await stat(out)).mtimeMs).toBeGreaterThanOrEqual(first);
      const header = out.endsWith('.csv') ? (await readCsv(out)).header : (await readXlsx(out))[0]!.header;
      expect(header).toContain('Product');
    }
  });

  it('refuses an export saved since by someone (its last editor is no longer shed export)', async () => {
    const out = join(dir, 'edited.xlsx');
    await exportTo('storages', out);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(out);
    workbook.lastModifiedBy = 'Sam Bookkeeper';
    await workbook.xlsx.writeFile(out);
    await expect(exportTo('storages', out)).rejects.toMatchObject({ code: 'usage' });
  });

  it('refuses a CSV whose header row is not an export header row, and writes into an empty file', async () => {
    const own = join(dir, 'invoices.csv');
    await writeFile(own, 'Invoice No,Supplier,Qty,My Notes\r\nINV-1,Farmco,4,keep me\r\n');
    await expect(exportTo('storages', own)).rejects.toMatchObject({ code: 'usage' });
    expect(await readFile(own, 'utf8')).toContain('keep me');
    const empty = join(dir, 'empty.csv');
    await writeFile(empty, '');
    await exportTo('storages', empty);
    expect((await readCsv(empty)).rows.length).toBeGreaterThan(0);
  });

  it('refuses a results file of an import (a copy of the bookkeeper workbook)', async () => {
    const own = join(dir, 'march.xlsx');
    await ownWorkbook(own);
    const results = join(dir, 'march.results.xlsx');
    await copyFile(own, results);
    await expect(exportTo('movements', results)).rejects.toMatchObject({ code: 'usage' });
  });
});
