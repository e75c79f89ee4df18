/**
 * The `shed` command tree: every command of the contract declared on commander, each loading its
 * module only when it runs, so `shed --help` stays fast.
 */
import type { Command } from 'commander';
import { registerExport } from './register-export.ts';
import { registerRecipes } from './register-recipes.ts';
import { registerSyncTemplate } from './register-sync-template.ts';
import { DEFAULT_TIME_ZONE } from '../../shared/sheet/values/default-time-zone.ts';
import type { CommandIO } from '../ui/io.ts';
import { askYesNo, readHiddenLine } from '../ui/hidden-input.ts';
import { dateOrder, wholeNumber } from './option-parsers.ts';
import { IMPORT_KINDS, type ImportKind } from '../../shared/kinds/index.ts';
import { ADAPTIVE_CONCURRENCY } from '../../shared/client/concurrency.ts';

/** What `shed import KIND` does, per kind. */
const IMPORT_DESCRIPTIONS: Readonly<Record<ImportKind, string>> = {
  receipts: 'create or update receipts from supplier invoices',
  returns: 'create or update returns',
};

/**
 * Declares every command of the contract (PRODUCT.md, "The command line contract") on `program`;
 * each action loads its command's module only when it runs (so `shed --help` loads none), calls
 * its function and reports its exit status through `setStatus`.
 */
// eslint-disable-next-line max-lines-per-function -- a declaration list, one command after another, read as the help text is
export function registerCommands(program: Command, io: CommandIO, setStatus: (code: number) => void): void {
  program
    .option('--base-url <url>', 'service URL (or SHED_BASE_URL, or the saved config)')
    .option('--token <token>', 'API token (or SHED_TOKEN, or the saved config); prefer `shed login`')
    .option('--org <id-or-name>', 'organisation (or SHED_ORG); not needed when the token sees one')
    .option(
      '--locale <locale>',
      'dates and numbers as en-AU, en-NZ, en-GB or en-US write them (or SHED_LOCALE, or the saved config; default en-AU)',
    );

  program
    .command('login')
    .description('ask for the token (hidden input), check it, save the config')
    .action(async (_opts, cmd: Command) => {
      const { baseUrl, org } = cmd.optsWithGlobals();
      const { loginCommand } = await import('../commands/login/index.ts');
      await loginCommand({ baseUrl, org, io, readToken: () => readHiddenLine('API token: ') });
    });

  program
    .command('orgs')
    .description('organisations the token can access')
    .option('--json', 'print JSON')
    .action(async (_opts, cmd: Command) => {
      const { orgsCommand } = await import('../commands/orgs/index.ts');
      await orgsCommand({ ...cmd.optsWithGlobals(), io });
    });

  const importer = program.command('import').description('create or update records from .xlsx, .xls, .ods or .csv');
  for (const kind of IMPORT_KINDS) {
    importer
      .command(kind)
      .description(IMPORT_DESCRIPTIONS[kind])
      .argument('<files...>', '.xlsx, .xls, .ods or .csv files (each sheet gets its own results file)')
      .option('--sheet <name>', 'worksheet to read (default: the first with data); repeatable', collect)
      .option('--all-sheets', 'import every sheet of each workbook (sheets that do not map are skipped, and said)')
      .option('--mapping <file.json>', 'a saved column mapping (print one with --dry-run)')
      .option('--dry-run', 'validate and resolve, send nothing')
      .option(
        '--concurrency <n>',
        `requests in flight at once, fixed (default: adaptive, from ${ADAPTIVE_CONCURRENCY.initial} up to ${ADAPTIVE_CONCURRENCY.max}, following how the service answers)`,
        wholeNumber,
      )
      .option('--results <file>', 'results file (default: NAME.results.xlsx or .csv beside the input)')
      .option(
        '--date-order <order>',
        "reading of ambiguous dates: DMY, MDY or YMD, in any case (default: the locale's, MDY in en-US, DMY otherwise)",
        dateOrder,
      )
      .option(
        '--prices-include-gst',
        'the price columns include GST: take it off each pack cost (default: they exclude it)',
      )
      .option('--gst-rate <percent>', 'GST rate with --prices-include-gst (default 10)', Number)
      .option('--profile <name>', 'use this saved profile (default: the one whose headers the sheet has)')
      .option('--save-profile <name>', 'save the mapping used as a profile, for sheets with the same headers')
      .option(
        '--skip-line <text>',
        'leave out lines whose product contains this word, in any case (Freight, Discount, Rounding); repeatable',
        collect,
      )
      .option(
        '--set <field=value>',
        'one value for every row of a field the sheet has no column for, e.g. storage="Main Chemical Shed" (repeatable)',
        collect,
      )
      .option('--timezone <iana>', "the farm's time zone for dates", DEFAULT_TIME_ZONE)
      .option('--json', 'print a machine-readable summary on standard output')
      .option(
        '--allow-duplicates <reason>',
        'send invoices the service already holds (same supplier and invoice number, or same content); the reason is kept in the journal',
      )
      .option('--force', "update records that changed in the service since the sheet's Updated At")
      .option('--max-rows <n>', 'rows of one sheet read at most (default 300,000)', wholeNumber)
      .option(
        '--settle-ms <ms>',
        'a CSV whose last line has no line end is read only once unchanged this long (default 2000)',
        wholeNumber,
      )
      .option('--include-hidden', 'also import rows the workbook hides or filters out (default: left out, and said)')
      .action(async (files: string[], _opts, cmd: Command) => {
        const interrupt = interruptible(io);
        try {
          const { sheet: sheets, ...options } = cmd.optsWithGlobals();
          const { importManyCommand } = await import('../commands/import/many.ts');
          const summary = await importManyCommand({ ...options, sheets, kind, files, io, signal: interrupt.signal });
          setStatus(summary.exitCode);
        } finally {
          interrupt.release();
        }
      });
  }

  program
    .command('undo')
    .description('take back what one import run wrote (deletes what it created, restores what it updated)')
    .argument('<journal>', "the run's journal, NAME.xlsx.journal.jsonl (or NAME.csv.…) beside its results file")
    .option('--yes', 'do not ask for confirmation')
    .option('--force', 'also undo records changed in the service since the run wrote them')
    .option('--timezone <iana>', "the farm's time zone the import ran with (to find records whose answer was lost)")
    .option('--json', 'print a machine-readable summary on standard output')
    .action(async (journal: string, _opts, cmd: Command) => {
      // Without a terminal there is no one to ask: undoCommand then requires --yes (exit 2).
      const confirm = process.stdin.isTTY ? askYesNo : undefined;
      const { undoCommand } = await import('../commands/undo/index.ts');
      const summary = await undoCommand({ ...cmd.optsWithGlobals(), journal, io, ...(confirm ? { confirm } : {}) });
      setStatus(summary.exitCode);
    });

  program
    .command('sandbox')
    .description('run the local sandbox service (prints base URL and tokens); --help lists its switches')
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(async (_opts, cmd: Command) => {
      const { sandboxCommand } = await import('../commands/sandbox/index.ts');
      await sandboxCommand({ args: cmd.args, io });
    });

  registerExport(program, io, setStatus);
  registerSyncTemplate(program, io, setStatus);
  registerRecipes(program, io);
}

/**
 * Ctrl-C once: stop starting new requests, finish those in flight, write what was done. Twice: exit
 * now (the journal already holds every write). `release` removes the handlers when the command ends.
 */
function interruptible(io: CommandIO): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const second = () => process.exit(130);
  const first = () => {
    io.err('\nInterrupted: finishing requests in flight and writing results (Ctrl-C again to abort at once)');
    controller.abort();
    process.once('SIGINT', second);
  };
  process.once('SIGINT', first);
  return {
    signal: controller.signal,
    release: () => {
      process.off('SIGINT', first);
      process.off('SIGINT', second);
    },
  };
}

/** Collects a repeatable option's values in order. */
function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
