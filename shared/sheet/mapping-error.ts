/**
 * The error of column mapping: a sheet whose header row cannot be found or whose columns cannot be
 * placed, or a saved mapping file (`--mapping FILE`) that is invalid or does not fit the sheet.
 */
import type { Remedy } from '../errors/remedy.ts';
import { ShedError } from '../errors/shed-error.ts';

/**
 * Stable codes of {@link MappingError} (all category `input`: exit status 2, nothing sent):
 * - `no_header_row`: no row among the first 30 looks like a header (or the mapping's `headerRow` is empty);
 * - `header_row_is_data`: the row given as the header row holds data (a header-less sheet's first line);
 * - `missing_fields`: the header row lacks columns for required fields;
 * - `invalid_mapping_file`: the saved mapping is not valid JSON or does not fit the schema;
 * - `mapping_mismatch`: the saved mapping is for the other kind of sheet, or names a header that is
 *   not in the header row;
 * - `gst_basis`: a price column says it includes GST but the import was not told so, or the import
 *   says prices include GST but the pack cost column says it excludes it (gaps row 28);
 * - `line_amount_as_cost`: the pack cost column is headed like a line amount (`Amount ex GST`) and
 *   nothing says it holds prices per pack (line-amount.ts);
 * - `doubled_header`: two columns of the header row carry a field's header (`Qty` twice);
 * - `pack_size_column`: a returns sheet counts packs (`Qty`) beside a pack size column it has no field for;
 * - `discount_column`: a discount column with a discount on some line, beside a pack cost not net of it;
 * - `decimal_comma`: a number cell writes a decimal comma (`12,5`) and another one comma group (`2,500`,
 *   which could be either) (decimal-commas.ts).
 */
export type MappingErrorCode =
  | 'no_header_row'
  | 'header_row_is_data'
  | 'missing_fields'
  | 'invalid_mapping_file'
  | 'mapping_mismatch'
  | 'gst_basis'
  | 'line_amount_as_cost'
  | 'doubled_header'
  | 'pack_size_column'
  | 'discount_column'
  | 'decimal_comma';

/** A mapping failure; the message names the file, sheet and row, what is missing and how to fix it. */
export class MappingError extends ShedError {
  declare readonly code: MappingErrorCode;

  constructor(code: MappingErrorCode, message: string, options?: { cause?: unknown; remedies?: readonly Remedy[] }) {
    super(code, 'input', message, options);
  }
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../errors/shed-error.ts' {
  interface ErrorCodes {
    MappingError: MappingErrorCode;
  }
}
