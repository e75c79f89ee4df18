// Two columns under one header ('Qty' twice: an old column kept, hidden, beside the corrected one). Taking
// the leftmost sent the hidden column's quantities with no word; shed cannot tell which is meant, so the
// import is refused before anything is sent, naming both columns. Real .xlsx via exceljs, the sandbox over HTTP.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { cliErrorMessage } from '../../../batch/cli/remedy-wording.ts';
import { MappingError } from '../../../shared/sheet/mapping-error.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';

const HEADER = ['Invoice No', 'Supplier', 'Date Received', 'Deliver To', 'Product', 'Qty', 'Qty', 'Pack Size', 'Unit'];

describe('a sheet with two columns under one header', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-doubled-'));
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  async function workbook(name: string, header: string[], invoice: string): Promise<string> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Invoices');
    ws.addRow([...header, 'Price ex GST']);
    ws.addRow([invoice, 'Farmco Rural Supplies', '3/2/2026', 'Main Chemical Shed', 'Glyfos 540', 2, 4, 20, 'L', 185]);
    ws.getColumn(6).hidden = true;
    const file = join(dir, name);
    await wb.xlsx.writeFile(file);
    return file;
  }

  it('is refused, both columns named, nothing sent', async () => {
    const file = await workbook('doubled.xlsx', HEADER, 'DBL-1');
    const writes = sandbox.stats.writes;
    const error = await runImportCli(sandbox.url, { kind: 'receipts', file }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MappingError);
    expect((error as MappingError).code).toBe('doubled_header');
    expect((error as MappingError).message).toMatch(
      /^doubled\.xlsx, sheet 'Invoices', header row 1: columns F and G are both headed 'Qty'/,
    );
    expect(cliErrorMessage(error)).toContain('--mapping FILE');
    expect(sandbox.stats.writes).toBe(writes);
    const all = await listAll(sandbox.url, WILLOW, 'receipts');
    expect(all.filter((r: { notes: string | null }) => (r.notes ?? '').includes('DBL-1'))).toEqual([]);
  });

  it('imports when a mapping names the column by its letter, with that column’s quantity', async () => {
    const file = await workbook('doubled-mapped.xlsx', HEADER, 'DBL-2');
    const mapping = join(dir, 'mapping.json');
    await writeFile(mapping, JSON.stringify({ kind: 'receipts', columns: { quantity: 'G' } }));
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, mapping });
    expect(summary.records.created).toBe(1);
    const all = await listAll(sandbox.url, WILLOW, 'receipts');
    const [receipt] = all.filter((r: { notes: string | null }) => (r.notes ?? '').includes('DBL-2'));
    expect(receipt.line_items[0].quantity).toBe('4');
  });
});
