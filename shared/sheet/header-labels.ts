/**
 * The header shed writes for each field and names in messages ("add a column headed 'Qty'"), from
 * the field registry (field-registry.ts). Each label maps, so a sheet that uses it needs no mapping.
 */
import { RECEIPT_REGISTRY, RETURN_REGISTRY } from './field-registry.ts';
import { RECEIPT_FIELDS, RETURN_FIELDS, type ReceiptField, type ReturnField } from './fields.ts';

/** Receipt field → header label. */
export const RECEIPT_HEADER_LABELS: Readonly<Record<ReceiptField, string>> = Object.fromEntries(
  RECEIPT_FIELDS.map((f) => [f, RECEIPT_REGISTRY[f].label]),
) as Record<ReceiptField, string>;

/** Return field → header label. */
export const RETURN_HEADER_LABELS: Readonly<Record<ReturnField, string>> = Object.fromEntries(
  RETURN_FIELDS.map((f) => [f, RETURN_REGISTRY[f].label]),
) as Record<ReturnField, string>;

/** The header label of a field of either kind (the field name itself if it has none). */
export function headerLabel(kind: 'receipts' | 'returns', field: string): string {
  const labels: Readonly<Record<string, string>> = kind === 'receipts' ? RECEIPT_HEADER_LABELS : RETURN_HEADER_LABELS;
  return labels[field] ?? field;
}
