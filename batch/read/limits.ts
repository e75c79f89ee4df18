/**
 * Limits on what a file may make the reader hold, so that a zip bomb or a sheet of a million rows is
 * refused with a clear message before it exhausts memory, and nothing is sent. The defaults are
 * generous for real imports (200,000 invoice lines and more); `--max-rows` raises the row limit.
 */
import { InputFileError } from './errors.ts';

/** What the reader may take in from one file. */
export interface ReadLimits {
  /**
   * Rows of one sheet that hold a value (blank rows, and the row numbers between rows, are not
   * counted: a big sheet is read in batches of rows, and blank cells count against `maxCells`),
   * or records of a CSV file, blank ones included.
   */
  maxRows: number;
  /** Cells of one sheet, empty ones within a row included. */
  maxCells: number;
  /** Bytes a workbook's zip may unpack to (all its parts), and bytes of a CSV file. */
  maxBytes: number;
}

/** The limits when none are given: room for 200,000 lines and more, within about 1 GB of memory. */
export const DEFAULT_LIMITS: ReadLimits = { maxRows: 300_000, maxCells: 12_000_000, maxBytes: 400 * 1024 * 1024 };

/** The error for a sheet with more rows than `maxRows`. */
export function tooManyRows(file: string, sheet: string, limits: ReadLimits): InputFileError {
  return new InputFileError(
    'too_large',
    file,
    `${file}, sheet ${sheet} has more than ${limits.maxRows.toLocaleString('en-AU')} rows, more than this tool reads at once. Nothing was sent. Split it into smaller files, or pass --max-rows with a higher number if the machine has the memory.`,
    { sheet },
  );
}

/** The error for a sheet with more cells than `maxCells`. */
export function tooManyCells(file: string, sheet: string, limits: ReadLimits): InputFileError {
  return new InputFileError(
    'too_large',
    file,
    `${file}, sheet ${sheet} has more than ${limits.maxCells.toLocaleString('en-AU')} cells, more than this tool reads at once. Nothing was sent. Delete the columns that are not imported, or split the sheet.`,
    { sheet },
  );
}

/**
 * What the readers ask between rows: whether the process's heap is past its watermark
 * (`heapGuard` of batch/cli/heap.ts); `limitBytes` is that watermark, for the message.
 */
export interface ReadMemoryGuard {
  over(): boolean;
  readonly limitBytes: number;
}

/** Rows read between two looks at the {@link ReadMemoryGuard}. */
export const ROWS_PER_MEMORY_CHECK = 4096;

/**
 * The error for a sheet whose reading (or checking: `stage`) took the heap past the guard's
 * watermark, `rows` rows in: stopped before the process runs out of memory; nothing was sent.
 */
export function tooMuchMemory(
  file: string,
  sheet: string | undefined,
  guard: ReadMemoryGuard,
  stage: string,
): InputFileError {
  const where = sheet === undefined ? file : `${file}, sheet ${sheet}`;
  const mb = `${Math.round(guard.limitBytes / 1024 / 1024).toLocaleString('en-AU')} MB`;
  return new InputFileError(
    'memory_limit',
    file,
    `${where}: ${stage} took more than the ${mb} of memory this process may use, so the import stopped before running out of it. Nothing was sent. Split the sheet into smaller files, or delete the columns that are not imported.`,
    sheet === undefined ? undefined : { sheet },
  );
}

/** The error for a file (or what a zip unpacks to: `how`) larger than `maxBytes`. */
export function tooManyBytes(file: string, size: number, limits: ReadLimits, how = 'is'): InputFileError {
  return new InputFileError(
    'too_large',
    file,
    `${file} ${how} ${megabytes(size)}, more than the ${megabytes(limits.maxBytes)} this tool reads from one file: far larger than a sheet of invoices, or a "zip bomb". Nothing was read or sent. Split it into smaller files, or save only the sheet to import as .csv.`,
  );
}

/**
 * A zip part unpacking to more than {@link PACKED_RATIO_LIMIT} times its packed size, once past
 * {@link PACKED_RATIO_FROM} bytes unpacked, is a zip bomb: spreadsheet XML packs 5 to 30 times, and
 * deflate at most about 1,030 times (a run of one byte). Apache POI refuses past 100 times
 * (`ZipSecureFile`'s minimum inflate ratio 0.01) from 100 KB; this is as strict only on parts large
 * enough to cost time and memory, so a part packed unusually well is never refused under 64 MB (a
 * sheet of 13,500 rows each holding the same 3,000-character note unpacks 40 MB at 100 times).
 */
export const PACKED_RATIO_LIMIT = 100;
/** Bytes a part unpacks to before its packing ratio is looked at (see {@link PACKED_RATIO_LIMIT}). */
export const PACKED_RATIO_FROM = 64 * 1024 * 1024;

/** The refusal of a zip part unpacking past {@link PACKED_RATIO_LIMIT} times its packed size. */
export function packedTooTightly(file: string, part: string, packed: number, unpacked: number): InputFileError {
  return new InputFileError(
    'too_large',
    file,
    `${file}: its part ${part} unpacks to more than ${megabytes(unpacked)} from ${megabytes(packed)}, over ${PACKED_RATIO_LIMIT} times its packed size, which no spreadsheet's part does: a "zip bomb". Nothing was read or sent. If the file is a real workbook, save it again from Excel, or save only the sheet to import as .csv.`,
  );
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}
