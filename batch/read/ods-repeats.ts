/**
 * OpenDocument repeats that only a file made to exhaust memory writes: a value repeated across more
 * columns than a sheet has, or a row holding a value repeated past the row limit. Looked for while the
 * zip check inflates an .ods's content.xml (zip-check.ts), before SheetJS would expand them.
 */
import { InputFileError } from './errors.ts';

/**
 * An OpenDocument cell with a value repeated across more than 16,384 columns (the most a sheet has in
 * LibreOffice and Excel), or a row with a value repeated past the row limit: only a file made to
 * exhaust memory does that (SheetJS would expand every repeat, past its own row limit too). Empty
 * cells and rows repeated far, as LibreOffice writes them to the sheet's edge, have no value type.
 */
const VALUED_REPEAT =
  /<(?:\w+:)?table-cell\b(?=[^>]*\bvalue-type=)[^>]*number-columns-repeated="(\d+)"[^>]*>|<(?:\w+:)?table-cell\b[^>]*number-columns-repeated="(\d+)"(?=[^>]*\bvalue-type=)[^>]*>/g;
const SHEET_COLUMNS = 16_384;

/** A row repeated N times (`number-rows-repeated`) and its content, up to 8,000 characters of it. */
const REPEATED_ROW =
  /<(?:\w+:)?table-row\b[^>]*number-rows-repeated="(\d+)"[^>]*>([\s\S]{0,8000}?)<\/(?:\w+:)?table-row>/g;

/** Whether the text repeats a value over more columns than a sheet has, or a row holding a value over more than `maxRows`. */
export function repeatsTooFar(text: string, maxRows: number): boolean {
  for (const match of text.matchAll(VALUED_REPEAT)) if (Number(match[1] ?? match[2]) > SHEET_COLUMNS) return true;
  for (const match of text.matchAll(REPEATED_ROW))
    if (Number(match[1]) > maxRows && /value-type=/.test(match[2] ?? '')) return true;
  return false;
}

export function repeatedTooFar(file: string): InputFileError {
  return new InputFileError(
    'too_large',
    file,
    `${file} repeats a value across more columns or rows than this tool reads (more than 16,384 columns, or more rows than the row limit): a file made to exhaust memory, or far more than a sheet to import. Nothing was read or sent.`,
  );
}
