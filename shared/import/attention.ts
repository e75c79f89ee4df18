/**
 * The records of a run a face tells the user about once it is over, by the one rule both faces use:
 * those not done (failed, conflict, duplicate), whose first row's Message says why and what to do,
 * and the updates, whose Message says what changes (the words of the record's diff). A record that a
 * stop left unsent is not "not done": the summary counts it and the next run sends it.
 */
import type { RecordOutcome } from './import-report.ts';
import type { RowResult, RowStatus } from './outcome.ts';

/** The statuses of a record the run did not do, whose reason the user must read: not sent, or sent and failed. */
export const NOT_DONE_STATUSES: ReadonlySet<RowStatus> = new Set<RowStatus>(['failed', 'conflict', 'duplicate']);

/** Whether a record's first row says it was not done (failed, conflict, duplicate), other than left unsent by a stop. */
export function isNotDone(first: RowResult | undefined): first is RowResult {
  return first !== undefined && NOT_DONE_STATUSES.has(first.status) && !first.notSent;
}

/** Whether a record's first row is an update, made or (dry run) to be made: its Message says what changes. */
export function isUpdate(first: RowResult | undefined): first is RowResult {
  return first?.status === 'updated' || first?.status === 'would update';
}

/** A record outcome whose first row's result is known. */
export type DecidedOutcome = RecordOutcome & { first: RowResult };

/** The records not done ({@link isNotDone}), in the sheet's order. */
export function notDoneOutcomes(outcomes: readonly RecordOutcome[]): DecidedOutcome[] {
  return outcomes.filter((o): o is DecidedOutcome => isNotDone(o.first));
}

/** The records updated or to be updated ({@link isUpdate}), in the sheet's order. */
export function updateOutcomes(outcomes: readonly RecordOutcome[]): DecidedOutcome[] {
  return outcomes.filter((o): o is DecidedOutcome => isUpdate(o.first));
}
