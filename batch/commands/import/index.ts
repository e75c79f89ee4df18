import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { RowResult } from '../../../shared/import/outcome.ts';
import { describeProblem } from '../../../shared/import/problems.ts';
import { countStatuses, wordRemedies } from '../../../shared/import/results.ts';
import { cliRemedy, cliText } from '../../cli/remedy-wording.ts';
import { keepSheetIds } from '../../../shared/import/keep-ids.ts';
import { JournalIndex } from '../../../shared/import/engine/journal.ts';
import { createResolver } from '../../../shared/resolve/index.ts';
import { loadImportSnapshot } from '../../../shared/import/snapshot.ts';
import { mapSheet, mapWithNames } from '../../../shared/import/map-sheet.ts';
import type { FieldEvidence } from '../../../shared/sheet/content-match.ts';
import { describeEvidence } from '../../../shared/sheet/content-match.ts';
import { headerLabel } from '../../../shared/sheet/header-labels.ts';
import type { ColumnMapping } from '../../../shared/sheet/mapping.ts';
import { checkPriceBasis } from '../../../shared/sheet/price-basis.ts';
import type { MappingFile, SavedMapping } from '../../../shared/sheet/saved-mapping.ts';
import { parseSavedMapping, toMappingFile, toSavedMapping } from '../../../shared/sheet/saved-mapping.ts';
import { chooseProfile, headerSignature, type Profile } from '../../../shared/sheet/profiles.ts';
import type { Grid } from '../../../shared/sheet/grid.ts';
import { EXIT } from '../../cli/exit-status.ts';
import { loadProfile, loadProfiles, profilesDir, saveProfile } from '../../config/profiles.ts';
import { FileJournal, NO_JOURNAL, journalPathFor, readJournal } from '../../journal/file-journal.ts';
import { acquireRunLock, lockPathFor } from '../../journal/run-lock.ts';
import { InputFileError } from '../../read/errors.ts';
import { readGrid } from '../../read/index.ts';
import { openSession } from '../../session/open-session.ts';
import { createProgress } from '../../ui/progress.ts';
import { defaultResultsPath } from '../../write/results-file.ts';
import { planImport } from '../../../shared/import/plan-kind.ts';
import type { ReadSettings } from '../../../shared/import/cells.ts';
import type { ImportOptions } from './options.ts';
import { UsageError } from '../../../shared/errors/usage-error.ts';
import { ADAPTIVE_MAX_CONCURRENCY, checkImportOptions, readSettingsFor, withSetValues } from './options.ts';
import type { AdaptiveState } from '../../../shared/client/adaptive-limit.ts';
import type { ImportSummary } from './report.ts';
import { printSummary } from './report.ts';
import { checkResultsPath, fallbackResultsPath, writeResultsOrFallback } from './results-output.ts';

export type { ImportOptions } from './options.ts';
export type { ImportSummary } from './report.ts';

/**
 * `shed import receipts|returns FILE`: reads the sheet, maps its columns, resolves names, validates
 * every record, then creates or updates the valid ones (unless `dryRun`) without ever sending one
 * twice (journal, duplicate check, reconciliation: see shared/import/engine/run.ts), writes the
 * results file and prints a summary. Aborting `signal` stops new records; the results file and the
 * journal are still written. A run that sends holds the lock of its journal (`run-lock.ts`), so a
 * second run of the same import refuses instead of sending the same invoices at the same time.
 * If the results file cannot be written after records were sent, the results go to a fallback CSV
 * beside the journal and the summary says so (exit 1): the ids of what was sent are never lost.
 * @returns the summary; `exitCode` 0 when every row is done, 1 when some were refused or failed,
 *   copies made by another run were found, or the results file could not be written.
 * @throws UsageError / InputFileError / MappingError / ConfigError / JournalError (exit 2) before
 *   anything is sent (a sheet with no record below its header is `no_data`); AuthenticationError,
 *   EntitlementError, NetworkError (exit 3).
 */
export async function importCommand(options: ImportOptions): Promise<ImportSummary> {
  const settings = checkImportOptions(options);
  const { io } = options;
  if (options.mapping && options.profile) throw new UsageError('Pass `--mapping` or `--profile`, not both: each names the mapping to use');
  const file = options.mapping ? await readMappingFile(options.mapping) : undefined;
  const grid = await readGrid(options.file, {
    ...(options.sheet ? { sheet: options.sheet } : {}),
    ...(options.maxRows ? { limits: { maxRows: options.maxRows } } : {}),
  });
  const profile = file ? null : await profileFor(options, grid);
  const saved = withSetValues(file ?? profile?.mapping, options.set, options.kind);
  const pending = mapSheet(grid, options.kind, saved);
  const reading = readSettingsFor(settings, saved, options.skipLine);
  checkPriceBasis(pending.mapping, reading.gstRate ?? null, { source: grid.source, sheet: grid.sheet });

  const resultsFile = options.dryRun && !options.results ? null : (options.results ?? defaultResultsPath(options.file, options.sheet));
  if (resultsFile) await checkResultsPath(resultsFile);
  const journalFile = resultsFile ? journalPathFor(resultsFile) : null;
  // Taken before the service's records are read: a run that starts when another ends must see its records.
  const lock =
    journalFile && !options.dryRun ? await acquireRunLock(lockPathFor(journalFile), `importing ${options.kind} from ${basename(options.file)}`) : null;
  try {
    // Every request of the run (reference data, duplicate checks, reconciliation, sends) shares one limit.
    const limit = settings.adaptive ? { adaptive: { initial: settings.concurrency, max: ADAPTIVE_MAX_CONCURRENCY } } : { maxInFlight: settings.concurrency };
    const session = await openSession(options, io, { ...options.client, ...limit });
    const { reference, receipts, returns } = await loadImportSnapshot(session.org, session.organisation.id);
    const resolver = createResolver(reference);
    // Columns placed now by the organisation's names are checked for GST again by the plan.
    const { mapping, evidence } = mapWithNames(grid, pending, resolver);
    const kind = planImport(
      options.kind,
      grid,
      mapping,
      resolver,
      session.org,
      { ...reading, includeHidden: Boolean(options.includeHidden) },
      { receipts, returns },
    );
    const where = { source: basename(options.file), sheet: grid.sheet };
    if (kind.drafts.length === 0) {
      const what = options.kind === 'receipts' ? 'an invoice line' : 'a return';
      throw new InputFileError(
        'no_data',
        options.file,
        `${where.source}, sheet ${grid.sheet}: the header is on row ${mapping.headerRowNumber} but no row below it holds ${what}: nothing to import`,
        { sheet: grid.sheet },
      );
    }
    return await sendAndReport(options, { settings, reading, saved, grid, mapping, evidence, session, kind, where, resultsFile, journalFile });
  } finally {
    await lock?.release();
  }
}

type Settings = ReturnType<typeof checkImportOptions>;
type Planned = ReturnType<typeof planImport>;

/** What {@link sendAndReport} works on: everything read, planned and checked before sending. */
interface ReadyRun {
  settings: Settings;
  reading: ReadSettings;
  saved: SavedMapping | undefined;
  grid: Awaited<ReturnType<typeof readGrid>>;
  mapping: ColumnMapping;
  evidence: FieldEvidence[];
  session: Awaited<ReturnType<typeof openSession>>;
  kind: Planned;
  where: { source: string; sheet: string };
  resultsFile: string | null;
  journalFile: string | null;
}

/** Sends (under the lock), writes the results (or their fallback) and prints the summary. */
async function sendAndReport(options: ImportOptions, ready: ReadyRun): Promise<ImportSummary> {
  const { io } = options;
  const { settings, grid, mapping, session, kind, where, resultsFile, journalFile } = ready;
  const { entries } = journalFile ? await readJournal(journalFile) : { entries: [] };
  const journal = new JournalIndex(entries, session.organisation.id, options.kind);
  const sink = journalFile && !options.dryRun ? await FileJournal.open(journalFile) : null;
  const progress = createProgress(io, options.kind);
  let results: RowResult[];
  try {
    const run = await kind.run({
      // Adaptive: the client's limit decides what is in flight; the engine only keeps enough records going.
      concurrency: settings.adaptive ? ADAPTIVE_MAX_CONCURRENCY : settings.concurrency,
      sheet: grid.sheet,
      journal,
      sink: sink ?? NO_JOURNAL,
      dryRun: Boolean(options.dryRun),
      allowDuplicates: Boolean(options.allowDuplicates),
      force: Boolean(options.force),
      onProgress: (done, total) => progress.update(done, total),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    results = wordRemedies(run, cliRemedy);
  } finally {
    progress.stop();
    await sink?.close();
  }
  const written = resultsFile
    ? await writeResultsOrFallback(
        {
          inputPath: options.file,
          outputPath: resultsFile,
          sheetName: grid.sheet,
          headerRowNumber: mapping.headerRowNumber,
          results: keepSheetIds(results, grid, mapping),
          ...(grid.csv ? { delimiter: grid.csv.delimiter } : {}),
        },
        fallbackResultsPath(journalFile ?? resultsFile),
      )
    : { file: null, failure: null };
  const rows = countStatuses(results);
  // Each record's result is its first row's.
  const byRow = new Map(results.map((r) => [r.rowNumber, r]));
  const firstResults = kind.drafts.map((d) => byRow.get(d.rowNumbers[0] ?? -1));
  const twins = kind.drafts.flatMap((d, i) => {
    const first = firstResults[i];
    return first?.twinSequences?.length ? [`${describeRows(d.rowNumbers, where)}: ${first.message}`] : [];
  });
  const refused = rows.invalid + rows.failed + rows.conflict + rows.duplicate + twins.length + (written.failure ? 1 : 0);
  const summary: ImportSummary = {
    kind: options.kind,
    file: options.file,
    sheet: grid.sheet,
    organisation: { id: session.organisation.id, name: session.organisation.name },
    dryRun: Boolean(options.dryRun),
    rows,
    records: { total: kind.drafts.length, valid: kind.drafts.filter((d) => d.body).length, ...countStatuses(firstResults.flatMap((r) => r ?? [])) },
    resultsFile: written.file,
    ...(written.failure ? { resultsFailure: { wanted: resultsFile ?? '', reason: written.failure } } : {}),
    journalFile: sink ? journalFile : null,
    mapping: mappingUsed(ready),
    mappingEvidence: describeEvidence(ready.evidence, (f) => headerLabel(options.kind, f)),
    problems: [...kind.drafts.flatMap((d) => d.problems.map((p) => `${cliText(describeProblem(p, where), p.remedies)} (${kind.label(d)} not sent)`)), ...twins],
    warnings: [
      ...(sink?.repaired ? [sink.repaired] : []),
      // A column placed by its values, not its header, is a judgement: always said.
      ...describeEvidence(
        ready.evidence.filter((e) => e.by === 'content'),
        (f) => headerLabel(options.kind, f),
      ).map((line) => `column placed by its values: ${line}`),
      ...describeEvidence(
        ready.evidence.filter((e) => e.confidence === 'low'),
        (f) => headerLabel(options.kind, f),
      ).map((line) => `column whose values do not look like its header: ${line}`),
      ...grid.warnings,
      ...kind.warnings.map((w) => cliText(w.message, w.remedies)),
      // A price with GST taken off is noted on its row of the results; the sheet warning says it once here.
      ...kind.drafts.flatMap((d) => d.warnings.filter((w) => w.code !== 'gst_taken_off').map((w) => cliText(describeProblem(w, where), w.remedies))),
    ],
    notices: noticesOf(kind.drafts, firstResults),
    hiddenRowsSkipped: kind.hiddenRows.length,
    concurrency: concurrencyUsed(settings, session.client.http.limitState()),
    interrupted: Boolean(options.signal?.aborted),
    exitCode: refused > 0 ? EXIT.someRefused : EXIT.ok,
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
function mappingUsed({ mapping, saved, reading }: ReadyRun): MappingFile {
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
function noticesOf(drafts: readonly { rowNumbers: number[] }[], firstResults: readonly (RowResult | undefined)[]): string[] {
  return drafts.flatMap((d, i) => {
    const first = firstResults[i];
    const message = first?.message ?? '';
    if (!first || !['would update', 'updated'].includes(first.status) || !/DELETED|under review/.test(message)) return [];
    return [`rows ${d.rowNumbers.join(', ')}: ${first.sequence ?? ''} ${first.status}: ${message}`];
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
