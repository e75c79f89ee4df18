/**
 * An import's update of one record, sent once by the client (ops.ts `update` is not repeatable): an
 * unknown outcome is settled by reading the record back (lost-update.ts), and before each send after the
 * first the record is read again, after the back-off, so a change made while waiting is not written over.
 */
import { AbortError } from 'p-retry';
import { OutcomeUnknownError } from '../../errors/outcome-unknown-error.ts';
import type { RowResult } from '../outcome.ts';
import { withAttempts } from './attempts.ts';
import type { ServiceRecord } from './existing.ts';
import { readBackOrEnd } from './lost-update.ts';
import type { ImportDraft, ImportOps } from './ops.ts';
import { failed, notSent } from './row-results.ts';
import type { RunOptions } from './run-options.ts';
import { lostAndChanged } from './versions.ts';

/** One update to send: the draft, the record as read just before (`current`), and the body that changes it. */
export interface UpdateToSend<D, R> {
  draft: D;
  current: R;
  body: object;
  /** Journals what the update left and words its rows (`record`: the record as the service now holds it). */
  updated(record: R): Promise<RowResult[]>;
}

/**
 * Sends `update` until it is applied, found changed by someone, or out of attempts (`options.maxAttempts`,
 * with back-off): never over a change made since `update.current` was read. Never throws: the draft's rows
 * say how it ended (`updated`, `conflict`, `failed`, or not sent when the run is stopped).
 */
export function sendUpdate<D extends ImportDraft<B>, B, R extends ServiceRecord>(
  ops: ImportOps<D, B, R>,
  update: UpdateToSend<D, R>,
  options: Pick<RunOptions, 'force' | 'signal' | 'maxAttempts' | 'retryDelayMs'>,
): Promise<RowResult[]> {
  const { draft, current } = update;
  const check = {
    read: () => ops.get(current.id),
    applied: (now: R) => !ops.diff(draft, now).body,
    readAt: current.updated_at,
    what: 'not updated' as const,
  };
  // The rows it ends in, or null to send (again): applied, changed since read, or waited too long for.
  const readBack = async (error: OutcomeUnknownError, answeredAtMs: number): Promise<RowResult[] | null> => {
    const lost = await readBackOrEnd(error, check, options, answeredAtMs);
    if (lost.verdict === 'applied') return update.updated(lost.now);
    if (lost.verdict === 'changed') return lostAndChanged(ops, draft, lost.now, current);
    if (lost.verdict === 'too_long') return failed(draft, error, lost.reason);
    return options.signal?.aborted ? notSent(draft, 'not sent again: the run was interrupted') : null;
  };
  let lostBefore: { error: OutcomeUnknownError; answeredAtMs: number } | null = null;
  const attempt = async (): Promise<RowResult[]> => {
    if (lostBefore) {
      const settled = await readBack(lostBefore.error, lostBefore.answeredAtMs);
      if (settled) return settled;
    }
    try {
      return await update.updated(await ops.update(current.id, update.body));
    } catch (error) {
      if (!(error instanceof OutcomeUnknownError)) throw new AbortError(error as Error);
      lostBefore = { error, answeredAtMs: performance.now() };
      const settled = await readBack(error, lostBefore.answeredAtMs);
      if (settled) return settled;
      throw error; // for withAttempts: read again after its back-off, then sent again
    }
  };
  return withAttempts(draft, attempt, 'not updated', options);
}
