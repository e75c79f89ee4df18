// The duplicate rule for returns (issue 21, item 4): a returns sheet imported again under another results
// name is `unchanged`, exit 0, nothing sent; a return with the same supplier (spelt otherwise), reference
// and product but another amount is a conflict naming the difference. An unchanged return says what made
// it the same in a return's terms (reference, product, amount), not an invoice's (number, lines). The
// sandbox over HTTP, real CSV.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { runImportCli } from '../../support/import.ts';

const HEADER = 'Date,Return To,From Shed,Product,Amount,Credit Note';

describe('a returns sheet imported twice', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true, recordWrites: true });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('is unchanged the second time (exit 0); another amount under the same credit note is a conflict', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-returns-twice-'));
    const file = join(dir, 'returns.csv');
    await writeFile(
      file,
      [
        HEADER,
        '4/3/2026,Tumut Rural Traders Pty Ltd,Main Chemical Shed,Glyfos 540,20 L,CN-501',
        '4/3/2026,Tumut Rural Traders Pty Ltd,Main Chemical Shed,Amine 625,10 L,CN-501',
      ].join('\r\n'),
    );
    const first = await runImportCli(sandbox.url, { kind: 'returns', file });
    expect(first.summary.records.created).toBe(2);
    const writes = sandbox.stats.writeLog.length;

    const again = await runImportCli(sandbox.url, { kind: 'returns', file, results: join(dir, 'again.results.csv') });
    expect([again.summary.exitCode, again.summary.rows.unchanged]).toEqual([0, 2]);
    // Said in a return's own terms: it has a reference and one product, no invoice number or lines.
    const unchanged = Papa.parse<Record<string, string>>(await readFile(join(dir, 'again.results.csv'), 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(unchanged[0]!.Message).toMatch(
      /^already in the service as RET-\d+ \(same supplier, reference, product, date and amount\): not sent$/,
    );

    const other = join(dir, 'other.csv');
    await writeFile(
      other,
      [HEADER, '4/3/2026,TUMUT RURAL TRADERS,Main Chemical Shed,Glyfos 540,40 L,cn-501'].join('\r\n'),
    );
    const changed = await runImportCli(sandbox.url, { kind: 'returns', file: other });
    expect([changed.summary.exitCode, changed.summary.rows.conflict]).toEqual([1, 1]);
    const rows = Papa.parse<Record<string, string>>(await readFile(join(dir, 'other.results.csv'), 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows[0]!.Message).toContain('amount 20 there, 40 here');
    expect(sandbox.stats.writeLog.length).toBe(writes);
  });

  it('the same credit note twice in one sheet: naming the other row once, its supplier spelling only when another', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-returns-twice-'));
    const file = join(dir, 'pasted.csv');
    await writeFile(
      file,
      [
        HEADER,
        '12/2/2026,Farmco Rural Supplies,Main Chemical Shed,Glyfos 540,20 L,CN-601',
        '12/2/2026,Farmco Rural Supplies,Main Chemical Shed,Glyfos 540,20 L,CN-601',
        '14/2/2026,Farmco Rural Supplies,Main Chemical Shed,Glyfos 540,5 L,CN-602',
        '14/2/2026,Farmco Rural Supplies,Main Chemical Shed,Glyfos 540,10 L,CN-602',
      ].join('\r\n'),
    );
    const { summary, io } = await runImportCli(sandbox.url, { kind: 'returns', file });
    expect(summary.records).toMatchObject({ created: 1, duplicate: 1, conflict: 2 });
    const rows = Papa.parse<Record<string, string>>(await readFile(join(dir, 'pasted.results.csv'), 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows[1]!.Message).toMatch(
      /^the same as the return on row 2 of this sheet: not sent; use --allow-duplicates/,
    );
    expect(rows[2]!.Message).toMatch(
      /^the same as the return on row 5 of this sheet, otherwise: amount 5 there, 10 here/,
    );
    expect(io.stderr.at(-1)).toContain('1 return not sent (duplicates: already in the service or twice in the sheet)');
  });
});
