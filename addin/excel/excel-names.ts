/**
 * shed's mark on its result block in the pane: a sheet-scoped defined name, `_shed_results`, over the
 * block's header cells (ExcelApi 1.4, `worksheet.names`), the mark the CLI's results file carries
 * (batch/write/results-mark.ts). Both faces then find the block by that mark (shared/import/result-block.ts),
 * never by a header a sheet may also use; Excel moves the name with the block when columns are inserted.
 */
import { RESULTS_MARK_NAME } from '../../shared/import/result-block.ts';
import { columnLetter } from '../../shared/sheet/grid.ts';

/** Schedules the load of the sheet's mark (read after the next sync: `isNullObject`, `formula`). */
export function loadResultsMark(sheet: Excel.Worksheet): Excel.NamedItem {
  return sheet.names.getItemOrNullObject(RESULTS_MARK_NAME).load('formula');
}

/** `'AB'` → 27 (0-based). */
function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/**
 * The 0-based columns a mark's formula covers (`=Invoices!$K$3:$P$3`, `='Feb ''26'!$K$3:$O$3,'Feb ''26'!$R$3`),
 * ascending; null when it covers a cell off `headerRowNumber`'s row or cannot be read (then it says nothing for sure).
 */
export function markedColumnsOf(formula: string, headerRowNumber: number): number[] | null {
  const columns: number[] = [];
  for (const area of formula.replace(/^=/, '').split(',')) {
    const found = /!\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?$/.exec(area.trim());
    if (!found) return null;
    const [, from = '', row = '', to = from, lastRow = row] = found;
    if (Number(row) !== headerRowNumber || Number(lastRow) !== headerRowNumber) return null;
    for (let c = columnIndex(from); c <= columnIndex(to); c += 1) columns.push(c);
  }
  return columns.length > 0 ? [...new Set(columns)].sort((a, b) => a - b) : null;
}

/** The reference of `columns` (0-based) on one row of `sheetName`, contiguous columns as one area. */
export function markReference(sheetName: string, headerRowNumber: number, columns: readonly number[]): string {
  const sheet = `'${sheetName.replace(/'/g, "''")}'`;
  const sorted = [...new Set(columns)].sort((a, b) => a - b);
  const areas: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] ?? 0) + 1) j += 1;
    const from = `$${columnLetter(sorted[i] ?? 0)}$${headerRowNumber}`;
    areas.push(j === i ? `${sheet}!${from}` : `${sheet}!${from}:$${columnLetter(sorted[j] ?? 0)}$${headerRowNumber}`);
    i = j + 1;
  }
  return `=${areas.join(',')}`;
}

/**
 * Schedules the mark over `columns` (0-based) of the header row, replacing the sheet's old mark
 * (`existing`, loaded). Returns the bytes it adds to the request.
 */
export function markResultBlock(
  sheet: Excel.Worksheet,
  existing: Excel.NamedItem | null,
  sheetName: string,
  headerRowNumber: number,
  columns: readonly number[],
): number {
  const reference = markReference(sheetName, headerRowNumber, columns);
  if (existing && !existing.isNullObject) existing.delete();
  sheet.names.add(RESULTS_MARK_NAME, reference);
  return reference.length + 32;
}
