// An invoice with a back order carries what was ordered and what was supplied ('Qty Ordered', 'Qty Supplied').
// The stock received is what was supplied; the ordered column was taken (10 drums received where 8 came).
// Real CSV, the sandbox over HTTP.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';

describe('an invoice with ordered and supplied quantities', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-back-order-'));
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it.each([
    ['Qty Ordered', 'Qty Supplied', 'BO-1'],
    ['Qty', 'Qty Delivered', 'BO-2'],
    ['Quantity Ordered', 'Quantity Supplied', 'BO-3'],
    ['Qty Ord', "Qty Rec'd", 'BO-4'],
  ])('%s then %s: the supplied quantity is received', async (ordered, supplied, invoice) => {
    const file = join(dir, `${invoice}.csv`);
    await writeFile(
      file,
      [
        `Invoice No,Supplier,Date,Shed,Product,${ordered},${supplied},Size,Price ex GST`,
        `${invoice},Farmco Rural Supplies,3/2/2026,Main Chemical Shed,Glyfos 540,10,8,20 L,185`,
      ].join('\r\n'),
    );
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file });
    expect(summary.records.created).toBe(1);
    const all = await listAll(sandbox.url, WILLOW, 'receipts');
    const [receipt] = all.filter((r: { notes: string | null }) => (r.notes ?? '').includes(invoice));
    expect(receipt.line_items[0].quantity).toBe('8');
  });
});
