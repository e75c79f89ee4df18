// A bills export from an accounting package: no storage column, pack sizes inside the item text,
// prices including GST, freight lines. It imports with one saved mapping and no edits to the file.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';

const BILLS = [
  'Contact,Bill Number,Bill Date,Due Date,Item Description,Quantity,Unit Price,Line Amount,Account,Tax Rate',
  'Farmco Rural Supplies,BILL-2001,14/03/2026,14/04/2026,Glyfos 540 20L,2,203.50,407.00,Chemicals,GST on Expenses',
  'Farmco Rural Supplies,BILL-2001,14/03/2026,14/04/2026,Amine 625 - 20 L drum,1,156.75,156.75,Chemicals,GST on Expenses',
  'Farmco Rural Supplies,BILL-2001,14/03/2026,14/04/2026,Freight,1,33.00,33.00,Freight,GST on Expenses',
  'Southern Cross Fertilisers,SCF-88,15/03/2026,15/04/2026,Granular Urea (1 t bag),4,863.50,3454.00,Fertiliser,GST on Expenses',
].join('\r\n');

const PROFILE = {
  kind: 'receipts',
  columns: {
    supplier: 'Contact',
    received_at: 'Bill Date',
    product: 'Item Description',
    pack_cost: 'Unit Price',
    line_total: 'Line Amount',
  },
  values: { storage: 'Main Chemical Shed' },
  prices_include_gst: true,
  pack_size_from: 'product',
  skip_lines: ['Freight'],
};

describe('a bills export from an accounting package', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let file: string;
  let mapping: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    const dir = await mkdtemp(join(tmpdir(), 'shed-bills-'));
    file = join(dir, 'bills.csv');
    mapping = join(dir, 'bills-profile.json');
    await writeFile(file, BILLS);
    await writeFile(mapping, JSON.stringify(PROFILE));
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('cannot be imported without a profile: the message says which columns are missing', async () => {
    const error = await runImportCli(sandbox.url, { kind: 'receipts', file, dryRun: true }).then(
      () => new Error('expected a refusal'),
      (e: unknown) => e as Error,
    );
    expect(error.message).toMatch(
      /header row 1: no column for 'Storage' \(storage\), 'Pack Size' \(pack_size\)\. Headers not placed: 'Due Date', 'Account', 'Tax Rate'/,
    );
  });

  it('imports with one saved profile: storage given, sizes from the item text, GST taken off, freight left out', async () => {
    const { summary, io } = await runImportCli(sandbox.url, { kind: 'receipts', file, mapping });
    expect(summary.records).toMatchObject({ created: 2, invalid: 0 });
    const stderr = io.stderr.join('\n');
    expect(stderr).toContain("warning: row 4 left out: the product names 'Freight' (lines that are not stock)");
    expect(stderr).toContain('warning: prices include GST');
    const receipts = (await listAll(sandbox.url, WILLOW, 'receipts')).filter((r) =>
      /^Invoice (BILL-2001|SCF-88)/.test(r.notes ?? ''),
    );
    const lines = receipts
      .flatMap((r) =>
        r.line_items.map((l: Record<string, string>) => [
          r.supplier,
          l.quantity,
          l.pack_size_value,
          l.pack_size_unit,
          l.pack_cost,
        ]),
      )
      .sort();
    expect(lines).toEqual([
      ['Farmco Rural Supplies', '1', '20', 'l', '142.5'],
      ['Farmco Rural Supplies', '2', '20', 'l', '185'],
      ['Southern Cross Fertilisers', '4', '1', 't', '785'],
    ]);
    expect(new Set(receipts.map((r) => r.storage_id)).size).toBe(1);
  });

  it("with --set instead of the profile's storage, and --dry-run printing the profile it used", async () => {
    const { storage: _omit, ...values } = PROFILE.values;
    const bare = join(file, '..', 'bare-profile.json');
    await writeFile(bare, JSON.stringify({ ...PROFILE, values }));
    const { summary } = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file,
      mapping: bare,
      set: ['storage=Main Chemical Shed'],
      dryRun: true,
    });
    expect(summary.mapping).toMatchObject({
      values: { storage: 'Main Chemical Shed' },
      pack_size_from: 'product',
      skip_lines: ['Freight'],
      prices_include_gst: true,
    });
  });
});
