/**
 * The `receipts` dataset: one row per line item, in exactly the column layout that
 * `shed import receipts` reads (labels of shared/kinds/field-registry.ts), so that export, edit and import back
 * updates the receipts. Header fields are repeated on every line (fill-down reads them either way).
 */
import type { Receipt } from '../../schemas/resources.ts';
import { splitInvoiceNotes } from '../../kinds/invoice-notes.ts';
import { canonicalDecimal, multiplyDecimals } from '../../sheet/values/index.ts';
import { KINDS } from '../../kinds/index.ts';
import { lazyRows, type ExportColumn, type ExportRow, type ExportTable } from '../columns.ts';
import { importLayout } from './import-layout.ts';
import { datedKeys, type ExportFilter } from '../filter.ts';
import type { ExportNames } from '../names.ts';
import { sourceOf, type Records } from '../paging/record-store.ts';

/**
 * Columns, each headed with its field's label (which the importer maps back to the field; checked by
 * test), and the ids a results file carries. `Updated At` is the service's exact
 * timestamp as text (the importer compares it for conflicts; a date cell would lose the time).
 * `Under Review` is shown only (gaps row 12): the importer has no field for it.
 */
export const RECEIPT_COLUMNS: readonly ExportColumn[] = [
  ...importLayout(KINDS.receipts.exportOrder, KINDS.receipts.registry),
  { key: 'under_review', header: 'Under Review', type: 'boolean' },
];

/** Name of the receipts sheet. */
export const RECEIPTS_SHEET = KINDS.receipts.sheetName;

/**
 * Rows of the receipts that pass the filter, sorted by received date then sequence, line items in
 * their order. The notes are split back into Invoice and Notes (`Invoice INV-1; Back order`, as the
 * importer writes them). Product and Storage cells are names that resolve back to the same ids (see
 * `ExportNames.productCell`). A receipt without line items gets one row with its header fields only.
 * The receipts (an array, or a store read one at a time) are filtered and sorted by key at once;
 * their rows are made as they are read ({@link lazyRows}).
 * @throws InvalidTimestampError / InvalidTimeZoneError / InvalidDecimalError for malformed service data.
 */
export function receiptRows(receipts: Records<Receipt>, names: ExportNames, filter: ExportFilter): Iterable<ExportRow> {
  const source = sourceOf(receipts);
  // Only each record's sort key and handle are held; the record is read again when its rows are made.
  const kept = datedKeys(source, (r) => r.received_at, filter);
  return lazyRows(function* () {
    for (const { handle, date } of kept) yield* receiptLineRows(source.get(handle), date, names);
  });
}

/** One receipt's rows: one per line item, its header fields on each. */
function receiptLineRows(r: Receipt, date: Date, names: ExportNames): ExportRow[] {
  const { invoice, notes } = splitInvoiceNotes(r.notes);
  const header: ExportRow = {
    invoice,
    supplier: r.supplier,
    received_at: date,
    storage: names.storageCell(r.storage_id),
    order_number: r.order_number,
    notes,
    record_id: r.id,
    sequence: r.sequence,
    updated_at: r.updated_at,
    under_review: r.under_review,
  };
  if (r.line_items.length === 0) return [header];
  // Object.assign, not `{ ...header, … }`: on Node 20 the spread costs ~10 µs a row (1 s per 100,000 lines).
  return r.line_items.map((item) =>
    Object.assign({}, header, {
      product: names.productCell(item.product_id, item.product_alias_id),
      quantity: canonicalDecimal(item.quantity),
      pack_size: canonicalDecimal(item.pack_size_value),
      pack_unit: item.pack_size_unit,
      pack_cost: canonicalDecimal(item.pack_cost),
      line_total: multiplyDecimals(item.quantity, item.pack_cost),
      line_item_id: item.id,
    }),
  );
}

/** The receipts export: one sheet. */
export function receiptsTable(receipts: Records<Receipt>, names: ExportNames, filter: ExportFilter): ExportTable {
  return {
    dataset: 'receipts',
    sheets: [{ name: RECEIPTS_SHEET, columns: RECEIPT_COLUMNS, rows: receiptRows(receipts, names, filter) }],
  };
}
