// Duplicates beyond the invoice number as written (issue 21, item 4): the same invoice under another
// spelling of its supplier, against the service and within one sheet; an invoice held exactly is
// `unchanged` (exit 0), one held otherwise a conflict naming the differences. Real sandbox, real .xlsx.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { generateInvoices, writeInvoicesXlsx, type GeneratedInvoice } from '../../support/generate-invoices.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';

const VARIANTS: Record<string, string> = {
  'Farmco Rural Supplies': 'FARMCO RURAL SUPPLIES PTY. LTD.',
  'Southern Cross Fertilisers': 'Southern Cross Fertilisers Limited',
  'Riverina Ag Chemicals': 'riverina ag chemicals',
  'Paddock Seeds Pty Ltd': 'Paddock Seeds',
};

async function statusesOf(file: string): Promise<string[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const ws = wb.getWorksheet('Invoices')!;
  const header = (ws.getRow(1).values as unknown[]).indexOf('Status');
  const out: string[] = [];
  ws.eachRow((row, n) => {
    if (n > 1) out.push(String(row.getCell(header).value));
  });
  return out;
}

describe('the same invoice, whatever its supplier is called', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  const invoices = generateInvoices(8, 2, 51, 'SAME-');
  const input = () => join(dir, 'month.xlsx');

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-same-invoice-'));
    await writeInvoicesXlsx(input(), invoices);
    const first = await runImportCli(sandbox.url, { kind: 'receipts', file: input() });
    expect(first.summary.records.created).toBe(8);
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('importing the same workbook twice under two results names exits 0 the second time, every row unchanged', async () => {
    const writes = sandbox.stats.writes;
    const again = join(dir, 'again.results.xlsx');
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file: input(), results: again });
    expect(sandbox.stats.writes).toBe(writes);
    expect(summary.exitCode).toBe(0);
    expect(new Set(await statusesOf(again))).toEqual(new Set(['unchanged']));
  });

  it('the same invoices with their suppliers spelt otherwise are recognised: unchanged, nothing sent', async () => {
    const file = join(dir, 'spelt.xlsx');
    await writeInvoicesXlsx(
      file,
      invoices.map((inv) => ({ ...inv, supplier: VARIANTS[inv.supplier] ?? inv.supplier })),
    );
    const writes = sandbox.stats.writes;
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file });
    expect(sandbox.stats.writes).toBe(writes);
    expect(summary.records.unchanged).toBe(8);
    expect(summary.exitCode).toBe(0);
  });

  it('an invoice the service holds otherwise is a conflict naming the differences; sending needs --allow-duplicates', async () => {
    const changed: GeneratedInvoice[] = invoices.map((inv, i) =>
      i === 2 ? { ...inv, lines: [{ ...inv.lines[0]!, quantity: inv.lines[0]!.quantity + 1 }, inv.lines[1]!] } : inv,
    );
    const file = join(dir, 'changed.xlsx');
    await writeInvoicesXlsx(file, changed);
    const writes = sandbox.stats.writes;
    const { summary, io } = await runImportCli(sandbox.url, { kind: 'receipts', file });
    expect(sandbox.stats.writes).toBe(writes);
    expect(summary.records.conflict).toBe(1);
    expect(summary.records.unchanged).toBe(7);
    expect(summary.exitCode).toBe(1);
    const statuses = await statusesOf(summary.resultsFile!);
    expect(statuses.filter((s) => s === 'conflict')).toHaveLength(2);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(summary.resultsFile!);
    const ws = wb.getWorksheet('Invoices')!;
    const messageAt = (ws.getRow(1).values as unknown[]).indexOf('Message');
    const message = String(ws.getRow(6).getCell(messageAt).value);
    expect(message, io.stderr.join('\n')).toMatch(
      /SAME-00003 is already in the service as .*otherwise: 1 line\(s\) only here/,
    );
    expect(message).toMatch(/--allow-duplicates/);
    // A quantity corrected in the original sheet: the way to correct the receipt is said, not only a second copy.
    expect(message).toMatch(
      /not sent; to correct REC-\d+ instead, make the change in the results file of the run that created it \(or in shed export receipts --out FILE\), where its Record ID is, and import that file; use --allow-duplicates/,
    );
    // The summary says what a conflict here is: the sheet was never exported and the service did not change.
    const line = io.stderr.at(-1)!;
    expect(line).toContain('1 receipt not sent (conflicts: each row says why)');
    expect(line).not.toContain('since the sheet was exported');
  });

  it('the same invoice twice in one sheet under two spellings of its supplier: the second is a duplicate, one sent', async () => {
    const fresh = generateInvoices(3, 2, 52, 'TWICE-');
    const file = join(dir, 'twice.xlsx');
    const repeat = { ...fresh[1]!, supplier: VARIANTS[fresh[1]!.supplier]! };
    await writeInvoicesXlsx(file, [...fresh, repeat]);
    const before = (await listAll(sandbox.url, WILLOW, 'receipts')).length;
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file });
    expect(summary.records.created).toBe(3);
    expect(summary.records.duplicate).toBe(1);
    expect(summary.exitCode).toBe(1);
    expect((await listAll(sandbox.url, WILLOW, 'receipts')).length).toBe(before + 3);
  });
});
