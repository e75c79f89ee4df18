/**
 * What the adapter reads of a sheet besides its cells, to fill the workbook model (shared/sheet/grid.ts):
 * which rows are shown (per read chunk, the visible cells of one column as areas: one small load in
 * the chunk's own sync), the autofilter range, merged areas and tables (with the used range, before
 * the chunks), and the tables' ranges (one sync after the chunks, when there are tables). Requirement sets: visible cells
 * and the autofilter need ExcelApi 1.9, merged areas 1.13; on an older host the grid has none of them.
 */
import type { CellArea, Grid, SheetRow, SheetTable } from '../../shared/sheet/grid.ts';
import { markFilteredRows } from '../../shared/sheet/grid.ts';
import type { Batch } from './excel-batch.ts';

/** What the host supports of the layout reads. */
export interface LayoutSupport {
  /** ExcelApi 1.9: `getSpecialCellsOrNullObject('Visible')`, `worksheet.autoFilter`. */
  visibility: boolean;
  /** ExcelApi 1.13: `getMergedAreasOrNullObject`. */
  merges: boolean;
}

/** The loads queued with the used range: the autofilter's range, the merged areas and the tables. */
export interface LayoutLoads {
  autoFilter?: Excel.Range;
  merged?: Excel.RangeAreas;
  tables: Excel.TableCollection;
}

/** Queues the autofilter's range, the used range's merged areas and the tables' names, for the sync that loads the used range. */
export function queueLayout(sheet: Excel.Worksheet, used: Excel.Range, support: LayoutSupport): LayoutLoads {
  const tables = sheet.tables;
  tables.load('items/name,items/showHeaders');
  const merged = support.merges ? used.getMergedAreasOrNullObject() : undefined;
  merged?.load('address');
  if (!support.visibility) return { merged, tables };
  const autoFilter = sheet.autoFilter.getRangeOrNullObject();
  autoFilter.load('address');
  return { autoFilter, merged, tables };
}

/** Queues the visible cells of one column over a chunk's rows (0-based first row, row count); none without support. */
export function queueVisibleRows(sheet: Excel.Worksheet, support: LayoutSupport, row: number, column: number, count: number): Excel.RangeAreas | undefined {
  if (!support.visibility) return undefined;
  const visible = sheet.getRangeByIndexes(row, column, count, 1).getSpecialCellsOrNullObject('Visible');
  visible.load('address');
  return visible;
}

/**
 * Marks the rows of a chunk (1-based sheet rows `firstRowNumber`..+`count`-1) not among `visible` as hidden.
 * Does nothing when `visible` is undefined (no support).
 */
export function markHiddenRows(rows: SheetRow[], visible: Excel.RangeAreas | undefined, firstRowNumber: number, count: number): void {
  if (visible === undefined) return;
  const shown = visible.isNullObject ? [] : parseAreas(visible.address);
  const last = firstRowNumber + count - 1;
  for (const row of rows) {
    if (row.rowNumber < firstRowNumber || row.rowNumber > last) continue;
    if (!shown.some((area) => row.rowNumber >= area.firstRow && row.rowNumber <= area.lastRow)) row.hidden = true;
  }
}

/**
 * Reads the tables' ranges (one sync, none when the sheet has no table), then fills the grid's `autoFilter`, `tables` and `merges` (each only when the sheet
 * has any) and marks hidden rows under the autofilter or in a table as filtered.
 */
export async function readLayout(grid: Grid, loads: LayoutLoads, batch: Batch): Promise<void> {
  const { merged } = loads;
  const tableRanges = loads.tables.items.map((table) => {
    const range = table.getRange();
    range.load('address');
    return { table, range };
  });
  if (tableRanges.length > 0) await batch.sync();
  const merges = merged && !merged.isNullObject ? parseAreas(merged.address) : [];
  if (merges.length > 0) grid.merges = merges;
  const tables = tableRanges.flatMap(({ table, range }): SheetTable[] => {
    const area = parseAreas(range.address)[0];
    return area ? [{ name: table.name, area, headerRow: table.showHeaders !== false }] : [];
  });
  if (tables.length > 0) grid.tables = tables;
  if (loads.autoFilter && !loads.autoFilter.isNullObject) grid.autoFilter = parseAreas(loads.autoFilter.address)[0];
  markFilteredRows(grid.rows, grid.autoFilter, grid.tables);
}

/**
 * The areas of an address as office-js gives it (`Sheet1!A1:B4`, `'My, sheet'!A1:A3, 'My, sheet'!A5`,
 * `$C$2`), as 1-based rows and 0-based columns.
 */
export function parseAreas(address: string): CellArea[] {
  const bare = address.replace(/'(?:[^']|'')*'!/g, '').replace(/[^,!\s]+!/g, '');
  return bare.split(',').flatMap((part) => {
    const m = /^\s*\$?([A-Z]+)\$?(\d+)(?::\$?([A-Z]+)\$?(\d+))?\s*$/.exec(part);
    if (!m) return [];
    const column = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
    const firstRow = Number(m[2]);
    const firstColumn = column(m[1]!);
    return [{ firstRow, lastRow: m[4] ? Number(m[4]) : firstRow, firstColumn, lastColumn: m[3] ? column(m[3]) : firstColumn }];
  });
}
