// An invoice without a number pasted twice into one sheet: the service can tell the two copies apart
// from a second delivery only by their content, so the second was sent too (two receipts, exit 0, not a
// word). The second copy is now a duplicate of the first (not sent, exit 1), as it is when the service
// already holds the invoice; `--allow-duplicates` sends both; a run again sends nothing more. Pasted
// just below itself, the copy joined the invoice (its lines twice): that invoice is refused whole, as an
// invoice in two places is. The sandbox over HTTP, real CSV.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { useSandboxFolder } from '../../support/sandbox-folder.ts';
import { listAll } from '../../support/service.ts';

const HEAD = 'Supplier,Date,Shed,Product,Qty,Size,Unit,Unit Price';
const BLOCK = (date: string) => [
  `Farmco Rural Supplies,${date},Main Chemical Shed,Glyfos 540,2,20,L,185`,
  ',,,Amine 625,1,20,L,142.5',
];

describe('an invoice without a number pasted twice', () => {
  const setUp = useSandboxFolder('pasted-twice');
  // Counted before and after each import: the demo catalogue's own receipts may fall on any of these dates.
  const receipts = async () => (await listAll(setUp.sandbox.url, WILLOW, 'receipts')).length;

  it('sends the first copy and holds the second as a duplicate, naming the first', async () => {
    const file = await setUp.csv('twice.csv', [HEAD, ...BLOCK('3/2/2026'), '', ...BLOCK('3/2/2026')]);
    const before = await receipts();
    const { summary } = await runImportCli(setUp.sandbox.url, { kind: 'receipts', file });
    expect(summary.records.created).toBe(1);
    expect(summary.records.duplicate).toBe(1);
    expect(summary.exitCode).toBe(1);
    expect(await receipts()).toBe(before + 1);
    const again = await runImportCli(setUp.sandbox.url, { kind: 'receipts', file });
    expect(again.summary.records.created).toBe(0);
    expect(await receipts()).toBe(before + 1);
  });

  it('says in the results file which rows the second copy repeats', async () => {
    const file = await setUp.csv('said.csv', [HEAD, ...BLOCK('4/2/2026'), '', ...BLOCK('4/2/2026')]);
    const { summary } = await runImportCli(setUp.sandbox.url, { kind: 'receipts', file });
    const results = (await readFile(summary.resultsFile!, 'utf8')).split(/\r?\n/);
    expect(results[5]).toContain('duplicate');
    expect(results[3]).toBe('');
    expect(results[4]).toContain('the same as the invoice on row 2 of this sheet: not sent');
    expect(results[1]).toContain('created');
  });

  it('pasted just below itself (no blank row, so one invoice of its lines twice): refused whole', async () => {
    const file = await setUp.csv('below.csv', [HEAD, ...BLOCK('7/2/2026'), ...BLOCK('7/2/2026')]);
    const before = await receipts();
    const { summary } = await runImportCli(setUp.sandbox.url, { kind: 'receipts', file });
    expect(summary.records.invalid).toBe(1);
    expect(summary.problems.join('\n')).toContain(
      'this invoice is in the sheet twice: rows 4–5 repeat rows 2–3 line for line (pasted twice?)',
    );
    expect(await receipts()).toBe(before);
  });

  it('sends both with --allow-duplicates (two deliveries alike)', async () => {
    const file = await setUp.csv('both.csv', [HEAD, ...BLOCK('5/2/2026'), '', ...BLOCK('5/2/2026')]);
    const before = await receipts();
    const { summary } = await runImportCli(setUp.sandbox.url, {
      kind: 'receipts',
      file,
      allowDuplicates: 'two trucks that day',
    });
    expect(summary.records.created).toBe(2);
    expect(await receipts()).toBe(before + 2);
  });

  it('leaves two receipts whose content differs alone', async () => {
    const other = BLOCK('6/2/2026').map((line, i) => (i === 0 ? line.replace(',2,20,', ',3,20,') : line));
    const file = await setUp.csv('differ.csv', [HEAD, ...BLOCK('6/2/2026'), '', ...other]);
    const { summary } = await runImportCli(setUp.sandbox.url, { kind: 'receipts', file });
    expect(summary.records.created).toBe(2);
    expect(summary.exitCode).toBe(0);
  });
});
