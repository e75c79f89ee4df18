// A results file edited as a bookkeeper would (sorted, filtered, a row hidden) and imported again must
// never save wrong data: a sorted file keeps each invoice's header, a filtered one refuses the invoices it
// cuts in part instead of deleting their hidden lines.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

const HEADER = 'Invoice No,Supplier,Date Received,Deliver To,Product,Qty,Pack Size,Unit,Price ex GST';

/** The receipts of the service whose notes carry `invoice`, with their line quantities. */
async function receiptsOf(sandbox: Sandbox, invoice: string) {
  const all = await listAll(sandbox.url, WILLOW, 'receipts');
  return all.filter((r: { notes: string | null }) => (r.notes ?? '').includes(invoice));
}

describe('a sorted results file imported again', () => {
  let sandbox: Sandbox;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-sorted-'));
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('keeps the invoice number when a line with blank header cells comes first, and never creates the invoice twice', async () => {
    // Header on the first line only: the second line leaves supplier, number and date blank.
    const original = [
      HEADER,
      'SRT-1,Farmco Rural Supplies,3/2/2026,Main Chemical Shed,Weedaway 540,2,20,L,185.5',
      ',,,,Amine 625,1,20,L,99',
      '',
    ].join('\r\n');
    const input = join(dir, 'sorted.csv');
    await writeFile(input, original);
    const first = await runImportCli(sandbox.url, { kind: 'receipts', file: input });
    expect(first.summary.records.created).toBe(1);

    // The bookkeeper sorts the results file by Product: the blank-header line (Amine) comes first.
    const parsed = Papa.parse<string[]>(await readFile(join(dir, 'sorted.results.csv'), 'utf8'), {
      skipEmptyLines: true,
    });
    const [header, ...rows] = parsed.data;
    const product = header!.indexOf('Product');
    rows.sort((a, b) => a[product]!.localeCompare(b[product]!));
    expect(rows[0]![product]).toBe('Amine 625');
    expect(rows[0]![0]).toBe('');
    const resorted = join(dir, 'resorted.csv');
    await writeFile(resorted, Papa.unparse([header!, ...rows]));
    const again = await runImportCli(sandbox.url, { kind: 'receipts', file: resorted });
    expect(again.summary.records).toMatchObject({ unchanged: 1, updated: 0, created: 0 });
    const kept = await receiptsOf(sandbox, 'SRT-1');
    expect(kept).toHaveLength(1);
    expect(kept[0].notes).toContain('SRT-1');

    // A copy of the original sheet is the same invoice: nothing created.
    const copy = join(dir, 'copy.csv');
    await writeFile(copy, original);
    const third = await runImportCli(sandbox.url, { kind: 'receipts', file: copy });
    expect(third.summary.records.created).toBe(0);
    expect(await receiptsOf(sandbox, 'SRT-1')).toHaveLength(1);
  });
});

/** A workbook of one sheet `Invoices`: the header, then `rows`. */
async function writeWorkbook(file: string, rows: (string | number)[][], edit?: (ws: ExcelJS.Worksheet) => void) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Invoices');
  ws.addRow(HEADER.split(','));
  for (const row of rows) ws.addRow(row);
  edit?.(ws);
  await wb.xlsx.writeFile(file);
}

const LINES: (string | number)[][] = [
  ['FLT-1', 'Farmco Rural Supplies', '3/2/2026', 'Main Chemical Shed', 'Weedaway 540', 2, 20, 'L', 185.5],
  ['', '', '', '', 'Amine 625', 1, 20, 'L', 99],
  ['', '', '', '', 'Glyfos 540', 3, 20, 'L', 180],
];

describe('a filtered or hidden workbook', () => {
  let sandbox: Sandbox;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-filtered-'));
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('filtered down to one line of an invoice refuses the invoice instead of deleting its other lines', async () => {
    const input = join(dir, 'filtered.xlsx');
    await writeWorkbook(input, LINES);
    const first = await runImportCli(sandbox.url, { kind: 'receipts', file: input });
    expect(first.summary.records.created).toBe(1);

    // The bookkeeper filters the results file down to the invoice's first line and imports it again.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(join(dir, 'filtered.results.xlsx'));
    const ws = wb.getWorksheet('Invoices')!;
    ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 4, column: ws.columnCount } };
    ws.getRow(3).hidden = true;
    ws.getRow(4).hidden = true;
    const again = join(dir, 'again.xlsx');
    await wb.xlsx.writeFile(again);
    const writes = sandbox.stats.writes;
    const { summary, io } = await runImportCli(sandbox.url, { kind: 'receipts', file: again });
    expect(sandbox.stats.writes).toBe(writes);
    expect(summary.exitCode).toBe(1);
    expect(summary.records).toMatchObject({ invalid: 1, updated: 0, unchanged: 0 });
    const [receipt] = await receiptsOf(sandbox, 'FLT-1');
    expect(receipt.line_items).toHaveLength(3);

    const out = new ExcelJS.Workbook();
    await out.xlsx.readFile(join(dir, 'again.results.xlsx'));
    const row2 = out.getWorksheet('Invoices')!.getRow(2).values as unknown[];
    expect(row2).toContain('invalid');
    expect(String(row2.find((v) => typeof v === 'string' && v.includes('hidden')))).toMatch(
      /^rows 3, 4 of invoice FLT-1 are hidden or filtered out: nothing of it is sent.*include them with --include-hidden/,
    );
    expect(io.stderr.join('\n')).toContain('rows 3, 4 are hidden or filtered out in the sheet and not imported');
  });

  it('with one line of an invoice hidden on a first import sends nothing of it; an invoice wholly hidden stays left out', async () => {
    const input = join(dir, 'hidden-line.xlsx');
    await writeWorkbook(
      input,
      [
        ...LINES.map((row, i) => (i === 0 ? ['HDN-1', ...row.slice(1)] : row)),
        ['HDN-2', 'Farmco Rural Supplies', '4/2/2026', 'Main Chemical Shed', 'Glyfos 540', 5, 20, 'L', 180],
        ['', '', '', '', 'Amine 625', 4, 20, 'L', 99],
      ],
      (ws) => {
        ws.getRow(3).hidden = true;
        ws.getRow(5).hidden = true;
        ws.getRow(6).hidden = true;
      },
    );
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file: input });
    expect(summary.exitCode).toBe(1);
    expect(summary.records).toMatchObject({ total: 1, invalid: 1, created: 0 });
    expect(summary.rows.invalid).toBe(2);
    expect(await receiptsOf(sandbox, 'HDN-')).toHaveLength(0);
    // Row 4's empty supplier is only the hidden row 3 missing from the fill-down: not said.
    expect(summary.problems.join('\n')).not.toContain('Supplier is empty');

    // Asked to import hidden rows too, both invoices go whole.
    const all = await runImportCli(sandbox.url, { kind: 'receipts', file: input, includeHidden: true });
    expect(all.summary.records.created).toBe(2);
    const lines = (await receiptsOf(sandbox, 'HDN-')).map((r: { line_items: unknown[] }) => r.line_items.length);
    expect(lines.sort()).toEqual([2, 3]);
  });
});
