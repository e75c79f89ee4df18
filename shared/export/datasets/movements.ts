/**
 * The `movements` dataset (PRODUCT.md job 4): one row per receipt line (stock in)
 * and per return (stock out), with the quantity in litres or kilograms, signed, for audits.
 */
import type { LineItem, Receipt, Return } from '../../schemas/resources.ts';
import { multiplyDecimals, negateDecimal, canonicalDecimal, localDateToUtcDate } from '../../sheet/values/index.ts';
import { lazyRows, type ExportColumn, type ExportRow, type ExportTable } from '../columns.ts';
import { datedKeys, type DatedKey, type ExportFilter } from '../filter.ts';
import type { ExportNames } from '../names.ts';
import { compareText, toBaseQuantity } from '../values.ts';
import { sourceOf, type Records } from '../paging/record-store.ts';
import type { Movement } from './movement.ts';
import { summariseMovements, SUMMARY_SHEET } from './movements-summary.ts';

export type { Movement } from './movement.ts';

/** Columns of the Movements sheet, in order. */
export const MOVEMENT_COLUMNS: readonly ExportColumn[] = [
  { key: 'date', header: 'Date', type: 'date' },
  { key: 'type', header: 'Type', type: 'text' },
  { key: 'sequence', header: 'Sequence', type: 'text' },
  { key: 'storage', header: 'Storage', type: 'text' },
  { key: 'product', header: 'Product', type: 'text' },
  { key: 'trade_name', header: 'Trade Name', type: 'text' },
  { key: 'packs', header: 'Packs', type: 'number' },
  { key: 'pack_size', header: 'Pack Size', type: 'number' },
  { key: 'unit', header: 'Unit', type: 'text' },
  { key: 'quantity', header: 'Total Quantity', type: 'number' },
  { key: 'quantity_unit', header: 'Total Unit', type: 'text' },
  { key: 'pack_cost', header: 'Pack Cost', type: 'money' },
  { key: 'line_cost', header: 'Line Cost', type: 'money' },
  { key: 'supplier', header: 'Supplier', type: 'text' },
  { key: 'reference', header: 'Order / Reference', type: 'text' },
  { key: 'notes', header: 'Notes', type: 'text', width: 40 },
  { key: 'record_id', header: 'Record ID', type: 'text' },
  { key: 'line_item_id', header: 'Line Item ID', type: 'text' },
  { key: 'under_review', header: 'Under Review', type: 'boolean' },
  { key: 'updated_at', header: 'Updated At', type: 'datetime' },
];

/** Name of the first sheet of the movements export. */
export const MOVEMENTS_SHEET = 'Movements';

/** What the movements of a period are made from: the records as arrays, or as stores read one at a time. */
export interface MovementsInput {
  receipts: Records<Receipt>;
  returns: Records<Return>;
  names: ExportNames;
  filter: ExportFilter;
}

/**
 * The movements of the receipts and returns that pass the filter, sorted by date, then sequence, then
 * line order. A receipt line gives + packs × pack size (converted to l or kg, see `toBaseQuantity`)
 * and its line cost; a return gives − its amount, converted likewise. All arithmetic is exact.
 * @throws InvalidTimestampError / InvalidTimeZoneError / InvalidDecimalError for malformed service data.
 */
export function buildMovements(input: MovementsInput): Movement[] {
  return [...movementsInOrder(input)];
}

/**
 * The same movements as {@link buildMovements}, made one record at a time as they are read: only
 * each record's place in the order is held (for a ledger's opening, summed and let go).
 */
export function movementsInOrder(input: MovementsInput): Generator<Movement> {
  return orderedMovements(input, movementOrder(input));
}

/** Where a record's movements go in the order: its kind, date cell, sequence and the handle to read it by. */
interface MovementKey extends DatedKey {
  kind: 'receipt' | 'return';
}

/** The records that pass the filter, as keys in movement order (date, then sequence): all that is held of them. */
function movementOrder(input: MovementsInput): MovementKey[] {
  const receipts = datedKeys(sourceOf(input.receipts), (r) => r.received_at, input.filter).map((k): MovementKey => ({
    kind: 'receipt',
    ...k,
  }));
  const returns = datedKeys(sourceOf(input.returns), (r) => r.returned_at, input.filter).map((k): MovementKey => ({
    kind: 'return',
    ...k,
  }));
  // Stable: a receipt's lines stay in their order, and receipts come before returns on a tie.
  return [...receipts, ...returns].sort(
    (a, b) => a.date.getTime() - b.date.getTime() || compareText(a.sequence, b.sequence),
  );
}

/** The movements of the keyed records, in the keys' order, each record read when its turn comes. */
function* orderedMovements(input: MovementsInput, keys: readonly MovementKey[]): Generator<Movement> {
  const receipts = sourceOf(input.receipts);
  const returns = sourceOf(input.returns);
  for (const key of keys) {
    // The date cell's UTC parts are the farm-zone date: `YYYY-MM-DD`.
    const date = key.date.toISOString().slice(0, 10);
    if (key.kind === 'return') {
      yield returnMovement(returns.get(key.handle), date, input.names);
      continue;
    }
    const receipt = receipts.get(key.handle);
    for (const item of receipt.line_items) yield lineMovement(receipt, item, date, input.names);
  }
}

/** Stock in: one receipt line, + packs × pack size in the base unit, and its cost. */
function lineMovement(receipt: Receipt, item: LineItem, date: string, names: ExportNames): Movement {
  const total = toBaseQuantity(multiplyDecimals(item.quantity, item.pack_size_value), item.pack_size_unit);
  return {
    date,
    type: 'receipt',
    sequence: receipt.sequence,
    storageId: receipt.storage_id,
    storage: names.storage(receipt.storage_id),
    productId: item.product_id,
    product: names.product(item.product_id),
    tradeName: names.alias(item.product_alias_id),
    packs: canonicalDecimal(item.quantity),
    packSize: canonicalDecimal(item.pack_size_value),
    unit: item.pack_size_unit,
    quantity: total.value,
    quantityUnit: total.unit,
    packCost: canonicalDecimal(item.pack_cost),
    lineCost: multiplyDecimals(item.quantity, item.pack_cost),
    supplier: receipt.supplier,
    reference: receipt.order_number,
    notes: receipt.notes,
    recordId: receipt.id,
    lineItemId: item.id,
    underReview: receipt.under_review,
    updatedAt: receipt.updated_at,
  };
}

/** Stock out: one return, − its amount in the base unit. */
function returnMovement(ret: Return, date: string, names: ExportNames): Movement {
  const amount = toBaseQuantity(ret.amount_value, ret.amount_unit);
  return {
    date,
    type: 'return',
    sequence: ret.sequence,
    storageId: ret.storage_id,
    storage: names.storage(ret.storage_id),
    productId: ret.product_id,
    product: names.product(ret.product_id),
    tradeName: null,
    packs: null,
    packSize: null,
    unit: ret.amount_unit,
    quantity: negateDecimal(amount.value),
    quantityUnit: amount.unit,
    packCost: null,
    lineCost: null,
    supplier: ret.supplier,
    reference: ret.reference,
    notes: ret.notes,
    recordId: ret.id,
    lineItemId: null,
    underReview: null,
    updatedAt: ret.updated_at,
  };
}

/** A movement's date (`YYYY-MM-DD` in the farm's zone) as a date cell: a `Date` at UTC midnight of that day. */
export function movementDateCell(m: Pick<Movement, 'date'>): Date {
  const [year, month, day] = m.date.split('-').map(Number) as [number, number, number];
  return localDateToUtcDate({ year, month, day });
}

/** A movement as a row of {@link MOVEMENT_COLUMNS}: the date as a date cell, decimals as exact strings. */
export function movementRow(m: Movement): ExportRow {
  return {
    date: movementDateCell(m),
    type: m.type,
    sequence: m.sequence,
    storage: m.storage,
    product: m.product,
    trade_name: m.tradeName,
    packs: m.packs,
    pack_size: m.packSize,
    unit: m.unit,
    quantity: m.quantity,
    quantity_unit: m.quantityUnit,
    pack_cost: m.packCost,
    line_cost: m.lineCost,
    supplier: m.supplier,
    reference: m.reference,
    notes: m.notes,
    record_id: m.recordId,
    line_item_id: m.lineItemId,
    under_review: m.underReview,
    updated_at: m.updatedAt,
  };
}

/**
 * The movements export: the Movements sheet, then the Summary sheet (net per storage × product ×
 * unit). Only each record's place in the order is held: the movements are made from the records
 * twice, once for the summary and again as the rows are read ({@link lazyRows}).
 */
export function movementsTable(input: MovementsInput): ExportTable {
  const keys = movementOrder(input);
  return {
    dataset: 'movements',
    sheets: [
      {
        name: MOVEMENTS_SHEET,
        columns: MOVEMENT_COLUMNS,
        rows: lazyRows(function* () {
          for (const m of orderedMovements(input, keys)) yield movementRow(m);
        }),
      },
      summariseMovements(() => orderedMovements(input, keys)),
    ],
  };
}

export { SUMMARY_SHEET };
