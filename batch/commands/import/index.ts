/**
 * `shed import receipts|returns FILE`: one input file, one sheet, through the core's import with the file's
 * ports (reader, results file, journal, session), and the summary of what was sent.
 */
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { AdaptiveState } from '../../../shared/client/adaptive-limit.ts';
import { UsageError } from '../../../shared/errors/usage-error.ts';
import { importSheet, type ImportReport } from '../../../shared/import/import-sheet.ts';
import { describeProblem } from '../../../shared/import/problems.ts';
import { describeEvidence } from '../../../shared/sheet/content-match.ts';
import type { Grid } from '../../../shared/sheet/grid.ts';
import { headerLabel } from '../../../shared/kinds/index.ts';
import type { MappedField } from '../../../shared/sheet/mapping-match.ts';
import { chooseProfile, headerSignature, type Profile } from '../../../shared/sheet/profiles.ts';
import type { MappingFile, SavedMapping } from '../../../shared/sheet/saved-mapping.ts';
import { parseSavedMapping, toMappingFile, toSavedMapping } from '../../../shared/sheet/saved-mapping.ts';
import { EXIT } from '../../cli/exit-status.ts';
import { cliText } from '../../cli/remedy-wording.ts';
import { recipeSummary, RECIPE_NOTE_CODES } from './recipe-summary.ts';
import { loadProfile, loadProfiles, profilesDir, saveProfile } from '../../config/profiles.ts';
import type { openSession } from '../../session/open-session.ts';
import type { ImportOptions } from './options.ts';
import { checkImportOptions } from './options.ts';
import { userLocale } from '../../config/locale.ts';
import { FileImportRun } from './file-ports.ts';
import { isEInvoiceFile, loadEInvoiceFile } from './einvoice.ts';
import type { ImportSummary } from './report.ts';
import { printSummary } from './report.ts';
import { noticeLines, notDoneRecords, twinLines, updateLines } from './record-lines.ts';

export type { ImportOptions } from './options.ts';
export type { ImportSummary } from './report.ts';

/**
 * `shed import receipts|returns FILE`: the core's one import (shared/import/import-sheet.ts) over the
 * file's ports: the sheet read from the file, the mapping file or a profile (with `--set`), the
 * session opened under the journal's run lock, the journal beside the results file, the results file
 * (or its fallback) and the terminal's progress; then the summary is printed. Aborting `signal`
 * stops new records; the results file and the journal are still written. A run that sends holds the
 * lock of its journal (`run-lock.ts`), so a second run of the same import refuses instead of sending
 * the same invoices at the same time. If the results file cannot be written after records were sent,
 * the results go to a fallback CSV beside the journal and the summary says so (exit 1).
 * @returns the summary; `exitCode` 0 when every row is done, 1 when some were refused or failed,
 *   copies made by another run were found, or the results file could not be written.
 * @throws UsageError / InputFileError / MappingError / ConfigError / JournalError / NoRecordsError
 *   (exit 2) before anything is sent; AuthenticationError, EntitlementError, NetworkError (exit 3).
 */
export async function importCommand(given: ImportOptions): Promise<ImportSummary> {
  const options = isEInvoiceFile(given.file) && !given.einvoice ? await asEInvoiceImport(given) : given;
  const settings = checkImportOptions(options, await userLocale(options.locale, options.io.env));
  if (options.mapping && options.profile)
    throw new UsageError('Pass `--mapping` or `--profile`, not both: each names the mapping to use');
  const file = options.mapping ? await readMappingFile(options.mapping) : undefined;
  const run = new FileImportRun(options, settings, file, async (grid) => (await profileFor(options, grid))?.mapping);
  try {
    const report = await importSheet(run.ports(), run.choices());
    options.onReport?.(report);
    return await summarise(options, {
      settings,
      report,
      saved: run.saved,
      session: run.session!,
      resultsFile: run.resultsFile,
      journalFile: run.journalFile,
      readerWarnings: [
        ...(run.grid?.warnings ?? []),
        ...run.recipeWarnings,
        ...run.resultsWarnings,
        ...(run.memoryStopped ? [MEMORY_STOPPED] : []),
      ],
      memoryStopped: run.memoryStopped,
    });
  } finally {
    await run.close();
  }
}

type Settings = ReturnType<typeof checkImportOptions>;

/** What {@link summarise} works on: the core's report and what the CLI set up around it. */
interface DoneRun {
  settings: Settings;
  report: ImportReport;
  saved: SavedMapping | undefined;
  session: Awaited<ReturnType<typeof openSession>>;
  resultsFile: string | null;
  journalFile: string | null;
  /** What the file's reader noticed (a Windows-1252 CSV, a sheet chosen among several), the results writer (the input saved during the run), and a stop for memory. */
  readerWarnings: readonly string[];
  /** The memory guard stopped the sending (results written; exit 1). */
  memoryStopped: boolean;
}

/** Said when the memory guard stopped the sending (FileImportRun): what was done is in the results and the journal. */
const MEMORY_STOPPED =
  'memory: the process came near the memory it may use, so no further records were sent (those in flight finished); the results file and the journal hold what was done. Run the same command again to send the rest, or split the sheet into smaller files.';

/** Words the core's report as the CLI's summary, prints it, and saves the profile asked for. */
async function summarise(options: ImportOptions, run: DoneRun): Promise<ImportSummary> {
  const { io } = options;
  const { settings, report, session, resultsFile, journalFile } = run;
  const { grid, mapping, planned, placed } = report;
  const where = { source: basename(options.file), sheet: grid.sheet };
  const label = (f: MappedField) => headerLabel(options.kind, f);
  const summary: ImportSummary = {
    kind: options.kind,
    file: options.file,
    sheet: grid.sheet,
    organisation: { id: report.organisation.id, name: report.organisation.name },
    dryRun: Boolean(options.dryRun),
    rows: report.rows,
    records: report.records,
    resultsFile: placed.file,
    ...(placed.failure ? { resultsFailure: { wanted: resultsFile ?? '', reason: placed.failure } } : {}),
    // A run that journalled nothing made no journal (file-journal.ts): none is named.
    journalFile: journalFile && !options.dryRun && (await isFile(journalFile)) ? journalFile : null,
    mapping: mappingUsed(run),
    mappingEvidence: describeEvidence(report.evidence, label),
    problems: [
      ...planned.drafts.flatMap((d) =>
        d.problems.map((p) => `${cliText(describeProblem(p, where), p.remedies)} (${planned.label(d)} not sent)`),
      ),
      // Those not done (a conflict on an invoice held twice) are said once, in `notDone`.
      ...twinLines(report.twins, where),
    ],
    warnings: [
      ...(report.journalRepaired ? [report.journalRepaired] : []),
      // A column placed by its values, not its header, is a judgement: always said.
      ...describeEvidence(
        report.evidence.filter((e) => e.by === 'content'),
        label,
      ).map((line) => `column placed by its values: ${line}`),
      ...describeEvidence(
        report.evidence.filter((e) => e.confidence === 'low'),
        label,
      ).map((line) => `column whose values do not look like its header: ${line}`),
      ...run.readerWarnings,
      ...planned.warnings.map((w) => cliText(w.message, w.remedies)),
      // A price with GST taken off is noted on its row of the results; the sheet warning says it once here.
      ...planned.drafts.flatMap((d) =>
        d.warnings
          .filter((w) => w.code !== 'gst_taken_off' && !RECIPE_NOTE_CODES.has(w.code))
          .map((w) => cliText(describeProblem(w, where), w.remedies)),
      ),
    ],
    notices: noticeLines(report.outcomes, where),
    updates: updateLines(report.outcomes, where),
    notDone: notDoneRecords(report.outcomes, where),
    hiddenRowsSkipped: planned.hiddenRows.length,
    concurrency: concurrencyUsed(settings, session.client.http.limitState()),
    interrupted: report.interrupted,
    recipes: recipeSummary(report),
    exitCode: report.refused > 0 || run.memoryStopped ? EXIT.someRefused : EXIT.ok,
  };
  printSummary(summary, io, { json: options.json, source: grid.source, headerRowNumber: mapping.headerRowNumber });
  if (options.saveProfile) {
    const path = await saveProfile(options.profilesDir ?? profilesDir(io.env), options.saveProfile, {
      ...summary.mapping,
      signature: headerSignature(mapping.headers),
    });
    io.err(`Saved the mapping as profile '${options.saveProfile}' (${path}): sheets with these headers use it.`);
  }
  return summary;
}

/** The requests in flight of the run: fixed, or how far the adaptive limit went and how the service pushed back. */
function concurrencyUsed(
  settings: { concurrency: number; adaptive: boolean },
  state: AdaptiveState | null,
): ImportSummary['concurrency'] {
  if (!settings.adaptive || !state)
    return { adaptive: false, reached: settings.concurrency, pushedBack: 0, pacedTo: null };
  return {
    adaptive: true,
    reached: state.reached,
    pushedBack: state.pushedBack,
    pacedTo: state.rate === null ? null : Math.round(state.rate * 10) / 10,
  };
}

/** The mapping the run used, as a mapping file that would do the same (printed by --dry-run). */
function mappingUsed({ report: { mapping, given }, saved }: DoneRun): MappingFile {
  // What the file said, less what depends on this sheet's layout (its header row, its signature), with
  // the columns as placed and the reading the flags decided (`--skip-line`, `--prices-include-gst`);
  // never a supplier recipe's rules: they are its supplier's, not every sheet's with these headers.
  const { headerRow: _row, signature: _signature, gstRate: _gst, skipLines: _skip, ...said } = saved ?? { columns: {} };
  return toMappingFile({
    ...said,
    ...toSavedMapping(mapping, saved),
    ...(given.skipLines ? { skipLines: [...given.skipLines] } : {}),
    ...(given.gstRate ? { gstRate: given.gstRate } : {}),
  });
}

/**
 * The profile the import uses when no mapping file is given: the one `--profile` names, else the
 * one whose headers the sheet has (said on standard error), else none.
 */
async function profileFor(options: ImportOptions, grid: Grid): Promise<Profile | null> {
  const dir = options.profilesDir ?? profilesDir(options.io.env);
  if (options.profile) {
    const named = await loadProfile(dir, options.profile);
    options.io.err(`Using profile '${named.name}' (--profile).`);
    return named;
  }
  const { profiles, skipped } = await loadProfiles(dir);
  for (const line of skipped) options.io.err(`warning: ${line}`);
  const choice = chooseProfile(grid, options.kind, profiles);
  if (choice.profile) {
    options.io.err(
      `Using profile '${choice.profile.name}': the sheet has its headers (row ${choice.rowNumber}). Pass --profile NAME for another.`,
    );
    return choice.profile;
  }
  if (choice.reason === 'tie') {
    options.io.err(
      `warning: profiles ${choice.names.map((n) => `'${n}'`).join(' and ')} both fit this sheet; using neither (pass --profile NAME).`,
    );
  }
  return null;
}

/**
 * The options of an e-invoice's import: the document read (refused before anything is sent when it is
 * hostile, malformed or does not add up), and its kind: a credit note's lines are returns (said by the run).
 * @throws UsageError for an invoice given to `import returns`, or a mapping, profile or sheet named for it.
 */
async function asEInvoiceImport(options: ImportOptions): Promise<ImportOptions> {
  if (options.mapping || options.profile || options.saveProfile || options.sheet)
    throw new UsageError(
      `${basename(options.file)} is an e-invoice: its fields are fixed, so \`--mapping\`, \`--profile\`, \`--save-profile\` and \`--sheet\` do not apply`,
    );
  const einvoice = await loadEInvoiceFile(options.file);
  // A credit note is imported as what it is whatever the command; an invoice only as what it is.
  if (einvoice.invoice.type === 'invoice' && options.kind !== einvoice.kind)
    throw new UsageError(
      `${basename(options.file)} is an invoice (${einvoice.invoice.number}), not a credit note: import it with \`shed import receipts\``,
    );
  return { ...options, kind: einvoice.kind, einvoice };
}

async function readMappingFile(path: string): Promise<SavedMapping> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read the mapping file ${path}: ${(error as Error).message}`);
  }
  return parseSavedMapping(text, path);
}

/** Whether a file is at `path`. */
async function isFile(path: string): Promise<boolean> {
  return (await stat(path).catch(() => null))?.isFile() === true;
}
