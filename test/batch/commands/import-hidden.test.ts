// Rows the bookkeeper hid, or filtered out with an autofilter (Excel saves both as hidden rows), are
// not imported unless asked for: a filtered-out cancelled line must not reach the service, and an
// invoice with only some lines filtered out is refused whole (its visible lines alone are not the invoice).
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';
import { EXAMPLE_HEADER } from '../../support/example-header.ts';

describe('hidden and filtered-out rows', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let file: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    const dir = await mkdtemp(join(tmpdir(), 'shed-hidden-'));
    file = join(dir, 'filtered.xlsx');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Invoices');
    ws.addRow([...EXAMPLE_HEADER, 'Status']);
    ws.addRow([
      'HID-1',
      'Farmco Rural Supplies',
      '3/2/2026',
      'Main Chemical Shed',
      'Glyfos 540',
      2,
      20,
      'L',
      185.5,
      'Delivered',
    ]);
    ws.addRow([
      'HID-1',
      'Farmco Rural Supplies',
      '3/2/2026',
      'Main Chemical Shed',
      'Glyfos 540',
      1,
      20,
      'L',
      185.5,
      'Cancelled',
    ]);
    ws.addRow([
      'HID-2',
      'Farmco Rural Supplies',
      '4/2/2026',
      'Main Chemical Shed',
      'Glyfos 540',
      5,
      20,
      'L',
      185.5,
      'Cancelled',
    ]);
    ws.addRow([
      'HID-3',
      'Farmco Rural Supplies',
      '5/2/2026',
      'Main Chemical Shed',
      'Glyfos 540',
      7,
      20,
      'L',
      185.5,
      'Delivered',
    ]);
    // The bookkeeper filtered out the cancelled lines: Excel saves an autofilter and hides those rows.
    ws.autoFilter = 'A1:J5';
    ws.getRow(3).hidden = true;
    ws.getRow(4).hidden = true;
    await wb.xlsx.writeFile(file);
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('are left out by default, and the summary says which', async () => {
    const { summary, io } = await runImportCli(sandbox.url, { kind: 'receipts', file, dryRun: true });
    expect(summary.hiddenRowsSkipped).toBe(2);
    // HID-1 has its second line filtered out: refused whole; HID-2 is wholly hidden: left out.
    expect(summary.records).toMatchObject({ total: 2, valid: 1, invalid: 1 });
    expect(summary.exitCode).toBe(1);
    expect(io.stderr.join('\n')).toContain(
      'warning: rows 3, 4 are hidden or filtered out in the sheet and not imported; include them with --include-hidden',
    );
  });

  it('are imported with --include-hidden', async () => {
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, dryRun: true, includeHidden: true });
    expect(summary.hiddenRowsSkipped).toBe(0);
    expect(summary.records).toMatchObject({ total: 3, valid: 3 });
  });

  it('never reach the service, nor does an invoice cut in part by them', async () => {
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file });
    expect(summary.records.created).toBe(1);
    const created = (await listAll(sandbox.url, WILLOW, 'receipts')).filter((r) => /^Invoice HID-/.test(r.notes ?? ''));
    expect(
      created.map((r) => [r.notes.slice(8, 13), r.line_items.map((l: { quantity: string }) => l.quantity)]).sort(),
    ).toEqual([['HID-3', ['7']]]);
  });
});
