/**
 * What the adapter reads of a sheet besides its cells, to fill the workbook model (shared/sheet/grid.ts):
 * which rows are shown (per read chunk, the visible cells of one column as areas: one small load in
 * the chunk's own sync), the autofilter range, merged areas and tables (with the used range, before
 * the chunks), and the tables' ranges (one sync after the chunks, when there are tables). Requirement sets: visible cells
 * and the autofilter need ExcelApi 1.9, merged areas 1.13; an older host reads row visibility with the
 * visible view (1.3) checked against `rowHidden` (1.2), and the grid has no autofilter or merged areas.
 */
import type { CellArea, Grid, SheetRow, SheetTable } from '../../shared/sheet/grid.ts';
import { markFilteredRows } from '../../shared/sheet/grid.ts';
import type { Batch } from './excel-batch.ts';
import { WorkbookError } from './workbook-port.ts';

/** What the host supports of the layout reads. */
export interface LayoutSupport {
  /**
   * How row visibility is read: `specialCells` (ExcelApi 1.9: the visible cells of one column, and
   * the autofilter) or `visibleView` (ExcelApi 1.3 `Range.getVisibleView()`, checked against 1.2's
   * `Range.rowHidden`: every host the manifest's ExcelApi 1.8 admits; no autofilter, so rows it filters
   * out read as hidden, which leaves them out all the same).
   */
  visibility: 'specialCells' | 'visibleView';
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
  if (support.visibility !== 'specialCells') return { merged, tables };
  const autoFilter = sheet.autoFilter.getRangeOrNullObject();
  autoFilter.load('address');
  return { autoFilter, merged, tables };
}

/** What a chunk's sync loads to tell its hidden rows: the visible cells of one column, or whether that column's rows are hidden. */
export type VisibilityLoad = { visible: Excel.RangeAreas } | { column: Excel.Range };

/** Where a chunk lies: its 0-based first sheet row, first column of the used range, row count. */
export interface ChunkPlace {
  row: number;
  column: number;
  count: number;
}

/** Queues what tells a chunk's hidden rows (one small load, in the chunk's own sync). */
export function queueVisibleRows(sheet: Excel.Worksheet, support: LayoutSupport, place: ChunkPlace): VisibilityLoad {
  const column = sheet.getRangeByIndexes(place.row, place.column, place.count, 1);
  if (support.visibility === 'visibleView') {
    column.load('rowHidden');
    return { column };
  }
  const visible = column.getSpecialCellsOrNullObject('Visible');
  visible.load('address');
  return { visible };
}

/** Estimated bytes a chunk's visibility load brought back. */
export function visibilityBytes(load: VisibilityLoad): number {
  if ('column' in load) return 6;
  return load.visible.isNullObject ? 0 : load.visible.address.length + 2;
}

/**
 * Marks the rows of a chunk (sheet rows `place.row + 1`..+`count`-1, 1-based) that are not shown as
 * hidden. With `specialCells` the chunk's load says which rows are shown. With `visibleView`, a chunk
 * whose rows are all shown (`rowHidden` false) or all hidden (true) needs nothing more; a mixed one
 * costs two more syncs: its visible view's cell addresses, then `rowHidden` of each run of rows the
 * view calls shown (must be false) and hidden (must be true), so that rows a host's view failed to
 * leave out are never sent.
 *
 * @throws WorkbookError `row_visibility_unknown` when the view and `rowHidden` disagree.
 */
export async function markHiddenRows(
  sheet: Excel.Worksheet,
  rows: SheetRow[],
  load: VisibilityLoad,
  place: ChunkPlace,
  batch: Batch,
): Promise<void> {
  const first = place.row + 1;
  const last = first + place.count - 1;
  const hide = (shown: (rowNumber: number) => boolean) => {
    for (const row of rows)
      if (row.rowNumber >= first && row.rowNumber <= last && !shown(row.rowNumber)) row.hidden = true;
  };
  if ('visible' in load) {
    const areas = load.visible.isNullObject ? [] : parseAreas(load.visible.address);
    hide((n) => areas.some((area) => n >= area.firstRow && n <= area.lastRow));
    return;
  }
  const all = load.column.rowHidden as boolean | null;
  if (all === false) return;
  if (all === true) return hide(() => false);
  const shown = await visibleViewRows(sheet, place, batch);
  hide((n) => shown.has(n));
}

/** The 1-based rows of a chunk its visible view shows, each run checked with `rowHidden` (two syncs). */
async function visibleViewRows(sheet: Excel.Worksheet, place: ChunkPlace, batch: Batch): Promise<Set<number>> {
  const view = sheet.getRangeByIndexes(place.row, place.column, place.count, 1).getVisibleView();
  view.load('cellAddresses');
  await batch.sync();
  const shown = new Set(
    (view.cellAddresses ?? []).flatMap((line) => parseAreas(String(line[0] ?? '')).map((area) => area.firstRow)),
  );
  const spans: { firstRow: number; rows: number; shown: boolean }[] = [];
  for (let n = place.row + 1; n <= place.row + place.count; n++) {
    const last = spans.at(-1);
    if (last && last.shown === shown.has(n)) last.rows++;
    else spans.push({ firstRow: n, rows: 1, shown: shown.has(n) });
  }
  const runs = spans.map((span) => ({
    ...span,
    range: sheet.getRangeByIndexes(span.firstRow - 1, place.column, span.rows, 1).load('rowHidden'),
  }));
  await batch.sync();
  const wrong = runs.find((run) => run.range.rowHidden !== !run.shown);
  if (wrong) {
    throw new WorkbookError(
      'row_visibility_unknown',
      `This version of Excel did not say reliably which rows of sheet '${sheet.name}' are hidden (rows ${wrong.firstRow}–${wrong.firstRow + wrong.rows - 1}), ` +
        `so nothing was imported: hidden or filtered-out rows could have been sent. Show every row and clear the filters, or update Excel, and import again.`,
    );
  }
  return shown;
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
    return [
      { firstRow, lastRow: m[4] ? Number(m[4]) : firstRow, firstColumn, lastColumn: m[3] ? column(m[3]) : firstColumn },
    ];
  });
}
