/**
 * Conditional formats of the model Excel (model-excel.ts): a range's `conditionalFormats` (the whole
 * sheet's when `where` is null), whose `add('Custom')` queues a new custom rule with its formula and
 * fill recorded as they are set, and whose items can be loaded and deleted. The add-in's marks are
 * such rules (addin/excel/excel-marks.ts). Node-only test and replay support.
 */
import type { Any, ProxyKit } from './proxy-kit.ts';
import { parseA1 } from './workbook-model.ts';

type Where = { row: number; column: number; rows: number; columns: number; address: string };

/** The conditional formats over `where` (null: the whole sheet) of sheet `sheet`, as an office-js collection. */
export function conditionalFormatsOf(hooks: ProxyKit, sheet: string, where: Where | null): Any {
  const stored = hooks.sheetOf(sheet)?.conditionalFormats ?? [];
  const items = stored
    .filter((f) => {
      if (!where) return true;
      const r = parseA1(f.address);
      return (
        r.row < where.row + where.rows &&
        where.row < r.row + r.rows &&
        r.column < where.column + where.columns &&
        where.column < r.column + r.columns
      );
    })
    .map((f) => conditionalFormat(hooks, sheet, f.id, f.formula, f.color));
  const collection = hooks.mock({
    items,
    add: (type: string) => {
      const id = hooks.nextId();
      hooks.queue({ kind: 'cfAdd', sheet, address: where?.address ?? '', value: id, rows: 0, columns: 0 });
      return conditionalFormat(hooks, sheet, id, '', '', type);
    },
  });
  hooks.collectionLoad(collection, items);
  return collection;
}

function conditionalFormat(
  hooks: ProxyKit,
  sheet: string,
  id: string,
  formula: string,
  color: string,
  type = 'Custom',
): Any {
  const format = hooks.mock({
    id,
    type,
    custom: { rule: { formula }, format: { fill: { color } } },
    delete: () => hooks.queue({ kind: 'cfDelete', sheet, address: id }),
  });
  hooks.trackLoads(format.custom.rule);
  hooks.intercept(format.custom.rule, 'formula', (value) => ({ kind: 'cfFormula', sheet, address: id, value }));
  hooks.intercept(format.custom.format.fill, 'color', (value) => ({ kind: 'cfFill', sheet, address: id, value }));
  return format;
}
