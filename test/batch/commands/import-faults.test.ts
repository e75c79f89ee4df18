import { copyFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { generateInvoices, writeInvoicesXlsx } from '../../support/generate-invoices.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';
import { expectEachInvoiceOnce } from '../../support/verify.ts';

// The faults the import must survive: 20% 500/503, rate limiting with 429, 10% drop-after-commit, latency.
const FAULTS = {
  failureRate: 0.2,
  dropAfterCommitRate: 0.1,
  rateLimit: { requestsPerSecond: 150, retryAfterSeconds: 1 },
  latencyMs: 2,
  jitterMs: 8,
  seed: 20261121,
};
const FAST_BACKOFF = { minRetryDelayMs: 20, maxRetryDelayMs: 2_000, retries: 8 };

describe('imports under injected faults never lose or duplicate a receipt', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
  afterEach(async () => {
    await sandbox?.close();
  });

  it('300 generated invoices: every one created exactly once, every row created', async () => {
    sandbox = await startSandbox({ port: 0, quiet: true, faults: FAULTS });
    const dir = await mkdtemp(join(tmpdir(), 'shed-faults-'));
    const invoices = generateInvoices(300, 3);
    const file = join(dir, 'generated.xlsx');
    await writeInvoicesXlsx(file, invoices);

    // A failed row's own message says why (attempts used up, a timeout): said if this ever fails.
    const failedRows: string[] = [];
    const { summary, io } = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file,
      concurrency: 8,
      client: FAST_BACKOFF,
      onReport: (report) =>
        failedRows.push(
          ...report.results.filter((r) => r.status === 'failed').map((r) => `row ${r.rowNumber}: ${r.message}`),
        ),
    });
    const injected = sandbox.stats.faultsInjected;
    console.info(`faults injected and survived (300 invoices): ${JSON.stringify(injected)}`);
    expect(injected.failures).toBeGreaterThan(10);
    expect(injected.dropped).toBeGreaterThan(5);
    expect(summary.rows.created, [...io.stderr, ...failedRows].join('\n')).toBe(900);
    expect(summary.exitCode).toBe(0);

    sandbox.setFaults({});
    expectEachInvoiceOnce(await listAll(sandbox.url, WILLOW, 'receipts'), invoices);

    // And the rerun on the results file, under faults again, writes nothing.
    sandbox.setFaults(FAULTS);
    const writes = sandbox.stats.writes;
    const again = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file: summary.resultsFile!,
      concurrency: 8,
      client: FAST_BACKOFF,
    });
    expect(sandbox.stats.writes).toBe(writes);
    expect(again.summary.rows.unchanged).toBe(900);
  }, 180_000);

  it('the example workbook: the 11 valid invoices once each, the 6 invalid ones refused', async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    const dir = await mkdtemp(join(tmpdir(), 'shed-faults-'));
    await copyFile('examples/supplier-invoices.xlsx', join(dir, 'invoices.xlsx'));
    // Counted before the faults start: the test's own reads do not retry.
    const before = await listAll(sandbox.url, WILLOW, 'receipts');
    sandbox.setFaults(FAULTS);
    const { summary } = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file: join(dir, 'invoices.xlsx'),
      client: FAST_BACKOFF,
    });
    expect(summary.records).toMatchObject({ created: 11, invalid: 6, failed: 0 });
    sandbox.setFaults({});
    const receipts = await listAll(sandbox.url, WILLOW, 'receipts');
    const imported = receipts.filter((r) => /^Invoice /.test(r.notes ?? ''));
    expect(imported).toHaveLength(11);
    expect(new Set(imported.map((r) => r.notes)).size).toBe(11);
    expect(receipts.length).toBe(before.length + 11);
  }, 120_000);
});
