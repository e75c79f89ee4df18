/** What an import run reports: the summary (printed as JSON with `--json`, else as lines on standard error). */
import type { MappingFile } from '../../../shared/sheet/saved-mapping.ts';
import type { StatusCounts } from '../../../shared/import/results.ts';
import type { ImportKind } from '../../../shared/kinds/index.ts';
import type { CommandIO } from '../../ui/io.ts';
import { printRecipeSummary, type RecipeSummary } from './recipe-summary.ts';
import type { NotDoneRecord } from './record-lines.ts';

/** What an import run did, as printed by `--json`. */
export interface ImportSummary {
  kind: ImportKind;
  file: string;
  sheet: string;
  organisation: { id: string; name: string };
  dryRun: boolean;
  /** Rows by status. */
  rows: StatusCounts;
  /**
   * Records (receipts or returns): how many the sheet holds, how many were valid, and by status;
   * `created` is this run's creations only, `alreadyCreated` those an earlier run created (journal).
   */
  records: { total: number; valid: number; alreadyCreated: number; notSent: number } & StatusCounts;
  /** The file holding the results: the results file, or the fallback when it could not be written. */
  resultsFile: string | null;
  /** The results file that could not be written after records were sent, and why. */
  resultsFailure?: { wanted: string; reason: string };
  journalFile: string | null;
  /** The mapping used, as a mapping file reads (save it and pass --mapping to reuse it). */
  mapping: MappingFile;
  /** How each field came to its column: `Product ← 'Item details' (by its values: 41 of 43 values are known products)`. */
  mappingEvidence: string[];
  /**
   * Every refusal: file, sheet, row, column, value, reason; and each record the service holds more than
   * once (delete the extra), unless it was not done: that one is in `notDone`, said once.
   */
  problems: string[];
  /**
   * Every record not done (failed, conflict, duplicate; not those a stop left unsent): its rows, status
   * and why, as its rows' Message in the results file says; printed after `problems`. A conflict on an
   * invoice the service holds more than once is here only, its Message naming every copy.
   */
  notDone: NotDoneRecord[];
  warnings: string[];
  /** Updates that delete line items or touch receipts under review: said before anything else. */
  notices: string[];
  /** The other updates, one line per record saying what changes (its rows' Message), after `notices`. */
  updates: string[];
  /** Rows left out because the workbook hides or filters them out (`--include-hidden` imports them). */
  hiddenRowsSkipped: number;
  /**
   * Requests in flight: `--concurrency` fixed it, or the adaptive limit went up to `reached`; the
   * service pushed back (429, 503) `pushedBack` times, and `pacedTo` is the request rate (per
   * second) the run paced to after it did (null: never).
   */
  concurrency: { adaptive: boolean; reached: number; pushedBack: number; pacedTo: number | null };
  interrupted: boolean;
  /** The supplier recipes applied and what the sheet's corrections taught them. */
  recipes: RecipeSummary;
  exitCode: number;
}

/** How each record status reads in the one-line summary (`alreadyCreated`: not a status, counted apart from `created`). */
const SAID = {
  created: 'created',
  alreadyCreated: 'already created by an earlier run (journal)',
  updated: 'updated',
  unchanged: 'unchanged',
  'would create': 'would be created',
  'would update': 'would be updated',
  duplicate: 'not sent (duplicates: already in the service or twice in the sheet)',
  conflict: 'not sent (conflicts: each row says why)',
  failed: 'failed',
} as const;

/**
 * Prints the summary: JSON on standard output with `--json`, else on standard error the notices, the
 * updates, warnings, problems and records not done (each with its reason), then one line.
 */
export function printSummary(
  summary: ImportSummary,
  io: CommandIO,
  options: { json?: boolean; source: string; headerRowNumber: number },
): void {
  if (options.json) {
    io.out(JSON.stringify(summary, null, 2));
    return;
  }
  if (summary.dryRun) {
    io.err(`Mapping used (header on row ${options.headerRowNumber}):`);
    for (const line of summary.mappingEvidence) io.err(`  ${line}`);
    io.err('Save it to a file and pass --mapping FILE to reuse it:');
    io.out(JSON.stringify(summary.mapping, null, 2));
  }
  for (const notice of summary.notices) io.err(notice);
  for (const update of summary.updates) io.err(update);
  for (const warning of summary.warnings) io.err(`warning: ${warning}`);
  for (const problem of summary.problems) io.err(problem);
  for (const record of summary.notDone) io.err(record.text);
  printRecipeSummary(summary.recipes, io, summary.dryRun);
  const { rows, records } = summary;
  const noun = summary.kind;
  const parts: string[] = [];
  for (const [status, said] of Object.entries(SAID) as [keyof typeof SAID, string][]) {
    if (records[status]) parts.push(`${count(records[status], noun)} ${said}`);
  }
  if (records.invalid) parts.push(`${count(records.invalid, noun)} refused (${count(rows.invalid, 'rows')} invalid)`);
  if (summary.dryRun) parts.push('nothing sent (dry run)');
  if (records.notSent) parts.push(`${count(records.notSent, noun)} not sent`);
  if (summary.interrupted) {
    // A stop asked once the last record was already sent leaves nothing to finish: not a call to run again.
    parts.push(
      records.notSent
        ? 'INTERRUPTED: the rest were not sent; run the same command again to finish'
        : 'interrupted once every record was sent: nothing was left to send',
    );
  }
  if (summary.resultsFailure) {
    const where = summary.resultsFile
      ? `they are in ${summary.resultsFile}`
      : `the journal ${summary.journalFile ?? ''} holds what was created`;
    parts.push(`RESULTS NOT WRITTEN to ${summary.resultsFailure.wanted} (${summary.resultsFailure.reason}); ${where}`);
  } else if (summary.resultsFile) parts.push(`results in ${summary.resultsFile}`);
  if (!summary.dryRun && parts.length > 0) parts.push(concurrencyText(summary.concurrency));
  io.err(`${options.source} → ${summary.organisation.name}: ${parts.join('; ') || `no ${noun} found`}`);
}

/** `concurrency 4 (fixed)`, `concurrency up to 12 (adaptive; the service pushed back 3 times: paced to 7.6 requests/s)`. */
function concurrencyText(c: ImportSummary['concurrency']): string {
  if (!c.adaptive) return `concurrency ${c.reached} (fixed)`;
  const pushed =
    c.pushedBack === 0
      ? ''
      : `; the service pushed back ${c.pushedBack} time${c.pushedBack === 1 ? '' : 's'}${c.pacedTo === null ? '' : `: paced to ${c.pacedTo} requests/s`}`;
  return `concurrency up to ${c.reached} (adaptive${pushed})`;
}

/** `1 receipt`, `2 receipts` (nouns given in the plural). */
function count(n: number, plural: string): string {
  return `${n} ${n === 1 ? plural.replace(/s$/, '') : plural}`;
}
