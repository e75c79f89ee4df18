/**
 * Where an import's results go: the results path checked before anything is sent, and a fallback CSV beside
 * the journal when the results file cannot be written, so the ids of what was sent are never lost.
 */
import { constants } from 'node:fs';
import { access, lstat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { RESULT_COLUMNS } from '../../../shared/kinds/index.ts';
import type { RowResult } from '../../../shared/import/outcome.ts';
import { writeCsvTable } from '../../write/csv-writer.ts';
import { resultCells } from '../../write/results-plan.ts';
import type { ResultsFileOptions } from '../../write/results-file.ts';
import { writeResultsFile } from '../../write/results-file.ts';
import { UsageError } from '../../../shared/errors/usage-error.ts';

/**
 * Checks, before anything is sent, that the results file can be written where asked: not a folder,
 * not a symbolic link, in a folder that exists and can be written.
 * @throws UsageError naming the path and what to do (exit 2, nothing sent).
 */
export async function checkResultsPath(path: string): Promise<void> {
  const found = await lstat(path).catch(() => null);
  if (found?.isDirectory())
    throw new UsageError(
      `The results file ${path} is a folder: pass --results with a file name, e.g. ${join(path, 'results.xlsx')}`,
    );
  if (found?.isSymbolicLink())
    throw new UsageError(
      `The results file ${path} is a symbolic link; shed does not write through one: pass --results with another path`,
    );
  try {
    await access(dirname(path), constants.W_OK);
  } catch {
    throw new UsageError(
      `Cannot write the results file ${path}: its folder ${dirname(path)} does not exist or is not writable; pass --results with another path`,
    );
  }
}

/** Where the results of a run went. */
export interface ResultsWritten {
  /** The file that holds them: the results file, or the fallback; null when neither could be written. */
  file: string | null;
  /** Why the results file could not be written, when it could not. */
  failure: string | null;
}

/**
 * Writes the results file; if that fails after records were sent, writes the results alone (row,
 * the five result columns) as CSV beside the journal, so the ids of what was sent are never lost.
 * `refusal`: why the results file is not to be tried at all (it would exhaust memory): the fallback at once.
 * Never throws: the caller reports where the results are and why.
 */
export async function writeResultsOrFallback(
  options: ResultsFileOptions,
  fallbackPath: string,
  refusal: string | null = null,
): Promise<ResultsWritten> {
  try {
    if (refusal !== null) throw new Error(refusal);
    await writeResultsFile(options);
    return { file: options.outputPath, failure: null };
  } catch (error) {
    const failure = error instanceof Error ? error.message : String(error);
    try {
      await writeResultsCsv(fallbackPath, options.results);
      return { file: fallbackPath, failure };
    } catch {
      return { file: null, failure };
    }
  }
}

/** The fallback: `Row` and the five result columns, one line per resulted row (the export CSV writer). */
async function writeResultsCsv(path: string, results: readonly RowResult[]): Promise<void> {
  const columns = [
    { key: 'row', header: 'Row', type: 'integer' as const },
    ...RESULT_COLUMNS.map((header) => ({ key: header, header, type: 'text' as const })),
  ];
  const rows = results.map((r) =>
    Object.fromEntries([['row', r.rowNumber], ...resultCells(r).map((cell, i) => [RESULT_COLUMNS[i]!, cell])]),
  );
  await writeCsvTable(path, { columns, rows });
}

/** The fallback results path beside the journal: `NAME.journal.jsonl` → `NAME.results-fallback.csv`. */
export function fallbackResultsPath(journalPath: string): string {
  return journalPath.replace(/\.journal\.jsonl$/i, '') + '.results-fallback.csv';
}
