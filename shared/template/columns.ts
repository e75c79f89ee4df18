/**
 * The columns of an import template: for each kind, the headers the import maps, in the order a
 * bookkeeper fills them in, with how each column is formatted and which drop-down list feeds it
 * (all from the kind's descriptor and the field registry, shared/kinds/).
 */
import { kindOf, type FieldSpec, type ImportKind, type MappedField } from '../kinds/index.ts';
import { NUMBER_FORMATS, type TemplateFormat, type TemplateListName } from '../kinds/number-formats.ts';

export type { TemplateFormat, TemplateListName } from '../kinds/number-formats.ts';

/**
 * One column: its header (mapped by the import to `field`), format and its Excel number format (the
 * one table of shared/kinds/number-formats.ts; `null` leaves General), width in characters, list,
 * whether the import needs it, and for needed columns a short note for the header cell.
 */
export interface TemplateColumn {
  header: string;
  field: MappedField;
  format: TemplateFormat;
  numberFormat: string | null;
  width: number;
  list?: TemplateListName;
  required: boolean;
  note: string | null;
}

/**
 * The template columns per kind, in the kind's `templateOrder`, each with its label, format, width
 * and list from the field registry (shared/kinds/field-registry.ts). Receipts: Invoice, Supplier, Date Received,
 * Storage, PO Number, Product, Qty, Pack Size, Unit, Price ex GST, Notes. Returns: Date, Return To,
 * Storage, Product, Amount, Unit, Reference, Notes.
 */
export const TEMPLATE_COLUMNS: Readonly<Record<ImportKind, readonly TemplateColumn[]>> = {
  receipts: templateColumns('receipts'),
  returns: templateColumns('returns'),
};

function templateColumns(kind: ImportKind): TemplateColumn[] {
  const { templateOrder, registry } = kindOf(kind);
  return templateOrder.map((field) => templateColumn(field, registry[field]));
}

function templateColumn(field: MappedField, spec: FieldSpec): TemplateColumn {
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
