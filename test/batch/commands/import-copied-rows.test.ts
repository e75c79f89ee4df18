// A results file where the bookkeeper added a line by copying a row (its Record ID and Line Item ID with it)
// and imported it again: two rows then name one line item. Sent, the update would carry that line item
// twice (a service may keep either row's quantity, or drop the other line); it must be refused whole,
// the row and column said, nothing written.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

const HEADER = [
  'Invoice No',
  'Supplier',
  'Date Received',
  'Deliver To',
  'Product',
  'Qty',
  'Pack Size',
  'Unit',
  'Price',
];

/** The receipts of the service whose notes carry `invoice`, with their lines (product quantities). */
async function linesOf(sandbox: Sandbox, invoice: string): Promise<string[][]> {
  const all = await listAll(sandbox.url, WILLOW, 'receipts');
  return all
    .filter((r: { notes: string | null }) => (r.notes ?? '').includes(invoice))
    .map((r: { line_items: { quantity: string }[] }) => r.line_items.map((item) => item.quantity).sort());
}

/** The values of a sheet row, 1-based as exceljs keeps them, without the leading hole. */
function rowValues(ws: ExcelJS.Worksheet, row: number): ExcelJS.CellValue[] {
  return (ws.getRow(row).values as ExcelJS.CellValue[]).slice(1);
}

describe('a results file with a row copied, ids and all, imported again', () => {
  let sandbox: Sandbox;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-copied-rows-'));
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  /** Imports two invoices (CPY-n: two lines; CPY-m: one), then returns the results workbook and its path. */
  async function imported(name: string) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Invoices');
    ws.addRow(HEADER);
    ws.addRow([
      `${name}-1`,
      'Farmco Rural Supplies',
      '3/2/2026',
      'Main Chemical Shed',
      'Weedaway 540',
      2,
      20,
      'L',
      185,
    ]);
    ws.addRow(['', '', '', '', 'Amine 625', 1, 20, 'L', 99]);
    ws.addRow([`${name}-2`, 'Farmco Rural Supplies', '4/2/2026', 'Main Chemical Shed', 'Glyfos 540', 5, 20, 'L', 180]);
    const input = join(dir, `${name}.xlsx`);
    await wb.xlsx.writeFile(input);
    const first = await runImportCli(sandbox.url, { kind: 'receipts', file: input });
    expect(first.summary.records.created).toBe(2);
    const results = new ExcelJS.Workbook();
    await results.xlsx.readFile(join(dir, `${name}.results.xlsx`));
    return results;
  }

  it('a line added by copying the row above (its Line Item ID too) refuses the invoice: nothing sent', async () => {
    const results = await imported('CPA');
    const ws = results.getWorksheet('Invoices')!;
    // Row 3 (Amine 625) copied under itself, the copy's quantity changed: a new line, the bookkeeper thinks.
    const copy = rowValues(ws, 3);
    copy[5] = 4;
    ws.spliceRows(4, 0, copy);
    const again = join(dir, 'CPA-again.xlsx');
    await results.xlsx.writeFile(again);

    const writes = sandbox.stats.writes;
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file: again });
    expect(sandbox.stats.writes).toBe(writes);
    expect(summary.exitCode).toBe(1);
    expect(summary.records).toMatchObject({ invalid: 1, unchanged: 1, updated: 0, failed: 0 });
    const said = summary.problems.join('\n');
    expect(said).toMatch(/row 4, column \w+ \(Line Item ID\): .*also on row 3/);
    expect(said).not.toContain('422');
    expect(await linesOf(sandbox, 'CPA-1')).toEqual([['1', '2']]);

    // The same workbook asked for a dry run says so too, rather than "would update".
    const dry = await runImportCli(sandbox.url, { kind: 'receipts', file: again, dryRun: true });
    expect(dry.summary.records).toMatchObject({ invalid: 1, 'would update': 0 });
  });

  it('a row of one invoice pasted into another (its Record ID and Line Item ID too) is refused, not merged', async () => {
    const results = await imported('CPB');
    const ws = results.getWorksheet('Invoices')!;
    // CPB-1's Amine line pasted under CPB-2, its quantity changed: both rows now name one line item of CPB-1.
    const copy = rowValues(ws, 3);
    copy[5] = 7;
    ws.spliceRows(5, 0, copy);
    const again = join(dir, 'CPB-again.xlsx');
    await results.xlsx.writeFile(again);

    const writes = sandbox.stats.writes;
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file: again });
    expect(sandbox.stats.writes).toBe(writes);
    expect(summary.exitCode).toBe(1);
    expect(summary.problems.join('\n')).toMatch(/row 5, column \w+ \(Line Item ID\): .*also on row 3/);
    expect(await linesOf(sandbox, 'CPB-1')).toEqual([['1', '2']]);
    expect(await linesOf(sandbox, 'CPB-2')).toEqual([['5']]);
  });
});
