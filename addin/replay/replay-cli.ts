/**
 * `npm run addin:replay -- FILE.xlsx --base-url URL --token TOKEN [--org ORG] [--sheet NAME] [--out FILE.xlsx]`:
 * runs the task pane's own import path headless (replay-import.ts) and prints what the pane showed.
 * Exit status as the CLI's: 0 all rows done, 1 some refused, 2 usage or unreadable input, 3 connection.
 * The token comes from `--token` or SHED_TOKEN and is never printed.
 */
import { Command, Option } from 'commander';
import { ShedError } from '../../shared/errors/shed-error.ts';
import { IMPORT_KINDS, type ImportKind } from '../../shared/kinds/index.ts';
import { EXIT, exitStatusFor } from '../../batch/cli/exit-status.ts';
import { replayImport, type ReplayOptions } from './replay-import.ts';

/** Parses `argv` (as `process.argv`), replays, prints; resolves to the exit status. */
export async function replayMain(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const program = new Command('addin:replay')
    .description("Run the task pane's import on a workbook, headless, and save the workbook as the pane leaves it")
    .argument('<file>', 'the .xlsx workbook')
    .option('--base-url <url>', 'the service (default: SHED_BASE_URL)')
    .option('--token <token>', 'the API token (default: SHED_TOKEN)')
    .option('--org <id-or-name>', 'the organisation, when the token sees several (default: SHED_ORG)')
    .option('--sheet <name>', 'the sheet (default: the active sheet)')
    .addOption(new Option('--kind <kind>', 'receipts or returns').choices(IMPORT_KINDS).default('receipts'))
    .addOption(new Option('--date-order <order>', 'ambiguous dates').choices(['DMY', 'MDY', 'YMD']))
    .option('--timezone <zone>', "the farm's IANA time zone")
    .option('--prices-include-gst', "tick 'Prices include GST'")
    .option('--include-hidden', 'import hidden and filtered-out rows too')
    .option('--allow-duplicates', 'send invoices the service already holds')
    .option('--dry-run', 'Validate instead of Import')
    .option('--out <file>', 'save the workbook as the pane left it')
    .option('--json', 'print the outcome as JSON')
    .exitOverride();
  try {
    program.parse(argv);
  } catch {
    return EXIT.usage;
  }
  const flags = program.opts<Record<string, string | boolean | undefined>>();
  const baseUrl = (flags.baseUrl as string | undefined) ?? env.SHED_BASE_URL;
  const token = (flags.token as string | undefined) ?? env.SHED_TOKEN;
  if (!baseUrl || !token) {
    process.stderr.write(
      'addin:replay: give the service with --base-url (or SHED_BASE_URL) and the token with --token (or SHED_TOKEN)\n',
    );
    return EXIT.usage;
  }
  const org = (flags.org as string | undefined) ?? env.SHED_ORG;
  const options: ReplayOptions = {
    file: program.args[0]!,
    baseUrl,
    token,
    ...(org ? { org } : {}),
    ...(flags.sheet ? { sheet: flags.sheet as string } : {}),
    kind: flags.kind as ImportKind,
    ...(flags.dateOrder ? { dateOrder: flags.dateOrder as 'DMY' } : {}),
    ...(flags.timezone ? { timeZone: flags.timezone as string } : {}),
    ...(flags.pricesIncludeGst ? { pricesIncludeGst: true } : {}),
    includeHidden: Boolean(flags.includeHidden),
    allowDuplicates: Boolean(flags.allowDuplicates),
    dryRun: Boolean(flags.dryRun),
    ...(flags.out ? { out: flags.out as string } : {}),
  };
  try {
    const outcome = await replayImport(options);
    if (flags.json) process.stdout.write(`${JSON.stringify(outcome, null, 2)}\n`);
    else {
      for (const line of [...outcome.problems, ...outcome.warnings]) process.stderr.write(`${line}\n`);
      process.stderr.write(`${outcome.status?.text ?? ''}${outcome.out ? ` Workbook saved as ${outcome.out}.` : ''}\n`);
    }
    return outcome.exitCode;
  } catch (error) {
    process.stderr.write(
      `addin:replay: ${error instanceof ShedError || error instanceof Error ? error.message : String(error)}\n`,
    );
    return exitStatusFor(error);
  }
}

process.exitCode = await replayMain(process.argv);
