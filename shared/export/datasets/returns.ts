/**
 * The `returns` dataset: one row per return, in the column layout that
 * `shed import returns` reads (labels of shared/kinds/field-registry.ts), so that export, edit and
 * import back updates the returns.
 */
import type { Return } from '../../schemas/resources.ts';
import { canonicalDecimal } from '../../sheet/values/index.ts';
import { KINDS } from '../../kinds/index.ts';
import { lazyRows, type ExportColumn, type ExportRow, type ExportTable } from '../columns.ts';
import { importLayout } from './import-layout.ts';
import { datedKeys, type ExportFilter } from '../filter.ts';
import type { ExportNames } from '../names.ts';
import { sourceOf, type Records } from '../paging/record-store.ts';

/**
 * Columns, each headed with its field's label (which the returns importer maps back; checked by
 * test). `Updated At` is the service's exact timestamp as text, for conflict checks.
 */
export const RETURN_COLUMNS: readonly ExportColumn[] = importLayout(KINDS.returns.exportOrder, KINDS.returns.registry);

/** Name of the returns sheet. */
export const RETURNS_SHEET = KINDS.returns.sheetName;

/**
 * Rows of the returns that pass the filter, sorted by returned date then sequence. Product and
 * Storage cells resolve back to the same ids (`ExportNames.productCell`, `storageCell`).
 * The returns (an array, or a store read one at a time) are filtered and sorted by key at once; their rows are made as they are read ({@link lazyRows}).
 * @throws InvalidTimestampError / InvalidTimeZoneError / InvalidDecimalError for malformed service data.
 */
export function returnRows(returns: Records<Return>, names: ExportNames, filter: ExportFilter): Iterable<ExportRow> {
  const source = sourceOf(returns);
  const kept = datedKeys(source, (r) => r.returned_at, filter);
  return lazyRows(function* () {
    for (const { handle, date } of kept) yield returnRow(source.get(handle), date, names);
  });
}

/** One return's row. */
function returnRow(r: Return, date: Date, names: ExportNames): ExportRow {
  return {
    returned_at: date,
    supplier: r.supplier,
    storage: names.storageCell(r.storage_id),
    product: names.productCell(r.product_id, null),
    amount: canonicalDecimal(r.amount_value),
    amount_unit: r.amount_unit,
    reference: r.reference,
    notes: r.notes,
    record_id: r.id,
    sequence: r.sequence,
    updated_at: r.updated_at,
  };
}

/** The returns export: one sheet. */
export function returnsTable(returns: Records<Return>, names: ExportNames, filter: ExportFilter): ExportTable {
  return {
    dataset: 'returns',
    sheets: [{ name: RETURNS_SHEET, columns: RETURN_COLUMNS, rows: returnRows(returns, names, filter) }],
  };
}
