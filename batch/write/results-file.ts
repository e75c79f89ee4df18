/**
 * The results file of an import (PRODUCT.md "Results file"): the input rows,
 * unchanged, plus the columns Status, Record ID, Sequence, Line Item ID and Message, invalid cells
 * filled red. Same format as the input; by default beside it as `NAME.results.xlsx` / `.csv`.
 */
import { readFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { RESULT_COLUMNS } from '../../shared/kinds/index.ts';
import type { RowResult } from '../../shared/import/outcome.ts';
import { writeCsvResults } from './results-csv.ts';
import type { RowKeys } from './results-keys.ts';
import { checkResultNames } from './results-plan.ts';
import type ExcelJS from 'exceljs';
import {
  loadResultsWorkbook,
  renderXlsxResults,
  writeRendered,
  writeXlsxResults,
  type RenderedResults,
} from './results-xlsx.ts';
import { WriteError } from './write-error.ts';

/** What {@link writeResultsFile} did not write: rows (as read) whose key did not match, ascending. */
export interface ResultsFileWritten {
  unplaced: number[];
}

/** Options of {@link writeResultsFile}. */
export interface ResultsFileOptions {
  /** The imported file, .xlsx or .csv (its name says the format; read only without `snapshot`). */
  inputPath: string;
  /**
   * The input's bytes as the import read them at the start: the results are written from these,
   * never from the file as it is now (which may have been saved since). Default: `inputPath` read now.
   */
  snapshot?: Uint8Array;
  /**
   * The key of each row as the import read it (results-keys.ts `rowKeysOf`): a result whose row has
   * another key in the file written from is not written there, and is returned as unplaced.
   */
  rowKeys?: RowKeys;
  /** Where to write; same extension as the input (see {@link defaultResultsPath}). May equal `inputPath`. */
  outputPath: string;
  /** xlsx: the imported sheet; default the first sheet. Ignored for CSV. */
  sheetName?: string;
  /** 1-based row of the headers; results go on rows below it. */
  headerRowNumber: number;
  /** One result per resulted row; `rowNumber` is the 1-based sheet row (CSV: record number, blank lines counted). */
  results: RowResult[];
  /** Headers of the result columns, in {@link RESULT_COLUMNS} order; default RESULT_COLUMNS. */
  headers?: string[];
  /** CSV: the input's delimiter when the reader knows it; default detected (`,` `;` tab `|`). */
  delimiter?: string;
  /** The snapshot already loading ({@link preloadResults} of the same input and bytes); used once. */
  preloaded?: PreloadedResults | null;
  /**
   * The results workbook already being made ({@link prepareResults}): kept when it was made of these
   * very bytes and results (the same options otherwise), else made again from the bytes.
   */
  prepared?: PreparedResults | null;
}

/** A results workbook being made in memory before the results are final (see {@link prepareResults}). */
export interface PreparedResults {
  /** The options it was made of (`outputPath` aside). */
  readonly options: ResultsFileOptions;
  readonly rendered: Promise<RenderedResults>;
}

/** Whether `prepared` was made of what `options` asks for: the same bytes, sheet, header row, row keys, headers and results. */
function preparedFor(prepared: PreparedResults | null | undefined, options: ResultsFileOptions): boolean {
  const made = prepared?.options;
  return (
    made !== undefined &&
    made.snapshot !== undefined &&
    made.snapshot === options.snapshot &&
    made.inputPath === options.inputPath &&
    made.sheetName === options.sheetName &&
    made.headerRowNumber === options.headerRowNumber &&
    made.rowKeys === options.rowKeys &&
    isDeepStrictEqual(made.headers, options.headers) &&
    isDeepStrictEqual(made.results, options.results)
  );
}

/** A results workbook loading from the snapshot before the results are known (see {@link preloadResults}). */
export interface PreloadedResults {
  readonly snapshot: Uint8Array;
  readonly workbook: Promise<ExcelJS.Workbook>;
}

/**
 * Starts loading the workbook the results of an .xlsx input (or a converted format) will be written
 * onto, from `snapshot` (the input's bytes as read), so that the load overlaps the sending and
 * {@link writeResultsFile} only writes; the `t="d"` cells of the sheet named `sheetName` (default the
 * first: the sheet the results will go on) are put back as dates meanwhile too, and with `rowKeys`
 * (the write's own, the same object) each of its rows' keys compared (results-keys.ts). Null for a CSV
 * (written in one pass from the bytes). A load that fails is reported by the write, as it would have
 * been without the preload.
 */
export function preloadResults(
  inputPath: string,
  snapshot: Uint8Array,
  sheetName?: string,
  rowKeys?: RowKeys,
): PreloadedResults | null {
  if (formatOf(inputPath) !== '.xlsx') return null;
  const workbook = loadResultsWorkbook(inputPath, snapshot, {
    ...(sheetName === undefined ? {} : { sheetName }),
    ...(rowKeys ? { rowKeys } : {}),
  });
  workbook.catch(() => undefined); // thrown where the write awaits it
  return { snapshot, workbook };
}

/**
 * Starts making the .xlsx results workbook of `options` in memory (not written; `outputPath` unused)
 * on the workbook `preloaded` loads, which it changes: the results as they stand before the run's last
 * step, so that the making overlaps that step and {@link writeResultsFile}, given the same results,
 * only writes the bytes. Null for a CSV, or when `preloaded` is not of these bytes (nothing started).
 * A failure is reported by the write that uses it, as it would have been.
 */
export function prepareResults(options: ResultsFileOptions, preloaded: PreloadedResults): PreparedResults | null {
  const snapshot = options.snapshot;
  if (formatOf(options.inputPath) !== '.xlsx' || !snapshot || preloaded.snapshot !== snapshot) return null;
  // Begun on the next turn of the event loop: a request the caller starts now (the sweep's list) goes first.
  const rendered = new Promise<void>((resolve) => setImmediate(resolve)).then(() =>
    renderXlsxResults({ ...xlsxJobOf(options, snapshot), loaded: preloaded.workbook }),
  );
  rendered.catch(() => undefined); // thrown where the write awaits it
  return { options, rendered };
}

/** The .xlsx writer's job of `options`, the results columns' headers checked. */
function xlsxJobOf(options: ResultsFileOptions, input: Uint8Array) {
  const names = options.headers ?? [...RESULT_COLUMNS];
  checkResultNames(names);
  return {
    inputPath: options.inputPath,
    input,
    outputPath: options.outputPath,
    headerRowNumber: options.headerRowNumber,
    results: options.results,
    names,
    ...(options.rowKeys ? { rowKeys: options.rowKeys } : {}),
    ...(options.sheetName === undefined ? {} : { sheetName: options.sheetName }),
  };
}

const FORMATS = ['.xlsx', '.csv'] as const;
/** Other workbook formats the reader takes: their results file is an .xlsx (see results-xlsx.ts). */
const CONVERTED = ['.xls', '.xlsm', '.xlsb', '.ods', '.slk', '.dif'];
const RESULTS_SUFFIX = '.results';

/**
 * Writes the results file. For .xlsx the whole input workbook is kept (other sheets, styles, merges,
 * formulas, notes); on the imported sheet the result columns go right of the last used column, or
 * into shed's own block when the file has one (a re-imported results file: found by its defined name,
 * results-mark.ts, or its headers, shared/import/result-block.ts; never a sheet's own `Status`
 * column), their headers bold and marked; each resulted row gets its result cells, its `invalidColumns` cells (0-based,
 * column A = 0) a red fill, dark red text and a note `shed: MESSAGE` (a note of the bookkeeper's own
 * is kept), and its Message cell red when the row is invalid or has invalid cells. Red marks and
 * notes of an earlier run are cleared from resulted rows first. Rows without a result (title, blank,
 * totals rows) are untouched. For .csv see `writeCsvResults` (input cells written back as they were,
 * not formula-guarded; only the added cells are). The output appears atomically (temp + rename).
 * With `rowKeys`, a result whose row does not show the key the import read there is left out.
 * Throws {@link WriteError}: `results_format_mismatch` (extensions differ, or not .xlsx/.csv),
 * `results_input_unreadable`, `invalid_results` (row or column out of range, duplicate row, bad
 * `headers`), `output_not_writable`.
 */
export async function writeResultsFile(options: ResultsFileOptions): Promise<ResultsFileWritten> {
  const mismatch = resultsFormatProblem(options.inputPath, options.outputPath);
  if (mismatch !== null) throw new WriteError('results_format_mismatch', mismatch);
  const format = formatOf(options.inputPath)!;
  const names = options.headers ?? [...RESULT_COLUMNS];
  checkResultNames(names);
  const job = {
    inputPath: options.inputPath,
    input: options.snapshot ?? (await readInput(options.inputPath)),
    outputPath: options.outputPath,
    headerRowNumber: options.headerRowNumber,
    results: options.results,
    names,
    ...(options.rowKeys ? { rowKeys: options.rowKeys } : {}),
  };
  if (format === '.xlsx') {
    // Made of these very bytes and these very results: only written now.
    if (options.prepared && preparedFor(options.prepared, options)) {
      const { bytes, unplaced } = await options.prepared.rendered;
      await writeRendered(options.outputPath, bytes);
      return { unplaced };
    }
    // Only a preload of these very bytes, not changed by a preparation, stands for loading them now.
    const fresh = !options.prepared && options.preloaded?.snapshot === job.input;
    const loaded = fresh && options.preloaded ? { loaded: options.preloaded.workbook } : {};
    return writeXlsxResults({ ...xlsxJobOf(options, job.input), ...loaded });
  }
  return writeCsvResults(options.delimiter === undefined ? job : { ...job, delimiter: options.delimiter });
}

async function readInput(path: string): Promise<Uint8Array> {
  try {
    return await readFile(path);
  } catch (cause) {
    throw new WriteError(
      'results_input_unreadable',
      `cannot read '${path}' again to write the results: ${(cause as Error).message}`,
      { cause },
    );
  }
}

/**
 * The default results path beside the input: `dir/NAME.xlsx` → `dir/NAME.results.xlsx`,
 * `NAME.csv` → `NAME.results.csv` (extension case kept); `.xls`, `.xlsm`, `.xlsb` and `.ods` inputs
 * get an `.xlsx` results file. A results file being re-imported
 * (`NAME.results.xlsx`) gets its results written back into itself rather than `NAME.results.results.xlsx`.
 * A sheet named by the import (`--sheet`, `--all-sheets`) gets its own: `NAME.SHEET.results.xlsx`,
 * so the results (and journal) of one sheet are never overwritten by an import of another.
 */
export function defaultResultsPath(inputPath: string, sheet?: string): string {
  const original = extname(inputPath);
  const extension = CONVERTED.includes(original.toLowerCase()) ? '.xlsx' : original;
  const stem = basename(inputPath, original);
  if (stem.toLowerCase().endsWith(RESULTS_SUFFIX) && extension === original) return inputPath;
  const part = sheet === undefined ? '' : `.${sheet.trim().replace(/[\\/:*?"<>|\s.]+/g, '-') || 'sheet'}`;
  return join(dirname(inputPath), `${stem}${part}${RESULTS_SUFFIX}${extension}`);
}

/** The results format of an input (`.xlsx` for every workbook format the reader takes), or null for none. */
export function formatOf(path: string): (typeof FORMATS)[number] | null {
  const extension = CONVERTED.includes(extname(path).toLowerCase()) ? '.xlsx' : extname(path).toLowerCase();
  return FORMATS.find((candidate) => candidate === extension) ?? null;
}

/**
 * Why the results of `inputPath` cannot be written to `outputPath` (a results file is .xlsx for a
 * workbook input, .csv for a CSV), or null when they can. Pure: asked before an import sends anything
 * (results-output.ts) and again when the file is written.
 */
export function resultsFormatProblem(inputPath: string, outputPath: string): string | null {
  const format = formatOf(inputPath);
  if (format === null) return `results files are written for .xlsx and .csv inputs, not '${basename(inputPath)}'`;
  if (extname(outputPath).toLowerCase() === format) return null;
  return `the results of '${basename(inputPath)}' are written as ${format}, not as '${basename(outputPath)}'`;
}
