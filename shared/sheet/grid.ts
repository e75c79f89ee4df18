/**
 * The plain grid every reader produces (the CLI's .xlsx and .csv readers, the add-in's Excel adapter)
 * and every mapper consumes: typed cell values with 1-based sheet row numbers, nothing else.
 */

/** One cell: text, a number, a real date (an Excel date cell), a boolean, or empty (`null`). */
export type CellValue = string | number | boolean | Date | null;

/** One sheet row: its 1-based row number in the sheet and its cells, column A at index 0. */
export interface SheetRow {
  rowNumber: number;
  cells: CellValue[];
  /** The row is hidden in the workbook: hidden by the user, or filtered out by an autofilter. */
  hidden?: boolean;
}

/** A sheet read into memory: where it came from (file name, sheet name) and its non-empty rows. */
export interface Grid {
  /** File name (or workbook name in the add-in), for messages. */
  source: string;
  /** Sheet name; for CSV the file's base name. */
  sheet: string;
  rows: SheetRow[];
}

/** Where a problem is: sheet row number and, when known, the column (0-based index, letter, header). */
export interface CellRef {
  rowNumber: number;
  column?: number;
}

/** The column letter of a 0-based column index: 0 → `A`, 25 → `Z`, 26 → `AA`. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** Whether a cell holds nothing (null, or text of only whitespace, non-breaking spaces included). */
export function isBlank(value: CellValue | undefined): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.replace(/[\s\u00a0]/g, '') === '');
}
