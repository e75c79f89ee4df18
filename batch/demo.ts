// `npm run demo`: the main job end to end on the local sandbox. Starts the sandbox in this process,
// imports the example supplier invoices as receipts (six invoices are refused on purpose: see
// examples/README.md), writes the results beside them in out/, then exports the movements of the
// imported invoices to out/movements.xlsx (shed export movements --since <before the import>) and
// the stock ledger of February and March to out/ledger.xlsx (shed export ledger --from --to).
import { mkdir } from 'node:fs/promises';
import { startSandbox } from '../sandbox/index.ts';
import { exportCommand } from './commands/export/index.ts';
import { importCommand } from './commands/import/index.ts';
import { processIO } from './ui/io.ts';

const OUT = 'out';

async function demo(): Promise<void> {
  const sandbox = await startSandbox({ port: 0, quiet: true });
  const io = processIO();
  try {
    await mkdir(OUT, { recursive: true });
    io.err(`Sandbox at ${sandbox.url}; importing examples/supplier-invoices.xlsx into Willow Creek Pastoral Co\n`);
    const connection = { baseUrl: sandbox.url, token: 'demo-token-willow', org: 'Willow Creek Pastoral Co' };
    const beforeImport = new Date().toISOString();
    const summary = await importCommand({
      ...connection,
      kind: 'receipts',
      file: 'examples/supplier-invoices.xlsx',
      results: `${OUT}/supplier-invoices.results.xlsx`,
      io,
    });
    io.err(
      `\nResults file: ${summary.resultsFile} (Status, Record ID, Sequence, Line Item ID, Message, Updated At per row)`,
    );
    io.err('\nExporting the movements of the imported invoices');
    await exportCommand({ ...connection, dataset: 'movements', since: beforeImport, out: `${OUT}/movements.xlsx`, io });
    io.err('\nExporting the stock ledger of February and March 2026 (opening balances from everything before)');
    await exportCommand({
      ...connection,
      dataset: 'ledger',
      from: '2026-02-01',
      to: '2026-03-31',
      out: `${OUT}/ledger.xlsx`,
      io,
    });
  } finally {
    await sandbox.close();
  }
}

await demo();
