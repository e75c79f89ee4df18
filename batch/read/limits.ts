/**
 * Limits on what a file may make the reader hold, so that a zip bomb or a sheet of a million rows is
 * refused with a clear message before it exhausts memory, and nothing is sent. The defaults are
 * generous for real imports (200,000 invoice lines and more); `--max-rows` raises the row limit.
 */
import { InputFileError } from './errors.ts';

/** What the reader may take in from one file. */
export interface ReadLimits {
  /** Rows of one sheet (or records of a CSV file), blank ones included. */
  maxRows: number;
  /** Cells of one sheet, empty ones within a row included. */
  maxCells: number;
  /** Bytes a workbook's zip may unpack to (all its parts), and bytes of a CSV file. */
  maxBytes: number;
}

/** The limits when none are given: room for 200,000 lines and more, within about 1 GB of memory. */
export const DEFAULT_LIMITS: ReadLimits = { maxRows: 300_000, maxCells: 12_000_000, maxBytes: 400 * 1024 * 1024 };

/**
 * Checks the sizes a zip declares in its central directory (no entry is inflated) against `maxBytes`,
 * and the ratio of unpacked to packed size, which is what gives a zip bomb away.
 * @throws InputFileError `too_large`.
 */
export function checkZipSize(bytes: Uint8Array, file: string, limits: ReadLimits): void {
  const declared = declaredUnzippedSize(bytes);
  if (declared === null) return; // no central directory: the parser reports the damage
  if (declared > limits.maxBytes) {
    throw new InputFileError(
      'too_large',
      file,
      `${file} unpacks to ${megabytes(declared)} (more than the ${megabytes(limits.maxBytes)} this tool reads from one workbook): it is far larger than a sheet of invoices, or a "zip bomb". Nothing was read or sent. Split the sheet into smaller workbooks, or save only the sheet to import as .csv.`,
    );
  }
}

/** The sum of the uncompressed sizes in a zip's central directory, or null when there is none. */
function declaredUnzippedSize(bytes: Uint8Array): number | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // End of central directory: signature 0x06054b50 within the last 64 KiB + 22 bytes.
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 65_557); at -= 1) {
    if (view.getUint32(at, true) !== 0x06054b50) continue;
    const entries = view.getUint16(at + 10, true);
    let offset = view.getUint32(at + 16, true);
    let total = 0;
    for (let i = 0; i < entries && offset + 46 <= bytes.length; i += 1) {
      if (view.getUint32(offset, true) !== 0x02014b50) return total;
      total += view.getUint32(offset + 24, true);
      offset += 46 + view.getUint16(offset + 28, true) + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
    }
    return total;
  }
  return null;
}

/** @throws nothing: the error for a sheet with more rows than `maxRows`. */
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

/** The error for a text file larger than `maxBytes`. */
export function tooManyBytes(file: string, size: number, limits: ReadLimits): InputFileError {
  return new InputFileError(
    'too_large',
    file,
    `${file} is ${megabytes(size)}, more than the ${megabytes(limits.maxBytes)} this tool reads from one file. Nothing was read or sent. Split it into smaller files.`,
  );
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
}
