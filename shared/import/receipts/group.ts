/**
 * Groups a sheet's rows into supplier invoices (by Record ID, invoice key, or equal header fields), with the
 * invoice's header filled down and rows that disagree refused.
 */
import type { CellValue } from '../../sheet/grid.ts';
import { isBlank } from '../../sheet/grid.ts';
import { KINDS, type ReceiptField } from '../../kinds/index.ts';

/** Receipt fields that belong to the invoice header: filled down within an invoice, equal on all its lines. */
const RECEIPT_HEADER_FIELDS: readonly ReceiptField[] = KINDS.receipts.fields.filter(
  (f) => KINDS.receipts.registry[f].invoiceLevel,
);
import { cellText } from '../../sheet/values/index.ts';
import type { Problem } from '../outcome.ts';
import type { ColumnIndex } from '../problems.ts';
import { cellProblem } from '../problems.ts';
import type { FieldRow } from '../rows.ts';
import { cellOf, mappedOf, placeOf, viewParts } from '../row-cells.ts';
import { NO_ROWS, keyRepeatedOnLines, keyTexts, supplierBlockStarts } from './invoice-keys.ts';
import {
  InvoiceIndex,
  addKeyedTo,
  comparable,
  hasInvoice,
  isEmptyEntry,
  keyLater,
  keyedIn,
  newestInvoice,
  rememberIn,
  supplierKeyOf,
} from './invoice-index.ts';

/** Each of {@link RECEIPT_HEADER_FIELDS}' place, for `cellOf`. */
const HEADER_PLACES: readonly number[] = RECEIPT_HEADER_FIELDS.map(placeOf);

/** The cell of the invoice key field (see {@link invoiceKeyField}). */
function keyCell(row: FieldRow<ReceiptField>, keyField: ReceiptField): CellValue | undefined {
  return cellOf(row.cells, keyField, keyField === 'invoice' ? INVOICE_PLACE : placeOf(keyField));
}
const INVOICE_PLACE = placeOf('invoice');

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
 * - With a key column: rows of the same supplier with the same key (case and spacing ignored) form one
 *   invoice, even when not adjacent; two suppliers' invoice '20500' in different places are two
 *   invoices. Adjacent rows of one number whose every line names its supplier, each supplier's lines
 *   together (`A A B B`), are two suppliers' invoices: two receipts. Otherwise the next row of the
 *   same number right below an invoice is its line even when it names another supplier (`A B A`, or
 *   `A` then a line with no supplier then `B`: that line is refused, which one is right is the
 *   bookkeeper's call). A keyed row with a blank supplier belongs to the nearest invoice of that
 *   number above it.
 * - A row with a blank key continues the invoice above it unless a blank row separates them. Where
 *   the sheet writes the number on every line of an invoice, though, a row without one is a docket
 *   of its own (supplier and date on it), never a line of the numbered invoice above.
 * - Without a key column (and for a run of dockets without numbers): a row whose header fields are
 *   blank or equal continues the invoice above; one that writes a different value starts a new one.
 * - A continuing line that writes a header field different from the invoice's is refused, below.
 * A line that writes a header field different from the invoice's value is a problem ("its second line
 * names another supplier"); blank header cells take the invoice's value.
 */
export function groupInvoices(
  rows: readonly FieldRow<ReceiptField>[],
  blankBefore: ReadonlySet<number>,
  index: ColumnIndex,
  keyCells: readonly CellValue[] | null = null,
): InvoiceGroup[] {
  const keyField = invoiceKeyField(index.columns);
  const groups: InvoiceGroup[] = [];
  const invoices = new InvoiceIndex<InvoiceGroup>();
  let current: InvoiceGroup | null = null;

  // Each row's invoice key as written and as compared, read once for the three passes below.
  const keys = keyTexts(rows, keyField, keyCells);
  const repeatsKey = keyRepeatedOnLines(keys.numbers);
  // A run of rows of one number needs two adjacent rows of one number: none when the number is never repeated.
  const supplierStarts = repeatsKey ? supplierBlockStarts(rows, blankBefore, keyField, keys.numbers) : NO_ROWS;
  // Row views of a sheet without a Record ID column (most sheets) carry none: not read row by row then.
  const records = mayCarryRecordIds(rows);
  // The number on an invoice's first line only: a row without one is the next line of the invoice above.
  const keyOnFirstLine = keyField !== null && !repeatsKey;
  // Where the rows keep their header fields, worked out once for the sheet (not field by field on every row).
  const headerColumns = headerColumnsOf(rows);
  for (let i = 0; i < rows.length; i += 1) {
    const row = rows[i]!;
    // Most sheets have no blank row among their lines: no lookup per row then.
    const boundary = blankBefore.size > 0 && blankBefore.has(row.rowNumber);
    // What ties a row to its invoice: the Record ID an earlier run or an export wrote (one receipt, even
    // when its invoice number is blank or shared with another), else the invoice key; with neither, the
    // row continues the invoice above.
    const invoice = keys.texts[i]!;
    const number = keys.numbers[i]!;
    const recordId = records ? recordIdOf(row) : '';
    let group: InvoiceGroup | null;
    if (recordId || invoice) {
      const supplierCell = row.cells.supplier;
      // The invoices of this number, looked up once for the row (a row with a number has one; else none).
      const entry = number === null ? null : invoices.entry(number);
      const continues: boolean =
        current !== null && !boundary && !recordId && !supplierStarts.has(row.rowNumber) && hasInvoice(entry, current);
      // The first row of a number (most are met once): nothing to look up, its supplier key made later if asked.
      const first = entry !== null && isEmptyEntry(entry) && !recordId;
      // Its supplier is read when looked up by: never for a number's first row (nothing to look up).
      const supplier = first ? null : cellText(supplierCell ?? null) || null;
      const supplierKey = recordId || first ? '' : supplierKeyOf(supplier);
      group =
        // The next line of the invoice above: one invoice, even if it names another supplier (refused below).
        (continues ? current : null) ??
        (recordId ? invoices.record(recordId) : first ? undefined : keyedIn(entry!, supplierKey)) ??
        // No supplier on this line: it belongs to the nearest invoice of that number above.
        (supplier === null ? newestInvoice(entry) : null);
      if (!group) {
        group = newGroup(invoice, keyField);
        if (recordId) invoices.addRecord(recordId, group);
        else if (first) keyLater(entry!, supplierCell, group);
        else addKeyedTo(entry!, supplierKey, group);
        groups.push(group);
      }
      if (entry) {
        rememberIn(entry, group);
        // A line added under an existing receipt's invoice number, without its Record ID, joins it.
        if (recordId) addKeyedTo(entry, supplierKeyOf(supplier ?? supplierOf(group)), group);
      }
    } else if (current && !boundary && (keyOnFirstLine || continuesWithoutKey(row, current, keyField, repeatsKey))) {
      group = current;
    } else {
      group = newGroup(null, keyField);
      groups.push(group);
    }
    addLine(group, row, index, headerColumns);
    current = group;
  }
  return groups;
}

/**
 * Whether any row may carry a Record ID: false when every row is a view (row-cells.ts) of a mapping
 * without a Record ID column. Every row is asked (a memoised look-up each), so rows mixing views and
 * plain cells are never read short.
 */
function mayCarryRecordIds(rows: readonly FieldRow<ReceiptField>[]): boolean {
  return rows.some((row) => mappedOf(row.cells, RECORD_PLACES)?.length !== 0);
}
const RECORD_PLACES: readonly number[] = [placeOf('record_id')];

/** A row's Record ID as invoices compare it (case ignored), or '' when it has none. */
function recordIdOf(row: FieldRow<ReceiptField>): string {
  const recordCell = row.cells.record_id;
  return recordCell === undefined || recordCell === null ? '' : cellText(recordCell).toLowerCase();
}

/** The supplier an invoice group was first written with, or null. */
function supplierOf(group: InvoiceGroup): string | null {
  const supplier = group.header.supplier?.value;
  return supplier === undefined ? null : cellText(supplier) || null;
}

function newGroup(key: string | null, keyField: ReceiptField | null): InvoiceGroup {
  return { key, keyField, lines: [], header: {}, problems: [] };
}

/** Whether a row with no key (and no Record ID) is the next line of `current`. */
function continuesWithoutKey(
  row: FieldRow<ReceiptField>,
  current: InvoiceGroup,
  keyField: ReceiptField | null,
  repeatsKey: boolean,
): boolean {
  // Header on the first line only: a blank number repeats the one above (a different supplier is refused).
  if (keyField !== null && !repeatsKey) return true;
  // Numbers on every line: a numbered invoice has no unnumbered lines.
  if (current.key !== null) return false;
  return !startsNewInvoice(row, current);
}

/** A row without a key starts a new invoice when it writes a header field unlike the current one's. */
function startsNewInvoice(row: FieldRow<ReceiptField>, current: InvoiceGroup): boolean {
  return RECEIPT_HEADER_FIELDS.some((field, i) => {
    const cell = cellOf(row.cells, field, HEADER_PLACES[i]!);
    const known = current.header[field];
    return !isBlank(cell) && known !== undefined && comparable(cell ?? null) !== comparable(known.value);
  });
}

/**
 * Where the rows of a sheet of row views (row-cells.ts) keep their header fields, worked out once from
 * its first row: the column table it was read from, each mapped header field (its index in
 * {@link RECEIPT_HEADER_FIELDS}) and that field's column in the grid row. Null for plain rows.
 */
interface HeaderColumns {
  at: Int32Array;
  fields: readonly number[];
  columns: readonly number[];
}

function headerColumnsOf(rows: readonly FieldRow<ReceiptField>[]): HeaderColumns | null {
  const view = rows.length > 0 ? viewParts(rows[0]!.cells) : null;
  const fields = view === null ? null : mappedOf(view, HEADER_PLACES);
  if (view === null || fields === null) return null;
  return { at: view.at, fields: [...fields], columns: fields.map((i) => view.at[HEADER_PLACES[i]!]!) };
}

function addLine(
  group: InvoiceGroup,
  row: FieldRow<ReceiptField>,
  index: ColumnIndex,
  columns: HeaderColumns | null,
): void {
  group.lines.push(row);
  // Only an invoice without its key yet looks for it (no call for the others' lines).
  if (group.key === null) addKey(group, row);
  const view = columns === null ? null : viewParts(row.cells);
  if (view !== null && view.at === columns!.at) {
    // A view of the sheet's column table: its header cells read from the grid row by column.
    const { fields } = columns!;
    for (let k = 0; k < fields.length; k += 1) {
      const cell = view.values[columns!.columns[k]!] ?? null;
      // Most lines leave the header to the first line: an empty text needs no call.
      if (cell === null || cell === '' || isBlank(cell)) continue;
      addHeaderCell(group, RECEIPT_HEADER_FIELDS[fields[k]!]!, cell, row.rowNumber, index);
    }
    return;
  }
  // A row view reads undefined for the header fields its sheet does not map: only the mapped ones are looked at.
  const mapped = mappedOf(row.cells, HEADER_PLACES);
  const count = mapped === null ? RECEIPT_HEADER_FIELDS.length : mapped.length;
  for (let k = 0; k < count; k += 1) {
    const i = mapped === null ? k : mapped[k]!;
    const field = RECEIPT_HEADER_FIELDS[i]!;
    const cell = cellOf(row.cells, field, HEADER_PLACES[i]!);
    if (cell === undefined || cell === null || isBlank(cell)) continue;
    addHeaderCell(group, field, cell, row.rowNumber, index);
  }
}

/**
 * A line's non-blank header cell: the invoice's value when it has none yet, else compared with it (a
 * line that writes another value is a problem of the invoice).
 */
function addHeaderCell(
  group: InvoiceGroup,
  field: ReceiptField,
  cell: CellValue,
  rowNumber: number,
  index: ColumnIndex,
): void {
  const known = group.header[field];
  if (!known) {
    group.header[field] = { value: cell, rowNumber };
  } else if (comparable(cell) !== comparable(known.value)) {
    const header = index.headers[index.columns[field] ?? -1] || field;
    const invoice = group.key ? `invoice ${group.key}` : 'an invoice';
    group.problems.push(
      cellProblem(
        index,
        field,
        rowNumber,
        'header_mismatch',
        `'${cellText(cell)}' differs from '${cellText(known.value)}' on row ${known.rowNumber}: every line of ${invoice} must have the same ${header} (or leave it blank to repeat the first line's)`,
        cell,
      ),
    );
  }
}

/**
 * The invoice key a line writes, given to its invoice whatever the line's place in it: a Record ID
 * group whose first line (a sorted results file) leaves the number blank takes it from a later line,
 * never sends the receipt without it. Another number on a line of the same invoice is refused by
 * `addLine` (the key is a header field).
 */
function addKey(group: InvoiceGroup, row: FieldRow<ReceiptField>): void {
  if (group.key !== null || !group.keyField) return;
  const cell = keyCell(row, group.keyField);
  const text = cell === undefined || cell === null ? '' : cellText(cell);
  if (group.key === null && text) group.key = text;
}
