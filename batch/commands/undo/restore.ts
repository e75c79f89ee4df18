/**
 * Undo's restore of a record an import updated, sent once by the client (kind-ops.ts): the service has no
 * conditional update, so a restore whose outcome is unknown (a 5xx, no answer in time, a dropped answer) is never
 * repeated blind. As an import's update is (lost-update.ts), it waits a 503's Retry-After, reads the record back
 * and counts as restored when the record holds what it sent; sends it again when the record is as undo read it
 * (at most {@link RESTORE_ATTEMPTS} sends in all); leaves it when someone changed it meanwhile, their change not
 * overwritten (`--force` sends again); and takes a 404 as a record found gone.
 */
import { AbortError } from 'p-retry';
import type { OrgClient } from '../../../shared/client/index.ts';
import { NotFoundError } from '../../../shared/errors/not-found-error.ts';
import { OutcomeUnknownError } from '../../../shared/errors/outcome-unknown-error.ts';
import { withBackOff } from '../../../shared/import/engine/attempts.ts';
import { readBackLost, type LostUpdateVerdict } from '../../../shared/import/engine/lost-update.ts';
import type { Receipt, Return } from '../../../shared/schemas/resources.ts';
import { UNDO_OPS } from './kind-ops.ts';
import type { UndoStep } from './plan.ts';

/** Sends of one restore, the first included, before its step fails: each after the first follows a read back. */
export const RESTORE_ATTEMPTS = 3;

/** A step that puts back a record a run updated. */
export type RestoreStep = Extract<UndoStep, { action: 'restore' }>;

/**
 * How a restore ended: `restored`; `gone` (a 404: undo asks the deleted list); or left as it is, with why
 * (`changed`: someone changed it during the undo; `failed`: not put back).
 */
export type RestoreOutcome = 'restored' | 'gone' | { left: 'changed' | 'failed'; reason: string };

/** How undo restores: `force` sends again over a change made during the undo; `timeZone` reads dates (identity). */
export interface RestoreOptions {
  force: boolean;
  timeZone: string;
}

/** Where a restore stands: the record as last read, whose line items the next send keeps by id. */
type Latest = { record: Receipt | Return };

/**
 * Puts `step`'s record back as it was before the import; `current` is the record as undo read it just before
 * (found as the run left it, or forced). An unknown outcome is settled by reading the record back (see the header).
 * @throws what the service answers other than an unknown outcome or a 404 (a refused restore: 422).
 */
export async function restoreRecord(
  org: OrgClient,
  step: RestoreStep,
  current: Receipt | Return,
  options: RestoreOptions,
): Promise<RestoreOutcome> {
  const latest: Latest = { record: current };
  let lostBefore: { error: OutcomeUnknownError; answeredAtMs: number } | null = null;
  const attempt = async (): Promise<RestoreOutcome> => {
    // Read again after the back-off: a change made while waiting is not written over.
    if (lostBefore) {
      const settled = await afterLost(org, step, lostBefore, latest, options);
      if (settled !== 'again') return settled;
    }
    try {
      await UNDO_OPS[step.kind].restore(org, step.recordId, step.previous, latest.record);
      return 'restored';
    } catch (error) {
      if (error instanceof NotFoundError) return 'gone';
      if (!(error instanceof OutcomeUnknownError)) throw new AbortError(error as Error);
      lostBefore = { error, answeredAtMs: performance.now() };
      const settled = await afterLost(org, step, lostBefore, latest, options);
      if (settled === 'again') throw error; // for withBackOff: read again after its back-off, then sent again
      return settled;
    }
  };
  try {
    return await withBackOff(attempt, RESTORE_ATTEMPTS);
  } catch (error) {
    if (!(error instanceof OutcomeUnknownError)) throw error;
    const reason =
      `not restored: the service failed ${RESTORE_ATTEMPTS} times (the last: ${error.explanation}) and, read ` +
      'back, the record is not put back; run undo again later';
    return { left: 'failed', reason };
  }
}

/**
 * Reads back the record of a restore whose outcome is unknown (`lost.error`, answered at `lost.answeredAtMs`),
 * after its Retry-After: what it settles, or `again` (not applied, and as undo last read it or forced),
 * `latest` then holding the record as read.
 */
async function afterLost(
  org: OrgClient,
  step: RestoreStep,
  lost: { error: OutcomeUnknownError; answeredAtMs: number },
  latest: Latest,
  options: RestoreOptions,
): Promise<RestoreOutcome | 'again'> {
  const { error } = lost;
  const ops = UNDO_OPS[step.kind];
  const read = () => ops.get(org, step.recordId);
  const applied = (now: Receipt | Return) => holdsRestore(org, step, now, options.timeZone);
  const check = { read, applied, readAt: latest.record.updated_at, what: 'not restored' as const };
  let verdict: LostUpdateVerdict<Receipt | Return>;
  try {
    verdict = await readBackLost(error, lost.answeredAtMs, check, options);
  } catch (readError) {
    if (readError instanceof NotFoundError) return 'gone';
    const why = readError instanceof Error ? readError.message : String(readError);
    const reason = `not restored: its outcome is unknown (${error.explanation}) and it could not be read back, so it was not sent again (${why})`;
    return { left: 'failed', reason };
  }
  switch (verdict.verdict) {
    case 'applied':
      return 'restored';
    case 'changed':
      return { left: 'changed', reason: changedDuringUndo(error, verdict.now, latest.record) };
    case 'too_long':
      return { left: 'failed', reason: `${verdict.reason} (${error.explanation})` };
    case 'again':
      latest.record = verdict.now;
      return 'again';
  }
}

/**
 * Whether `record` holds what restoring `step` sends: the same identity as the state before the import
 * (fingerprint.ts: a receipt's lines by content, whatever their ids; decimals by value) and the same values in
 * every other field the restore sets (kind-ops.ts `restoreText`).
 */
function holdsRestore(org: OrgClient, step: RestoreStep, record: Receipt | Return, timeZone: string): boolean {
  const ops = UNDO_OPS[step.kind];
  return (
    ops.restoreText(record) === ops.restoreText(step.previous) &&
    ops.identity(org, record, timeZone) === ops.identity(org, step.previous, timeZone)
  );
}

/** Why a record changed by someone while its restore's outcome was unknown is left as it is. */
function changedDuringUndo(error: OutcomeUnknownError, now: Receipt | Return, read: Receipt | Return): string {
  return (
    `someone changed it during the undo: its restore's outcome is unknown (${error.explanation}) and the service ` +
    `changed it at ${now.updated_at}, after undo read it at ${read.updated_at}; it was not sent again, so nothing ` +
    'was overwritten (whether the restore was applied before that change cannot be told); check it, then ' +
    '--force puts it back as it was before the import'
  );
}
