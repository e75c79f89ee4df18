/**
 * The sheet-level proxies of the workbook-backed Excel: `worksheet.tables` (the sheet's ListObjects,
 * and `add`), `worksheet.autoFilter` (ExcelApi 1.9) and the used range, over the model of workbook-model.ts.
 * Node-only test and replay support.
 */
import type { Any, ProxyKit } from './proxy-kit.ts';
import { parseA1 } from './workbook-model.ts';
import type { ModelSheet } from './workbook-model.ts';

/** `worksheet.tables`: the sheet's tables (name, showHeaders, getRange) and `add`. */
export function tablesProxy(
  kit: ProxyKit,
  name: string,
  stored: ModelSheet | undefined,
  collectionLoad: (collection: Any, items: Any[]) => void,
): Any {
  const items = (stored?.tables ?? []).map((t, i) => {
    const r = parseA1(t.address);
    return kit.mock({
      name: t.name ?? `Table${i + 1}`,
      showHeaders: t.hasHeaders,
      getRange: () => kit.rangeProxy(name, r.row, r.column, r.rows, r.columns),
    });
  });
  const tables = kit.mock({
    items,
    add: (range: Any, hasHeaders: boolean) => {
      kit.queue({
        kind: 'tableAdd',
        sheet: name,
        address: (range.where as { address: string }).address,
        value: hasHeaders,
      });
      return kit.mock({
        name: `Table${items.length + 1}`,
        rows: { add: () => kit.queue({ kind: 'rowsAdd', sheet: name }) },
      });
    },
  });
  collectionLoad(tables, items);
  return tables;
}

/** `worksheet.names` (ExcelApi 1.4): a name's formula as stored; `add` and `delete` apply at the next sync. */
export function namesProxy(kit: ProxyKit, sheet: string, stored: ModelSheet | undefined): Any {
  return kit.mock({
    getItemOrNullObject: (key: string) => {
      const formula = stored?.names?.get(key);
      const item = kit.mock({
        name: key,
        formula: formula ?? '',
        delete: () => kit.queue({ kind: 'nameDelete', sheet, address: key }),
      });
      item.isNullObject = formula === undefined;
      return item;
    },
    add: (key: string, reference: string) => kit.queue({ kind: 'nameAdd', sheet, address: key, value: reference }),
  });
}

/** `worksheet.autoFilter` (ExcelApi 1.9): whether the sheet has one, and its range. */
export function autoFilterProxy(kit: ProxyKit, name: string, stored: ModelSheet | undefined): Any {
  const address = stored?.autoFilter;
  return kit.mock({
    enabled: address !== undefined,
    isDataFiltered: address !== undefined && [...(stored?.hiddenRows ?? [])].some((row) => row > parseA1(address).row),
    getRangeOrNullObject: () => {
      if (address === undefined)
        return kit.nullObject({ address: '', rowIndex: 0, columnIndex: 0, rowCount: 0, columnCount: 0 });
      const r = parseA1(address);
      const range = kit.rangeProxy(name, r.row, r.column, r.rows, r.columns);
      range.isNullObject = false;
      return range;
    },
  });
}

/**
 * `worksheet.getUsedRangeOrNullObject(true)`: the smallest range holding every non-empty value of the
 * sheet, or a null object for a sheet with none.
 */
export function usedRangeProxy(kit: ProxyKit, name: string): Any {
  const values = kit.sheetOf(name)?.values ?? [];
  let top = Infinity,
    left = Infinity,
    bottom = -1,
    right = -1;
  values.forEach((line, r) =>
    line?.forEach((v, c) => {
      if (v === undefined || v === '' || v === null) return;
      top = Math.min(top, r);
      bottom = Math.max(bottom, r);
      left = Math.min(left, c);
      right = Math.max(right, c);
    }),
  );
  if (bottom < 0) return kit.nullObject({ rowIndex: 0, columnIndex: 0, rowCount: 0, columnCount: 0 });
  const range = kit.rangeProxy(name, top, left, bottom - top + 1, right - left + 1);
  range.isNullObject = false;
  return range;
}
