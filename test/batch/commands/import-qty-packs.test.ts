// '2 x 20L' in the Qty cell of a sheet that also has a Pack Size column: refused, as shed cannot tell which
// size is meant, but the refusal said "'2 x 20L' is not a number: expected digits", which sends a bookkeeper
// looking for a typo. It now says what clashes and both ways to fix it. Real CSV, the sandbox over HTTP.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { runImportCli } from '../../support/import.ts';

describe('packs and their size in the Qty cell beside a Pack Size column', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('is refused saying the two sizes clash and how to fix it; nothing sent', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-qty-packs-'));
    const file = join(dir, 'qty-packs.csv');
    await writeFile(
      file,
      [
        'Invoice No,Supplier,Date,Shed,Product,Qty,Pack Size,Unit,Price ex GST',
        'QP-1,Farmco Rural Supplies,3/2/2026,Main Chemical Shed,Glyfos 540,2 x 20L,20,L,185',
      ].join('\r\n'),
    );
    const writes = sandbox.stats.writes;
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file });
    expect(sandbox.stats.writes).toBe(writes);
    expect(summary.problems).toEqual([
      "qty-packs.csv, sheet qty-packs, row 2, column F (Qty): '2 x 20L' holds a pack size as well as the number " +
        "of packs, and so does the pack size column ('20'): write the number of packs alone (2), or clear the " +
        'pack size (invoice QP-1 not sent)',
    ]);
  });
});
