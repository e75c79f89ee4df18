// Credit notes typed by hand: the amount written as a negative ('-20', '(20)', '20-', '-20 L'). Each is
// refused on its Amount cell saying a return already takes its amount out and giving the amount to
// write ('20'); before, '-20' was refused as "must be greater than 0" and '(20)' or '20-' as "is not a
// pack size". Nothing is sent for them; the good row is. Real CSV, the sandbox over HTTP.
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { runImportCli } from '../../support/import.ts';
import { useSandboxFolder } from '../../support/sandbox-folder.ts';

const HEAD = 'Date,Return To,From Shed,Product,Amount,Unit,Credit Note';
const ROW = (amount: string, unit: string, note: string) =>
  `3/03/2026,Farmco Rural Supplies,Main Chemical Shed,Glyfos 540,${amount},${unit},${note}`;

describe('a credit note typed with negative amounts', () => {
  const setUp = useSandboxFolder('returns-negative');

  it('is refused on each negative Amount cell, naming the positive amount to write', async () => {
    const file = await setUp.csv('credit.csv', [
      HEAD,
      ROW('-20', 'L', 'CN-N1'),
      ROW('(20)', 'L', 'CN-N2'),
      ROW('20-', 'L', 'CN-N3'),
      ROW('-20 L', '', 'CN-N4'),
      ROW('20', 'L', 'CN-N5'),
    ]);
    const { summary } = await runImportCli(setUp.sandbox.url, { kind: 'returns', file });
    expect([summary.records.created, summary.rows.invalid]).toEqual([1, 4]);
    const rows = Papa.parse<Record<string, string>>(await readFile(file.replace('.csv', '.results.csv'), 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data;
    const said = (amount: string, bare: string) =>
      `Amount: '${amount}' is written as a negative amount, but a return already takes its amount out of the ` +
      `stock: write it as a positive amount, '${bare}'`;
    expect(rows.map((r) => r.Message)).toEqual([
      said('-20', '20'),
      said('(20)', '20'),
      said('20-', '20'),
      said('-20 L', '20 L'),
      '',
    ]);
  });
});
