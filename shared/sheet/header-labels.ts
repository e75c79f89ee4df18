/**
 * The header a person would write for each field (as in the example workbooks), for messages such
 * as "add a column headed 'Qty'". Each label is one of its field's synonyms, so a sheet that uses
 * it maps without a saved mapping.
 */
import type { ReceiptField, ReturnField } from './fields.ts';

/** Receipt field → header label, as in examples/supplier-invoices.xlsx and the results columns. */
export const RECEIPT_HEADER_LABELS: Readonly<Record<ReceiptField, string>> = {
  invoice: 'Invoice No',
  supplier: 'Supplier',
  received_at: 'Date Received',
  storage: 'Deliver To',
  order_number: 'PO Number',
  notes: 'Notes',
  product: 'Product',
  quantity: 'Qty',
  pack_size: 'Pack Size',
  pack_unit: 'Unit',
  pack_cost: 'Price ex GST',
  line_total: 'Line Total',
  record_id: 'Record ID',
  sequence: 'Sequence',
  line_item_id: 'Line Item ID',
  updated_at: 'Updated At',
  status: 'Status',
  message: 'Message',
};

/** Return field → header label, as in examples/supplier-returns.csv and the results columns. */
export const RETURN_HEADER_LABELS: Readonly<Record<ReturnField, string>> = {
  supplier: 'Return To',
  returned_at: 'Date',
  storage: 'From Shed',
  product: 'Product',
  amount: 'Amount',
  amount_unit: 'Unit',
  reference: 'Credit Note',
  notes: 'Comments',
  record_id: 'Record ID',
  sequence: 'Sequence',
  updated_at: 'Updated At',
  status: 'Status',
  message: 'Message',
};

/** The header label of a field of either kind (the field name itself if it has none). */
export function headerLabel(kind: 'receipts' | 'returns', field: string): string {
  const labels: Readonly<Record<string, string>> = kind === 'receipts' ? RECEIPT_HEADER_LABELS : RETURN_HEADER_LABELS;
  return labels[field] ?? field;
}
