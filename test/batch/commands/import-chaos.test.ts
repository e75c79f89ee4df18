// The never-twice guarantees under everything at once: two imports running side by side, one of them
// killed with SIGKILL three times and its journal torn each time, 20% 500/503 answers and 10% of
// answers dropped after the service committed; then two runs of one file under two results paths (one
// lock per input content: one refused) and a third finding every invoice unchanged. Bounded in time;
// 127.0.0.1 only.
import { spawn } from 'node:child_process';
import { appendFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { undoCommand } from '../../../batch/commands/undo/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { generateInvoices, writeInvoicesXlsx } from '../../support/generate-invoices.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';
import { expectEachInvoiceOnce } from '../../support/verify.ts';

const FAULTS = { failureRate: 0.2, dropAfterCommitRate: 0.1, latencyMs: 8, jitterMs: 12, seed: 20261124 };
const FAST_BACKOFF = { minRetryDelayMs: 10, maxRetryDelayMs: 1_000, retries: 8 };
const INVOICES = 50;

describe('chaos: concurrent runs, kill -9 restarts and torn journals under faults', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
  afterAll(async () => {
    await sandbox?.close();
  });

  it('ends with every invoice exactly once, every row created, and undo of each run taking back exactly its own', async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    const url = sandbox.url;
    const dir = await mkdtemp(join(tmpdir(), 'shed-chaos-'));
    const a = generateInvoices(INVOICES, 2, 31, 'A-');
    const b = generateInvoices(INVOICES, 2, 32, 'B-');
    const fileA = join(dir, 'a.xlsx');
    const fileB = join(dir, 'b.xlsx');
    await writeInvoicesXlsx(fileA, a);
    await writeInvoicesXlsx(fileB, b);
    // The test's own reads go without faults (they do not retry); the runs have them all along.
    const before = (await listAll(url, WILLOW, 'receipts')).length;
    sandbox.setFaults(FAULTS);
    const t0 = Date.now();

    const shed = (file: string) => {
      const child = spawn(
        process.execPath,
        ['batch/bin/shed.js', 'import', 'receipts', file, '--base-url', url, '--concurrency', '6', '--json'],
        {
          env: {
            ...process.env,
            SHED_TOKEN: 'demo-token-willow',
            SHED_ORG: 'Willow Creek Pastoral Co',
            SHED_CONFIG: join(dir, 'none.json'),
            SHED_RETRY_DELAY_MS: '10',
          },
          stdio: 'pipe',
        },
      );
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      // 'close', not 'exit': at 'exit' the child's output may not all have been read yet.
      const exited = new Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }>(
        (resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })),
      );
      return { child, exited };
    };

    // Run B goes on in the background the whole time.
    const runB = shed(fileB);
    // Run A is killed three times once it has written something, and its journal torn each time. Its
    // writes are counted in the sandbox's store, by invoice: the store's write count is B's too, and
    // while B sends it reaches any mark before A has started, so A was killed in its start-up, taking
    // over the lock the run before left (killed holding that take-over, it refuses the next runs for 30 s).
    const stored = sandbox.state.receipts;
    const createdByA = () => [...stored.values()].filter((r) => /^Invoice A-/.test(r.notes ?? '')).length;
    const aAtKills: number[] = [];
    let killed = 0;
    for (let round = 0; round < 3; round += 1) {
      const start = createdByA();
      const runA = shed(fileA);
      const deadline = Date.now() + 30_000;
      let ended = false;
      void runA.exited.then(() => (ended = true));
      while (!ended && createdByA() < start + 5 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
      if (!ended) {
        runA.child.kill('SIGKILL');
        killed += 1;
        aAtKills.push(createdByA());
      }
      await runA.exited;
      await appendFile(join(dir, 'a.xlsx.journal.jsonl'), '{"at":"2026-11-24T00:00:00.000Z","organisationId":"');
    }
    expect(killed).toBeGreaterThanOrEqual(2);

    // The last run of A, and a second run of the same file started with it: one of them is refused.
    const [first, second] = await Promise.allSettled([
      runImportCli(url, { kind: 'receipts', file: fileA, concurrency: 6, client: FAST_BACKOFF }),
      new Promise((r) => setTimeout(r, 1)).then(() =>
        runImportCli(url, { kind: 'receipts', file: fileA, concurrency: 6, client: FAST_BACKOFF }),
      ),
    ]);
    const finished = [first, second].flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    const refused = [first, second].flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(refused.map((e) => e.code)).toEqual(['import_running']);
    const last = finished[0]!;
    expect(last.io.stderr.join('\n')).toMatch(/warning: the journal .*a.xlsx.journal.jsonl ended in a line cut short/);
    expect(last.summary.rows.created, last.io.stderr.join('\n')).toBe(INVOICES * 2);
    expect(last.summary.exitCode).toBe(0);

    const b1 = await runB.exited;
    const importsMs = Date.now() - t0;
    const injected = sandbox.stats.faultsInjected;
    sandbox.setFaults({});
    expect(b1.code, b1.stderr).toBe(0);
    expect(JSON.parse(b1.stdout).rows.created).toBe(INVOICES * 2);

    // Two runs of a third file under two results paths, under the same faults: they share the lock of
    // the file's content, so one is refused; a run under a third path finds every invoice unchanged.
    sandbox.setFaults(FAULTS);
    const c = generateInvoices(INVOICES / 2, 2, 33, 'C-');
    const fileC = join(dir, 'c.xlsx');
    await writeInvoicesXlsx(fileC, c);
    const cRuns = await Promise.allSettled(
      ['c-one', 'c-two'].map((name) =>
        runImportCli(url, {
          kind: 'receipts',
          file: fileC,
          concurrency: 6,
          client: FAST_BACKOFF,
          results: join(dir, `${name}.results.xlsx`),
        }),
      ),
    );
    const cDone = cRuns.flatMap((r) => (r.status === 'fulfilled' ? [r.value.summary] : []));
    const cRefused = cRuns.flatMap((r) => (r.status === 'rejected' ? [r.reason.code] : []));
    expect(cRefused).toEqual(['import_running']);
    expect(cDone.map((summary) => [summary.rows.created, summary.exitCode])).toEqual([[INVOICES, 0]]);
    const cAgain = await runImportCli(url, {
      kind: 'receipts',
      file: fileC,
      client: FAST_BACKOFF,
      results: join(dir, 'c-three.results.xlsx'),
    });
    expect([cAgain.summary.rows.unchanged, cAgain.summary.exitCode]).toEqual([INVOICES, 0]);
    sandbox.setFaults({});

    const receipts = await listAll(url, WILLOW, 'receipts');
    expectEachInvoiceOnce(receipts, a);
    expectEachInvoiceOnce(receipts, b);
    expectEachInvoiceOnce(receipts, c);
    expect(receipts.length).toBe(before + 2 * INVOICES + INVOICES / 2);
    console.info(
      `chaos: ${killed} kills (with ${aAtKills.join(', ')} of A's invoices in), both imports done in ${importsMs} ms, faults injected and survived: ${JSON.stringify(injected)}`,
    );
    expect(injected.failures).toBeGreaterThan(20);
    expect(injected.dropped).toBeGreaterThan(5);

    // Undo each run: exactly its own receipts go.
    sandbox.setFaults(FAULTS);
    const invoiceOf = (r: { notes: string | null }) => /^Invoice (\S+?)(;|$)/.exec(r.notes ?? '')?.[1] ?? '';
    const undoA = await undoCommand({
      baseUrl: url,
      token: 'demo-token-willow',
      journal: join(dir, 'a.xlsx.journal.jsonl'),
      yes: true,
      io: memoryIO({ SHED_RETRY_DELAY_MS: '10' }),
    });
    expect(undoA.deleted.length + undoA.alreadyGone.length, JSON.stringify(undoA)).toBe(INVOICES);
    expect(undoA.failed).toEqual([]);
    sandbox.setFaults({});
    const afterA = await listAll(url, WILLOW, 'receipts');
    expect(afterA.filter((r) => invoiceOf(r).startsWith('A-'))).toEqual([]);
    expect(afterA.filter((r) => invoiceOf(r).startsWith('B-'))).toHaveLength(INVOICES);
    sandbox.setFaults(FAULTS);
    const undoB = await undoCommand({
      baseUrl: url,
      token: 'demo-token-willow',
      journal: join(dir, 'b.xlsx.journal.jsonl'),
      yes: true,
      io: memoryIO({ SHED_RETRY_DELAY_MS: '10' }),
    });
    expect(undoB.deleted.length + undoB.alreadyGone.length).toBe(INVOICES);
    sandbox.setFaults({});
    expect((await listAll(url, WILLOW, 'receipts')).length).toBe(before + INVOICES / 2);
  }, 150_000);
});
