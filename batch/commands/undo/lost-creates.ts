/**
 * Undo's look-up of creates a run sent with no answer journalled (a crash right after the send): their
 * records are looked for in the service by fingerprint, as the import's next run does, and taken back only
 * when nothing else could be them.
 */
import type { OrgClient } from '../../../shared/client/index.ts';
import { fingerprint } from '../../../shared/import/engine/fingerprint.ts';
import type { IntentEntry } from '../../../shared/import/engine/journal.ts';
import { RECONCILE_MARGIN_MS } from '../../../shared/import/engine/run-options.ts';
import type { ImportKind } from '../../../shared/kinds/index.ts';
import type { Receipt, Return } from '../../../shared/schemas/resources.ts';
import { UNDO_OPS } from './kind-ops.ts';
import type { UndoStep } from './plan.ts';

/** What the look-up settled. */
export interface LostCreates {
  /** A delete step per record found (`lost`: the send whose answer was lost), at most one per send. */
  steps: UndoStep[];
  /** Sends with no record in the service: refused, or never sent (a stop before the send); nothing to take back. */
  notFound: IntentEntry[];
  /** Sends undo cannot settle, and why: their records, if any, are left alone. */
  unresolved: { intent: IntentEntry; reason: string }[];
}

/**
 * Looks for the records of sends with no answer (`intents`, one organisation's): among the records changed
 * since the run's cursor (less the margin), those with the send's fingerprint that no journal entry
 * claims, and (when the service gives `inserted_at`) inserted after that time. A record counts as the
 * send's only when the fingerprint matches, the send was not an allowed duplicate (a twin was already
 * there), and there are no more such records than such sends. Stamps are compared as the import's own
 * look-up does (the margin: gaps project row 29, shared/service/gaps.ts `STAMP_ORDER_MARGIN_MS`).
 * @param claimed ids (lower case) of records the journal's `created` entries name: never another send's.
 * @param timeZone the farm's time zone the import ran with (fingerprints read dates in it).
 * @throws nothing: a list that fails leaves its sends unresolved, with the reason.
 */
export async function findLostCreates(
  org: OrgClient,
  intents: readonly IntentEntry[],
  claimed: ReadonlySet<string>,
  timeZone: string,
): Promise<LostCreates> {
  const result: LostCreates = { steps: [], notFound: [], unresolved: [] };
  for (const kind of new Set(intents.map((i) => i.kind))) {
    const own = intents.filter((i) => i.kind === kind);
    let records: (Receipt | Return)[];
    try {
      records = await UNDO_OPS[kind].listSince(org, listFrom(own));
    } catch (error) {
      const reason = `the service could not be searched for it (${(error as Error).message})`;
      result.unresolved.push(...own.map((intent) => ({ intent, reason })));
      continue;
    }
    const byPrint = new Map<string, (Receipt | Return)[]>();
    for (const record of records) {
      if (claimed.has(record.id.toLowerCase())) continue;
      const print = await fingerprint(UNDO_OPS[kind].identity(org, record, timeZone));
      byPrint.set(print, [...(byPrint.get(print) ?? []), record]);
    }
    for (const print of new Set(own.map((i) => i.fingerprint))) {
      const sends = own.filter((i) => i.fingerprint === print);
      // A record the service says was inserted before the run read it (an older twin edited since) is not the send's.
      const from = listFrom(sends);
      const after = (r: Receipt | Return) => !from || !r.inserted_at || Date.parse(r.inserted_at) > Date.parse(from);
      settle(kind, sends, (byPrint.get(print) ?? []).filter(after), result);
    }
  }
  return result;
}

/** Where the list starts: the earliest cursor of the sends, less the margin; null (all) when one has none. */
function listFrom(intents: readonly IntentEntry[]): string | null {
  if (intents.some((i) => i.cursor === null)) return null;
  const earliest = Math.min(...intents.map((i) => Date.parse(i.cursor!)));
  return Number.isFinite(earliest) ? new Date(earliest - RECONCILE_MARGIN_MS).toISOString() : null;
}

/** Pairs one fingerprint's sends with the records found for it, or says why it cannot. */
function settle(kind: ImportKind, sends: IntentEntry[], found: (Receipt | Return)[], result: LostCreates): void {
  if (found.length === 0) {
    result.notFound.push(...sends);
    return;
  }
  const sequences = found.map((r) => r.sequence).join(', ');
  if (sends.some((s) => s.allowedDuplicate !== undefined)) {
    const reason = `it was sent although the service held the same record, so which of ${sequences} is this run's cannot be told`;
    result.unresolved.push(...sends.map((intent) => ({ intent, reason })));
    return;
  }
  if (found.length > sends.length) {
    const reason = `${found.length} records in the service (${sequences}) match ${sends.length === 1 ? 'it' : `its ${sends.length} sends`}, so which is this run's cannot be told`;
    result.unresolved.push(...sends.map((intent) => ({ intent, reason })));
    return;
  }
  const ordered = [...found].sort((a, b) => Date.parse(a.updated_at) - Date.parse(b.updated_at));
  sends.forEach((intent, i) => {
    const record = ordered[i];
    if (!record) {
      result.notFound.push(intent);
      return;
    }
    result.steps.push({
      action: 'delete',
      kind,
      recordId: record.id,
      sequence: record.sequence,
      rowNumbers: intent.rowNumbers,
      organisationId: intent.organisationId,
      ...(intent.file ? { file: intent.file } : {}),
      ...(intent.sheet ? { sheet: intent.sheet } : {}),
      written: record.updated_at,
      lost: intent,
    });
  });
}
