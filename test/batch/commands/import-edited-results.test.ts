// A results file edited as a bookkeeper would (sorted, filtered, a row hidden) and imported again must
// never save wrong data: a sorted file keeps each invoice's header, a filtered one refuses the invoices it
// cuts in part instead of deleting their hidden lines.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
