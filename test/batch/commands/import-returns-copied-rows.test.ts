// A returns results file where the bookkeeper recorded a second return by copying a row (its Record ID with
// it) and changing the amount, then imported it again: both rows name one return. Sent, the copy's amount
// replaced the original's while the original row said `unchanged`; both rows must be refused, said on the
// Record ID cell, nothing written. The sandbox over HTTP, real CSV.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';

const HEADER = 'Date,Return To,From Shed,Product,Amount,Credit Note';

describe('a returns results file with a row copied, Record ID and all', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('refuses both rows naming one return and leaves the return as it was', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-returns-copied-'));
    const file = join(dir, 'returns.csv');
    await writeFile(
      file,
      [
        HEADER,
        '12/2/2026,Farmco Rural Supplies,Main Chemical Shed,Glyfos 540,20 L,CN-7781',
        '13/2/2026,Farmco Rural Supplies,Main Chemical Shed,Amine 625,10 L,CN-7782',
      ].join('\r\n'),
    );
    const first = await runImportCli(sandbox.url, { kind: 'returns', file });
    expect(first.summary.records.created).toBe(2);

    // The first row copied below the others, its amount changed: a second drum went back, the bookkeeper thinks.
    const parsed = Papa.parse<string[]>(await readFile(join(dir, 'returns.results.csv'), 'utf8'), {
      skipEmptyLines: true,
    });
    const [header, ...rows] = parsed.data;
    const copy = [...rows[0]!];
    copy[header!.indexOf('Amount')] = '15 L';
    const again = join(dir, 'again.csv');
    await writeFile(again, Papa.unparse([header!, ...rows, copy]));

    const before = await listAll(sandbox.url, WILLOW, 'returns');
    const writes = sandbox.stats.writes;
    const { summary } = await runImportCli(sandbox.url, { kind: 'returns', file: again });
    expect(sandbox.stats.writes).toBe(writes);
    expect(summary.exitCode).toBe(1);
    expect(summary.records).toMatchObject({ invalid: 2, unchanged: 1, updated: 0 });
    expect(summary.problems.join('\n')).toMatch(/row 4, column \w+ \(Record ID\): .*also on row 2/);
    const after = await listAll(sandbox.url, WILLOW, 'returns');
    const amountOf = (list: { reference: string | null; amount_value: string }[]) =>
      list.find((r) => r.reference === 'CN-7781')?.amount_value;
    expect(amountOf(after)).toBe(amountOf(before));
    expect(Number(amountOf(after))).toBe(20);
  });
});
