// `npm run demo`: the main job end to end on the local sandbox. Starts the sandbox in this process,
// imports the example supplier invoices as receipts (six invoices are refused on purpose: see
// examples/README.md), writes the results beside them in out/, then exports the movements of the
// imported invoices to out/movements.xlsx (shed export movements --since <before the import>) and
// the stock ledger of February and March to out/ledger.xlsx (shed export ledger --from --to).
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '../sandbox/index.ts';
import { exportCommand } from './commands/export/index.ts';
import { importCommand } from './commands/import/index.ts';
import { journalPathForInput } from './journal/file-journal.ts';
import { processIO, type CommandIO } from './ui/io.ts';

const INPUT = 'examples/supplier-invoices.xlsx';

/** Said before the import, so the refusals it prints are not taken for the demo failing. */
const DELIBERATE =
  'The example sheet holds invoices with deliberate mistakes, to show how shed refuses them: the refusals below are expected (see examples/README.md).';

/**
 * Runs the demo into the folder `out` (default `out/`), writing to `io` (default the terminal).
 * Each run starts a fresh sandbox, so the results and journal an earlier run left in `out` describe
 * records that are gone: they are removed first (the journal of another service would be refused).
 * @throws whatever the import or the exports throw (typed errors of shared/errors).
 */
export async function demo(out = 'out', io: CommandIO = processIO()): Promise<void> {
  const sandbox = await startSandbox({ port: 0, quiet: true });
  try {
    await mkdir(out, { recursive: true });
    const results = join(out, 'supplier-invoices.results.xlsx');
    // The journal of today's naming, and the one of the earlier naming (NAME.journal.jsonl).
    for (const stale of [results, journalPathForInput(INPUT, results), join(out, 'supplier-invoices.journal.jsonl')])
      await rm(stale, { force: true });
    io.err(`Sandbox at ${sandbox.url}; importing examples/supplier-invoices.xlsx into Willow Creek Pastoral Co\n`);
    io.err(`${DELIBERATE}\n`);
    const connection = { baseUrl: sandbox.url, token: 'demo-token-willow', org: 'Willow Creek Pastoral Co' };
    const beforeImport = new Date().toISOString();
    const summary = await importCommand({
      ...connection,
      kind: 'receipts',
      file: INPUT,
      results,
      io,
    });
    io.err(
      `\nResults file: ${summary.resultsFile} (Status, Record ID, Sequence, Line Item ID, Message, Updated At per row)`,
    );
    io.err('\nExporting the movements of the imported invoices');
    await exportCommand({
      ...connection,
      dataset: 'movements',
      since: beforeImport,
      out: join(out, 'movements.xlsx'),
      // The demo's own folder: its files are replaced on every run, whoever wrote them.
      force: true,
      io,
    });
    io.err('\nExporting the stock ledger of February and March 2026 (opening balances from everything before)');
    await exportCommand({
      ...connection,
      dataset: 'ledger',
      from: '2026-02-01',
      to: '2026-03-31',
      out: join(out, 'ledger.xlsx'),
      force: true,
      io,
    });
  } finally {
    await sandbox.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // One line saying what failed, not a stack trace: the demo is the first thing a user runs.
  await demo().catch((error: Error) => {
    process.stderr.write(`The demo failed: ${error.message}\n`);
    process.exitCode = 1;
  });
}
