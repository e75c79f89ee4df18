/**
 * The workbook reader's refusals (workbook.ts): no data, no such sheet, an empty sheet, a workbook
 * SheetJS cannot read, rows lost, a sheet cut short at the row limit; each names the file (and sheet)
 * and says how to go on.
 */
import * as XLSX from '@e965/xlsx';
import { closest } from 'fastest-levenshtein';
import { InputFileError } from './errors.ts';
import type { ReadLimits } from './limits.ts';

/** The refusal of a workbook none of whose sheets (`names`, tab order) has a cell with a value. */
export function noData(file: string, names: readonly string[]): InputFileError {
  return new InputFileError('no_data', file, `${file} has no data: every sheet (${quoteList(names)}) is empty.`);
}

/**
 * Refuses a sheet of which fewer rows holding a value were read than its part holds (`expected`, counted
 * by the zip check; undefined when not counted): two rows with the same number (SheetJS keeps the last),
 * a row numbered 0, or a row whose only values refer to shared strings that are not there (dropped).
 * Excel refuses such a file or repairs it; read as it is, a row would be lost without a word.
 */
export function refuseLostRows(file: string, sheet: string, expected: number | undefined, read: number): void {
  if (expected === undefined || read >= expected) return;
  throw new InputFileError(
    'corrupt_workbook',
    file,
    `${file}, sheet ${sheet}: ${expected.toLocaleString('en-AU')} rows hold a value in the file but only ${read.toLocaleString('en-AU')} could be read: a row is written twice with the same number, or where no row can be, so a row would be lost. Nothing was sent. Open it in Excel (which repairs it) and save it again.`,
    { sheet },
  );
}

/** The refusal of a workbook SheetJS could not parse (`error`: what it threw, kept as the cause). */
export function corrupt(file: string, error: unknown): InputFileError {
  const reason = ownReason(error) ?? 'its contents are not laid out as a workbook';
  return new InputFileError(
    'corrupt_workbook',
    file,
    `${file} looks like a workbook but cannot be read (${reason}): it may be damaged or only partly copied. ` +
      `Copy it again, or open it in Excel and save it again.`,
    { cause: error },
  );
}

/**
 * SheetJS's own words for what it could not read ("Cannot find Workbook stream"): a plain `Error`
 * it threw itself. A `TypeError` or `RangeError` from deep inside it, or a Node error (with a
 * `code` such as `ERR_INVALID_ARG_TYPE`), says nothing a user can act on: undefined for those.
 */
function ownReason(error: unknown): string | undefined {
  if (!(error instanceof Error) || error.constructor !== Error || 'code' in error) return undefined;
  const line = error.message.split('\n')[0]!.trim();
  return line === '' || /\bundefined\b|\bnull\b|argument|propert(y|ies) of/i.test(line)
    ? undefined
    : line.slice(0, 160);
}

/** The refusal of a sheet (named by `--sheet`) with no cell of any value. */
export function emptySheet(file: string, sheet: string): InputFileError {
  return new InputFileError('no_data', file, `Sheet '${sheet}' of ${file} is empty: no cell has a value.`, { sheet });
}

/** The refusal of `--sheet NAME` naming no sheet of the workbook: the closest name, and all of them. */
export function missingSheet(file: string, sheet: string, names: readonly string[]): InputFileError {
  const guess = names.length > 0 ? closest(sheet, [...names]) : undefined;
  const hint = guess ? ` Did you mean '${guess}'?` : '';
  return new InputFileError(
    'sheet_not_found',
    file,
    `${file} has no sheet named '${sheet}'.${hint} Its sheets are: ${quoteList(names)}. Pass one of them to --sheet.`,
    { sheet },
  );
}

function quoteList(names: readonly string[]): string {
  return names.length === 0 ? '(none)' : names.map((n) => `'${n}'`).join(', ');
}

/**
 * Whether SheetJS stopped a sheet at the row limit (`sheetRows`) while its range went on (`!fullref`):
 * rows past the limit were never read, and may hold values. Refused rather than read short: a value
 * beyond row 300,001 of an .ods or .xlsb would otherwise be left out without a word.
 */
export function cutShort(sheet: XLSX.WorkSheet, limits: ReadLimits): boolean {
  const full = sheet['!fullref'];
  return typeof full === 'string' && XLSX.utils.decode_range(full).e.r >= limits.maxRows + 1;
}
