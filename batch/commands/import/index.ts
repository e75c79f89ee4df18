import { basename } from 'node:path';
import { readFile } from 'node:fs/promises';
import type { RowResult } from '../../../shared/import/outcome.ts';
import { describeProblem } from '../../../shared/import/problems.ts';
import type { StatusCounts } from '../../../shared/import/results.ts';
import { countStatuses } from '../../../shared/import/results.ts';
import { planReceiptImport } from '../../../shared/import/receipts/plan.ts';
import { invoiceLabel, sendReceipts } from '../../../shared/import/receipts/send.ts';
import { createResolver, loadReferenceData } from '../../../shared/resolve/index.ts';
import type { Grid } from '../../../shared/sheet/grid.ts';
import type { ColumnMapping } from '../../../shared/sheet/mapping.ts';
import { assertMappingUsable, detectMapping } from '../../../shared/sheet/mapping.ts';
import type { SavedMapping } from '../../../shared/sheet/saved-mapping.ts';
import { parseSavedMapping, toSavedMapping } from '../../../shared/sheet/saved-mapping.ts';
import { readGrid } from '../../read/index.ts';
import { openSession } from '../../session/open-session.ts';
import { createProgress } from '../../ui/progress.ts';
import { defaultResultsPath, writeResultsFile } from '../../write/results-file.ts';
import { EXIT } from '../../cli/exit-status.ts';
import type { ImportOptions } from './options.ts';
import { UsageError, checkImportOptions } from './options.ts';

export type { ImportOptions } from './options.ts';

/** What an import run did, as printed by `--json`. */
export interface ImportSummary {
  kind: 'receipts' | 'returns';
  file: string;
  sheet: string;
  organisation: { id: string; name: string };
  dryRun: boolean;
  /** Rows by status. */
  rows: StatusCounts;
  /** Records (receipts or returns): how many the sheet holds, how many were valid, and by status. */
  records: { total: number; valid: number } & StatusCounts;
  resultsFile: string | null;
  mapping: SavedMapping;
  problems: string[];
  warnings: string[];
  exitCode: number;
}

/**
 * `shed import receipts|returns FILE`: reads the sheet, maps its columns, resolves names, validates
 * every record, sends the valid ones (unless `dryRun`), writes the results file and prints a summary.
 * @returns the summary; its `exitCode` is 0 when every row is done, 1 when some were refused.
 * @throws UsageError / InputFileError / MappingError / ConfigError (exit 2) before anything is sent;
 *   AuthenticationError, EntitlementError, NetworkError (exit 3).
 */
export async function importCommand(options: ImportOptions): Promise<ImportSummary> {
  const settings = checkImportOptions(options);
  if (options.kind !== 'receipts') throw new UsageError(`Importing ${options.kind} is not available yet`);
  const { io } = options;
  const saved = options.mapping ? await readMappingFile(options.mapping) : undefined;
  const grid = await readGrid(options.file, options.sheet ? { sheet: options.sheet } : {});
  const mapping = detectMapping(grid, options.kind, saved);
  assertMappingUsable(mapping, { source: grid.source, sheet: grid.sheet });

  const session = await openSession(options, io);
  const reference = await loadReferenceData(session.org, session.organisation.id);
  const plan = planReceiptImport(grid, mapping, createResolver(reference), settings);
  const where = { source: basename(options.file), sheet: grid.sheet };
  const problems = plan.drafts.flatMap((d) => d.problems.map((p) => `${describeProblem(p, where)} (${invoiceLabel(d)} not sent)`));
  const warnings = [...plan.warnings, ...plan.drafts.flatMap((d) => d.warnings.map((w) => describeProblem(w, where)))];
  const valid = plan.drafts.filter((d) => d.body !== null);

  let results: RowResult[];
  if (options.dryRun) {
    results = plan.drafts.flatMap((d) =>
      d.body ? [] : d.rowNumbers.map((rowNumber) => ({ rowNumber, status: 'invalid' as const })),
    );
  } else {
    const progress = createProgress(io, 'receipts');
    try {
      results = await sendReceipts(plan.drafts, session.org, {
        concurrency: settings.concurrency,
        onProgress: (done, total) => progress.update(done, total),
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } finally {
      progress.stop();
    }
  }

  const resultsFile = options.dryRun && !options.results ? null : (options.results ?? defaultResultsPath(options.file));
  if (resultsFile && !options.dryRun) {
    await writeResultsFile({
      inputPath: options.file,
      outputPath: resultsFile,
      sheetName: grid.sheet,
      headerRowNumber: mapping.headerRowNumber,
      results,
    });
  }
  const rows = countStatuses(results);
  const summary: ImportSummary = {
    kind: options.kind,
    file: options.file,
    sheet: grid.sheet,
    organisation: { id: session.organisation.id, name: session.organisation.name },
    dryRun: Boolean(options.dryRun),
    rows,
    records: { total: plan.drafts.length, valid: valid.length, ...recordStatuses(plan.drafts, results) },
    resultsFile,
    mapping: toSavedMapping(mapping),
    problems,
    warnings,
    exitCode: rows.invalid + rows.failed + rows.conflict + rows.duplicate > 0 ? EXIT.someRefused : EXIT.ok,
  };
  report(summary, grid, mapping, options);
  return summary;
}

/** Counts records by the status of their first row. */
function recordStatuses(drafts: readonly { rowNumbers: number[] }[], results: readonly RowResult[]): StatusCounts {
  const byRow = new Map(results.map((r) => [r.rowNumber, r]));
  const firsts = drafts.flatMap((d) => {
    const result = byRow.get(d.rowNumbers[0] ?? -1);
    return result ? [result] : [];
  });
  return countStatuses(firsts);
}

async function readMappingFile(path: string): Promise<SavedMapping> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read the mapping file ${path}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`The mapping file ${path} is not valid JSON: save the output of --dry-run --json's "mapping" as it is`);
  }
  return parseSavedMapping(json, path);
}

function report(summary: ImportSummary, grid: Grid, mapping: ColumnMapping, options: ImportOptions): void {
  const { io } = options;
  if (options.json) {
    io.out(JSON.stringify(summary, null, 2));
    return;
  }
  if (options.dryRun) {
    io.err(`Mapping used (header on row ${mapping.headerRowNumber}; save it with --mapping FILE to reuse):`);
    io.out(JSON.stringify(summary.mapping, null, 2));
  }
  for (const warning of summary.warnings) io.err(`warning: ${warning}`);
  for (const problem of summary.problems) io.err(problem);
  const { rows, records } = summary;
  const noun = summary.kind === 'receipts' ? 'receipts' : 'returns';
  const parts = summary.dryRun ? [`${records.valid} ${noun} ready to send, nothing sent (dry run)`] : [];
  for (const status of ['created', 'updated', 'unchanged', 'duplicate', 'conflict', 'failed'] as const) {
    if (records[status]) parts.push(`${records[status]} ${noun} ${status}`);
  }
  if (records.invalid) parts.push(`${records.invalid} ${noun} refused (${rows.invalid} rows invalid)`);
  if (summary.resultsFile) parts.push(`results in ${summary.resultsFile}`);
  const done = parts.join('; ') || `no ${noun} found`;
  io.err(`${grid.source} → ${summary.organisation.name}: ${done}`);
}
