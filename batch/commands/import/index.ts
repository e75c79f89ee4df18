import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { RowResult } from '../../../shared/import/outcome.ts';
import { describeProblem } from '../../../shared/import/problems.ts';
import type { StatusCounts } from '../../../shared/import/results.ts';
import { countStatuses } from '../../../shared/import/results.ts';
import { keepSheetIds } from '../../../shared/import/keep-ids.ts';
import { JournalIndex } from '../../../shared/import/engine/journal.ts';
import { createResolver } from '../../../shared/resolve/index.ts';
import { loadImportSnapshot } from '../../../shared/import/snapshot.ts';
import { assertMappingUsable, detectMapping } from '../../../shared/sheet/mapping.ts';
import type { SavedMapping } from '../../../shared/sheet/saved-mapping.ts';
import { parseSavedMapping, toSavedMapping } from '../../../shared/sheet/saved-mapping.ts';
import { EXIT } from '../../cli/exit-status.ts';
import { FileJournal, NO_JOURNAL, journalPathFor, readJournal } from '../../journal/file-journal.ts';
import { readGrid } from '../../read/index.ts';
import { openSession } from '../../session/open-session.ts';
import { createProgress } from '../../ui/progress.ts';
import { defaultResultsPath, writeResultsFile } from '../../write/results-file.ts';
import { planImport } from '../../../shared/import/plan-kind.ts';
import type { ImportOptions } from './options.ts';
import { UsageError, checkImportOptions } from './options.ts';
import type { ImportSummary } from './report.ts';
import { printSummary } from './report.ts';

export type { ImportOptions } from './options.ts';
export type { ImportSummary } from './report.ts';

/**
 * `shed import receipts|returns FILE`: reads the sheet, maps its columns, resolves names, validates
 * every record, then creates or updates the valid ones (unless `dryRun`) without ever sending one
 * twice (journal, duplicate check, reconciliation: see shared/import/engine/run.ts), writes the
 * results file and prints a summary. Aborting `signal` stops new records; the results file and the
 * journal are still written.
 * @returns the summary; `exitCode` 0 when every row is done, 1 when some were refused or failed.
 * @throws UsageError / InputFileError / MappingError / ConfigError (exit 2) before anything is sent;
 *   AuthenticationError, EntitlementError, NetworkError (exit 3).
 */
export async function importCommand(options: ImportOptions): Promise<ImportSummary> {
  const settings = checkImportOptions(options);
  const { io } = options;
  const saved = options.mapping ? await readMappingFile(options.mapping) : undefined;
  const grid = await readGrid(options.file, options.sheet ? { sheet: options.sheet } : {});
  const mapping = detectMapping(grid, options.kind, saved);
  assertMappingUsable(mapping, { source: grid.source, sheet: grid.sheet });

  const session = await openSession(options, io, options.client);
  const { reference, receipts, returns } = await loadImportSnapshot(session.org, session.organisation.id);
  const resolver = createResolver(reference);
  const kind = planImport(options.kind, grid, mapping, resolver, session.org, settings, { receipts, returns });
  const where = { source: basename(options.file), sheet: grid.sheet };

  const resultsFile = options.dryRun && !options.results ? null : (options.results ?? defaultResultsPath(options.file));
  const journalFile = resultsFile ? journalPathFor(resultsFile) : null;
  const journal = new JournalIndex(journalFile ? await readJournal(journalFile) : [], session.organisation.id, options.kind);
  const sink = journalFile && !options.dryRun ? await FileJournal.open(journalFile) : null;
  const progress = createProgress(io, options.kind);
  let results: RowResult[];
  try {
    results = await kind.run({
      concurrency: settings.concurrency,
      journal,
      sink: sink ?? NO_JOURNAL,
      dryRun: Boolean(options.dryRun),
      allowDuplicates: Boolean(options.allowDuplicates),
      force: Boolean(options.force),
      onProgress: (done, total) => progress.update(done, total),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } finally {
    progress.stop();
    await sink?.close();
  }
  if (resultsFile) {
    await writeResultsFile({
      inputPath: options.file,
      outputPath: resultsFile,
      sheetName: grid.sheet,
      headerRowNumber: mapping.headerRowNumber,
      results: keepSheetIds(results, grid, mapping),
      ...(grid.csv ? { delimiter: grid.csv.delimiter } : {}),
    });
  }
  const rows = countStatuses(results);
  const refused = rows.invalid + rows.failed + rows.conflict + rows.duplicate;
  const summary: ImportSummary = {
    kind: options.kind,
    file: options.file,
    sheet: grid.sheet,
    organisation: { id: session.organisation.id, name: session.organisation.name },
    dryRun: Boolean(options.dryRun),
    rows,
    records: { total: kind.drafts.length, valid: kind.drafts.filter((d) => d.body).length, ...recordStatuses(kind.drafts, results) },
    resultsFile,
    journalFile: sink ? journalFile : null,
    mapping: toSavedMapping(mapping),
    problems: kind.drafts.flatMap((d) => d.problems.map((p) => `${describeProblem(p, where)} (${kind.label(d)} not sent)`)),
    warnings: [...grid.warnings, ...kind.warnings, ...kind.drafts.flatMap((d) => d.warnings.map((w) => describeProblem(w, where)))],
    notices: noticesOf(kind, results),
    interrupted: Boolean(options.signal?.aborted),
    exitCode: refused > 0 ? EXIT.someRefused : EXIT.ok,
  };
  printSummary(summary, io, { json: options.json, source: grid.source, headerRowNumber: mapping.headerRowNumber });
  return summary;
}

/** Updates that delete line items or change a receipt under review, one line per record, said first. */
function noticesOf(kind: { drafts: readonly { rowNumbers: number[] }[] }, results: readonly RowResult[]): string[] {
  const byRow = new Map(results.map((r) => [r.rowNumber, r]));
  return kind.drafts.flatMap((d) => {
    const first = byRow.get(d.rowNumbers[0] ?? -1);
    const message = first?.message ?? '';
    if (!first || !['would update', 'updated'].includes(first.status) || !/DELETED|under review/.test(message)) return [];
    return [`rows ${d.rowNumbers.join(', ')}: ${first.sequence ?? ''} ${first.status}: ${message}`];
  });
}

/** Counts records by the status of their first row. */
function recordStatuses(drafts: readonly { rowNumbers: number[] }[], results: readonly RowResult[]): StatusCounts {
  const byRow = new Map(results.map((r) => [r.rowNumber, r]));
  return countStatuses(drafts.flatMap((d) => byRow.get(d.rowNumbers[0] ?? -1) ?? []));
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
