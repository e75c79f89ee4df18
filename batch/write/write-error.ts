/**
 * Errors of the file writers at the batch edge (exports, results files).
 */
import { ShedError, type ErrorCategory } from '../../shared/errors/shed-error.ts';

/**
 * Stable codes of {@link WriteError}:
 * - `invalid_table` (internal): a {@link TableSheet} is malformed (no columns, duplicate key or header,
 *   bad sheet or table name, totals on a non-numeric column).
 * - `invalid_cell_value` (internal): a row value does not fit its column's type (message names the
 *   sheet, data row, column and value).
 * - `output_not_writable` (usage): the target file or its folder cannot be written.
 * - `results_input_unreadable` (input): the imported file cannot be read again to write the results file.
 * - `results_format_mismatch` (usage): the results file's extension differs from the input's.
 * - `invalid_results` (internal): a RowResult points at a row or column that cannot carry a result.
 */
export type WriteErrorCode =
  | 'invalid_table'
  | 'invalid_cell_value'
  | 'output_not_writable'
  | 'results_input_unreadable'
  | 'results_format_mismatch'
  | 'invalid_results';

const CATEGORY: Readonly<Record<WriteErrorCode, ErrorCategory>> = {
  invalid_table: 'internal',
  invalid_cell_value: 'internal',
  output_not_writable: 'usage',
  results_input_unreadable: 'input',
  results_format_mismatch: 'usage',
  invalid_results: 'internal',
};

/** A writer failure with a stable {@link WriteErrorCode}; the category follows from the code. */
export class WriteError extends ShedError {
  declare readonly code: WriteErrorCode;

  constructor(code: WriteErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, CATEGORY[code], message, options);
  }
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../../shared/errors/shed-error.ts' {
  interface ErrorCodes {
    WriteError: WriteErrorCode;
  }
}
