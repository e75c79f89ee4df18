import { spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { generateInvoices, writeInvoicesXlsx } from '../../support/generate-invoices.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';
import { expectEachInvoiceOnce } from '../../support/verify.ts';

describe('a run killed with SIGKILL halfway and started again', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
  afterAll(async () => {
    await sandbox?.close();
  });

  it('ends with every invoice exactly once and every row created', async () => {
    // Some latency and dropped answers, so the kill lands with requests in flight and answers lost.
    sandbox = await startSandbox({
      port: 0,
      quiet: true,
      faults: { latencyMs: 40, jitterMs: 20, dropAfterCommitRate: 0.05, seed: 9 },
    });
    const dir = await mkdtemp(join(tmpdir(), 'shed-kill-'));
    const invoices = generateInvoices(120, 2, 99);
    const file = join(dir, 'generated.xlsx');
    await writeInvoicesXlsx(file, invoices);

    const child = spawn(
      process.execPath,
      [
        'batch/bin/shed.js',
        'import',
        'receipts',
        file,
        '--base-url',
        sandbox.url,
        '--org',
        'Willow Creek Pastoral Co',
        '--concurrency',
        '6',
      ],
      {
        env: { ...process.env, SHED_TOKEN: 'demo-token-willow', SHED_CONFIG: join(dir, 'config.json') },
        stdio: 'pipe',
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal ? -1 : _code)),
    );
    // Kill once some receipts are in the service, with others in flight.
    const deadline = Date.now() + 60_000;
    while (sandbox.stats.writes < 40 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    child.kill('SIGKILL');
    expect(await exited, stderr).toBe(-1);
    const afterKill = sandbox.stats.writes;
    expect(afterKill).toBeGreaterThanOrEqual(40);
    expect(afterKill).toBeLessThan(120);
    const journal = await readFile(join(dir, 'generated.xlsx.journal.jsonl'), 'utf8');
    expect(journal).toContain('"type":"intent"');

    // Requests the server was still serving when the client died finish now; then run again.
    await new Promise((r) => setTimeout(r, 300));
    sandbox.setFaults({ latencyMs: 5 });
    const { summary, io } = await runImportCli(sandbox.url, { kind: 'receipts', file, concurrency: 6 });
    expect(summary.rows.created, io.stderr.join('\n')).toBe(240);
    expect(summary.exitCode).toBe(0);
    expectEachInvoiceOnce(await listAll(sandbox.url, WILLOW, 'receipts'), invoices);
  }, 120_000);
});
