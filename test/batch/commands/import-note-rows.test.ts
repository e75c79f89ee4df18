// Notes typed under the data ('Note: prices ex GST', '* back order to follow') in the first column. Each was read
// as an invoice of its own and refused with seven problems (exit 1); a row holding nothing but a note is now left
// out and said, the invoices around it imported. A row with a quantity or a product stays a line. Real CSV,
// the sandbox over HTTP.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { runImportCli } from '../../support/import.ts';

const HEAD = 'Invoice No,Supplier,Date Received,Deliver To,Product,Qty,Pack Size,Unit,Price ex GST';

describe('note rows under the data', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-notes-'));
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('are left out and said; the invoices are imported (exit 0)', async () => {
    const file = join(dir, 'notes.csv');
    await writeFile(
      file,
      [
        HEAD,
        'NTE-1,Farmco Rural Supplies,3/2/2026,Main Chemical Shed,Glyfos 540,2,20,L,185',
        '* back order of Amine to follow,,,,,,,,',
        'NTE-2,Farmco Rural Supplies,4/2/2026,Main Chemical Shed,Amine 625,1,20,L,99',
        '',
        'Note: all prices ex GST,,,,,,,,',
      ].join('\r\n'),
    );
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file });
    expect(summary.problems).toEqual([]);
    expect(summary.exitCode).toBe(0);
    expect(summary.records).toMatchObject({ created: 2, invalid: 0 });
    expect(summary.warnings.join('\n')).toContain(
      "rows 3, 6 left out as notes (nothing but a note in them): '* back order of Amine to follow', 'Note: all prices ex GST'",
    );
  });

  it('a row with a note and a quantity is still read, refused for what it lacks', async () => {
    const file = join(dir, 'note-with-qty.csv');
    await writeFile(
      file,
      [
        HEAD,
        'NTE-3,Farmco Rural Supplies,3/2/2026,Main Chemical Shed,Glyfos 540,2,20,L,185',
        'Note: plus one,,,,,1,,,',
      ].join('\r\n'),
    );
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file });
    expect(summary.exitCode).toBe(1);
    expect(summary.records).toMatchObject({ created: 1, invalid: 1 });
    expect(summary.problems.join('\n')).toMatch(/row 3, column E \(Product\): Product is empty/);
  });

  it('a note (N.B.) between two lines of one invoice keeps them one invoice, sent whole', async () => {
    const file = join(dir, 'note-mid.csv');
    await writeFile(
      file,
      [
        HEAD,
        'NTE-4,Farmco Rural Supplies,3/2/2026,Main Chemical Shed,Glyfos 540,2,20,L,185',
        ',,,,N.B. Amine on back order,,,,',
        ',,,,Amine 625,1,20,L,99',
      ].join('\r\n'),
    );
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file });
    expect(summary.problems).toEqual([]);
    expect(summary.records).toMatchObject({ total: 1, created: 1, invalid: 0 });
    expect(summary.rows.created).toBe(2);
  });

  it('a note before a line that restates the invoice fields still ends the invoice above', async () => {
    const file = join(dir, 'note-between.csv');
    const line = ',Farmco Rural Supplies,5/2/2026,Main Chemical Shed,Glyfos 540,2,20,L,185';
    await writeFile(file, [HEAD, line, '* second delivery that day,,,,,,,,', line].join('\r\n'));
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, allowDuplicates: 'two trucks' });
    expect(summary.records).toMatchObject({ total: 2, created: 2 });
  });
});
