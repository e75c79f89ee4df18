import type { ReturnCreateBody } from '../../schemas/bodies.ts';
import type { Return } from '../../schemas/resources.ts';
import type { RowResult } from '../outcome.ts';
import type { SendOptions } from '../receipts/send.ts';
import type { ReturnDraft } from './build.ts';
import { sendDrafts } from './send-drafts.ts';

export type { SendOptions } from '../receipts/send.ts';

/** What sending needs of the service: create a return (spec section 4). */
export interface ReturnWriter {
  createReturn(body: ReturnCreateBody, options?: { signal?: AbortSignal }): Promise<Return>;
}

/** Names a return in messages by its row: `the return on row 6`. */
export function returnLabel(draft: Pick<ReturnDraft, 'rowNumbers'>): string {
  return `the return on row ${draft.rowNumbers[0] ?? '?'}`;
}

/**
 * Sends the valid drafts as returns, at most `concurrency` at once, one POST per return, and returns
 * a result for every row, sorted by row: `invalid` for drafts refused before sending, `created` with
 * the return's id and sequence, or `failed` with the service's reason. After `signal` aborts, no new
 * request starts; those not started are `failed` with "not sent: the run was interrupted".
 * Updates by Record ID are not sent here: every valid draft is created.
 */
export async function sendReturns(
  drafts: readonly ReturnDraft[],
  writer: ReturnWriter,
  options: SendOptions,
): Promise<RowResult[]> {
  return sendDrafts<ReturnCreateBody, ReturnDraft>(
    drafts,
    async (draft, body, signal) => returnResults(draft, await writer.createReturn(body, { signal })),
    returnLabel,
    options,
  );
}

/** The row of a sent return: its id and sequence, and the draft's warnings as the message. */
export function returnResults(draft: ReturnDraft, sent: Return, status: RowResult['status'] = 'created'): RowResult[] {
  return draft.rowNumbers.map((rowNumber) => ({
    rowNumber,
    status,
    recordId: sent.id,
    sequence: sent.sequence,
    message: draft.warnings.filter((w) => w.rowNumber === rowNumber).map((w) => w.message).join('; ') || undefined,
  }));
}
