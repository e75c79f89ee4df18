/**
 * The columns of an import template: for each kind, the headers the import maps, in the order a
 * bookkeeper fills them in, with how each column is formatted and which drop-down list feeds it
 * (all from the field registry, shared/sheet/field-registry.ts).
 */
import { RECEIPT_REGISTRY, RETURN_REGISTRY, TEMPLATE_ORDER, type FieldSpec } from '../sheet/field-registry.ts';
import type { ReceiptField, ReturnField } from '../sheet/fields.ts';
import { NUMBER_FORMATS, type CellFormat } from '../sheet/number-formats.ts';

/** What a template is for: `shed import receipts` or `shed import returns`. */
export type TemplateKind = 'receipts' | 'returns';
/** Every {@link TemplateKind}. */
export const TEMPLATE_KINDS: readonly TemplateKind[] = ['receipts', 'returns'];

/** A column's cell format: plain, text kept as typed (leading zeros of invoice numbers), a day-first date, a number, dollars. */
export type TemplateFormat = Extract<CellFormat, 'general' | 'text' | 'date' | 'number' | 'money'>;

/** The drop-down lists of a template (the Lists sheet has one column each). */
export type TemplateListName = 'storages' | 'products' | 'units';

/**
 * One column: its header (mapped by the import to `field`), format and its Excel number format (the
 * one table of shared/sheet/number-formats.ts; `null` leaves General), width in characters, list,
 * whether the import needs it, and for needed columns a short note for the header cell.
 */
export interface TemplateColumn {
  header: string;
  field: ReceiptField | ReturnField;
  format: TemplateFormat;
  numberFormat: string | null;
  width: number;
  list?: TemplateListName;
  required: boolean;
  note: string | null;
}

/**
 * The template columns per kind, in {@link TEMPLATE_ORDER}, each with its label, format, width and
 * list from the field registry (field-registry.ts). Receipts: Invoice, Supplier, Date Received,
 * Storage, PO Number, Product, Qty, Pack Size, Unit, Price ex GST, Notes. Returns: Date, Return To,
 * Storage, Product, Amount, Unit, Reference, Notes.
 */
export const TEMPLATE_COLUMNS: Readonly<Record<TemplateKind, readonly TemplateColumn[]>> = {
  receipts: TEMPLATE_ORDER.receipts.map((field) => templateColumn(field, RECEIPT_REGISTRY[field])),
  returns: TEMPLATE_ORDER.returns.map((field) => templateColumn(field, RETURN_REGISTRY[field])),
};

function templateColumn(field: ReceiptField | ReturnField, spec: FieldSpec): TemplateColumn {
  const layout = spec.template ?? { format: 'general', width: 12 };
  const needed = Boolean(spec.required);
  const note = !needed ? null : spec.invoiceLevel ? 'Needed on the first row of each invoice.' : 'Needed on every row.';
  return {
    header: spec.label,
    field,
    format: layout.format,
    numberFormat: NUMBER_FORMATS[layout.format],
    width: layout.width,
    ...(layout.list ? { list: layout.list } : {}),
    required: needed,
    note,
  };
}
