import type { CellValue } from '../../sheet/grid.ts';
import { isBlank } from '../../sheet/grid.ts';
import type { ReceiptField } from '../../sheet/fields.ts';
import { RECEIPT_HEADER_FIELDS } from '../../sheet/fields.ts';
import { cellText } from '../../sheet/values/index.ts';
import type { Problem } from '../outcome.ts';
import type { ColumnIndex } from '../problems.ts';
import { cellProblem } from '../problems.ts';
import type { FieldRow } from '../rows.ts';

/** A header field's value for the whole invoice, and the sheet row it was written on. */
export interface HeaderValue {
  value: CellValue;
  rowNumber: number;
}

/**
 * The rows of one supplier invoice, with its header fields filled down: one invoice becomes one
 * receipt. `key` is the invoice key as written on its first line (null for a sheet without one).
 */
export interface InvoiceGroup {
  key: string | null;
  keyField: ReceiptField | null;
  lines: FieldRow<ReceiptField>[];
  header: Partial<Record<ReceiptField, HeaderValue>>;
  /** Lines that disagree with the first line on a header field: the whole invoice is refused. */
  problems: Problem[];
}

/**
 * The field that tells invoices apart (PRODUCT.md job 1): the invoice number, else the order number,
 * else none (then consecutive rows with equal header fields form one invoice).
 */
export function invoiceKeyField(columns: Partial<Record<ReceiptField, number>>): ReceiptField | null {
  if (columns.invoice !== undefined) return 'invoice';
  if (columns.order_number !== undefined) return 'order_number';
  return null;
}

/**
 * Groups data rows into invoices and fills header fields down within each.
 *
 * - Rows carrying a Record ID (a results file, an export) form one invoice per Record ID.
 * - With a key column: rows with the same key (case and spacing ignored) form one invoice, even when
 *   not adjacent; a row with a blank key continues the invoice above it, unless a blank row separates them.
 * - Without one: a row whose header fields are blank continues the invoice above; a row that writes a
 *   header field different from the current invoice's starts a new one.
 * A line that writes a header field different from the invoice's value is a problem ("its second line
 * names another supplier"); blank header cells take the invoice's value.
 */
export function groupInvoices(
  rows: readonly FieldRow<ReceiptField>[],
  blankBefore: ReadonlySet<number>,
  index: ColumnIndex,
): InvoiceGroup[] {
  const keyField = invoiceKeyField(index.columns);
  const groups: InvoiceGroup[] = [];
  const byKey = new Map<string, InvoiceGroup>();
  let current: InvoiceGroup | null = null;

  for (const row of rows) {
    const boundary = blankBefore.has(row.rowNumber);
    const key = groupingKey(row, keyField);
    let group: InvoiceGroup | null;
    if (key) {
      group = byKey.get(key.norm) ?? null;
      if (!group) {
        group = newGroup(key.invoice, keyField);
        byKey.set(key.norm, group);
        groups.push(group);
      }
      // A line added under an existing receipt's invoice number, without its Record ID, joins it.
      if (key.invoice && key.norm.startsWith('record ')) {
        const invoiceKey = `invoice ${normInvoice(key.invoice)}`;
        if (!byKey.has(invoiceKey)) byKey.set(invoiceKey, group);
      }
    } else if (current && !boundary && (keyField !== null || !startsNewInvoice(row, current))) {
      group = current;
    } else {
      group = newGroup(null, keyField);
      groups.push(group);
    }
    addLine(group, row, index);
    current = group;
  }
  return groups;
}

/**
 * What ties a row to its invoice: the Record ID an earlier run or an export wrote (one receipt, even
 * when its invoice number is blank or shared with another), else the invoice key. Null: a line that
 * continues the invoice above.
 */
function groupingKey(row: FieldRow<ReceiptField>, keyField: ReceiptField | null): { norm: string; invoice: string | null } | null {
  const invoice = keyField ? cellText(row.cells[keyField] ?? null) || null : null;
  const recordId = cellText(row.cells.record_id ?? null).toLowerCase();
  if (recordId) return { norm: `record ${recordId}`, invoice };
  if (invoice) return { norm: `invoice ${normInvoice(invoice)}`, invoice };
  return null;
}

/** Invoice numbers compare with case and spacing ignored. */
function normInvoice(invoice: string): string {
  return invoice.toUpperCase().replace(/\s+/g, '');
}

function newGroup(key: string | null, keyField: ReceiptField | null): InvoiceGroup {
  return { key, keyField, lines: [], header: {}, problems: [] };
}

/** Without a key column: a row starts a new invoice when it writes a header field unlike the current one's. */
function startsNewInvoice(row: FieldRow<ReceiptField>, current: InvoiceGroup): boolean {
  return RECEIPT_HEADER_FIELDS.some((field) => {
    const cell = row.cells[field];
    const known = current.header[field];
    return !isBlank(cell) && known !== undefined && comparable(cell ?? null) !== comparable(known.value);
  });
}

function addLine(group: InvoiceGroup, row: FieldRow<ReceiptField>, index: ColumnIndex): void {
  group.lines.push(row);
  for (const field of RECEIPT_HEADER_FIELDS) {
    const cell = row.cells[field];
    if (cell === undefined || isBlank(cell)) continue;
    const known = group.header[field];
    if (!known) {
      group.header[field] = { value: cell, rowNumber: row.rowNumber };
    } else if (comparable(cell) !== comparable(known.value)) {
      const header = index.headers[index.columns[field] ?? -1] || field;
      const invoice = group.key ? `invoice ${group.key}` : 'an invoice';
      group.problems.push(
        cellProblem(
          index,
          field,
          row.rowNumber,
          'header_mismatch',
          `'${cellText(cell)}' differs from '${cellText(known.value)}' on row ${known.rowNumber}: every line of ${invoice} must have the same ${header} (or leave it blank to repeat the first line's)`,
          cell,
        ),
      );
    }
  }
}

/** Header values compared as a bookkeeper reads them: case and spacing ignored. */
function comparable(value: CellValue): string {
  return cellText(value).toLowerCase().replace(/\s+/g, ' ');
}
