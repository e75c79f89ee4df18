// Two dates on a line: the invoice's and the delivery's. The stock came in on the delivery date ('Date
// Received' is the service's received_at); a plain 'Date' or an 'Invoice Date' beside a delivery date was
// taken, moving receipts across a month's end in the audit exports. Real CSV, the sandbox over HTTP.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';

describe('a sheet with an invoice date and a delivery date', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-date-columns-'));
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it.each([
    ['Date', 'Delivery Date', 'DT-1'],
    ['Invoice Date', 'Date Supplied', 'DT-2'],
    ['Invoice Date', 'Delivered', 'DT-3'],
  ])('%s then %s: received on the delivery date', async (invoiceDate, delivered, invoice) => {
    const file = join(dir, `${invoice}.csv`);
    await writeFile(
      file,
      [
        `Invoice No,Supplier,${invoiceDate},${delivered},Shed,Product,Qty,Size,Price ex GST`,
        `${invoice},Farmco Rural Supplies,28/02/2026,3/03/2026,Main Chemical Shed,Glyfos 540,2,20 L,185`,
      ].join('\r\n'),
    );
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file });
    expect(summary.records.created).toBe(1);
    const all = await listAll(sandbox.url, WILLOW, 'receipts');
    const [receipt] = all.filter((r: { notes: string | null }) => (r.notes ?? '').includes(invoice));
    // Local midnight of 3 March 2026 in Sydney (AEDT, +11:00).
    expect(new Date(receipt.received_at).toISOString()).toBe('2026-03-02T13:00:00.000Z');
  });
});
