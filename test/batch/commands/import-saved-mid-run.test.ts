import { copyFile, mkdtemp, readFile } from 'node:fs/promises';
import { renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import type { ImportSummary } from '../../../batch/commands/import/report.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';

/** The workbook as Excel saves it after a row is inserted at the top: a new file renamed over the old. */
async function insertedRowBytes(path: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  workbook.getWorksheet('Invoices')!.insertRow(1, ['Checked by Sam, 2 March']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Calls `then` once, synchronously, when the sandbox commits its first write (a receipt being sent). */
function onFirstWrite(stats: { writes: number }, then: () => void): void {
  let writes = stats.writes;
  let done = false;
  Object.defineProperty(stats, 'writes', {
    get: () => writes,
    set: (value: number) => {
      writes = value;
      if (!done) {
        done = true;
        then();
      }
    },
  });
}

async function sheetOf(path: string): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook.getWorksheet('Invoices')!;
}

describe('a workbook saved (replaced atomically) while its import sends', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  let input: string;
  let original: string;
  let results: string;
  let summary: ImportSummary;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-saved-mid-run-'));
    input = join(dir, 'invoices.xlsx');
    original = join(dir, 'original-copy.xlsx');
    results = join(dir, 'invoices.results.xlsx');
    await copyFile('examples/supplier-invoices.xlsx', input);
    await copyFile(input, original);
    const saved = await insertedRowBytes(input);
    onFirstWrite(sandbox.stats, () => {
      writeFileSync(`${input}.tmp`, saved);
      renameSync(`${input}.tmp`, input);
    });
    ({ summary } = await runImportCli(sandbox.url, { kind: 'receipts', file: input, concurrency: 1 }));
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('says the file changed, naming it and the results file', () => {
    expect(summary.records.created).toBe(11);
    const said = summary.warnings.filter((w) => w.includes('was saved again while the import ran'));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain(input);
    expect(said[0]).toContain(results);
    expect(summary.resultsFile).toBe(results);
  });

  it("writes the results on the rows as sent: every input cell the snapshot's, each Record ID and Line Item ID its own row's", async () => {
    const [was, is] = [await sheetOf(original), await sheetOf(results)];
    expect(is.rowCount).toBe(was.rowCount);
    for (let r = 1; r <= was.rowCount; r++)
      for (let c = 1; c <= 12; c++)
        expect(is.getRow(r).getCell(c).text, `row ${r} column ${c}`).toBe(was.getRow(r).getCell(c).text);
    const header = is.getRow(4);
    const at = (name: string) => (header.values as unknown[]).indexOf(name);
    const receipts = new Map((await listAll(sandbox.url, WILLOW, 'receipts')).map((r) => [r.id, r]));
    let invoice = '';
    let checked = 0;
    for (let r = 5; r <= is.rowCount; r++) {
      const row = is.getRow(r);
      invoice = row.getCell(1).text || invoice;
      if (row.getCell(at('Status')).text !== 'created') continue;
      const receipt = receipts.get(row.getCell(at('Record ID')).text);
      expect(receipt?.notes, `row ${r}`).toMatch(new RegExp(`^Invoice ${invoice}(;|$)`));
      const line = receipt.line_items.find((l: { id: string }) => l.id === row.getCell(at('Line Item ID')).text);
      expect(Number(line?.quantity), `row ${r}`).toBe(Number(row.getCell(7).value));
      checked += 1;
    }
    expect(checked).toBe(25);
  });

  it('leaves the saved workbook as the bookkeeper saved it', async () => {
    expect((await sheetOf(input)).getRow(1).getCell(1).text).toBe('Checked by Sam, 2 March');
  });

  it('re-importing the results file changes nothing in the service', async () => {
    const before = sandbox.stats.writes;
    const again = join(dir, 'again.xlsx');
    await copyFile(results, again);
    const { summary: rerun } = await runImportCli(sandbox.url, { kind: 'receipts', file: again });
    expect(sandbox.stats.writes).toBe(before);
    expect(rerun.records).toMatchObject({ unchanged: 11, created: 0, updated: 0 });
    expect(await readFile(input)).not.toEqual(await readFile(original));
  });
});
