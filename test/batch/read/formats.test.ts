// The example invoices saved as Excel 97-2003 (.xls) and OpenDocument (.ods) read into the same grid
// as the .xlsx, and import the same way, with an .xlsx results file.
import { copyFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGrid } from '../../../batch/read/index.ts';
import { startSandbox } from '../../../sandbox/index.ts';
import { runImportCli } from '../../support/import.ts';

describe('.xls and .ods workbooks', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it.each(['xls', 'ods'])('examples/supplier-invoices.%s reads into the same grid as the .xlsx', async (extension) => {
    const xlsx = await readGrid('examples/supplier-invoices.xlsx');
    const other = await readGrid(`examples/supplier-invoices.${extension}`);
    expect(other.sheet).toBe(xlsx.sheet);
    expect(other.rows).toEqual(xlsx.rows);
  });

  it.each(['xls', 'ods'])('a .%s imports like the .xlsx, with its results in an .xlsx beside it', async (extension) => {
    const dir = await mkdtemp(join(tmpdir(), `shed-${extension}-`));
    const file = join(dir, `invoices.${extension}`);
    await copyFile(`examples/supplier-invoices.${extension}`, file);
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, allowDuplicates: true });
    expect(summary.records).toMatchObject({ total: 17, valid: 11, created: 11, invalid: 6 });
    expect(summary.resultsFile).toBe(join(dir, 'invoices.results.xlsx'));
    const results = new ExcelJS.Workbook();
    await results.xlsx.readFile(summary.resultsFile!);
    const sheet = results.getWorksheet('Invoices')!;
    const header = (sheet.getRow(4).values as unknown[]).map(String);
    expect(header).toEqual(expect.arrayContaining(['Status', 'Record ID', 'Sequence', 'Line Item ID', 'Message']));
    // Re-importing the results file updates nothing and creates nothing.
    const again = await runImportCli(sandbox.url, { kind: 'receipts', file: summary.resultsFile! });
    expect(again.summary.records).toMatchObject({ created: 0, unchanged: 11 });
  });
});
