/**
 * Errors of the spreadsheet readers (workbook and .csv input files). Every one is category `input`,
 * which the CLI turns into exit status 2 before anything is sent (PRODUCT.md, "Exit status").
 */
import { ShedError } from '../../shared/errors/shed-error.ts';

/**
 * Stable codes of {@link InputFileError}:
 * - `file_not_found`: no file at that path.
 * - `file_unreadable`: the file exists but cannot be read (permission denied, a folder).
 * - `empty_file`: the file has 0 bytes.
 * - `not_a_spreadsheet`: neither a workbook (.xlsx, .xls, .ods) nor CSV text (a PDF, an image, a zip of
 *   something else, a Word document, an OLE file with no workbook in it, an HTML or XML page, JSON, RTF, a
 *   SocialCalc save, binary data).
 * - `corrupt_workbook`: a zip-based workbook that cannot be unpacked or parsed (damaged, truncated).
 * - `password_protected`: an encrypted .xlsx (an OLE container holding `EncryptedPackage`).
 * - `sheet_not_found`: `--sheet NAME` names no worksheet of the workbook.
 * - `no_data`: the file, or the chosen sheet, has no non-blank cell.
 * - `unreadable_encoding`: CSV bytes that are neither UTF-8 (or UTF-16 with a BOM) nor Windows-1252, or
 *   partly UTF-8 and partly not (two encodings in one file).
 * - `malformed_csv`: a quoted CSV value that is never closed (the rest of the file would be one cell), or
 *   a NUL character in the text.
 * - `too_large`: the file is over a limit of `limits.ts` (unpacked size, rows, cells): a zip bomb, or
 *   far more than a sheet to import.
 * - `memory_limit`: reading the sheet took the process's heap past its watermark (batch/cli/heap.ts):
 *   stopped before V8 runs out of memory, nothing sent.
 * - `file_changed`: a CSV whose last line has no line end changed while it was read or within the
 *   settling interval before (`ReadOptions.settleMs`): a program is still writing it, its last line
 *   may be cut short.
 * - `formula_without_value`: the sheet read holds a formula whose value the file does not hold (written by a
 *   program that does not calculate formulas, or a workbook asking to be calculated again when opened).
 */
export type InputFileErrorCode =
  | 'file_not_found'
  | 'file_unreadable'
  | 'empty_file'
  | 'not_a_spreadsheet'
  | 'corrupt_workbook'
  | 'password_protected'
  | 'sheet_not_found'
  | 'no_data'
  | 'unreadable_encoding'
  | 'malformed_csv'
  | 'file_changed'
  | 'memory_limit'
  | 'too_large'
  | 'formula_without_value';

/**
 * An input file that cannot be read as a sheet. The message names the file (as the user gave it),
 * the sheet when there is one, what is wrong and how to fix it; `file` and `sheet` carry the same.
 */
export class InputFileError extends ShedError {
  declare readonly code: InputFileErrorCode;
  /** The file as the user named it (path or file name). */
  readonly file: string;
  /** The sheet concerned, when the problem is in one sheet. */
  readonly sheet?: string;

  constructor(code: InputFileErrorCode, file: string, message: string, options?: { sheet?: string; cause?: unknown }) {
    super(code, 'input', message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.file = file;
    if (options?.sheet !== undefined) this.sheet = options.sheet;
  }
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../../shared/errors/shed-error.ts' {
  interface ErrorCodes {
    InputFileError: InputFileErrorCode;
  }
}
