// `shed import receipts FILE.xml`: an e-invoice through the core's one import, against the sandbox over HTTP.
import { copyFile, mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { exitStatusFor } from '../../../batch/cli/exit-status.ts';
import { importManyCommand } from '../../../batch/commands/import/many.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { startSandbox, type RecordedWrite } from '../../../sandbox/index.ts';
import { einvoiceSheet } from '../../../shared/einvoice/to-grid.ts';
import { WILLOW, productIds, storageId } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';

const FIXTURES = new URL('../../fixtures/einvoices/', import.meta.url).pathname;
const STORAGE = 'storage=Main Chemical Shed';

async function copied(...names: string[]): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'shed-einvoice-'));
  for (const name of names) await copyFile(join(FIXTURES, name), join(dir, name));
  return dir;
}

/** A write as compared: ids in the path made generic, the body as sent. */
function normalise(write: RecordedWrite): string {
  return `${write.method} ${write.path.replace(/[0-9a-f-]{36}/g, ':id')} ${write.body ?? ''}`;
}

describe('shed import receipts FILE.xml', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
  afterEach(async () => {
    await sandbox?.close();
    sandbox = undefined;
  });

  it('creates the receipt, saves the PDF beside the results, names it in each Message, and journals the hash', async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    const dir = await copied('farm-invoice.xml');
    const { summary } = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file: join(dir, 'farm-invoice.xml'),
      set: [STORAGE],
    });
    expect(summary.exitCode).toBe(0);
    expect(summary.records.created).toBe(1);
    expect(summary.warnings).toContain("farm-invoice.xml: document charge 'Freight' 45 AUD is not stock: left out");
    const receipt = (await listAll(sandbox.url, WILLOW, 'receipts')).find((r) => r.order_number === 'PO-7781');
    expect(receipt).toMatchObject({ storage_id: storageId('Main Chemical Shed'), order_number: 'PO-7781' });
    expect(
      (
        receipt!.line_items as { product_id: string; quantity: string; pack_cost: string; pack_size_unit: string }[]
      ).map((l) => [l.product_id, l.quantity, l.pack_size_unit, l.pack_cost]),
    ).toEqual([
      [productIds('Glyfos 540').product_id, '200', 'l', '6.5'],
      [productIds('MAP Granular').product_id, '1000', 'kg', '1.125'],
      [productIds('Glyfos 540').product_id, '10', 'l', '10'],
    ]);
    expect((await readFile(join(dir, 'RA-20417.pdf'))).subarray(0, 8).toString()).toBe('%PDF-1.4');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(join(dir, 'farm-invoice.results.xlsx'));
    const sheet = book.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).map(String);
    const message = headers.indexOf('Message');
    expect(String(sheet.getRow(2).getCell(message).value)).toMatch(/invoice PDF saved as RA-20417\.pdf/);
    expect(String(sheet.getRow(3).getCell(message).value)).toMatch(
      /'Early order discount' 125 .*applied to the pack cost/,
    );
    const journal = (await readFile(join(dir, 'farm-invoice.journal.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256')
      .update(await readFile(join(dir, 'farm-invoice.xml')))
      .digest('hex');
    expect(journal.filter((e) => e.type === 'created').map((e) => e.sourceSha256)).toEqual([hash]);
  });

  it('imports a credit note given to import receipts as returns, and says so', async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    const dir = await copied('farm-credit-note.xml');
    const { summary } = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file: join(dir, 'farm-credit-note.xml'),
      set: [STORAGE],
    });
    expect(summary.kind).toBe('returns');
    expect(summary.warnings[0]).toMatch(/is a credit note \(CR-0912\): its lines are imported as returns/);
    const created = (await listAll(sandbox.url, WILLOW, 'returns')).find((r) => r.reference === 'CR-0912/1');
    expect(created).toMatchObject({
      amount_value: '20',
      amount_unit: 'l',
      product_id: productIds('Glyfos 540').product_id,
    });
  });

  it('refuses hostile and unbalanced documents with exit 2 and sends nothing; a folder imports the rest', async () => {
    sandbox = await startSandbox({ port: 0, quiet: true, recordWrites: true });
    const dir = await copied('farm-invoice.xml', 'unbalanced-invoice.xml');
    await writeFile(
      join(dir, 'xxe.xml'),
      '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><Invoice>&x;</Invoice>',
    );
    const io = memoryIO();
    const summary = await importManyCommand({
      kind: 'receipts',
      files: [dir],
      set: [STORAGE],
      baseUrl: sandbox.url,
      token: 'demo-token-willow',
      org: 'Willow Creek Pastoral Co',
      io,
      profilesDir: '/nonexistent/shed-sheets-test-profiles',
    });
    expect(summary.exitCode).toBe(2);
    expect(summary.runs.map((r) => r.file)).toEqual([join(dir, 'farm-invoice.xml')]);
    expect(summary.notImported.map((n) => n.reason)).toEqual([
      expect.stringMatching(
        /unbalanced-invoice\.xml: RA-20418 does not add up: line 1 is 1310 but 200 × 130 ÷ 20 = 1300/,
      ),
      expect.stringMatching(/xxe\.xml: line 1 has a <!DOCTYPE declaration/),
    ]);
    expect(sandbox.stats.writeLog).toHaveLength(1);
  });

  it('sends the same requests for the invoice as UBL and as the spreadsheet of the same rows', async () => {
    const dir = await copied('farm-invoice.xml');
    const rows = einvoiceSheet(await readFile(join(dir, 'farm-invoice.xml')), 'farm-invoice.xml').grid.rows;
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Invoices');
    for (const row of rows)
      sheet.getRow(row.rowNumber).values = row.cells.map((c) => c ?? undefined) as ExcelJS.CellValue[];
    await book.xlsx.writeFile(join(dir, 'farm-invoice.xlsx'));
    const writes: string[][] = [];
    for (const file of ['farm-invoice.xml', 'farm-invoice.xlsx']) {
      const box = await startSandbox({ port: 0, quiet: true, recordWrites: true });
      try {
        const { summary } = await runImportCli(box.url, { kind: 'receipts', file: join(dir, file), set: [STORAGE] });
        expect(summary.records.created).toBe(1);
      } finally {
        await box.close();
      }
      writes.push(box.stats.writeLog.map(normalise));
    }
    expect(writes[0]).toHaveLength(1);
    expect(writes[0]).toEqual(writes[1]);
  });
});

const KIT = join(process.cwd(), '..', 'shared', 'einvoice-examples') + '/';

describe.skipIf(!existsSync(KIT))('the kit’s Peppol examples (../shared/einvoice-examples/)', () => {
  it('parse, reconcile and import or are refused with a reason', async () => {
    if (!existsSync(KIT)) return console.warn(`skipped: ${KIT} is absent`);
    const files: string[] = [];
    const walk = async (d: string) => {
      for (const e of await readdir(d, { withFileTypes: true }))
        if (e.isDirectory()) await walk(join(d, e.name));
        else if (e.name.endsWith('.xml')) files.push(join(d, e.name));
    };
    await walk(KIT);
    const box = await startSandbox({ port: 0, quiet: true });
    const outcome: Record<string, string> = {};
    try {
      for (const file of files.sort()) {
        const dir = await mkdtemp(join(tmpdir(), 'shed-kit-'));
        const copy = join(dir, 'doc.xml');
        await copyFile(file, copy);
        try {
          const { summary } = await runImportCli(box.url, {
            kind: 'receipts',
            file: copy,
            set: [STORAGE],
            allowDuplicates: true,
          });
          outcome[file.slice(KIT.length)] = summary.records.created > 0 ? 'created' : 'rows refused';
        } catch (error) {
          outcome[file.slice(KIT.length)] = `exit ${exitStatusFor(error)} ${(error as { code?: string }).code}`;
        }
      }
    } finally {
      await box.close();
    }
    const counts: Record<string, number> = {};
    for (const o of Object.values(outcome)) counts[o] = (counts[o] ?? 0) + 1;

    expect(files).toHaveLength(46);
    expect(outcome['a-nz/NZ Self Billed Credit note.xml']).toBe('exit 2 xml_malformed');
    expect(counts).toEqual({ 'exit 2 xml_malformed': 1, 'rows refused': 45 });
  }, 120_000);
});
