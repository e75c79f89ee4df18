// Two price columns, one of them the price the service keeps (after discount, without GST): 'Unit Price' beside
// 'Net Price' or 'Price ex GST'. The plain 'Unit Price' was taken (a list price, or one with GST), sent as the
// pack cost with no word. Real CSV, the sandbox over HTTP.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';

describe('a sheet with a plain and a net or ex-GST price column', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-price-columns-'));
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it.each([
    ['Unit Price', 'Net Price', 'PC-1'],
    ['Unit Price', 'Price ex GST', 'PC-2'],
    ['Price', 'Nett Price', 'PC-3'],
  ])('%s then %s: the second is the pack cost', async (plain, kept, invoice) => {
    const file = join(dir, `${invoice}.csv`);
    await writeFile(
      file,
      [
        `Invoice No,Supplier,Date,Shed,Product,Qty,Size,${plain},${kept}`,
        `${invoice},Farmco Rural Supplies,3/2/2026,Main Chemical Shed,Glyfos 540,2,20 L,198,180`,
      ].join('\r\n'),
    );
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file });
    expect(summary.records.created).toBe(1);
    const all = await listAll(sandbox.url, WILLOW, 'receipts');
    const [receipt] = all.filter((r: { notes: string | null }) => (r.notes ?? '').includes(invoice));
    expect(receipt.line_items[0].pack_cost).toBe('180');
  });
});
