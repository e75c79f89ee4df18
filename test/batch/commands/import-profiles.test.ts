// Profiles: a mapping saved with the headers of its sheet is used by itself for the next sheet with
// those headers, and said; --profile names one; two that fit equally are not chosen between.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../../batch/config/config-error.ts';
import { startSandbox } from '../../../sandbox/index.ts';
import { runImportCli } from '../../support/import.ts';

const SHEET = [
  'Contact,Bill Number,Bill Date,Item Description,Quantity,Unit Price,Line Amount',
  'Farmco Rural Supplies,BILL-1,14/03/2026,Glyfos 540 20L,2,185.00,370.00',
].join('\r\n');

describe('profiles', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  let profilesDir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-profiles-'));
    profilesDir = join(dir, 'profiles');
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('--save-profile keeps the mapping used with the headers it was made for; the next sheet with them uses it', async () => {
    const march = join(dir, 'march.csv');
    await writeFile(march, SHEET);
    const mapping = join(dir, 'bills.json');
    await writeFile(
      mapping,
      JSON.stringify({
        kind: 'receipts',
        columns: {},
        values: { storage: 'Main Chemical Shed' },
        pack_size_from: 'product',
      }),
    );
    const first = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file: march,
      mapping,
      dryRun: true,
      saveProfile: 'bills',
      profilesDir,
    });
    expect(first.summary.records.valid).toBe(1);
    const saved = JSON.parse(await readFile(join(profilesDir, 'bills.json'), 'utf8'));
    expect(saved).toMatchObject({ values: { storage: 'Main Chemical Shed' }, pack_size_from: 'product' });
    expect(saved.signature).toEqual([
      'contact',
      'billnumber',
      'billdate',
      'itemdescription',
      'quantity',
      'unitprice',
      'lineamount',
    ]);

    const april = join(dir, 'april.csv');
    await writeFile(april, `Notes: April bills\r\n${SHEET.replace('BILL-1', 'BILL-2')}`);
    const { summary, io } = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file: april,
      dryRun: true,
      profilesDir,
    });
    expect(io.stderr.join('\n')).toContain(
      "Using profile 'bills': the sheet has its headers (row 2). Pass --profile NAME for another.",
    );
    expect(summary.records.valid).toBe(1);
  });

  it('--profile names one; an unknown one is refused naming those there are', async () => {
    const file = join(dir, 'named.csv');
    await writeFile(file, SHEET);
    const { io } = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file,
      dryRun: true,
      profile: 'bills',
      profilesDir,
    });
    expect(io.stderr[0]).toBe("Using profile 'bills' (--profile).");
    const error = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file,
      dryRun: true,
      profile: 'nope',
      profilesDir,
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toMatch(/^No profile named 'nope' in .*profiles \(profiles: 'bills'\)/);
  });

  it('two profiles that fit equally: neither is used, and that is said', async () => {
    const other = join(profilesDir, 'bills-copy.json');
    await writeFile(other, await readFile(join(profilesDir, 'bills.json'), 'utf8'));
    const file = join(dir, 'tie.csv');
    await writeFile(file, SHEET);
    const result = await runImportCli(sandbox.url, { kind: 'receipts', file, dryRun: true, profilesDir }).then(
      (r) => r,
      (e: unknown) => e as Error,
    );
    expect(result).toBeInstanceOf(Error);
    expect((result as Error).message).toMatch(/no column for 'Storage' \(storage\)/);
  });
});
