// Mapping round trips over the CLI path against the sandbox on 127.0.0.1: what --dry-run prints and
// what --save-profile keeps read back as the same mapping, nulls included; a mapping file may hold
// only the keys it needs; refusals say the flag or mapping key that fixes them.
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paneText } from '../../../addin/app/remedy-wording.ts';
import { cliErrorMessage } from '../../../batch/cli/remedy-wording.ts';
import { MappingError } from '../../../shared/sheet/mapping-error.ts';
import { startSandbox } from '../../../sandbox/index.ts';
import { runImportCli } from '../../support/import.ts';

/** A bills export whose `Total` is the invoice's total, written on every line: not a line total. */
const BILLS = [
  'Invoice,Supplier,Date,Deliver To,Product,Qty,Pack Size,Unit Price,Total',
  'RT-1,Farmco Rural Supplies,3/2/2026,Main Chemical Shed,Glyfos 540,2,20 L,185,555',
  'RT-1,Farmco Rural Supplies,3/2/2026,Main Chemical Shed,Amine 625,1,20 L,185,555',
].join('\r\n');

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let dir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
  dir = await mkdtemp(join(tmpdir(), 'shed-mapping-roundtrip-'));
});
afterAll(async () => {
  await sandbox?.close();
});

describe('"line_total": null', () => {
  it('is kept by the mapping --dry-run prints and by the profile it saves, so the next run is not refused', async () => {
    const file = join(dir, 'bills.csv');
    await writeFile(file, BILLS);
    const mapping = join(dir, 'no-line-total.json');
    await writeFile(mapping, JSON.stringify({ columns: { line_total: null } }));
    const profilesDir = join(dir, 'profiles');
    const { summary, io } = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file,
      mapping,
      dryRun: true,
      saveProfile: 'bills',
      profilesDir,
    });
    expect(summary.records.valid).toBe(1);
    expect(summary.mapping.columns).toHaveProperty('line_total', null);
    expect(io.stdout.join('\n')).toContain('"line_total": null');
    const saved = JSON.parse(await readFile(join(profilesDir, 'bills.json'), 'utf8'));
    expect(saved.columns).toHaveProperty('line_total', null);
    // The printed mapping, saved as a file, reads the sheet the same way.
    const printed = join(dir, 'printed.json');
    await writeFile(printed, JSON.stringify(summary.mapping));
    const again = await runImportCli(sandbox.url, { kind: 'receipts', file, mapping: printed, dryRun: true });
    expect(again.summary.records).toMatchObject({ valid: 1, invalid: 0 });
    // And the profile is taken by itself for the same headers, with the same result.
    const byProfile = await runImportCli(sandbox.url, { kind: 'receipts', file, dryRun: true, profilesDir });
    expect(byProfile.summary.records).toMatchObject({ valid: 1, invalid: 0 });
  });
});

describe('a mapping file holding only the keys it needs', () => {
  it('{"pack_cost_from": "line_total"} is read without "columns"', async () => {
    const file = join(dir, 'totals.csv');
    await writeFile(
      file,
      [
        'Invoice,Supplier,Date,Deliver To,Product,Qty,Pack Size,Line Total',
        'RT-2,Farmco Rural Supplies,3/2/2026,Main Chemical Shed,Glyfos 540,2,20 L,370',
      ].join('\r\n'),
    );
    const mapping = join(dir, 'from-total.json');
    await writeFile(mapping, JSON.stringify({ pack_cost_from: 'line_total' }));
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, mapping, dryRun: true });
    expect(summary.records).toMatchObject({ valid: 1, invalid: 0 });
    expect(summary.mapping).toMatchObject({ pack_cost_from: 'line_total' });
  });
});

describe('a missing-column refusal', () => {
  it('suggests --set for a storage the sheet does not write, and where pack sizes may be', async () => {
    const file = join(dir, 'no-storage.csv');
    await writeFile(
      file,
      [
        'Contact,Bill Number,Bill Date,Item Description,Quantity,Unit Price',
        'Farmco Rural Supplies,RT-3,14/03/2026,Glyfos 540 20L,2,185.00',
      ].join('\r\n'),
    );
    const error = await runImportCli(sandbox.url, { kind: 'receipts', file, dryRun: true }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MappingError);
    const words = cliErrorMessage(error);
    expect(words).toContain('If every row has the same storage, pass --set storage="…"');
    expect(words).toContain('"pack_size_from": "product" or "quantity"');
    expect(paneText((error as MappingError).message, (error as MappingError).remedies)).not.toContain('--set');
  });
});

describe('a line amount mapped to the pack cost', () => {
  const AMOUNTS = [
    'Invoice,Supplier,Date,Deliver To,Product,Qty,Pack Size,Amount ex GST',
    'RT-4,Riverina Agri Traders,3/2/2026,Main Chemical Shed,Glyfos 540,3,20 L,555',
    'RT-4,Riverina Agri Traders,3/2/2026,Main Chemical Shed,Amine 625,4,20 L,740',
  ].join('\r\n');

  it('is refused with both fixes, and read as prices per pack only when the mapping file says so', async () => {
    const file = join(dir, 'amounts.csv');
    await writeFile(file, AMOUNTS);
    const mapping = join(dir, 'amount-as-cost.json');
    await writeFile(mapping, JSON.stringify({ columns: { pack_cost: 'Amount ex GST' } }));
    const error = await runImportCli(sandbox.url, { kind: 'receipts', file, mapping, dryRun: true }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MappingError);
    expect((error as MappingError).code).toBe('line_amount_as_cost');
    const words = cliErrorMessage(error);
    expect(words).toContain("the column 'Amount ex GST' (mapped to the pack cost) is headed like a line amount");
    expect(words).toContain('"pack_cost_from": "line_total"');
    expect(words).toContain('"pack_cost_per_pack": true');

    const perPack = join(dir, 'amount-per-pack.json');
    await writeFile(perPack, JSON.stringify({ columns: { pack_cost: 'Amount ex GST' }, pack_cost_per_pack: true }));
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, mapping: perPack, dryRun: true });
    expect(summary.records).toMatchObject({ valid: 1, invalid: 0 });
    expect(summary.mapping).toMatchObject({ pack_cost_per_pack: true });
  });
});
