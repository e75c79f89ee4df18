import pLimit from 'p-limit';
import type { ReceiptCreateBody } from '../../schemas/bodies.ts';
import type { Receipt } from '../../schemas/resources.ts';
import type { RowResult } from '../outcome.ts';
import { invalidResults } from '../results.ts';
import type { ReceiptDraft } from './build.ts';

/** What sending needs of the service: create a receipt (spec section 4, path per gaps row 5). */
export interface ReceiptWriter {
  createReceipt(body: ReceiptCreateBody, options?: { signal?: AbortSignal }): Promise<Receipt>;
}

/** How to send: requests in flight at once (1 and up), cancellation, progress in invoices. */
export interface SendOptions {
  concurrency: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/** Names an invoice in messages: `invoice INV-40390`, or by its first row when it has no number. */
export function invoiceLabel(draft: Pick<ReceiptDraft, 'key' | 'rowNumbers'>): string {
  return draft.key ? `invoice ${draft.key}` : `the invoice on row ${draft.rowNumbers[0] ?? '?'}`;
}

/**
 * Sends the valid drafts as receipts, at most `concurrency` at once (p-limit), one POST per receipt
 * with all its line items, and returns a result for every row of every draft: `invalid` for drafts
 * that were refused before sending, `created` with ids, or `failed` with the service's reason.
 * After `signal` aborts, no new request starts; those not started are `failed` with "not sent".
 */
export async function sendReceipts(
  drafts: readonly ReceiptDraft[],
  writer: ReceiptWriter,
  options: SendOptions,
): Promise<RowResult[]> {
  const limit = pLimit(options.concurrency);
  const sendable = drafts.filter((d) => d.body !== null);
  let done = 0;
  const perDraft = await Promise.all(
    drafts.map((draft) => {
      if (!draft.body) return invalidResults(draft.rowNumbers, draft.problems, invoiceLabel(draft));
      const body = draft.body;
      return limit(async () => {
        try {
          if (options.signal?.aborted) return notSent(draft, 'not sent: the run was interrupted');
          const receipt = await writer.createReceipt(body, { signal: options.signal });
          return createdResults(draft, receipt);
        } catch (error) {
          return failedResults(draft, error);
        } finally {
          done += 1;
          options.onProgress?.(done, sendable.length);
        }
      });
    }),
  );
  return perDraft.flat().sort((a, b) => a.rowNumber - b.rowNumber);
}

/** Rows of a created receipt: its id and sequence on every row, each line's item id on its row (body order). */
export function createdResults(draft: ReceiptDraft, receipt: Receipt, status: RowResult['status'] = 'created'): RowResult[] {
  return draft.lines.map((line, i) => ({
    rowNumber: line.rowNumber,
    status,
    recordId: receipt.id,
    sequence: receipt.sequence,
    lineItemId: receipt.line_items[i]?.id,
    message: draft.warnings.filter((w) => w.rowNumber === line.rowNumber).map((w) => w.message).join('; ') || undefined,
  }));
}

function failedResults(draft: ReceiptDraft, error: unknown): RowResult[] {
  const message = error instanceof Error ? error.message : String(error);
  return notSent(draft, message);
}

function notSent(draft: ReceiptDraft, message: string): RowResult[] {
  return draft.rowNumbers.map((rowNumber) => ({ rowNumber, status: 'failed', message }));
}
