/**
 * Undo's check of updates journalled with no `applied` after them: the `updated` entry is written before the
 * update is sent, so a failed update (or a run stopped before its answer) leaves one. Whether it changed the
 * record is read from the service before anything is listed.
 */
import type { OrgClient } from '../../../shared/client/index.ts';
import { changedSince } from '../../../shared/import/engine/versions.ts';
import { NotFoundError } from '../../../shared/errors/not-found-error.ts';
import { UNDO_OPS } from './kind-ops.ts';
import type { UndoStep } from './plan.ts';

/** What the check settled. */
export interface UnappliedCheck {
  /** The steps to list and take: every step but those settled here. */
  steps: UndoStep[];
  /** Updates that never changed their record (it is as the run read it): nothing to restore. */
  neverApplied: string[];
  /** Records changed since the run read them whose update has no answer: left alone, with why. */
  unknown: { sequence: string; reason: string }[];
}

/**
 * Reads each record whose restore step has no `applied` (its `written` is null): as the run read it
 * (same `updated_at` as the journalled previous state) → the update never applied, not a step; changed
 * since → whether by the run or by someone else cannot be told, so it is left alone (unless `force`,
 * then it stays a step). A record gone (404) stays a step: undo then asks the deleted list.
 * @throws the service's errors other than NotFoundError (nothing has been changed yet).
 */
export async function checkUnapplied(
  org: OrgClient,
  steps: readonly UndoStep[],
  force: boolean,
): Promise<UnappliedCheck> {
  const result: UnappliedCheck = { steps: [], neverApplied: [], unknown: [] };
  for (const step of steps) {
    if (step.action !== 'restore' || step.written !== null) {
      result.steps.push(step);
      continue;
    }
    const current = await UNDO_OPS[step.kind].get(org, step.recordId).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    const read = step.previous.updated_at;
    if (current && !changedSince(current.updated_at, read) && !changedSince(read, current.updated_at)) {
      result.neverApplied.push(step.sequence);
    } else if (current && !force) {
      result.unknown.push({
        sequence: step.sequence,
        reason: `the run's update of it recorded no answer (it failed, or the run stopped before the answer), and it changed in the service at ${current.updated_at}, after the run read it at ${read}: whether the run or someone else changed it cannot be told; use --force to put it back as it was before the import anyway`,
      });
    } else {
      result.steps.push(step);
    }
  }
  return result;
}
