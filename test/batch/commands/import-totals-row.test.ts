// A totals row that sums the Qty column as well as the Line Total (as bookkeepers' sheets often do), right under
// the last invoice: it is passed over, not read as a line of that invoice (which refused the invoice) nor as
// an invoice of its own. Real .xlsx via exceljs, the sandbox over HTTP.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';

const HEADER = ['Invoice No', 'Supplier', 'Date Received', 'Deliver To', 'Product', 'Qty', 'Pack Size', 'Unit'];

describe('a totals row that sums the quantities too', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-totals-'));
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it.each([
    ['in the Product column', (n: string) => ['', '', '', '', n]],
    ['in the first column', (n: string) => [n, '', '', '', '']],
  ])('labelled %s, right under the last line: every invoice created, the row passed over', async (where, label) => {
    const prefix = where.includes('Product') ? 'TOTP' : 'TOTF';
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Invoices');
    ws.addRow([...HEADER, 'Price ex GST', 'Line Total']);
    ws.addRow([
      `${prefix}-1`,
      'Farmco Rural Supplies',
      '3/2/2026',
      'Main Chemical Shed',
      'Glyfos 540',
      2,
      20,
      'L',
      185,
      370,
    ]);
    ws.addRow(['', '', '', '', 'Amine 625', 1, 20, 'L', 99, 99]);
    ws.addRow([
      `${prefix}-2`,
      'Farmco Rural Supplies',
      '4/2/2026',
      'Main Chemical Shed',
      'Glyfos 540',
      5,
      20,
      'L',
      185,
      925,
    ]);
    ws.addRow([
      ...label('Total'),
      { formula: 'SUM(F2:F4)', result: 8 },
      '',
      '',
      '',
      { formula: 'SUM(J2:J4)', result: 1394 },
    ]);
    const file = join(dir, `${prefix}.xlsx`);
    await wb.xlsx.writeFile(file);

    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file });
    expect(summary.problems).toEqual([]);
    expect(summary.exitCode).toBe(0);
    expect(summary.records).toMatchObject({ created: 2, invalid: 0 });
    const all = await listAll(sandbox.url, WILLOW, 'receipts');
    const lines = all
      .filter((r: { notes: string | null }) => (r.notes ?? '').includes(prefix))
      .map((r: { line_items: unknown[] }) => r.line_items.length)
      .sort();
    expect(lines).toEqual([1, 2]);
  });

  it('a totals row carrying a quantity is said; one with a pack size too is read as a line and refused', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Invoices');
    ws.addRow([...HEADER, 'Price ex GST']);
    ws.addRow(['TOTQ-1', 'Farmco Rural Supplies', '3/2/2026', 'Main Chemical Shed', 'Glyfos 540', 2, 20, 'L', 185]);
    ws.addRow(['', '', '', '', 'Total', 2, '', '', '']);
    ws.addRow(['TOTQ-2', 'Farmco Rural Supplies', '4/2/2026', 'Main Chemical Shed', 'Glyfos 540', 5, 20, 'L', 185]);
    ws.addRow(['', '', '', '', 'Total', 3, 20, 'L', 50]);
    const file = join(dir, 'TOTQ.xlsx');
    await wb.xlsx.writeFile(file);

    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file });
    expect(summary.records).toMatchObject({ created: 1, invalid: 1 });
    expect(summary.warnings.join('\n')).toContain(
      'row 3 (quantity 2) left out as a totals row (a "Total" label and no pack size): if one is a line, write its product\'s name',
    );
    expect(summary.problems.join('\n')).toMatch(/row 5, column E \(Product\): no product or alias named 'Total'/);
  });
});
