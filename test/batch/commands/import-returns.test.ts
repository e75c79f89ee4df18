import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { WILLOW, catalogue, productIds, storageId } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';

const FAULTS = {
  failureRate: 0.2,
  dropAfterCommitRate: 0.1,
  rateLimit: { requestsPerSecond: 150, retryAfterSeconds: 1 },
  jitterMs: 8,
  seed: 5,
};
const FAST_BACKOFF = { minRetryDelayMs: 20, maxRetryDelayMs: 2_000, retries: 8 };

/**
 * N returns as CSV rows (comma, CRLF, BOM), with what each must become. `byWeight`: the ids of the
 * products the organisation receives by weight (returned in kg; the others in L, as they are kept).
 */
function generatedReturns(count: number, byWeight: ReadonlySet<string>) {
  const aliases = [
    ...new Set(catalogue.product_aliases.filter((a) => a.organisation_id === WILLOW).map((a) => a.name)),
  ].filter((n) => n !== 'Wetter');
  return Array.from({ length: count }, (_, i) => ({
    Date: `${1 + (i % 28)}/${1 + (i % 12)}/2025`,
    'Return To': `Supplier ${i % 7}`,
    'From Shed': i % 2 ? 'Main Chemical Shed' : 'Seed Shed',
    Product: aliases[i % aliases.length]!,
    Amount: `${(i % 50) + 1}.5 ${byWeight.has(productIds(aliases[i % aliases.length]!).product_id) ? 'kg' : 'L'}`,
    Unit: '',
    'Credit Note': `CN-${10000 + i}`,
    Comments: i % 5 ? '' : '=not a formula',
  }));
}

describe('shed import returns', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
  afterEach(async () => {
    await sandbox?.close();
  });

  it('creates the four valid returns of the example and refuses the fifth; the results file re-imports with zero writes', async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    const dir = await mkdtemp(join(tmpdir(), 'shed-returns-'));
    const file = join(dir, 'returns.csv');
    await copyFile('examples/supplier-returns.csv', file);
    const before = await listAll(sandbox.url, WILLOW, 'returns');
    const { summary } = await runImportCli(sandbox.url, { kind: 'returns', file });
    expect(summary.records).toMatchObject({ created: 4, invalid: 1 });
    expect(summary.problems.join('\n')).toMatch(/row 6, column E \(Amount\): '0' must be greater than 0/);
    const created = (await listAll(sandbox.url, WILLOW, 'returns')).filter((r) => !before.some((b) => b.id === r.id));
    expect(
      created
        .map((r) => [r.reference, r.product_id, r.storage_id, r.amount_value, r.amount_unit, r.returned_at])
        .sort(),
    ).toEqual(
      [
        [
          'CN-7781',
          productIds('Glyfos 540').product_id,
          storageId('Main Chemical Shed'),
          '20',
          'l',
          '2026-02-12T00:00:00+11:00',
        ],
        [
          'CN-3310',
          productIds('MAP Granular').product_id,
          storageId('Fertiliser Bunker'),
          '1000',
          'kg',
          '2026-02-28T00:00:00+11:00',
        ],
        [
          'CN-0912',
          productIds('Bonito TT Canola').product_id,
          storageId('Seed Shed'),
          '40',
          'kg',
          '2026-03-05T00:00:00+11:00',
        ],
        [
          null,
          productIds('Tebushield 430').product_id,
          storageId('Main Chemical Shed'),
          '5',
          'l',
          '2026-03-18T00:00:00+11:00',
        ],
      ].sort(),
    );
    const results = Papa.parse<string[]>((await readFile(summary.resultsFile!, 'utf8')).replace(/^\uFEFF/, ''), {
      skipEmptyLines: true,
    }).data;
    expect(results[0]!.slice(-6)).toEqual(['Status', 'Record ID', 'Sequence', 'Line Item ID', 'Message', 'Updated At']);
    // Each return's version, as the service wrote it, for the next re-import's check.
    expect(results[1]![13]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
    expect(results.slice(1).map((r) => r[8])).toEqual(['created', 'created', 'created', 'created', 'invalid']);
    expect(results[1]![10]).toMatch(/^RET-\d{8}$/);

    const writes = sandbox.stats.writes;
    const again = await runImportCli(sandbox.url, { kind: 'returns', file: summary.resultsFile! });
    expect(sandbox.stats.writes).toBe(writes);
    expect(again.summary.records).toMatchObject({ unchanged: 4, invalid: 1 });

    // An edited amount in the results file updates that return with one PATCH.
    const edited = results.map((r) => [...r]);
    edited[1]![4] = '25';
    await writeFile(join(dir, 'edited.csv'), Papa.unparse(edited, { newline: '\r\n' }));
    const update = await runImportCli(sandbox.url, { kind: 'returns', file: join(dir, 'edited.csv') });
    expect(update.summary.records).toMatchObject({ updated: 1, unchanged: 3 });
    expect(sandbox.stats.writes).toBe(writes + 1);
    const changed = (await listAll(sandbox.url, WILLOW, 'returns')).find((r) => r.id === results[1]![9]);
    expect(changed.amount_value).toBe('25');
  });

  it('150 generated returns under faults: each created exactly once', async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    const dir = await mkdtemp(join(tmpdir(), 'shed-returns-faults-'));
    // Each product returned in the kind of unit the organisation receives it in (a return in another is refused).
    const receipts = await listAll(sandbox.url, WILLOW, 'receipts');
    const byWeight = new Set<string>(
      receipts.flatMap((r: { line_items: { product_id: string; pack_size_unit: string }[] }) =>
        r.line_items.filter((l) => ['kg', 'g', 't'].includes(l.pack_size_unit)).map((l) => l.product_id),
      ),
    );
    const rows = generatedReturns(150, byWeight);
    sandbox.setFaults(FAULTS);
    const file = join(dir, 'returns.csv');
    await writeFile(file, `\uFEFF${Papa.unparse(rows, { newline: '\r\n' })}`);
    const { summary, io } = await runImportCli(sandbox.url, {
      kind: 'returns',
      file,
      concurrency: 8,
      client: FAST_BACKOFF,
    });
    console.info(`faults injected and survived (150 returns): ${JSON.stringify(sandbox.stats.faultsInjected)}`);
    expect(summary.records.created, `${io.stderr.join('\n')}\n${await readFile(summary.resultsFile!, 'utf8')}`).toBe(
      150,
    );
    sandbox.setFaults({});
    const all = await listAll(sandbox.url, WILLOW, 'returns');
    for (const row of rows) {
      const found = all.filter((r) => r.reference === row['Credit Note']);
      expect(found, row['Credit Note']).toHaveLength(1);
      expect(found[0].product_id).toBe(productIds(row.Product).product_id);
    }
  }, 120_000);
});
