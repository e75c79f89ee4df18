// One journal per input file, one lock per input's content (issue 26, items 4 and 8): `march.csv` and
// `march.xlsx` in one folder keep two journals and undo takes back one file's records, naming file and
// rows; two runs of one file under two results paths on one machine never send at once; a journal of
// the earlier naming is taken over when it is unambiguous. Real sandbox, real .xlsx and CSV.
import { access, mkdtemp, readdir, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { undoCommand } from '../../../batch/commands/undo/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { generateInvoices, writeInvoicesXlsx, type GeneratedInvoice } from '../../support/generate-invoices.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';

async function writeInvoicesCsv(path: string, invoices: GeneratedInvoice[]): Promise<void> {
  const lines = ['Invoice No,Supplier,Date Received,Deliver To,Product,Qty,Pack Size,Unit,Price ex GST'];
  for (const inv of invoices) {
    const [y, m, d] = inv.date.split('-');
    for (const line of inv.lines) {
      const cells = [
        inv.invoice,
        inv.supplier,
        `${d}/${m}/${y}`,
        inv.storage,
        line.product,
        line.quantity,
        line.size,
        line.unit,
        line.cost,
      ];
      lines.push(cells.map((c) => `"${String(c).replace(/"/g, '""')}"`).join(','));
    }
  }
  await writeFile(path, `${lines.join('\r\n')}\r\n`);
}

describe('journals per input file, locks per input content', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  const connection = () => ({ baseUrl: sandbox.url, token: 'demo-token-willow' });
  const invoiceOf = (r: { notes: string | null }) => /^Invoice (\S+?)(;|$)/.exec(r.notes ?? '')?.[1] ?? '';

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-journals-'));
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('march.csv and march.xlsx in one folder keep two journals; undo of one takes back only its own, naming file and rows', async () => {
    await writeInvoicesCsv(join(dir, 'march.csv'), generateInvoices(3, 2, 61, 'CSV-'));
    await writeInvoicesXlsx(join(dir, 'march.xlsx'), generateInvoices(3, 2, 62, 'XLSX-'));
    const csv = await runImportCli(sandbox.url, { kind: 'receipts', file: join(dir, 'march.csv') });
    const xlsx = await runImportCli(sandbox.url, { kind: 'receipts', file: join(dir, 'march.xlsx') });
    expect([csv.summary.records.created, xlsx.summary.records.created]).toEqual([3, 3]);
    expect(csv.summary.journalFile).toBe(join(dir, 'march.csv.journal.jsonl'));
    expect(xlsx.summary.journalFile).toBe(join(dir, 'march.xlsx.journal.jsonl'));

    const io = memoryIO();
    const undone = await undoCommand({ ...connection(), journal: xlsx.summary.journalFile!, yes: true, io });
    expect(undone.deleted).toHaveLength(3);
    expect(io.stderr.join('\n')).toMatch(/delete REC-\d+ \(march\.xlsx, sheet Invoices, rows 2, 3\)/);
    const left = (await listAll(sandbox.url, WILLOW, 'receipts')).map(invoiceOf);
    expect(left.filter((i) => i.startsWith('CSV-'))).toHaveLength(3);
    expect(left.filter((i) => i.startsWith('XLSX-'))).toHaveLength(0);
  });

  it('two runs of one file under two results paths on one machine: the second is refused while the first sends', async () => {
    const file = join(dir, 'april.xlsx');
    await writeInvoicesXlsx(file, generateInvoices(12, 2, 63, 'APR-'));
    sandbox.setFaults({ latencyMs: 15, jitterMs: 5, seed: 9 });
    const runs = await Promise.allSettled(
      ['one', 'two'].map((name) =>
        runImportCli(sandbox.url, { kind: 'receipts', file, results: join(dir, `april-${name}.results.xlsx`) }),
      ),
    );
    sandbox.setFaults({});
    const refused = runs.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(refused.map((e) => e.code)).toEqual(['import_running']);
    expect(String(refused[0].message)).toMatch(
      /Another import of this file is running: importing receipts from april\.xlsx/,
    );
    const april = (await listAll(sandbox.url, WILLOW, 'receipts')).map(invoiceOf).filter((i) => i.startsWith('APR-'));
    expect(april).toHaveLength(12);
    expect(new Set(april).size).toBe(12);
    // No lock is left behind by either run.
    const again = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file,
      results: join(dir, 'april-three.results.xlsx'),
    });
    expect(again.summary.exitCode).toBe(0);
    expect(again.summary.records.unchanged).toBe(12);
  });

  it('a journal of the earlier naming (no extension) is taken over when the name is unambiguous', async () => {
    const file = join(dir, 'may.xlsx');
    await writeInvoicesXlsx(file, generateInvoices(2, 2, 64, 'MAY-'));
    const first = await runImportCli(sandbox.url, { kind: 'receipts', file });
    await rename(first.summary.journalFile!, join(dir, 'may.journal.jsonl'));
    const second = await runImportCli(sandbox.url, { kind: 'receipts', file });
    // The journal is read: its records are reported as created by the earlier run, nothing sent.
    expect(second.summary.rows.created).toBe(4);
    expect(second.io.stderr.join('\n')).toMatch(/the journal .*may\.journal\.jsonl is now .*may\.xlsx\.journal\.jsonl/);
    await access(join(dir, 'may.xlsx.journal.jsonl'));
    expect((await readdir(dir)).includes('may.journal.jsonl')).toBe(false);
  });
});
