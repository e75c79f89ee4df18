import { existsSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { heapGuard } from '../../../batch/cli/heap.ts';
import { exitStatusFor } from '../../../batch/cli/exit-status.ts';
import { InputFileError } from '../../../batch/read/errors.ts';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { generateInvoices, writeInvoicesXlsx } from '../../support/generate-invoices.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';

// Issue 26, item 2: running out of memory is never how an import ends. The guard (batch/cli/heap.ts)
// is looked at between rows and records; past its watermark the run stops on its own.
describe('shed import near the memory limit', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true, faults: { latencyMs: 20 } });
  });
  afterAll(async () => {
    await sandbox.close();
  });

  async function workbook(count: number, prefix: string) {
    const dir = await mkdtemp(join(tmpdir(), 'shed-memory-'));
    const file = join(dir, 'invoices.xlsx');
    const invoices = generateInvoices(count, 2, 11, prefix);
    await writeInvoicesXlsx(file, invoices);
    return { dir, file, invoices };
  }

  it('past the watermark while sending: no new record, the results so far written, no lock left, exit 1', async () => {
    const { dir, file } = await workbook(20, 'MEMA-');
    const before = (await listAll(sandbox.url, WILLOW, 'receipts')).length;
    const writesAtStart = sandbox.stats.writes;
    // The heap "fills up" once three receipts are created: an artificial limit, the real path after it.
    const guard = {
      limitBytes: 1024 ** 3,
      used: () => 0,
      over: () => sandbox.stats.writes - writesAtStart >= 3,
    };
    const { summary, io } = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file,
      concurrency: 1,
      memoryGuard: guard,
    });
    const created = (await listAll(sandbox.url, WILLOW, 'receipts')).length - before;
    expect(created).toBeGreaterThanOrEqual(3);
    expect(created).toBeLessThan(20);
    expect(summary.exitCode).toBe(1);
    expect(summary.interrupted).toBe(true);
    expect(summary.records.created).toBe(created);
    expect(summary.warnings.join('\n')).toMatch(/memory: .*no further records were sent/);
    expect([...io.stdout, ...io.stderr].join('\n')).toMatch(/INTERRUPTED: the rest were not sent/);
    // The results file holds each created record's rows with its id; the journal, every create.
    const results = new ExcelJS.Workbook();
    await results.xlsx.readFile(join(dir, 'invoices.results.xlsx'));
    const sheet = results.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).map(String);
    const status = header.indexOf('Status');
    const statuses: string[] = [];
    sheet.eachRow((row, n) => n > 1 && statuses.push(String(row.getCell(status).value)));
    expect(statuses.filter((s) => s === 'created')).toHaveLength(created * 2);
    const journal = (await readFile(join(dir, 'invoices.xlsx.journal.jsonl'), 'utf8')).trim().split('\n');
    expect(journal.filter((l) => JSON.parse(l).type === 'created')).toHaveLength(created);
    expect(existsSync(join(dir, 'invoices.journal.lock'))).toBe(false);
  }, 60_000);

  it('past the watermark before sending: a typed refusal (exit 2), nothing sent, no lock left', async () => {
    const { dir, file } = await workbook(5, 'MEMB-');
    const before = (await listAll(sandbox.url, WILLOW, 'receipts')).length;
    // A real heap guard with a 1 MB watermark: every look at V8's heap is past it.
    const error = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file,
      memoryGuard: heapGuard({ SHED_MEMORY_LIMIT_MB: '1' }),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputFileError);
    expect((error as InputFileError).code).toBe('memory_limit');
    expect((error as Error).message).toMatch(/invoices\.xlsx, sheet .*more than the 1 MB of memory.*Nothing was sent/);
    expect(exitStatusFor(error)).toBe(2);
    expect((await listAll(sandbox.url, WILLOW, 'receipts')).length).toBe(before);
    expect(existsSync(join(dir, 'invoices.journal.lock'))).toBe(false);
  }, 60_000);

  it('a results workbook that would not fit under the watermark: the results in the fallback CSV, said, exit 1', async () => {
    const { dir, file } = await workbook(4, 'MEMC-');
    // Room for 20 cells of results workbook (400 bytes each): the sheet has more.
    const guard = { limitBytes: 20 * 400, used: () => 0, over: () => false };
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, memoryGuard: guard });
    expect(summary.records.created).toBe(4);
    expect(summary.exitCode).toBe(1);
    expect(summary.resultsFile).toBe(join(dir, 'invoices.xlsx.results-fallback.csv'));
    expect(summary.resultsFailure?.reason).toMatch(
      /invoices\.xlsx, sheet \w+ has \d+ cells: copying them into a results workbook/,
    );
    const csv = (await readFile(join(dir, 'invoices.xlsx.results-fallback.csv'), 'utf8')).trim().split(/\r?\n/);
    expect(csv).toHaveLength(1 + 8);
    expect(csv.slice(1).every((line) => /,created,/.test(line))).toBe(true);
    expect(existsSync(join(dir, 'invoices.results.xlsx'))).toBe(false);
    expect(existsSync(join(dir, 'invoices.journal.lock'))).toBe(false);
  }, 60_000);

  it('the guard from SHED_MEMORY_LIMIT_MB, else a share of V8 heap limit, runs a collection before it says so', () => {
    expect(heapGuard({ SHED_MEMORY_LIMIT_MB: '1' }).over()).toBe(true);
    expect(heapGuard({ SHED_MEMORY_LIMIT_MB: '100000' }).over()).toBe(false);
    const guard = heapGuard({});
    expect(guard.limitBytes).toBeGreaterThan(256 * 1024 * 1024);
    expect(guard.over()).toBe(false);
  });
});
