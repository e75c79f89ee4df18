// Import runs that overlap, crash mid-write or cannot write their results: never twice, never lost.
import { mkdtemp, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../helpers/catalogue.ts';
import { generateInvoices, writeInvoicesXlsx } from '../../helpers/generate-invoices.ts';
import { runImportCli } from '../../helpers/import.ts';
import { listAll } from '../../helpers/service.ts';
import { expectEachInvoiceOnce } from '../../helpers/verify.ts';

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let dir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shed-safety-'));
  sandbox.setFaults({});
});

async function invoicesFile(name: string, count: number, seed: number) {
  const invoices = generateInvoices(count, 2, seed);
  const file = join(dir, name);
  await writeInvoicesXlsx(file, invoices);
  return { invoices, file };
}

describe('every request of a run shares one limit', () => {
  it('never has more requests in flight than --concurrency, reference data included', async () => {
    const { file } = await invoicesFile('limit.xlsx', 12, 3);
    sandbox.setFaults({ latencyMs: 25 });
    sandbox.stats.reset();
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, concurrency: 3 });
    expect(summary.rows.created).toBe(24);
    expect(sandbox.stats.peakInFlight).toBeLessThanOrEqual(3);
    expect(sandbox.stats.peakInFlight).toBeGreaterThanOrEqual(2);
  });
});
