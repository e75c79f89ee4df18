// The duplicate corpus of issue 21 (item 4), generated here: 500 invoices already in the service, and a
// workbook of 570 more in which 50 duplicates are planted: 20 under a spelling variant of their
// supplier, 10 re-exported as they are, 10 halves of an invoice split across two sheets (its other half
// is in the service), 10 repeated within the file under another spelling. 20 near misses (a number
// the service holds, from another supplier) and 500 new invoices must not be flagged. A dry run over
// the real sandbox (real .xlsx) decides each invoice; ≥ 49 caught, ≤ 2 false alarms.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportReport } from '../../../../shared/import/import-sheet.ts';
import { startSandbox } from '../../../../sandbox/index.ts';
import { generateInvoices, writeInvoicesXlsx, type GeneratedInvoice } from '../../../support/generate-invoices.ts';
import { runImportCli } from '../../../support/import.ts';

const SPELLINGS: ((name: string) => string)[] = [
  (n) => n.toUpperCase(),
  (n) => `${n.replace(/ Pty Ltd$/, '')} Pty. Ltd.`,
  (n) => n.toLowerCase().replace(/ pty ltd$/, ''),
  (n) => `${n.replace(/ Pty Ltd$/, '')} Limited`,
  (n) => `  ${n.replace(/ /g, '  ')} `,
];

type Planted = 'variant' | 'reexport' | 'split' | 'in-file' | null;

describe('the duplicate corpus: 1,070 invoices, 50 planted duplicates', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  const held = generateInvoices(500, 2, 71, 'HELD-');

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-dup-corpus-'));
    await writeInvoicesXlsx(join(dir, 'held.xlsx'), held);
    const seeded = await runImportCli(sandbox.url, { kind: 'receipts', file: join(dir, 'held.xlsx'), concurrency: 8 });
    expect(seeded.summary.records.created).toBe(500);
  }, 120_000);
  afterAll(async () => {
    await sandbox?.close();
  });

  it('catches at least 49 of the 50 with at most 2 false alarms', async () => {
    const fresh = generateInvoices(500, 2, 72, 'NEW-');
    const suppliers = [...new Set(held.map((i) => i.supplier))];
    const corpus: { invoice: GeneratedInvoice; planted: Planted }[] = fresh.map((invoice) => ({
      invoice,
      planted: null,
    }));
    const plant = (at: number, invoice: GeneratedInvoice, planted: Planted) =>
      corpus.splice(Math.min(at, corpus.length), 0, { invoice, planted });
    for (let k = 0; k < 20; k += 1) {
      const original = held[k * 7]!;
      plant(k * 25, { ...original, supplier: SPELLINGS[k % SPELLINGS.length]!(original.supplier) }, 'variant');
    }
    for (let k = 0; k < 10; k += 1) plant(k * 50 + 3, held[200 + k]!, 'reexport');
    for (let k = 0; k < 10; k += 1) {
      // The service holds the first sheet's half; this is the second sheet's: the same number, other lines.
      const original = held[300 + k]!;
      plant(
        k * 50 + 11,
        { ...original, lines: [{ ...original.lines[1]!, quantity: original.lines[1]!.quantity + 3 }] },
        'split',
      );
    }
    for (let k = 0; k < 20; k += 1) {
      // Near misses: a number the service holds, from another supplier.
      const original = held[400 + k]!;
      const other = suppliers.find((s) => s !== original.supplier)!;
      plant(k * 25 + 17, { ...original, supplier: other }, null);
    }
    for (let k = 0; k < 10; k += 1) {
      const original = fresh[k * 40]!;
      plant(
        corpus.length,
        { ...original, supplier: SPELLINGS[(k + 1) % SPELLINGS.length]!(original.supplier) },
        'in-file',
      );
    }
    expect(held.length + corpus.length).toBeGreaterThanOrEqual(1000);
    expect(corpus.filter((c) => c.planted)).toHaveLength(50);

    await writeInvoicesXlsx(
      join(dir, 'month.xlsx'),
      corpus.map((c) => c.invoice),
    );
    let report: ImportReport | undefined;
    const { summary } = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file: join(dir, 'month.xlsx'),
      dryRun: true,
      onReport: (r) => (report = r),
    });
    const outcomesOf = new Map<string, ImportReport['outcomes']>();
    for (const outcome of report!.outcomes)
      outcomesOf.set(outcome.label, [...(outcomesOf.get(outcome.label) ?? []), outcome]);
    const pasted = new Set(corpus.filter((c) => c.planted === 'in-file').map((c) => c.invoice.invoice));
    const refusedAsPasted = new Set(
      report!.results.filter((r) => /is in the sheet twice/.test(r.message ?? '')).map((r) => r.rowNumber),
    );
    type Outcome = ImportReport['outcomes'][number];
    const caughtIn = (o: Outcome) =>
      ['unchanged', 'duplicate', 'conflict'].includes(o.first?.status ?? '') ||
      (o.first?.status === 'invalid' && o.rowNumbers.some((n) => refusedAsPasted.has(n)));
    const byKind = new Map<string, number>();
    let caught = 0;
    let falseAlarms = 0;
    for (const { invoice, planted } of corpus) {
      const outcomes = outcomesOf.get(`invoice ${invoice.invoice}`) ?? [];
      if (planted) {
        // The planted copy, whichever outcome is its (a pasted copy may have joined its original).
        const hit = outcomes.some(caughtIn);
        if (hit) {
          caught += 1;
          byKind.set(planted, (byKind.get(planted) ?? 0) + 1);
        }
      } else if (!pasted.has(invoice.invoice)) {
        // An invoice pasted twice refuses its original too (which copy is right is the bookkeeper's call).
        const status = outcomes[0]?.first?.status;
        if (outcomes[0] && caughtIn(outcomes[0])) falseAlarms += 1;
        else expect(status, outcomes[0]?.first?.message).toBe('would create');
      }
    }
    console.info(
      `duplicate corpus: ${held.length + corpus.length} invoices, 50 planted: ${caught} caught (${[...byKind].map(([k, n]) => `${k} ${n}`).join(', ')}), ${falseAlarms} false alarms; exit ${summary.exitCode}`,
    );
    expect(caught).toBeGreaterThanOrEqual(49);
    expect(falseAlarms).toBeLessThanOrEqual(2);
  }, 120_000);
});
