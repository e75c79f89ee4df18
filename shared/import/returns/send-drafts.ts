import pLimit from 'p-limit';
import type { Problem, RowResult } from '../outcome.ts';
import type { SendOptions } from '../receipts/send.ts';
import { invalidResults } from '../results.ts';

/** What sending needs of any draft (a receipt's or a return's): its rows, its body, its problems. */
export interface SendableDraft<B> {
  rowNumbers: number[];
  body: B | null;
  problems: Problem[];
}

/**
 * Sends every valid draft with `send`, at most `options.concurrency` at once (p-limit), and returns a
 * result for every row of every draft, sorted by row: `invalid` for drafts refused before sending
 * (named by `label` in the other rows' messages), what `send` returned, or `failed` with the error's
 * message when `send` rejects. After `options.signal` aborts no new request starts; drafts not started
 * are `failed` with "not sent: the run was interrupted". `onProgress` counts sendable drafts.
 * Kind-neutral: written for returns, and the same loop as receipts' `sendReceipts` (could move up
 * to shared/import and serve both).
 */
export async function sendDrafts<B, D extends SendableDraft<B>>(
  drafts: readonly D[],
  send: (draft: D, body: B, signal: AbortSignal | undefined) => Promise<RowResult[]>,
  label: (draft: D) => string,
  options: SendOptions,
): Promise<RowResult[]> {
  const limit = pLimit(options.concurrency);
  const total = drafts.filter((d) => d.body !== null).length;
  let done = 0;
  const perDraft = await Promise.all(
    drafts.map((draft) => {
      const body = draft.body;
      if (body === null) return invalidResults(draft.rowNumbers, draft.problems, label(draft));
      return limit(async () => {
        try {
          if (options.signal?.aborted) return failedRows(draft.rowNumbers, 'not sent: the run was interrupted');
          return await send(draft, body, options.signal);
        } catch (error) {
          return failedRows(draft.rowNumbers, error instanceof Error ? error.message : String(error));
        } finally {
          done += 1;
          options.onProgress?.(done, total);
        }
      });
    }),
  );
  return perDraft.flat().sort((a, b) => a.rowNumber - b.rowNumber);
}

/** Every row of a record that was not sent, or that the service refused, as `failed` with one message. */
export function failedRows(rowNumbers: readonly number[], message: string): RowResult[] {
  return rowNumbers.map((rowNumber) => ({ rowNumber, status: 'failed', message }));
}
