/**
 * The fields an import sheet can carry, and what mapping needs of them, read from the field registry
 * (field-registry.ts: labels, synonyms, required). Headers are compared after {@link normaliseHeader}.
 */
import { RECEIPT_REGISTRY, RETURN_REGISTRY, type FieldSpec } from './field-registry.ts';

/** Fields of a receipts sheet: invoice header fields, line fields, and the ids a results file carries. */
export const RECEIPT_FIELDS = [
  'invoice',
  'supplier',
  'received_at',
  'storage',
  'order_number',
  'notes',
  'product',
  'quantity',
  'pack_size',
  'pack_unit',
  'pack_cost',
  'line_total',
  'record_id',
  'sequence',
  'line_item_id',
  'updated_at',
  'status',
  'message',
] as const;
export type ReceiptField = (typeof RECEIPT_FIELDS)[number];

/** Fields of a returns sheet (one row per return). */
export const RETURN_FIELDS = [
  'supplier',
  'returned_at',
  'storage',
  'product',
  'amount',
  'amount_unit',
  'reference',
  'notes',
  'record_id',
  'sequence',
  'updated_at',
  'status',
  'message',
] as const;
export type ReturnField = (typeof RETURN_FIELDS)[number];

/** Receipt fields every sheet must map (the pack unit may come inside the pack size cell): field-registry.ts. */
export const RECEIPT_REQUIRED: readonly ReceiptField[] = RECEIPT_FIELDS.filter((f) => RECEIPT_REGISTRY[f].required);

/** Return fields every sheet must map (the unit may come inside the amount cell): field-registry.ts. */
export const RETURN_REQUIRED: readonly ReturnField[] = RETURN_FIELDS.filter((f) => RETURN_REGISTRY[f].required);

/** Receipt fields that belong to the invoice header: filled down within an invoice, equal on all its lines. */
export const RECEIPT_HEADER_FIELDS: readonly ReceiptField[] = RECEIPT_FIELDS.filter((f) => RECEIPT_REGISTRY[f].invoiceLevel);

/** Header synonyms, normalised (lower case, letters and digits only): each field's headers, its label among them. */
export const RECEIPT_SYNONYMS: Readonly<Record<ReceiptField, readonly string[]>> = synonymsOf(RECEIPT_FIELDS, RECEIPT_REGISTRY);

/** Header synonyms for returns, normalised likewise. */
export const RETURN_SYNONYMS: Readonly<Record<ReturnField, readonly string[]>> = synonymsOf(RETURN_FIELDS, RETURN_REGISTRY);

function synonymsOf<F extends string>(fields: readonly F[], registry: Readonly<Record<F, FieldSpec>>): Record<F, readonly string[]> {
  const synonyms = {} as Record<F, readonly string[]>;
  for (const f of fields) {
    const label = normaliseHeader(registry[f].label);
    synonyms[f] = registry[f].synonyms.includes(label) ? registry[f].synonyms : [label, ...registry[f].synonyms];
  }
  return synonyms;
}

/**
 * A header as compared: lower case, accents, punctuation and all whitespace (non-breaking too) removed.
 * `"No. of packs"` → `"noofpacks"`, `"Price ex GST"` → `"priceexgst"`.
 */
export function normaliseHeader(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}
