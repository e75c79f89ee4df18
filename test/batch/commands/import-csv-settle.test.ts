// A CSV whose writer paused mid-line: `shed import` refuses it (nothing sent) rather than storing the
// cut-short last value, while a CSV saved by hand without a final line end imports as it is.
import { appendFileSync } from 'node:fs';
import { mkdtemp, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputFileError } from '../../../batch/read/index.ts';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';

const HEAD = 'Invoice,Supplier,Date,Deliver To,Product,Qty,Pack Size,Unit Price\r\n';
const line = (invoice: string, qty: string) =>
  `${invoice},Farmco Rural Supplies,3/2/2026,Main Chemical Shed,Glyfos 540,${qty},20 L,185`;

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let dir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
  dir = await mkdtemp(join(tmpdir(), 'shed-settle-'));
});
afterAll(async () => {
  await sandbox?.close();
});

const receiptsOf = async (invoice: string) =>
  (await listAll(sandbox.url, WILLOW, 'receipts')).filter((r) => (r.notes ?? '').startsWith(`Invoice ${invoice}`));

describe('a CSV without a final line end', () => {
  it('is refused while its writer is still at its last line (1 must not be stored for 12)', async () => {
    const file = join(dir, 'paused.csv');
    await writeFile(file, HEAD + line('SET-1', '1'));
    const writer = setInterval(() => appendFileSync(file, '2'), 20);
    const error = await runImportCli(sandbox.url, { kind: 'receipts', file, settleMs: 400 })
      .then(
        () => null,
        (e: unknown) => e,
      )
      .finally(() => clearInterval(writer));
    expect(error).toBeInstanceOf(InputFileError);
    expect((error as InputFileError).code).toBe('file_changed');
    expect(await receiptsOf('SET-1')).toEqual([]);
  });

  it('saved by hand a while ago imports at once, with the default interval', async () => {
    const file = join(dir, 'hand-saved.csv');
    await writeFile(file, HEAD + line('SET-2', '12'));
    const earlier = new Date(Date.now() - 60_000);
    await utimes(file, earlier, earlier);
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, settleMs: undefined });
    expect(summary.records.created).toBe(1);
    const [receipt] = await receiptsOf('SET-2');
    expect(receipt.line_items.map((l: { quantity: string }) => l.quantity)).toEqual(['12']);
  });
});
