/** Declares `shed export DATASET` and its options on the command tree. */
import { Argument, Option, type Command } from 'commander';
import { DATASETS } from '../../shared/export/datasets/dataset-names.ts';
import { DEFAULT_TIME_ZONE } from '../../shared/sheet/values/default-time-zone.ts';
import type { CommandIO } from '../ui/io.ts';

/**
 * Declares `shed export DATASET [options]` (PRODUCT.md, "The command line contract") on
 * `program`; the action reports its exit status through `setStatus` (errors reach main's catch).
 */
export function registerExport(program: Command, io: CommandIO, setStatus: (code: number) => void): void {
  program
    .command('export')
    .description('export records for audits to .xlsx or .csv')
    .addArgument(new Argument('<dataset>', 'what to export').choices(DATASETS))
    .addOption(
      new Option('--format <format>', "file format (default: from --out's extension, else xlsx)").choices([
        'xlsx',
        'csv',
      ]),
    )
    .option('--out <file>', 'output file (default: <dataset>-<YYYY-MM-DD>.xlsx in the current directory)')
    .option('--from <date>', 'first received or returned date, inclusive (3/2/2026 day first, or 2026-02-03)')
    .option('--to <date>', 'last received or returned date, inclusive')
    .option('--storage <name>', 'only records in this storage')
    .option('--since <iso>', 'only records changed since this time (ISO 8601, e.g. 2026-03-01T00:00:00Z)')
    .option(
      '--stocktake <file>',
      'ledger: a stocktake sheet (xlsx or csv) of counted quantities at --to, reconciled with the closing',
    )
    .option(
      '--tolerance <percent>',
      'ledger with --stocktake: flag a variance over this percentage of the closing',
      '1',
    )
    .option('--timezone <iana>', "the farm's time zone for dates", DEFAULT_TIME_ZONE)
    .option('--no-bom', 'CSV without the UTF-8 byte-order mark')
    .option('--force', 'replace the --out file even when it is not an earlier export (a workbook of your own)')
    .option('--json', 'print a machine-readable summary on standard output')
    .option('--offline', 'export from the local mirror of `shed sync`, without the service')
    .option('--dir <dir>', 'folder of mirrors for --offline (default: as shed sync)')
    .action(async (dataset: string, _opts, cmd: Command) => {
      const { exportCommand } = await import('../commands/export/index.ts');
      const summary = await exportCommand({ ...cmd.optsWithGlobals(), dataset, io });
      setStatus(summary.exitCode);
    });
}
