/**
 * The columns of an import template: for each kind, the headers the import maps
 * (shared/sheet/fields.ts synonyms), in the order a bookkeeper fills them in, with how each column is
 * formatted and which drop-down list feeds it.
 */
import type { ReceiptField, ReturnField } from '../sheet/fields.ts';
import { RECEIPT_HEADER_FIELDS, RECEIPT_REQUIRED, RETURN_REQUIRED } from '../sheet/fields.ts';

/** What a template is for: `shed import receipts` or `shed import returns`. */
export type TemplateKind = 'receipts' | 'returns';
/** Every {@link TemplateKind}. */
export const TEMPLATE_KINDS: readonly TemplateKind[] = ['receipts', 'returns'];

/** A column's cell format: plain, text kept as typed (leading zeros of invoice numbers), a day-first date, a number, dollars. */
export type TemplateFormat = 'general' | 'text' | 'date' | 'number' | 'money';

/** The drop-down lists of a template (the Lists sheet has one column each). */
export type TemplateListName = 'storages' | 'products' | 'units';

/**
 * One column: its header (mapped by the import to `field`), format, width in characters, list,
 * whether the import needs it, and for needed columns a short note for the header cell.
 */
export interface TemplateColumn {
  header: string;
  field: ReceiptField | ReturnField;
  format: TemplateFormat;
  width: number;
  list?: TemplateListName;
  required: boolean;
  note: string | null;
}

type Spec = Omit<TemplateColumn, 'required' | 'note'>;

const RECEIPT_COLUMNS: readonly Spec[] = [
  { header: 'Invoice', field: 'invoice', format: 'text', width: 14 },
  { header: 'Supplier', field: 'supplier', format: 'general', width: 28 },
  { header: 'Date Received', field: 'received_at', format: 'date', width: 15 },
  { header: 'Storage', field: 'storage', format: 'general', width: 24, list: 'storages' },
  { header: 'PO Number', field: 'order_number', format: 'text', width: 13 },
  { header: 'Product', field: 'product', format: 'general', width: 34, list: 'products' },
  { header: 'Qty', field: 'quantity', format: 'number', width: 8 },
  { header: 'Pack Size', field: 'pack_size', format: 'number', width: 11 },
  { header: 'Unit', field: 'pack_unit', format: 'general', width: 8, list: 'units' },
  { header: 'Price ex GST', field: 'pack_cost', format: 'money', width: 14 },
  { header: 'Notes', field: 'notes', format: 'general', width: 40 },
];

const RETURN_COLUMNS: readonly Spec[] = [
  { header: 'Date', field: 'returned_at', format: 'date', width: 13 },
  { header: 'Return To', field: 'supplier', format: 'general', width: 28 },
  { header: 'Storage', field: 'storage', format: 'general', width: 24, list: 'storages' },
  { header: 'Product', field: 'product', format: 'general', width: 34, list: 'products' },
  { header: 'Amount', field: 'amount', format: 'number', width: 10 },
  { header: 'Unit', field: 'amount_unit', format: 'general', width: 8, list: 'units' },
  { header: 'Reference', field: 'reference', format: 'text', width: 16 },
  { header: 'Notes', field: 'notes', format: 'general', width: 40 },
];

/**
 * The template columns per kind. Receipts: Invoice, Supplier, Date Received, Storage, PO Number,
 * Product, Qty, Pack Size, Unit, Price ex GST, Notes. Returns: Date, Return To, Storage, Product,
 * Amount, Unit, Reference, Notes. `required` follows RECEIPT_REQUIRED / RETURN_REQUIRED.
 */
export const TEMPLATE_COLUMNS: Readonly<Record<TemplateKind, readonly TemplateColumn[]>> = {
  receipts: RECEIPT_COLUMNS.map((c) => withNeed(c, RECEIPT_REQUIRED, (RECEIPT_HEADER_FIELDS as readonly string[]).includes(c.field))),
  returns: RETURN_COLUMNS.map((c) => withNeed(c, RETURN_REQUIRED, false)),
};

function withNeed(spec: Spec, required: readonly string[], perInvoice: boolean): TemplateColumn {
  const needed = required.includes(spec.field);
  const note = !needed ? null : perInvoice ? 'Needed on the first row of each invoice.' : 'Needed on every row.';
  return { ...spec, required: needed, note };
}
