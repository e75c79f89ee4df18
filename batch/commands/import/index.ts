import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { AdaptiveState } from '../../../shared/client/adaptive-limit.ts';
import { UsageError } from '../../../shared/errors/usage-error.ts';
import { importSheet, type ImportReport, type OpenJournal, type RecordOutcome } from '../../../shared/import/import-sheet.ts';
import { describeProblem } from '../../../shared/import/problems.ts';
import { describeEvidence } from '../../../shared/sheet/content-match.ts';
import type { Grid } from '../../../shared/sheet/grid.ts';
import { headerLabel } from '../../../shared/sheet/header-labels.ts';
import type { MappedField } from '../../../shared/sheet/mapping-match.ts';
import { chooseProfile, headerSignature, type Profile } from '../../../shared/sheet/profiles.ts';
import type { MappingFile, SavedMapping } from '../../../shared/sheet/saved-mapping.ts';
import { parseSavedMapping, toMappingFile, toSavedMapping } from '../../../shared/sheet/saved-mapping.ts';
import { EXIT } from '../../cli/exit-status.ts';
import { cliRemedy, cliText } from '../../cli/remedy-wording.ts';
import { loadProfile, loadProfiles, profilesDir, saveProfile } from '../../config/profiles.ts';
import { FileJournal, NO_JOURNAL, journalPathFor, readJournal } from '../../journal/file-journal.ts';
import { acquireRunLock, lockPathFor } from '../../journal/run-lock.ts';
import { readGrid } from '../../read/index.ts';
import { openSession } from '../../session/open-session.ts';
import { createProgress } from '../../ui/progress.ts';
import { defaultResultsPath } from '../../write/results-file.ts';
import type { ImportOptions } from './options.ts';
import { ADAPTIVE_MAX_CONCURRENCY, checkImportOptions, withSetValues } from './options.ts';
import type { ImportSummary } from './report.ts';
import { printSummary } from './report.ts';
import { checkResultsPath, fallbackResultsPath, writeResultsOrFallback } from './results-output.ts';

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
// eslint-disable-next-line max-lines-per-function -- one run's wiring of the file, journal, lock and session into importSheet's ports, which share its state
export async function importCommand(options: ImportOptions): Promise<ImportSummary> {
  const settings = checkImportOptions(options);
  const { io } = options;
  if (options.mapping && options.profile) throw new UsageError('Pass `--mapping` or `--profile`, not both: each names the mapping to use');
  const file = options.mapping ? await readMappingFile(options.mapping) : undefined;
  const resultsFile = options.dryRun && !options.results ? null : (options.results ?? defaultResultsPath(options.file, options.sheet));
  const journalFile = resultsFile ? journalPathFor(resultsFile) : null;
  let lock: Awaited<ReturnType<typeof acquireRunLock>> | null = null;
  let session: Awaited<ReturnType<typeof openSession>> | null = null;
  let saved: SavedMapping | undefined;
  // The file's grid as read, with what only files have (the CSV's delimiter, the reader's warnings).
  let fileGrid: Awaited<ReturnType<typeof readGrid>> | null = null;
  const progress = createProgress(io, options.kind);
  try {
    const report = await importSheet(
      {
        sheet: {
          read: async () =>
            (fileGrid = await readGrid(options.file, {
              ...(options.sheet ? { sheet: options.sheet } : {}),
              ...(options.maxRows ? { limits: { maxRows: options.maxRows } } : {}),
            })),
        },
        mapping: async (grid) => (saved = withSetValues(file ?? (await profileFor(options, grid))?.mapping, options.set, options.kind)),
        connect: async () => {
          if (resultsFile) await checkResultsPath(resultsFile);
          // Taken before the service's records are read: a run that starts when another ends must see its records.
          if (journalFile && !options.dryRun) lock = await acquireRunLock(lockPathFor(journalFile), `importing ${options.kind} from ${basename(options.file)}`);
          // Every request of the run (reference data, duplicate checks, reconciliation, sends) shares one limit.
          const limit = settings.adaptive
            ? { adaptive: { initial: settings.concurrency, max: ADAPTIVE_MAX_CONCURRENCY } }
            : { maxInFlight: settings.concurrency };
          session = await openSession(options, io, { ...options.client, ...limit });
          return session;
        },
        journal: async ({ dryRun }) => openFileJournal(journalFile, dryRun),
        results: ({ grid, mapping }) => ({
          finish: async (results) => {
            progress.stop();
            const written = resultsFile
              ? await writeResultsOrFallback(
                  {
                    inputPath: options.file,
                    outputPath: resultsFile,
                    sheetName: grid.sheet,
                    headerRowNumber: mapping.headerRowNumber,
                    results,
                    ...(fileGrid?.csv ? { delimiter: fileGrid.csv.delimiter } : {}),
                  },
                  fallbackResultsPath(journalFile ?? resultsFile),
                )
              : { file: null, failure: null };
            return { ...written, moved: [], unplaced: [] };
          },
        }),
        progress: { records: (done, total) => progress.update(done, total) },
        words: cliRemedy,
      },
      {
        kind: options.kind,
        dateOrder: settings.dateOrder,
        dateOrderGiven: settings.dateOrderGiven,
        timeZone: settings.timeZone,
        ...(settings.gstRate === undefined ? {} : { gstRate: settings.gstRate }),
        ...(options.skipLine ? { skipLines: options.skipLine } : {}),
        includeHidden: Boolean(options.includeHidden),
        dryRun: Boolean(options.dryRun),
        allowDuplicates: Boolean(options.allowDuplicates),
        force: Boolean(options.force),
        // Adaptive: the client's limit decides what is in flight; the engine only keeps enough records going.
        concurrency: settings.adaptive ? ADAPTIVE_MAX_CONCURRENCY : settings.concurrency,
        ...(options.signal ? { signal: options.signal } : {}),
      },
    );
    options.onReport?.(report);
    return await summarise(options, { settings, report, saved, session: session!, resultsFile, journalFile, readerWarnings: fileGrid!.warnings });
  } finally {
    progress.stop();
    await (lock as Awaited<ReturnType<typeof acquireRunLock>> | null)?.release();
  }
}

/** The journal beside the results file: its entries, and (unless a dry run) the file appended to. */
async function openFileJournal(journalFile: string | null, dryRun: boolean): Promise<OpenJournal> {
  const { entries } = journalFile ? await readJournal(journalFile) : { entries: [] };
  const sink = journalFile && !dryRun ? await FileJournal.open(journalFile) : null;
  return { entries, sink: sink ?? NO_JOURNAL, repaired: sink?.repaired ?? null, close: async () => sink?.close() };
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
  /** What the file's reader noticed (a Windows-1252 CSV, a sheet chosen among several). */
  readerWarnings: readonly string[];
}

/** Words the core's report as the CLI's summary, prints it, and saves the profile asked for. */
async function summarise(options: ImportOptions, run: DoneRun): Promise<ImportSummary> {
  const { io } = options;
  const { settings, report, session, resultsFile, journalFile } = run;
  const { grid, mapping, planned, placed } = report;
  const where = { source: basename(options.file), sheet: grid.sheet };
  const twins = report.twins.map((t) => `${describeRows(t.rowNumbers, where)}: ${t.first?.message ?? ''}`);
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
    journalFile: journalFile && !options.dryRun ? journalFile : null,
    mapping: mappingUsed(run),
    mappingEvidence: describeEvidence(report.evidence, label),
    problems: [
      ...planned.drafts.flatMap((d) => d.problems.map((p) => `${cliText(describeProblem(p, where), p.remedies)} (${planned.label(d)} not sent)`)),
      ...twins,
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
      ...planned.drafts.flatMap((d) => d.warnings.filter((w) => w.code !== 'gst_taken_off').map((w) => cliText(describeProblem(w, where), w.remedies))),
    ],
    notices: noticesOf(report.outcomes),
    hiddenRowsSkipped: planned.hiddenRows.length,
    concurrency: concurrencyUsed(settings, session.client.http.limitState()),
    interrupted: report.interrupted,
    exitCode: report.refused > 0 ? EXIT.someRefused : EXIT.ok,
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
function concurrencyUsed(settings: { concurrency: number; adaptive: boolean }, state: AdaptiveState | null): ImportSummary['concurrency'] {
  if (!settings.adaptive || !state) return { adaptive: false, reached: settings.concurrency, pushedBack: 0, pacedTo: null };
  return { adaptive: true, reached: state.reached, pushedBack: state.pushedBack, pacedTo: state.rate === null ? null : Math.round(state.rate * 10) / 10 };
}

/** The mapping the run used, as a mapping file that would do the same (printed by --dry-run). */
function mappingUsed({ report: { mapping, reading }, saved }: DoneRun): MappingFile {
  // What the file said, less what depends on this sheet's layout (its header row, its signature), with
  // the columns as placed and the reading the flags decided (`--skip-line`, `--prices-include-gst`).
  const { headerRow: _row, signature: _signature, gstRate: _gst, skipLines: _skip, ...said } = saved ?? { columns: {} };
  return toMappingFile({
    ...said,
    ...toSavedMapping(mapping),
    ...(reading.skipLines ? { skipLines: [...reading.skipLines] } : {}),
    ...(reading.gstRate ? { gstRate: reading.gstRate } : {}),
  });
}

/** `invoices.xlsx, sheet Invoices, rows 4, 5` */
function describeRows(rowNumbers: readonly number[], where: { source: string; sheet: string }): string {
  return `${where.source}, sheet ${where.sheet}, row${rowNumbers.length > 1 ? 's' : ''} ${rowNumbers.join(', ')}`;
}

/** Updates that delete line items or change a receipt under review, one line per record, said first. */
function noticesOf(outcomes: readonly RecordOutcome[]): string[] {
  return outcomes.flatMap(({ rowNumbers, first }) => {
    const message = first?.message ?? '';
    if (!first || !['would update', 'updated'].includes(first.status) || !/DELETED|under review/.test(message)) return [];
    return [`rows ${rowNumbers.join(', ')}: ${first.sequence ?? ''} ${first.status}: ${message}`];
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
    options.io.err(`Using profile '${choice.profile.name}': the sheet has its headers (row ${choice.rowNumber}). Pass --profile NAME for another.`);
    return choice.profile;
  }
  if (choice.reason === 'tie') {
    options.io.err(`warning: profiles ${choice.names.map((n) => `'${n}'`).join(' and ')} both fit this sheet; using neither (pass --profile NAME).`);
  }
  return null;
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
