/**
 * The Summary sheet of the movements export: for the period, per storage × product × unit (l, kg, or
 * an unconverted unit), the quantity in, out and net, and the cost of the receipt lines. Sums are
 * exact decimal additions, so the sheet's figures add up to the movements they summarise.
 */
import { addDecimals, negateDecimal } from '../../sheet/values/index.ts';
import { lazyRows, type ExportColumn, type ExportSheet } from '../columns.ts';
import { compareText } from '../values.ts';
import type { Movement } from './movement.ts';

/** One line of the summary. Quantities in `unit`; `quantityOut` is positive; `net` = in − out. */
export interface SummaryLine {
  storage: string;
  product: string;
  unit: string;
  quantityIn: string;
  quantityOut: string;
  net: string;
  /** Dollars: the line costs of the receipt lines. */
  receiptCost: string;
  receiptLines: number;
  returns: number;
}

/** Name of the summary sheet. */
export const SUMMARY_SHEET = 'Summary';

/** Columns of the Summary sheet. */
export const SUMMARY_COLUMNS: readonly ExportColumn[] = [
  { key: 'storage', header: 'Storage', type: 'text' },
  { key: 'product', header: 'Product', type: 'text' },
  { key: 'unit', header: 'Unit', type: 'text' },
  { key: 'quantity_in', header: 'Quantity In', type: 'number' },
  { key: 'quantity_out', header: 'Quantity Out', type: 'number' },
  { key: 'net', header: 'Net Quantity', type: 'number' },
  { key: 'receipt_cost', header: 'Receipt Cost', type: 'money' },
  { key: 'receipt_lines', header: 'Receipt Lines', type: 'integer' },
  { key: 'returns', header: 'Returns', type: 'integer' },
];

/**
 * Groups movements by storage, product and base unit (ids, so two storages with one name stay apart),
 * sorted by storage name, then product name, then unit.
 */
export function summaryLines(movements: Iterable<Movement>): SummaryLine[] {
  const groups = new Map<string, SummaryLine>();
  for (const m of movements) {
    const key = `${m.storageId.toLowerCase()}\u0000${m.productId.toLowerCase()}\u0000${m.quantityUnit}`;
    let line = groups.get(key);
    if (line === undefined) {
      line = {
        storage: m.storage,
        product: m.product,
        unit: m.quantityUnit,
        quantityIn: '0',
        quantityOut: '0',
        net: '0',
        receiptCost: '0',
        receiptLines: 0,
        returns: 0,
      };
      groups.set(key, line);
    }
    line.net = addDecimals(line.net, m.quantity);
    if (m.type === 'receipt') {
      line.quantityIn = addDecimals(line.quantityIn, m.quantity);
      line.receiptCost = addDecimals(line.receiptCost, m.lineCost ?? '0');
      line.receiptLines += 1;
    } else {
      line.quantityOut = addDecimals(line.quantityOut, negateDecimal(m.quantity));
      line.returns += 1;
    }
  }
  return [...groups.values()].sort(
    (a, b) => compareText(a.storage, b.storage) || compareText(a.product, b.product) || compareText(a.unit, b.unit),
  );
}

/**
 * The Summary sheet of the movements `movements()` makes, with a totals row summing the receipt cost and the counts. Quantities are not
 * totalled across the sheet: litres and kilograms do not add; the totals row follows the table's
 * filters, so filtering on one unit gives its totals in Excel.
 */
export function summariseMovements(movements: () => Iterable<Movement>): ExportSheet {
  return {
    name: SUMMARY_SHEET,
    columns: SUMMARY_COLUMNS,
    // Summed when the sheet is read (a CSV export, which writes only the movements, never reads it).
    rows: lazyRows(() =>
      summaryLines(movements()).map((l) => ({
        storage: l.storage,
        product: l.product,
        unit: l.unit,
        quantity_in: l.quantityIn,
        quantity_out: l.quantityOut,
        net: l.net,
        receipt_cost: l.receiptCost,
        receipt_lines: l.receiptLines,
        returns: l.returns,
      })),
    ),
    totals: { label: 'Total', sum: ['receipt_cost', 'receipt_lines', 'returns'] },
  };
}
