import { spawn } from 'node:child_process';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { generateInvoices, writeInvoicesXlsx } from '../../support/generate-invoices.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';
import { expectEachInvoiceOnce } from '../../support/verify.ts';

describe('Ctrl-C during an import', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
  afterAll(async () => {
    await sandbox?.close();
  });

  it('stops starting requests, finishes those in flight, writes results and journal, says what was not done', async () => {
    sandbox = await startSandbox({ port: 0, quiet: true, faults: { latencyMs: 60 } });
    const dir = await mkdtemp(join(tmpdir(), 'shed-sigint-'));
    const invoices = generateInvoices(80, 2, 3);
    const file = join(dir, 'generated.xlsx');
    await writeInvoicesXlsx(file, invoices);
    const before = (await listAll(sandbox.url, WILLOW, 'receipts')).length;

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
        '2',
      ],
      {
        env: { ...process.env, SHED_TOKEN: 'demo-token-willow', SHED_CONFIG: join(dir, 'config.json') },
        stdio: 'pipe',
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const deadline = Date.now() + 30_000;
    while (sandbox.stats.writes < 10 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    child.kill('SIGINT');
    expect(await exited, stderr).toBe(1);
    expect(stderr).toMatch(/Interrupted: finishing requests in flight/);
    expect(stderr).toMatch(/INTERRUPTED: the rest were not sent/);
    // Records the stop left unsent are counted as such, not as failed.
    expect(stderr).toMatch(/\d+ receipts? not sent;/);
    expect(stderr).not.toMatch(/receipts? failed/);

    // Everything the service holds from this run is in the journal and the results file.
    const created = (await listAll(sandbox.url, WILLOW, 'receipts')).length - before;
    expect(created).toBeGreaterThanOrEqual(10);
    expect(created).toBeLessThan(80);
    const journal = (await readFile(join(dir, 'generated.xlsx.journal.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(journal.filter((e) => e.type === 'created')).toHaveLength(created);
    expect((await stat(join(dir, 'generated.results.xlsx'))).size).toBeGreaterThan(0);

    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, concurrency: 8 });
    expect(summary.rows.created).toBe(160);
    expectEachInvoiceOnce(await listAll(sandbox.url, WILLOW, 'receipts'), invoices);
  }, 90_000);
});
