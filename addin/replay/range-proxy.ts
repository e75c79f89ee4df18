/**
 * `Excel.Range` of the workbook-backed Excel: values, number formats and shown text read from the
 * model when the sync runs (after that batch's writes, as in Excel), fills, fonts and data validation
 * written as operations, and the range's `RangeAreas` (visible cells, merged areas). Node-only test
 * and replay support.
 */
import { cellText } from './cell-text.ts';
import { conditionalFormatsOf } from './model-conditional-formats.ts';
import type { Any, ProxyKit } from './proxy-kit.ts';
import { areasAddress, overlaps, rowRuns } from './range-areas.ts';
import type { Rect } from './range-areas.ts';
import { a1, parseA1 } from './workbook-model.ts';

/** A range of `sheet`: 0-based first row and column, and size. */
export function rangeProxy(
  kit: ProxyKit,
  sheet: string,
  row: number,
  column: number,
  rows: number,
  columns: number,
): Any {
  const stored = kit.sheetOf(sheet);
  const where = { sheet, row, column, rows, columns, address: a1(row, column, rows, columns) };
  const loaded = new Set<string>();
  const range = kit.mock(
    {
      values: [],
      numberFormat: [],
      text: [],
      formulas: [],
      rowHidden: false,
      rowIndex: row,
      columnIndex: column,
      rowCount: rows,
      columnCount: columns,
      address: `${sheet}!${where.address}`,
      format: {
        // A cell's own fill as stored (the bookkeeper's colours); no fill reads as white with pattern None, as in Excel.
        fill: {
          color: stored?.fills.get(where.address) ?? '#FFFFFF',
          pattern: stored?.fills.has(where.address) ? 'Solid' : 'None',
          clear: () => kit.queue({ kind: 'fillClear', ...where }),
        },
        font: { bold: false },
        columnWidth: 0,
        autofitColumns: () => kit.queue({ kind: 'autofit', ...where }),
      },
      dataValidation: { rule: '', errorAlert: '', prompt: '' },
      select: () => kit.queue({ kind: 'select', ...where }),
      calculate: () => kit.queue({ kind: 'calculate', ...where }),
      getSpecialCellsOrNullObject: (type: string) => specialCells(kit, sheet, where, type),
      getMergedAreasOrNullObject: () => mergedAreas(kit, sheet, where),
      getVisibleView: () => visibleView(kit, sheet, where),
    },
    {
      values: (value) => ({ kind: 'values', ...where, value }),
      numberFormat: (value) => ({ kind: 'numberFormat', ...where, value }),
      formulas: (value) => ({ kind: 'formulas', ...where, value }),
    },
    (props) => {
      kit.queue({ kind: 'load', ...where, value: props });
      for (const prop of props.split(',')) loaded.add(prop.trim());
      // Cell contents are read as they are when the sync runs (after this batch's writes), as in Excel.
      kit.refreshOnSync(range, () => refreshCells(kit, range, where, loaded));
    },
  );
  let formats: Any = null;
  Object.defineProperty(range, 'conditionalFormats', {
    get: () => (formats ??= conditionalFormatsOf(kit, sheet, where)),
  });
  range.where = where; // for the model's own bookkeeping; the adapter cannot read it (not an office-js property)
  kit.trackLoads(range.format.fill);
  kit.intercept(range.format.fill, 'color', (value) => ({ kind: 'fill', ...where, value }));
  kit.intercept(range.format.font, 'bold', (value) => ({ kind: 'bold', ...where, value }));
  kit.intercept(range.dataValidation, 'rule', (value) => ({ kind: 'validation', ...where, value }));
  kit.intercept(range.dataValidation, 'errorAlert', (value) => ({ kind: 'errorAlert', ...where, value }));
  kit.intercept(range.dataValidation, 'prompt', (value) => ({ kind: 'prompt', ...where, value }));
  kit.intercept(range.format, 'columnWidth', (value) => ({ kind: 'columnWidth', ...where, value }));
  return range;
}

/** Sets a loaded range's `values`, `numberFormat` and `text` from the model as it is now. */
function refreshCells(kit: ProxyKit, range: Any, where: Rect & { sheet: string }, loaded: Set<string>): void {
  const stored = kit.sheetOf(where.sheet);
  const grid = (cell: (r: number, c: number) => unknown) =>
    Array.from({ length: where.rows }, (_r, i) =>
      Array.from({ length: where.columns }, (_c, j) => cell(where.row + i, where.column + j)),
    );
  const value = (r: number, c: number) => stored?.values[r]?.[c] ?? '';
  const format = (r: number, c: number) => stored?.formats[r]?.[c] ?? 'General';
  const set = (prop: string, data: unknown) => {
    const property = range._properties.get(prop);
    if (property) property._valueBeforeLoaded = data;
  };
  const all = loaded.has('*');
  if (all || loaded.has('rowHidden')) {
    // True when every row is hidden, false when none is, null when some are (ExcelApi 1.2).
    const hidden = Array.from({ length: where.rows }, (_v, i) => stored?.hiddenRows.has(where.row + i) === true);
    set('rowHidden', hidden.every(Boolean) ? true : hidden.some(Boolean) ? null : false);
  }
  if (all || loaded.has('values')) set('values', grid(value));
  if (all || loaded.has('numberFormat')) set('numberFormat', grid(format));
  if (all || loaded.has('text')) {
    set(
      'text',
      grid((r, c) => stored?.texts?.[r]?.[c] ?? cellText(value(r, c), format(r, c), kit.date1904())),
    );
  }
}

/** `getSpecialCellsOrNullObject('Visible')`: the rows of the range not hidden, as areas (other types: a null object). */
function specialCells(kit: ProxyKit, sheet: string, where: Rect, type: string): Any {
  const stored = kit.sheetOf(sheet);
  const shown = Array.from({ length: where.rows }, (_v, i) => where.row + i).filter(
    (row) => !stored?.hiddenRows.has(row),
  );
  if (type !== 'Visible' || shown.length === 0) return kit.nullObject({ address: '', areaCount: 0, cellCount: 0 });
  const areas = rowRuns(shown, where.column, where.columns);
  const found = kit.mock({
    address: areasAddress(sheet, areas),
    areaCount: areas.length,
    cellCount: shown.length * where.columns,
  });
  found.isNullObject = false;
  return found;
}

/**
 * `getVisibleView()` (ExcelApi 1.3): `cellAddresses` of the shown rows' cells (`Sheet1!A3`). A host whose
 * view leaves out only what a filter hides is played with `kit.quirks.viewShowsHiddenRows`: every row.
 */
function visibleView(kit: ProxyKit, sheet: string, where: Rect): Any {
  const stored = kit.sheetOf(sheet);
  const rows = Array.from({ length: where.rows }, (_v, i) => where.row + i).filter(
    (row) => kit.quirks.viewShowsHiddenRows || !stored?.hiddenRows.has(row),
  );
  const prefix = areasAddress(sheet, [{ row: 0, column: 0, rows: 1, columns: 1 }]).replace(/A1$/, '');
  const cellAddresses = rows.map((row) =>
    Array.from({ length: where.columns }, (_c, j) => `${prefix}${a1(row, where.column + j)}`),
  );
  return kit.mock({ cellAddresses, rowCount: rows.length, columnCount: where.columns });
}

/** `getMergedAreasOrNullObject()` (ExcelApi 1.13): the merged areas that touch the range. */
function mergedAreas(kit: ProxyKit, sheet: string, where: Rect): Any {
  const stored = kit.sheetOf(sheet);
  const areas = (stored?.merges ?? []).map((m) => parseA1(m)).filter((m) => overlaps(m, where));
  if (areas.length === 0) return kit.nullObject({ address: '', areaCount: 0 });
  const found = kit.mock({ address: areasAddress(sheet, areas), areaCount: areas.length });
  found.isNullObject = false;
  return found;
}
