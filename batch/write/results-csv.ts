/**
 * The .csv results file: every input record written back with the same values, delimiter, line ends
 * and BOM, plus the result columns on the header and on each row that has a result.
 */
import { open } from 'node:fs/promises';
import Papa from 'papaparse';
import type { RowResult } from '../../shared/import/outcome.ts';
import { toCells, writtenByShedExport } from '../read/csv.ts';
import { unifyLineBreaks } from '../read/csv-line-breaks.ts';
import { decodeCsvBytes, type TextEncodingName } from '../read/text-decode.ts';
import { writeAtomically } from './atomic-file.ts';
import { guardCsvFormula } from './csv-guard.ts';
import { dropMisplaced, type RowKeys } from './results-keys.ts';
import { indexResults, locateResultColumns, resultCells } from './results-plan.ts';
import { encodeText, toWindows1252Text } from './text-encode.ts';
import { WriteError } from './write-error.ts';

/** Delimiters tried when none is given (PRODUCT.md: comma or semicolon; tab and pipe seen in exports). */
const DELIMITERS = [',', ';', '\t', '|'];
const BLOCK_RECORDS = 1000;

/** What the .csv results writer needs (see `writeResultsFile`). */
export interface CsvResultsJob {
  /** Names the input in messages. */
  inputPath: string;
  /** The input's bytes, as read at the start of the run. */
  input: Uint8Array;
  rowKeys?: RowKeys;
  outputPath: string;
  headerRowNumber: number;
  results: readonly RowResult[];
  names: readonly string[];
  /** The input's delimiter when the reader knows it; default detected by papaparse. */
  delimiter?: string;
}

/** The input CSV as records, with what is needed to write it back the same way. */
interface CsvInput {
  records: string[][];
  delimiter: string;
  linebreak: string;
  bom: boolean;
  encoding: TextEncodingName;
  finalLinebreak: boolean;
}

/**
 * Reads the input's bytes (in any encoding the reader takes) and writes `outputPath` atomically in
 * the same encoding and BOM: each record's fields unchanged (papaparse
 * re-quotes only where needed, so the bytes may differ where the input quoted without need), result
 * columns filled on rows with a result (padded to their position), rows without one as they were.
 * Only the cells added are formula-guarded; input cells are written back as the bookkeeper wrote them.
 * A row number is the 1-based record number as papaparse reads the file, blank lines counted; with
 * `rowKeys` a result whose record shows another key is left out (returned as unplaced). In a
 * Windows-1252 file, characters of shed's messages it lacks are written plainly (`→` as `->`).
 * Throws `results_input_unreadable` (no text, unbalanced quotes, no header row), `invalid_results`,
 * `output_not_writable`.
 */
export async function writeCsvResults(job: CsvResultsJob): Promise<{ unplaced: number[] }> {
  const input = readCsv(job.inputPath, job.input, job.delimiter);
  if (job.headerRowNumber > input.records.length) {
    throw new WriteError(
      'results_input_unreadable',
      `'${job.inputPath}' has ${input.records.length} rows; no header row ${job.headerRowNumber}`,
    );
  }
  const byRow = indexResults(job.results, job.headerRowNumber, input.records.length);
  // Key cells as the reader made them (in shed's own export, without the formula guard).
  const ours = writtenByShedExport(input.records);
  const unplaced = dropMisplaced(byRow, job.rowKeys, (n) => toCells(input.records[n - 1] ?? [], ours));
  const fit = input.encoding === 'windows-1252' ? toWindows1252Text : (text: string) => text;
  const header = input.records[job.headerRowNumber - 1] ?? [];
  // A loop, not Math.max(...records): spreading 130,000+ arguments overflows the stack.
  const width = input.records.reduce((widest, record) => Math.max(widest, record.length), 0);
  const positions = locateResultColumns(header, width, job.names);
  setFields(
    header,
    positions,
    // The contract's plain headers (PRODUCT.md, "Results file"): the run of them all is shed's mark here.
    job.names.map((name) => fit(guardCsvFormula(name))),
  );
  for (const [rowNumber, result] of byRow) {
    const record = input.records[rowNumber - 1];
    if (record !== undefined)
      setFields(
        record,
        positions,
        resultCells(result).map((cell) => fit(guardCsvFormula(cell ?? ''))),
      );
  }
  await writeAtomically(job.outputPath, async (temp) => {
    const handle = await open(temp, 'w');
    try {
      await writeRecords(handle, input);
    } finally {
      await handle.close();
    }
  });
  return { unplaced };
}

function readCsv(path: string, bytes: Uint8Array, delimiter: string | undefined): CsvInput {
  let decoded: ReturnType<typeof decodeCsvBytes>;
  try {
    decoded = decodeCsvBytes(bytes, path);
  } catch (cause) {
    throw new WriteError(
      'results_input_unreadable',
      `cannot read '${path}' as text to write the results: ${(cause as Error).message}`,
      { cause },
    );
  }
  const { text, bom, encoding } = decoded;
  // Guess on non-blank lines only: papaparse counts a blank line (or the final line break) as a
  // one-field record, which defeats its guess on short files. Then parse every line, blank ones
  // included, so that record numbers are row numbers.
  const guessed =
    delimiter ??
    Papa.parse<string[]>(text, { delimitersToGuess: DELIMITERS, skipEmptyLines: true, preview: 20 }).meta.delimiter;
  // Line ends of more than one kind made one first, so that records are the rows the reader read (csv-line-breaks.ts).
  const unified = unifyLineBreaks(text, guessed);
  const parsed = Papa.parse<string[]>(unified.text, {
    delimiter: guessed,
    skipEmptyLines: false,
    header: false,
    ...(unified.newline === undefined ? {} : { newline: unified.newline as '\r\n' | '\n' | '\r' }),
  });
  const quoteError = parsed.errors.find((error) => error.type === 'Quotes');
  if (quoteError) {
    throw new WriteError(
      'results_input_unreadable',
      `'${path}' row ${(quoteError.row ?? 0) + 1}: ${quoteError.message}`,
    );
  }
  const records = parsed.data;
  const linebreak = parsed.meta.linebreak || '\r\n';
  // papaparse reads the line break ending the file as one more, empty record.
  const finalLinebreak =
    /(\r\n|\r|\n)$/.test(text) && records.length > 1 && records.at(-1)?.length === 1 && records.at(-1)?.[0] === '';
  if (finalLinebreak) records.pop();
  return { records, delimiter: parsed.meta.delimiter, linebreak, bom, encoding, finalLinebreak };
}

/** Puts `values` at `positions` in a record, padding it with empty fields as needed. */
function setFields(record: string[], positions: readonly number[], values: readonly string[]): void {
  positions.forEach((position, index) => {
    while (record.length < position) record.push('');
    record[position] = values[index] ?? '';
  });
}

async function writeRecords(handle: import('node:fs/promises').FileHandle, input: CsvInput): Promise<void> {
  const { records, delimiter, linebreak } = input;
  let first = true;
  for (let start = 0; start < records.length; start += BLOCK_RECORDS) {
    const block = records.slice(start, start + BLOCK_RECORDS);
    const last = start + BLOCK_RECORDS >= records.length;
    const text = Papa.unparse(block, {
      delimiter,
      newline: linebreak,
      quotes: false,
      header: false,
      escapeFormulae: false,
      skipEmptyLines: false,
    });
    // Only the first block carries the byte order mark, in the input's encoding.
    await handle.write(
      encodeText(text + (last && !input.finalLinebreak ? '' : linebreak), input.encoding, first && input.bom),
    );
    first = false;
  }
}
