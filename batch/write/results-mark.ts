/**
 * shed's mark on its result block in an .xlsx results file: a workbook-level defined name,
 * `_shed_results`, over the header cells of the block on each sheet that has one. Chosen over a cell
 * note (visible, and the bookkeeper's own notes live there), a custom property or custom XML part
 * (exceljs keeps neither, and they cannot say where the block is): a defined name is invisible in the
 * cells, survives Excel's saves, and Excel moves it with the block when columns or rows are inserted
 * or deleted, so shed's columns are found wherever they went, never by a header a sheet may also use.
 */
import type ExcelJS from 'exceljs';
import { RESULTS_MARK_NAME } from '../../shared/import/result-block.ts';
import { columnLetter } from '../../shared/sheet/grid.ts';

/** The defined name that marks shed's result block (one for both faces: shared/import/result-block.ts). */
export const RESULTS_NAME = RESULTS_MARK_NAME;

/** A cell of a defined name, as exceljs's name matrix holds it (1-based row and column). */
interface NamedCell {
  sheetName: string;
  address: string;
  row: number;
  col: number;
}

/**
 * The 0-based columns the mark covers on `sheetName`'s header row, ascending; null when the sheet
 * has no mark, or the mark covers cells off that row (then it says nothing for sure).
 */
export function markedColumns(workbook: ExcelJS.Workbook, sheetName: string, headerRowNumber: number): number[] | null {
  const cells = namedCells(workbook, sheetName);
  if (cells.length === 0 || cells.some((cell) => cell.row !== headerRowNumber)) return null;
  return cells.map((cell) => cell.col - 1).sort((a, b) => a - b);
}

/** Marks `columns` (0-based) of `sheetName`'s header row as shed's block, dropping its old mark on that sheet. */
export function markResultBlock(
  workbook: ExcelJS.Workbook,
  sheetName: string,
  headerRowNumber: number,
  columns: readonly number[],
): void {
  for (const cell of namedCells(workbook, sheetName)) workbook.definedNames.removeEx(cell as never, RESULTS_NAME);
  for (const column of columns) {
    const cell: NamedCell = {
      // As a formula writes it (exceljs quotes the name but does not double its apostrophes).
      sheetName: sheetName.replace(/'/g, "''"),
      address: `${columnLetter(column)}${headerRowNumber}`,
      row: headerRowNumber,
      col: column + 1,
    };
    workbook.definedNames.addEx(cell as never, RESULTS_NAME);
  }
}

function namedCells(workbook: ExcelJS.Workbook, sheetName: string): NamedCell[] {
  const cells: NamedCell[] = [];
  const wanted = sheetName.toLowerCase();
  workbook.definedNames.forEach((name, cell) => {
    const named = cell as unknown as NamedCell;
    if (name === RESULTS_NAME && named.sheetName.replace(/''/g, "'").toLowerCase() === wanted) cells.push(named);
  });
  return cells;
}
