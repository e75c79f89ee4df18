import type { ReceiptDraft } from './build.ts';

/** Names an invoice in messages: `invoice INV-40390`, or by its first row when it has no number. */
export function invoiceLabel(draft: Pick<ReceiptDraft, 'key' | 'rowNumbers'>): string {
  return draft.key ? `invoice ${draft.key}` : `the invoice on row ${draft.rowNumbers[0] ?? '?'}`;
}
