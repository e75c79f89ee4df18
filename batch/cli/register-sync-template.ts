/** Declares `shed sync` and `shed template` with their options on the command tree. */
import { Argument, type Command } from 'commander';
import { UsageError } from '../../shared/errors/usage-error.ts';
import { defaultMirrorDir } from '../mirror/mirror-dir.ts';
import type { ImportKind } from '../../shared/kinds/kind.ts';
import { DEFAULT_TIME_ZONE } from '../../shared/sheet/values/default-time-zone.ts';
import type { CommandIO } from '../ui/io.ts';

/**
 * Declares `shed sync [--dir DIR] [--full] [--json]` and
 * `shed template receipts|returns|stocktake --out FILE [--to DATE] [--storage NAME] [--force] [--offline] [--dir DIR] [--json]`
 * (PRODUCT.md, "The command line contract").
 */
export function registerSyncTemplate(program: Command, io: CommandIO, setStatus: (code: number) => void): void {
  const mirrors = `folder of mirrors, kept as DIR/<organisation id>/mirror.json (default ${defaultMirrorDir(io.env)}; SHED_MIRROR_DIR changes it)`;

  program
    .command('sync')
    .description(
      'incremental local mirror of the organisation (storages, product aliases, receipts, returns, products seen)',
    )
    .option('--dir <dir>', mirrors)
    .option('--full', 'fetch everything again and replace the mirror (also rebuilds a damaged one)')
    .option('--json', 'print a machine-readable summary on standard output')
    .action(async (_opts, cmd: Command) => {
      const { syncCommand } = await import('../commands/sync/index.ts');
      const summary = await syncCommand({ ...cmd.optsWithGlobals(), io });
      setStatus(summary.exitCode);
    });

  program
    .command('template')
    .description('workbook with the import headers and drop-down lists of storages, product names and units')
    .addArgument(new Argument('<kind>', 'what the workbook is for').choices(['receipts', 'returns', 'stocktake']))
    .requiredOption('--out <file.xlsx>', 'the workbook to write')
    .option('--to <date>', 'stocktake: the day of the count; each line expects the stock at the end of it')
    .option('--storage <name>', 'stocktake: only this storage')
    .option('--timezone <iana>', "stocktake: the farm's time zone for dates", DEFAULT_TIME_ZONE)
    .option('--force', 'replace the file if it exists')
    .option('--offline', 'take the lists from the local mirror (shed sync) instead of the service')
    .option('--dir <dir>', `with --offline: ${mirrors}`)
    .option('--json', 'print a machine-readable summary on standard output')
    .action(async (kind: ImportKind | 'stocktake', _opts, cmd: Command) => {
      const options = cmd.optsWithGlobals<{ out: string; to?: string; force?: boolean } & Record<string, unknown>>();
      const { refuseToOverwrite, templateCommand } = await import('../commands/template/index.ts');
      if (kind === 'stocktake') {
        // The expected closing of each line comes from the records: the ledger's export makes the sheet.
        if (!options.to) throw new UsageError('`shed template stocktake` needs --to DATE: the day of the count');
        await refuseToOverwrite(options.out, Boolean(options.force));
        const { exportCommand } = await import('../commands/export/index.ts');
        const summary = await exportCommand({ ...options, dataset: 'stocktake', io });
        setStatus(summary.exitCode);
        return;
      }
      const summary = await templateCommand({ ...options, kind, io });
      setStatus(summary.exitCode);
    });
}
