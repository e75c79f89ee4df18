// `shed export --out FILE` over a file that is there: an earlier export is replaced, a workbook or CSV
// of the bookkeeper's own is refused (exit 2, no request) unless --force. Real sandbox over HTTP, real
// files written by exceljs and read back.
import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportCommand } from '../../../../batch/commands/export/index.ts';
import { memoryIO } from '../../../../batch/ui/io.ts';
import { startSandbox, type RunningSandbox } from '../../../../sandbox/index.ts';
import { WILLOW } from '../../../support/catalogue.ts';
import { runImportCli } from '../../../support/import.ts';
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
      message: `${out} already exists and is not an export as shed left it (a workbook or CSV of your own, a results file, or an export saved since): choose another --out, or add --force to replace it`,
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

  it('replaces an earlier export of every dataset, run after run, in .xlsx and CSV', async () => {
    const datasets = ['movements', 'ledger', 'receipts', 'returns', 'storages', 'product-aliases', 'products'];
    for (const dataset of datasets) {
      for (const out of [join(dir, `nightly-${dataset}.xlsx`), join(dir, `nightly-${dataset}.csv`)]) {
        await exportTo(dataset, out);
        await exportTo(dataset, out);
        const header = out.endsWith('.csv') ? (await readCsv(out)).header : (await readXlsx(out))[0]!.header;
        expect(header.length).toBeGreaterThan(1);
      }
    }
  });

  it('replaces an export written by an earlier version of shed (exceljs named as creator and last editor)', async () => {
    const out = join(dir, 'before-upgrade.xlsx');
    await exportTo('storages', out);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(out);
    workbook.creator = 'ExcelJS';
    workbook.lastModifiedBy = 'ExcelJS';
    await workbook.xlsx.writeFile(out);
    await exportTo('products', out);
    expect((await readXlsx(out))[0]!.header).toContain('Product');
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

  it('refuses a CSV of the bookkeeper own, even in the import layout, and writes into an empty file', async () => {
    const own = join(dir, 'invoices.csv');
    await writeFile(own, 'Invoice No,Supplier,Qty,My Notes\r\nINV-1,Farmco,4,keep me\r\n');
    await expect(exportTo('storages', own)).rejects.toMatchObject({ code: 'usage' });
    expect(await readFile(own, 'utf8')).toContain('keep me');
    // The receipts export's columns (the import layout) without its ids and versions: the bookkeeper's own.
    const layout = join(dir, 'layout.csv');
    await exportTo('receipts', layout);
    const header = (await readCsv(layout)).header.filter((h) => !/ID|Updated At|Sequence/.test(h));
    await writeFile(layout, `${header.join(',')}\r\nINV-9,Farmco\r\n`);
    await expect(exportTo('movements', layout)).rejects.toMatchObject({ code: 'usage' });
    expect(await readFile(layout, 'utf8')).toContain('INV-9');
    const empty = join(dir, 'empty.csv');
    await writeFile(empty, '');
    await exportTo('storages', empty);
    expect((await readCsv(empty)).rows.length).toBeGreaterThan(0);
  });

  it('refuses the results file of an import of an unedited export (shed import is its last editor)', async () => {
    const exported = join(dir, 'rc.xlsx');
    await exportTo('receipts', exported);
    const results = join(dir, 'rc.results.xlsx');
    await runImportCli(sandbox.url, { kind: 'receipts', file: exported, results });
    await expect(exportTo('receipts', results)).rejects.toMatchObject({ code: 'usage' });
  });

  it('refuses a results file of an import (a copy of the bookkeeper workbook)', async () => {
    const own = join(dir, 'march.xlsx');
    await ownWorkbook(own);
    const results = join(dir, 'march.results.xlsx');
    await copyFile(own, results);
    await expect(exportTo('movements', results)).rejects.toMatchObject({ code: 'usage' });
  });
});
