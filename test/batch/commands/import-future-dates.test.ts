// A date received in the future is a typo (2062 for 2026, 2027 keyed in the January of 2026's invoices): it was
// accepted, and the receipt fell outside every period the audit exports ask for. Refused, saying today's date;
// today itself is accepted. Real CSV, the sandbox over HTTP; the dates are built from today's year.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { farmToday } from '../../../shared/import/recipe-step.ts';
import { runImportCli } from '../../support/import.ts';

describe('a date received after today', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('is refused on its cell; today and earlier are sent', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-future-'));
    const [y, m, d] = farmToday('Australia/Sydney').split('-');
    const later = Number(y) + 2;
    const file = join(dir, 'future.csv');
    await writeFile(
      file,
      [
        'Invoice No,Supplier,Date Received,Deliver To,Product,Qty,Pack Size,Unit,Price ex GST',
        `FUT-1,Farmco Rural Supplies,3/2/${later},Main Chemical Shed,Glyfos 540,2,20,L,185`,
        `FUT-2,Farmco Rural Supplies,${d}/${m}/${y},Main Chemical Shed,Glyfos 540,2,20,L,185`,
        'FUT-3,Farmco Rural Supplies,3/2/2026,Main Chemical Shed,Glyfos 540,2,20,L,185',
      ].join('\r\n'),
    );
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file });
    expect(summary.records).toMatchObject({ created: 2, invalid: 1 });
    expect(summary.problems).toHaveLength(1);
    expect(summary.problems[0]).toMatch(
      new RegExp(
        `row 2, column C \\(Date Received\\): '3/2/${later}' is after today \\(${d}/${m}/${y}\\): correct the date`,
      ),
    );
  });
});
