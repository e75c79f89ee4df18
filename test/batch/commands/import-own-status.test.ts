import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { RESULTS_NAME } from '../../../batch/write/results-mark.ts';
import { RESULT_COLUMNS } from '../../../shared/kinds/index.ts';
import { runImportCli } from '../../support/import.ts';

/** A sheet's own `Status` column (paid or not), as bookkeepers keep one: Paid, Unpaid, Paid, … */
const paid = (i: number) => (i % 2 === 0 ? 'Paid' : 'Unpaid');

describe('a sheet with its own Status column keeps it across import and re-import (.xlsx)', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let results: string;
  let first: Awaited<ReturnType<typeof runImportCli>>['summary'];
  let second: Awaited<ReturnType<typeof runImportCli>>['summary'];

  async function sheetOf(path: string): Promise<ExcelJS.Worksheet> {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    return workbook.getWorksheet('Invoices')!;
  }

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    const dir = await mkdtemp(join(tmpdir(), 'shed-own-status-'));
    const input = join(dir, 'invoices.xlsx');
    results = join(dir, 'invoices.results.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile('examples/supplier-invoices.xlsx');
    const sheet = workbook.getWorksheet('Invoices')!;
    sheet.getRow(4).getCell(13).value = 'Status';
    for (let r = 5; r <= sheet.rowCount; r++)
      if (sheet.getRow(r).getCell(6).text) sheet.getRow(r).getCell(13).value = paid(r);
    await workbook.xlsx.writeFile(input);
    first = (await runImportCli(sandbox.url, { kind: 'receipts', file: input })).summary;
    // The documented way to correct records: import the results file, its results written back into it.
    second = (await runImportCli(sandbox.url, { kind: 'receipts', file: results })).summary;
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it("leaves the sheet's own Status values as they were, and updates shed's", async () => {
    expect(first.records.created).toBe(11);
    expect(second.records).toMatchObject({ unchanged: 11, created: 0, updated: 0 });
    const sheet = await sheetOf(results);
    const header = sheet.getRow(4).values as unknown[];
    expect(header.slice(13, 19)).toEqual(['Status', 'Status', 'Record ID', 'Sequence', 'Line Item ID', 'Message']);
    let unchanged = 0;
    for (let r = 5; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r);
      if (!row.getCell(6).text) continue;
      expect(row.getCell(13).text, `row ${r}`).toBe(paid(r));
      if (row.getCell(14).text === 'unchanged') unchanged += 1;
      expect(row.getCell(14).text, `row ${r}`).not.toBe('created');
    }
    expect(unchanged).toBe(25);
  });

  it("marks shed's block with a defined name over its header cells", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(results);
    expect(workbook.definedNames.getRanges(RESULTS_NAME).ranges).toEqual(['Invoices!$N$4:$S$4']);
  });
});

describe('a CSV with its own Status column keeps it across import and re-import', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let results: string;
  let second: Awaited<ReturnType<typeof runImportCli>>['summary'];

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    const dir = await mkdtemp(join(tmpdir(), 'shed-own-status-csv-'));
    const input = join(dir, 'april.csv');
    results = join(dir, 'april.results.csv');
    await copyFile('examples/supplier-invoices-april.csv', input);
    const lines = (await readFile(input, 'utf8')).split('\r\n');
    await writeFile(input, lines.map((l, i) => (l === '' ? l : `${l};${i === 0 ? 'Status' : paid(i)}`)).join('\r\n'));
    await runImportCli(sandbox.url, { kind: 'receipts', file: input });
    second = (await runImportCli(sandbox.url, { kind: 'receipts', file: results })).summary;
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it("leaves the sheet's own Status values as they were, and writes shed's in its own block", async () => {
    expect(second.records.created).toBe(0);
    const text = (await readFile(results, 'utf8')).replace(/^\ufeff/, '');
    const rows = Papa.parse<string[]>(text, { delimiter: ';', skipEmptyLines: true }).data;
    const header = rows[0]!;
    const own = header.indexOf('Status');
    const shed = header.lastIndexOf('Status');
    expect(own).toBe(11);
    expect(shed).toBe(12);
    expect(header.slice(12)).toEqual([...RESULT_COLUMNS]);
    rows.slice(1).forEach((row, i) => expect(row[own], `row ${i + 2}`).toBe(paid(i + 1)));
    const statuses = rows.slice(1).map((row) => row[shed]);
    expect(statuses).not.toContain('created');
    expect(statuses.filter((s) => s === 'unchanged').length).toBe(second.rows.unchanged);
    expect(second.rows.unchanged).toBeGreaterThan(0);
  });
});
