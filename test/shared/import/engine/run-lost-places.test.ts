// A create whose answer was lost gives its place to the next record while it looks itself up, over the
// sandbox with scattered 500s (answered before the service does anything): every invoice still created
// exactly once, and at --concurrency 1 never more than one request in flight.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../../sandbox/index.ts';
import { WILLOW } from '../../../support/catalogue.ts';
import { generateInvoices, writeInvoicesXlsx } from '../../../support/generate-invoices.ts';
import { runImportCli } from '../../../support/import.ts';
import { listAll } from '../../../support/service.ts';
import { expectEachInvoiceOnce } from '../../../support/verify.ts';

const FAULTS = { failureRate: 0.2, failureKind: '500' as const, latencyMs: 2, seed: 20261126 };
const FAST_BACKOFF = { minRetryDelayMs: 20, maxRetryDelayMs: 500, retries: 8 };

/** One request the import sent: its method, the invoice of a create, its status, in the order sent. */
interface Sent {
  method: string;
  invoice: string | null;
  status: number;
}

/** Records every request sent through the global fetch (the import's client uses it) until `stop()`. */
function recordFetches() {
  const original = globalThis.fetch;
  const sent: Sent[] = [];
  let inFlight = 0;
  let most = 0;
  globalThis.fetch = async (input, init) => {
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as { notes?: string }) : null;
    const entry: Sent = {
      method: init?.method ?? 'GET',
      invoice: /^Invoice (\S+?)(;|$)/.exec(body?.notes ?? '')?.[1] ?? null,
      status: 0,
    };
    sent.push(entry);
    inFlight += 1;
    most = Math.max(most, inFlight);
    try {
      const response = await original(input, init);
      entry.status = response.status;
      return response;
    } finally {
      inFlight -= 1;
    }
  };
  return { sent, most: () => most, stop: () => void (globalThis.fetch = original) };
}

describe('a lost create gives its place to the next record while it looks itself up', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
  let recorder: ReturnType<typeof recordFetches> | undefined;
  afterEach(async () => {
    recorder?.stop();
    await sandbox?.close();
  });

  it('at --concurrency 1 under 20% plain 500s: the next record is sent before the lost one again, each invoice once', async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    const dir = await mkdtemp(join(tmpdir(), 'shed-lost-places-'));
    const invoices = generateInvoices(40, 2, 11, 'LP-');
    const file = join(dir, 'generated.xlsx');
    await writeInvoicesXlsx(file, invoices);
    sandbox.setFaults(FAULTS);
    sandbox.stats.reset();
    recorder = recordFetches();
    const { summary, io } = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file,
      concurrency: 1,
      client: FAST_BACKOFF,
    });
    recorder.stop();
    const writes = sandbox.stats.writes;
    sandbox.setFaults({});
    expect(summary.rows.created, io.stderr.join('\n')).toBe(80);
    expect(writes).toBe(40);
    expectEachInvoiceOnce(await listAll(sandbox.url, WILLOW, 'receipts'), invoices);

    // Each create answered 500, and what the run sent next: another record's create before its own again.
    const creates = recorder.sent.filter((s) => s.method === 'POST');
    const lost = creates.flatMap((s, i) => (s.status === 500 ? [i] : []));
    expect(lost.length).toBeGreaterThan(2);
    const overtaken = lost.filter((i) => {
      const again = creates.findIndex((s, j) => j > i && s.invoice === creates[i]!.invoice);
      return creates.slice(i + 1, again).some((s) => s.invoice !== creates[i]!.invoice);
    });
    expect(overtaken.length, 'lost creates whose place went to the next record meanwhile').toBeGreaterThan(0);
    // The places let records overlap, not requests: the client's limit holds them to --concurrency.
    expect(recorder.most()).toBe(1);
  }, 60_000);
});
