/**
 * CSV text to the typed grid, with papaparse: delimiter `,` `;` or tab guessed, CRLF, LF or CR (mixed
 * too: csv-line-breaks.ts), every
 * value kept as the text written (no type guessing: the value layer parses `$1,234.50`, `3/2/2026`),
 * an empty value as `null`. Row numbers are record numbers, 1-based, header included: what Excel
 * shows as the row number when it opens the file.
 */
import { RECEIPT_REGISTRY } from '../../shared/kinds/index.ts';
import Papa from 'papaparse';
import type { CellValue, SheetRow } from '../../shared/sheet/grid.ts';
import { isBlank } from '../../shared/sheet/grid.ts';
import { unifyLineBreaks } from './csv-line-breaks.ts';
import { InputFileError } from './errors.ts';
import type { TextEncodingName } from './text-decode.ts';

/** The delimiters the CSV reader guesses among (PRODUCT.md: comma or semicolon; tab for pasted text). */
export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;

/** Excel's first-line delimiter declaration, `sep=;`: it names the delimiter and is not data. */
export const SEP_LINE = /^sep=(.)\r?\n/i;

/** How the CSV was written, so a results file can be written the same way. */
export interface CsvFormat {
  /** `,` `;` or tab. */
  delimiter: string;
  /** `\r\n`, `\n` or `\r`. */
  newline: string;
  encoding: TextEncodingName;
  /** Whether the file started with a byte order mark. */
  bom: boolean;
}

/** The rows of a CSV text with its delimiter and line break. */
export interface ParsedCsv {
  rows: SheetRow[];
  delimiter: string;
  newline: string;
}

/**
 * Parses decoded CSV text (BOM already removed). Rows whose cells are all blank are left out; the
 * row numbers of the others stay as in the file. Trailing empty cells are dropped from each row.
 * `file` names the file in messages.
 * @param maxRows records read at most (blank lines included).
 * @throws InputFileError `malformed_csv` when a quoted value is never closed or has text after its
 *   closing quote (papaparse would merge the cells and rows after it); `too_large` past `maxRows`.
 */
export function parseCsvText(text: string, file: string, maxRows = Number.POSITIVE_INFINITY): ParsedCsv {
  const rows: SheetRow[] = [];
  const declared = SEP_LINE.exec(text)?.[1];
  const delimiter = declared ?? guessDelimiter(text);
  // Line breaks of more than one kind are made one, so that each ends a record as in Excel.
  const unified = unifyLineBreaks(text, delimiter);
  const settings: Papa.ParseConfig<string[]> = {
    delimiter,
    ...(unified.newline === undefined ? {} : { newline: unified.newline as '\r\n' | '\n' | '\r' }),
    skipEmptyLines: false,
    dynamicTyping: false,
    header: false,
  };
  // A file with more line breaks than the limit has its records counted first, by papaparse, holding
  // no row: a file far over the limit is refused without its rows in memory.
  if (moreBreaksThan(unified.text, maxRows) && countRecords(unified.text, settings, maxRows) > maxRows) {
    throw tooManyRecords(file, maxRows);
  }
  // One record more than the limit, to tell a file over it from one exactly at it.
  const result = Papa.parse<string[]>(unified.text, {
    ...settings,
    ...(Number.isFinite(maxRows) ? { preview: maxRows + 1 } : {}),
  });
  // The line break that ends a file reads as one more, empty record: it does not count (an empty
  // record where the parse stopped at the limit is a blank line, with more records after it).
  const last = result.data.at(-1);
  const endsEmpty = !result.meta.truncated && last !== undefined && last.length === 1 && last[0] === '';
  const records = result.data.length - (endsEmpty ? 1 : 0);
  if (records > maxRows) throw tooManyRecords(file, maxRows);
  const ours = writtenByShedExport(result.data);
  // Each record becomes its row's cells in place (papaparse's arrays are ours): no second array per row.
  const data = result.data as unknown[][];
  for (let index = declared === undefined ? 0 : 1; index < data.length; index += 1) {
    const cells = cellsInPlace(data[index] as string[], ours);
    if (cells !== null) rows.push({ rowNumber: index + 1, cells });
  }
  // Papaparse reads on after a quoting error, merging cells and rows: refuse rather than guess.
  const quoting = result.errors.find((e) => e.code === 'MissingQuotes' || e.code === 'InvalidQuotes');
  if (quoting) {
    const rowNumber = (quoting.row ?? 0) + 1;
    const what =
      quoting.code === 'MissingQuotes'
        ? 'a value opens a double quote (") that is never closed, so the rest of the file would read as one cell'
        : 'a quoted value has text after its closing quote (like "20" L), so its cells cannot be told apart';
    throw new InputFileError(
      'malformed_csv',
      file,
      `${file} row ${rowNumber}: ${what}. Correct the quotes, or save the file again from Excel.`,
    );
  }
  return { rows, delimiter: result.meta.delimiter, newline: result.meta.linebreak };
}

/** The refusal of a file with more than `maxRows` records. */
export function tooManyRecords(file: string, maxRows: number): InputFileError {
  return new InputFileError(
    'too_large',
    file,
    `${file} has more than ${maxRows.toLocaleString('en-AU')} rows, more than this tool reads at once. Nothing was sent. Split it into smaller files, or pass --max-rows with a higher number.`,
  );
}

/** Whether the text holds more than `limit` CR and LF characters (a CRLF counts two): at most that many records. */
function moreBreaksThan(text: string, limit: number): boolean {
  if (!Number.isFinite(limit) || text.length <= limit) return false;
  let breaks = 0;
  for (const mark of ['\n', '\r']) {
    for (let at = text.indexOf(mark); at >= 0; at = text.indexOf(mark, at + 1)) {
      breaks += 1;
      if (breaks > limit) return true;
    }
  }
  return false;
}

/**
 * The records papaparse reads in `text` with `settings`, as {@link parseCsvText} counts them (the
 * line break ending the text starts none), stopping past `limit` + 1: one pass, each row let go as
 * it is counted. (Parsed in chunks, papaparse parsed an unfinished record again with each chunk: a
 * stray quote near the top of a 47 MB file took 1.2 GB.)
 */
function countRecords(text: string, settings: Papa.ParseConfig<string[]>, limit: number): number {
  let records = 0;
  let lastEmpty = false;
  Papa.parse<string[]>(text, {
    ...settings,
    step: (row: Papa.ParseStepResult<string[]>, parser: Papa.Parser) => {
      records += 1;
      lastEmpty = row.data.length === 1 && row.data[0] === '';
      if (records > limit + 1) parser.abort();
    },
  });
  return records - (lastEmpty && records <= limit + 1 ? 1 : 0);
}

/**
 * The delimiter, guessed by papaparse over the first lines, leaving out blank lines and rows of only
 * delimiters so that a title line and blank lines above the header do not defeat the guess. When
 * papaparse cannot tell (a one-column file, a file of only delimiters), the most frequent candidate
 * in the first lines, else `,`.
 */
export function guessDelimiter(text: string): string {
  const head = text.slice(0, 64 * 1024);
  const preview = Papa.parse<string[]>(head, {
    delimitersToGuess: [...CSV_DELIMITERS],
    skipEmptyLines: 'greedy',
    preview: 20,
  });
  if (!preview.errors.some((e) => e.code === 'UndetectableDelimiter')) return preview.meta.delimiter;
  const counts = CSV_DELIMITERS.map((d) => ({ d, n: head.split(d).length - 1 }));
  const best = counts.reduce((a, b) => (b.n > a.n ? b : a));
  return best.n > 0 ? best.d : ',';
}

/**
 * Whether the file is one of shed's own exports: a row within the first lines holds both `Record ID`
 * and `Updated At` (their labels in the field registry), as the receipts and returns exports write them. Only then is a leading `'` our
 * formula guard; in anyone else's file it is the bookkeeper's own text.
 */
export function writtenByShedExport(records: readonly string[][]): boolean {
  const { record_id, updated_at } = RECEIPT_REGISTRY;
  return records.slice(0, 30).some((fields) => fields.includes(record_id.label) && fields.includes(updated_at.label));
}

/**
 * Takes off the quote our exports put before text that a spreadsheet would run as a formula
 * (`'=SUM…`, `'-5 drums`: batch/write/csv-guard.ts), so an exported CSV imports back as it was.
 */
function unguard(field: string): string {
  return /^''*[=+\-@\t\r]/.test(field) ? field.slice(1) : field;
}

/**
 * {@link toCells} done on `fields` itself (which becomes the row's cells), or null when every cell is
 * blank (the row is left out).
 */
function cellsInPlace(fields: string[], ourExport: boolean): CellValue[] | null {
  let end = fields.length;
  while (end > 0 && fields[end - 1] === '') end -= 1;
  fields.length = end;
  const cells = fields as CellValue[];
  let blank = true;
  for (let i = 0; i < end; i += 1) {
    const field = fields[i]!;
    if (field === '') cells[i] = null;
    else {
      const cell = ourExport ? unguard(field) : field;
      cells[i] = cell;
      if (blank && !isBlank(cell)) blank = false;
    }
  }
  return blank ? null : cells;
}

/**
 * Empty text becomes `null`; everything else stays as written (in shed's own exports, without the
 * formula guard). Trailing empty cells are dropped.
 */
export function toCells(fields: readonly string[], ourExport: boolean): CellValue[] {
  let end = fields.length;
  while (end > 0 && fields[end - 1] === '') end -= 1;
  const cells: CellValue[] = new Array<CellValue>(end);
  for (let i = 0; i < end; i += 1) {
    const field = fields[i] ?? '';
    cells[i] = field === '' ? null : ourExport ? unguard(field) : field;
  }
  return cells;
}
