import { Argument, type Command } from 'commander';
import { syncCommand } from '../commands/sync/index.ts';
import { templateCommand } from '../commands/template/index.ts';
import { defaultMirrorDir } from '../mirror/mirror-file.ts';
import type { CommandIO } from '../ui/io.ts';

/**
 * Declares `shed sync [--dir DIR] [--full] [--json]` and
 * `shed template receipts|returns --out FILE [--force] [--offline] [--dir DIR] [--json]`
 * (PRODUCT.md, "The command line contract"; issue 5 parts 4 and 5).
 */
export function registerSyncTemplate(program: Command, io: CommandIO, setStatus: (code: number) => void): void {
  const mirrors = `folder of mirrors, kept as DIR/<organisation id>/mirror.json (default ${defaultMirrorDir(io.env)}; SHED_MIRROR_DIR changes it)`;

  program
    .command('sync')
    .description('incremental local mirror of the organisation (storages, product aliases, receipts, returns, products seen)')
    .option('--dir <dir>', mirrors)
    .option('--full', 'fetch everything again and replace the mirror (also rebuilds a damaged one)')
    .option('--json', 'print a machine-readable summary on standard output')
    .action(async (_opts, cmd: Command) => {
      const summary = await syncCommand({ ...cmd.optsWithGlobals(), io });
      setStatus(summary.exitCode);
    });

  program
    .command('template')
    .description('workbook with the import headers and drop-down lists of storages, product names and units')
    .addArgument(new Argument('<kind>', 'what the workbook is for').choices(['receipts', 'returns']))
    .requiredOption('--out <file.xlsx>', 'the workbook to write')
    .option('--force', 'replace the file if it exists')
    .option('--offline', 'take the lists from the local mirror (shed sync) instead of the service')
    .option('--dir <dir>', `with --offline: ${mirrors}`)
    .option('--json', 'print a machine-readable summary on standard output')
    .action(async (kind: 'receipts' | 'returns', _opts, cmd: Command) => {
      const summary = await templateCommand({ ...cmd.optsWithGlobals(), kind, io });
      setStatus(summary.exitCode);
    });
}
