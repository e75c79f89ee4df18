/**
 * The first rows of every sheet of a workbook, read once and cheaply (SheetJS stops taking cells past
 * `count` rows): enough to see which sheets have which column headers, for a refusal that can say
 * "another sheet has the column". Checked like any workbook read (zip-check.ts) first.
 */
import * as XLSX from '@e965/xlsx';
import type { CellValue, SheetRow } from '../../shared/sheet/grid.ts';
import { isBlank } from '../../shared/sheet/grid.ts';
import { DEFAULT_LIMITS } from './limits.ts';
import { needsRepair, repairParts } from './part-repair.ts';
import { sniffFormat } from './sniff.ts';
import { fileSource } from './source.ts';
import { toCellValue } from './cell-value.ts';
import { checkWorkbookZip } from './zip-check.ts';

/** One sheet's name (tab order) and its first non-blank rows (1-based row numbers, as the grid's). */
export interface SheetHead {
  name: string;
  rows: SheetRow[];
}

/**
 * The first `count` rows of each sheet of the .xlsx (or .xlsm, .ods: any zip workbook) at `path`;
 * `[]` for a CSV or an older workbook format, which this does not look into.
 * @throws InputFileError as `readGrid` for a file that cannot be read (`file_not_found`, `corrupt_workbook`, `too_large`).
 */
export async function readSheetHeads(path: string, count: number): Promise<SheetHead[]> {
  const source = await fileSource(path);
  if (sniffFormat(source.head).format !== 'xlsx') return [];
  const bytes = await source.all();
  const { repairs } = await checkWorkbookZip(bytes, source.label, DEFAULT_LIMITS);
  const readable = needsRepair(repairs) ? repairParts(bytes, repairs) : bytes;
  const book = XLSX.read(readable, { type: 'buffer', dense: true, cellNF: true, sheetRows: count });
  const date1904 = Boolean(book.Workbook?.WBProps?.date1904);
  const carriageReturns = (repairs.carriageReturns?.length ?? 0) > 0;
  return book.SheetNames.map((name) => {
    const data = (book.Sheets[name]?.['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
    const rows = data.flatMap((row, r): SheetRow[] => {
      const cells: CellValue[] = (row ?? []).map((cell) =>
        cell ? toCellValue(cell, date1904, carriageReturns) : null,
      );
      return cells.some((c) => !isBlank(c)) ? [{ rowNumber: r + 1, cells }] : [];
    });
    return { name, rows };
  });
}
