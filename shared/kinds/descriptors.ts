/**
 * Each kind of import described once: its nouns, sheet names, how a record is named in messages,
 * its fields with their roles (from the field registry) and the result columns. The rest of the
 * core, and both faces, look a kind up here ({@link KINDS}) instead of switching on its name.
 */
import { RECEIPT_FIELDS, RECEIPT_REGISTRY, RETURN_FIELDS, RETURN_REGISTRY } from './field-registry.ts';
import { RETURN_EXPORT_ORDER, TEMPLATE_ORDER } from './field-orders.ts';
import type { ReceiptField, ReturnField } from './field-registry.ts';
import { RESULT_COLUMN_FIELDS, synonymsOf, type FieldSpec } from './field-spec.ts';
import type { ImportKind } from './kind.ts';

/** A field of either kind. */
export type MappedField = ReceiptField | ReturnField;

/** What a record's name in messages is made of: its key (an invoice number) and its sheet rows. */
export interface LabelledRecord {
  key: string | null;
  rowNumbers: readonly number[];
}

/** Everything that differs between the kinds of import. */
export interface KindDescriptor<F extends MappedField = MappedField> {
  kind: ImportKind;
  /** One record, as messages name it: `receipt`, `return`. */
  one: string;
  /** Several records: `receipts`, `returns`. */
  many: string;
  /** What one data row of the sheet holds, for messages: `an invoice line`, `a return`. */
  row: string;
  /** The task pane's kind picker: `Receipts (supplier invoices)`. */
  pickerTitle: string;
  /** The sheet a template or an export of this kind is written to: `Receipts`, `Returns`. */
  sheetName: string;
  /** The Excel table of a template's rows: `ReceiptLines`, `ReturnLines`. */
  tableName: string;
  /**
   * A column the headers gave to notes (`Description`) may hold the products instead, when its
   * values say so (invoices describe their lines).
   */
  notesMayBeProducts: boolean;
  /** The field a real line always carries (a totals row leaves it blank): `quantity`, `amount`. */
  quantityField: F;
  /** The field of the record's day: `received_at`, `returned_at`. */
  dateField: F;
  /** How a record is named in messages: `invoice INV-40390`, `the return on row 6`. */
  label(record: LabelledRecord): string;
  /** The fields, in the registry's order. */
  fields: readonly F[];
  /** Field → everything about it (field-registry.ts). */
  registry: Readonly<Record<F, FieldSpec>>;
  /** The fields every sheet must map. */
  required: readonly F[];
  /** Field → its headers, normalised, its label among them. */
  synonyms: Readonly<Record<F, readonly string[]>>;
  /** The template's columns, in the order a bookkeeper fills them in. */
  templateOrder: readonly F[];
  /** The export's columns in the import layout. */
  exportOrder: readonly F[];
}

/** Receipts: supplier invoices, one sheet row per invoice line. */
const RECEIPTS: KindDescriptor<ReceiptField> = {
  kind: 'receipts',
  one: 'receipt',
  many: 'receipts',
  row: 'an invoice line',
  pickerTitle: 'Receipts (supplier invoices)',
  sheetName: 'Receipts',
  tableName: 'ReceiptLines',
  notesMayBeProducts: true,
  quantityField: 'quantity',
  dateField: 'received_at',
  label: (record) => (record.key ? `invoice ${record.key}` : `the invoice on row ${record.rowNumbers[0] ?? '?'}`),
  fields: RECEIPT_FIELDS,
  registry: RECEIPT_REGISTRY,
  required: RECEIPT_FIELDS.filter((f) => RECEIPT_REGISTRY[f].required),
  synonyms: synonymsOf(RECEIPT_FIELDS, RECEIPT_REGISTRY),
  templateOrder: TEMPLATE_ORDER.receipts,
  exportOrder: RECEIPT_FIELDS.filter((f) => RECEIPT_REGISTRY[f].export),
};

/** Returns: stock back to a supplier, one sheet row per return. */
const RETURNS: KindDescriptor<ReturnField> = {
  kind: 'returns',
  one: 'return',
  many: 'returns',
  row: 'a return',
  pickerTitle: 'Returns (stock back to a supplier)',
  sheetName: 'Returns',
  tableName: 'ReturnLines',
  notesMayBeProducts: false,
  quantityField: 'amount',
  dateField: 'returned_at',
  label: (record) => `the return on row ${record.rowNumbers[0] ?? '?'}`,
  fields: RETURN_FIELDS,
  registry: RETURN_REGISTRY,
  required: RETURN_FIELDS.filter((f) => RETURN_REGISTRY[f].required),
  synonyms: synonymsOf(RETURN_FIELDS, RETURN_REGISTRY),
  templateOrder: TEMPLATE_ORDER.returns,
  exportOrder: RETURN_EXPORT_ORDER,
};

/** Each kind's descriptor, by name. */
export const KINDS: { readonly receipts: KindDescriptor<ReceiptField>; readonly returns: KindDescriptor<ReturnField> } =
  {
    receipts: RECEIPTS,
    returns: RETURNS,
  };

/** The descriptor of `kind`, over the fields of either kind (for code that handles both alike). */
export function kindOf(kind: ImportKind): KindDescriptor {
  return KINDS[kind] as KindDescriptor;
}

/** The header label of a field of `kind` (the field name itself if the kind has no such field). */
export function headerLabel(kind: ImportKind, field: string): string {
  return (kindOf(kind).registry as Readonly<Record<string, FieldSpec>>)[field]?.label ?? field;
}

/** The fields of `kind` with a role: written back, an id, derived, invoice-level, required, identifying a row. */
export function fieldsWith(
  kind: ImportKind,
  role: 'writtenBack' | 'id' | 'derived' | 'invoiceLevel' | 'required' | 'identifiesRow',
): readonly MappedField[] {
  const { fields, registry } = kindOf(kind);
  return fields.filter((f) => registry[f][role]);
}

/** The names of the five result columns, in the order they are appended to the input: their labels in the field registry. */
export const RESULT_COLUMNS: readonly string[] = RESULT_COLUMN_FIELDS.map((f) => RECEIPT_REGISTRY[f].label);

/** Every field of either kind, once, receipts' first. */
export const ALL_FIELDS: readonly MappedField[] = [...new Set<MappedField>([...RECEIPT_FIELDS, ...RETURN_FIELDS])];
