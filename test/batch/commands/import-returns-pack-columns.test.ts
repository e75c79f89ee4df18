// A returns sheet kept in the invoices' layout: Qty (packs), Pack Size and Unit columns. The returns kind has no
// pack size field, so 'Qty' was taken as the amount and the Pack Size column left out with no word: two 20 L
// drums went in as 2 L. Such a sheet is refused before anything is sent, saying how to write the amount.
// Real CSV, the sandbox over HTTP.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { cliErrorMessage } from '../../../batch/cli/remedy-wording.ts';
import { MappingError } from '../../../shared/sheet/mapping-error.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';

describe('a returns sheet with a pack size column', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-returns-packs-'));
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it.each([
    ['Qty,Pack Size,Unit', '2,20,L'],
    ['Quantity,Size', '2,20 L'],
  ])('headed %s is refused, nothing sent', async (columns, values) => {
    const file = join(dir, `${columns.replace(/\W+/g, '-')}.csv`);
    await writeFile(
      file,
      [
        `Date,Supplier,Storage,Product,${columns},Credit Note`,
        `12/02/2026,Farmco Rural Supplies,Main Chemical Shed,Glyfos 540,${values},CN-PK-${columns.length}`,
      ].join('\r\n'),
    );
    const before = (await listAll(sandbox.url, WILLOW, 'returns')).length;
    const error = await runImportCli(sandbox.url, { kind: 'returns', file }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MappingError);
    expect((error as MappingError).code).toBe('pack_size_column');
    const said = cliErrorMessage(error);
    expect(said).toMatch(
      /header row 1: the column '(Qty|Quantity)' counts packs and '(Pack Size|Size)' holds their size/,
    );
    expect(said).toContain("'2 x 20 L'");
    expect((await listAll(sandbox.url, WILLOW, 'returns')).length).toBe(before);
  });

  it('with its amounts written whole (no pack size column) imports as before', async () => {
    const file = join(dir, 'whole.csv');
    await writeFile(
      file,
      [
        'Date,Supplier,Storage,Product,Qty,Unit,Credit Note',
        '12/02/2026,Farmco Rural Supplies,Main Chemical Shed,Glyfos 540,40,L,CN-PK-W',
      ].join('\r\n'),
    );
    const { summary } = await runImportCli(sandbox.url, { kind: 'returns', file });
    expect(summary.records.created).toBe(1);
  });

  it('with an empty Pack Size column beside amounts written whole imports as before', async () => {
    const file = join(dir, 'empty-size.csv');
    await writeFile(
      file,
      [
        'Date,Supplier,Storage,Product,Qty,Pack Size,Credit Note',
        '12/02/2026,Farmco Rural Supplies,Main Chemical Shed,Glyfos 540,40 L,,CN-PK-E',
      ].join('\r\n'),
    );
    const { summary } = await runImportCli(sandbox.url, { kind: 'returns', file });
    expect(summary.records.created).toBe(1);
  });
});
