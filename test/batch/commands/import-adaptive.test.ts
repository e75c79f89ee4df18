// An import without --concurrency against a service that limits requests: the requests in flight
// follow it (shared/client/adaptive-limit.ts), every invoice lands once, and the summary says how.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { generateInvoices, writeInvoicesXlsx } from '../../support/generate-invoices.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';

let sandbox: RunningSandbox;
let dir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, quiet: true });
  dir = await mkdtemp(join(tmpdir(), 'shed-adaptive-'));
});
afterAll(async () => {
  await sandbox.close();
});

describe('adaptive concurrency', () => {
  it('paces to a service that allows 5 requests a second: every invoice once, the push-back said', async () => {
    const file = join(dir, 'limited.xlsx');
    // 5 a second, far below what even a loaded machine sends from 4 in flight: the push-back surely comes.
    await writeInvoicesXlsx(file, generateInvoices(20, 1, 5, 'ADA-'));
    const before = (await listAll(sandbox.url, WILLOW, 'receipts')).length;
    sandbox.setFaults({ rateLimit: { requestsPerSecond: 5, retryAfterSeconds: 1 } });
    try {
      const { summary, io } = await runImportCli(sandbox.url, {
        kind: 'receipts',
        file,
        client: { minRetryDelayMs: 50 },
      });
      expect(summary.records.created).toBe(20);
      expect(summary.concurrency.adaptive).toBe(true);
      expect(summary.concurrency.pushedBack).toBeGreaterThan(0);
      expect(summary.concurrency.pacedTo).toBeGreaterThan(0);
      expect(io.stderr.join('\n')).toMatch(
        /concurrency up to \d+ \(adaptive; the service pushed back \d+ times?: paced to [\d.]+ requests\/s\)/,
      );
    } finally {
      sandbox.setFaults({});
    }
    expect((await listAll(sandbox.url, WILLOW, 'receipts')).length).toBe(before + 20);
  });

  it('--concurrency fixes it', async () => {
    const file = join(dir, 'fixed.xlsx');
    await writeInvoicesXlsx(file, generateInvoices(5, 1, 6, 'FIX-'));
    const { summary, io } = await runImportCli(sandbox.url, { kind: 'receipts', file, concurrency: 3 });
    expect(summary.concurrency).toEqual({ adaptive: false, reached: 3, pushedBack: 0, pacedTo: null });
    expect(io.stderr.join('\n')).toContain('concurrency 3 (fixed)');
  });

  it('many records waiting out a Retry-After at once: no warning of a listener leak on the run’s signal', async () => {
    const file = join(dir, 'waiting.xlsx');
    await writeInvoicesXlsx(file, generateInvoices(60, 1, 7, 'WAIT-'));
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    // Most answers 500 or 503, every other 503 asking for a second (Retry-After: 1): records wait side by side.
    sandbox.setFaults({ failureRate: 0.6, seed: 11 });
    try {
      const { summary } = await runImportCli(sandbox.url, {
        kind: 'receipts',
        file,
        concurrency: 32,
        // Enough retries that the set-up's lists get through the same failures (0.6^16: never), each
        // back-off short (at most the second a Retry-After asks for), so the run does not drag on.
        client: { minRetryDelayMs: 10, maxRetryDelayMs: 1000, retries: 15 },
      });
      expect(summary.records.total).toBe(60);
    } finally {
      sandbox.setFaults({});
      process.off('warning', onWarning);
    }
    expect(warnings.filter((warning) => warning.startsWith('MaxListenersExceededWarning'))).toEqual([]);
  }, 120_000);
});
