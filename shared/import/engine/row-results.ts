/** The rows of a record the runner decided without the service's answer: journalled, refused, not sent, failed. */
import type { RowResult, RowStatus } from '../outcome.ts';
import type { CreatedEntry } from './journal.ts';
import type { ImportDraft } from './ops.ts';

/** The rows of a record an earlier run created, as its journal says. */
export function fromJournal(draft: ImportDraft<unknown>, entry: CreatedEntry): RowResult[] {
  return draft.rowNumbers.map((rowNumber, i) => ({
    rowNumber,
    status: 'created',
    recordId: entry.recordId,
    sequence: entry.sequence,
    ...(entry.lineItemIds[i] ? { lineItemId: entry.lineItemIds[i] } : {}),
    // The version this import wrote, not the service's now: a change made since is someone else's.
    ...(entry.updatedAt ? { updatedAt: entry.updatedAt } : {}),
    message: 'created by an earlier run of this import (journal)',
    fromJournal: true,
  }));
}

/** Every row of a record with one status and message. */
export function rows(draft: ImportDraft<unknown>, status: RowStatus, message: string): RowResult[] {
  return draft.rowNumbers.map((rowNumber) => ({ rowNumber, status, message }));
}

/** Rows of a record the run stopped before sending. */
export function notSent(draft: ImportDraft<unknown>, message: string): RowResult[] {
  return rows(draft, 'failed', message).map((row) => ({ ...row, notSent: true }));
}

/** Rows of a record whose write failed, with the reason. */
export function failed(draft: ImportDraft<unknown>, error: unknown, prefix?: string): RowResult[] {
  const reason = error instanceof Error ? error.message : String(error ?? '');
  return rows(draft, 'failed', prefix ? `${prefix} (${reason})` : reason);
}
