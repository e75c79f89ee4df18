/**
 * Where an import's results go: the results path checked before anything is sent, and a fallback CSV beside
 * the journal when the results file cannot be written, so the ids of what was sent are never lost.
 */
import { constants } from 'node:fs';
import { access, lstat, readFile } from 'node:fs/promises';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { RESULT_COLUMNS } from '../../../shared/kinds/index.ts';
import type { RowResult } from '../../../shared/import/outcome.ts';
import { writeCsvTable } from '../../write/csv-writer.ts';
import { nodeSha256Bytes } from '../../write/digest.ts';
import { resultCells } from '../../write/results-plan.ts';
import type { ResultsFileOptions } from '../../write/results-file.ts';
import { formatOf, resultsFormatProblem, writeResultsFile } from '../../write/results-file.ts';
import { UsageError } from '../../../shared/errors/usage-error.ts';

/**
 * Checks, before anything is sent, that the results file can be written where asked: of the format
 * its rows are written in (`inputPath`'s, see `resultsFormatProblem`; an e-invoice's, `einvoice`, is
 * always .xlsx), not a folder, not a symbolic link, in a folder that exists and can be written.
 * An input of no results format (CSV text named .txt) is not checked: its results go to the fallback.
 * @throws UsageError naming the path and what to do (exit 2, nothing sent).
 */
export async function checkResultsPath(path: string, inputPath: string, einvoice = false): Promise<void> {
  const format = einvoice ? '.xlsx' : formatOf(inputPath);
  const mismatch = formatMismatch(path, inputPath, einvoice);
  if (mismatch !== null)
    throw new UsageError(
      `${mismatch[0]!.toUpperCase()}${mismatch.slice(1)}: pass --results with a name ending in ${format}, or leave --results out (nothing was sent)`,
    );
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

/** Why `path` cannot hold the results of `inputPath` (an e-invoice's: `einvoice`), or null when it can or is not checked. */
function formatMismatch(path: string, inputPath: string, einvoice: boolean): string | null {
  if (!einvoice) return formatOf(inputPath) === null ? null : resultsFormatProblem(inputPath, path);
  if (extname(path).toLowerCase() === '.xlsx') return null;
  return `the results of an e-invoice ('${basename(inputPath)}') are written as .xlsx, not as '${basename(path)}'`;
}

/** Where the results of a run went. */
export interface ResultsWritten {
  /** The file that holds them: the results file, or the fallback; null when neither could be written. */
  file: string | null;
  /** Why the results file could not be written, when it could not. */
  failure: string | null;
  /** Rows (as read) whose results were not written on their row: it no longer held what was read there. */
  unplaced: number[];
  /** What the user must know: the input changed during the run, results left off their rows. */
  warnings: string[];
}

/**
 * Writes the results file from the snapshot (`options.snapshot`, the input's bytes as read at the
 * start), each result only on a row that still holds the key read there (`options.rowKeys`). When
 * the input file is no longer the snapshot (saved during the run), a warning names both files, and a
 * results file that is the input itself is written beside it instead (`NAME.results.as-sent.xlsx`),
 * so the later edits are not overwritten. Results left off their rows, and all of them when the
 * results file cannot be written, go alone (row, the result columns) into a CSV beside the
 * journal, so the ids of what was sent are never lost. `refusal`: why the results file is not to be
 * tried at all (it would exhaust memory): the fallback at once. Never throws: the caller reports
 * where the results are and why.
 */
export async function writeResultsOrFallback(
  options: ResultsFileOptions,
  fallbackPath: string,
  refusal: string | null = null,
): Promise<ResultsWritten> {
  const warnings: string[] = [];
  let outputPath = options.outputPath;
  const now = options.snapshot ? await changeOf(options.inputPath, options.snapshot) : 'same';
  if (now !== 'same') {
    if (resolve(outputPath) === resolve(options.inputPath)) outputPath = asSentPath(outputPath);
    const what = now === 'gone' ? 'was moved or deleted' : 'was saved again';
    warnings.push(
      `${options.inputPath} ${what} while the import ran: the results are written from the file as it was read and sent, to ${outputPath}; changes made to ${options.inputPath} since are not in it. Make them in ${outputPath} (it carries the Record IDs) and import it again.`,
    );
  }
  try {
    if (refusal !== null) throw new Error(refusal);
    const { unplaced } = await writeResultsFile({ ...options, outputPath });
    if (unplaced.length > 0) warnings.push(await unplacedWarning(options, outputPath, unplaced, fallbackPath));
    return { file: outputPath, failure: null, unplaced, warnings };
  } catch (error) {
    const failure = error instanceof Error ? error.message : String(error);
    try {
      await writeResultsCsv(fallbackPath, options.results);
      return { file: fallbackPath, failure, unplaced: [], warnings };
    } catch {
      return { file: null, failure, unplaced: [], warnings };
    }
  }
}

/** Whether the file at `path` is gone, holds other bytes than `snapshot` (compared by SHA-256), or is the same. */
async function changeOf(path: string, snapshot: Uint8Array): Promise<'gone' | 'changed' | 'same'> {
  const now = await readFile(path).catch(() => null);
  if (now === null) return 'gone';
  return nodeSha256Bytes(now) === nodeSha256Bytes(snapshot) ? 'same' : 'changed';
}

/** `dir/NAME.results.xlsx` → `dir/NAME.results.as-sent.xlsx`: the results of a run whose input changed. */
export function asSentPath(path: string): string {
  const extension = extname(path);
  return join(dirname(path), `${basename(path, extension)}.as-sent${extension}`);
}

/** Writes the results left off their rows into the fallback CSV, and says so. */
async function unplacedWarning(
  options: ResultsFileOptions,
  outputPath: string,
  unplaced: readonly number[],
  fallbackPath: string,
): Promise<string> {
  const rows = new Set(unplaced);
  const saved = await writeResultsCsv(
    fallbackPath,
    options.results.filter((r) => rows.has(r.rowNumber)),
  ).then(
    () => `they are in ${fallbackPath}`,
    () => 'the journal holds what was created',
  );
  const list = unplaced.length > 10 ? `${unplaced.slice(0, 10).join(', ')}, …` : unplaced.join(', ');
  const whose = unplaced.length === 1 ? "1 row's result was" : `${unplaced.length} rows' results were`;
  return `${whose} not written into ${outputPath} (row${unplaced.length === 1 ? '' : 's'} ${list}): the row there does not hold what the import read from it; ${saved}`;
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
