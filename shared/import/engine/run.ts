/**
 * The import runner: sends planned drafts (create, update, unchanged, duplicate, conflict), journals each intent and
 * outcome, and finds records whose answers were lost rather than sending them twice.
 */
import { KINDS } from '../../kinds/index.ts';
import { AbortError } from 'p-retry';
import { NotFoundError } from '../../errors/not-found-error.ts';
import { OutcomeUnknownError } from '../../errors/outcome-unknown-error.ts';
import type { RowResult } from '../outcome.ts';
import { invalidResults } from '../results.ts';
import type { ServiceRecord } from './existing.ts';
import { ExistingRecords } from './existing.ts';
import { LostLookup } from './lost-lookup.ts';
import type { JournalMatch } from './journal.ts';
import { PREPARE_AHEAD, RECONCILE_MARGIN_MS, type RunOptions } from './run-options.ts';
import type { ImportDraft, ImportOps } from './ops.ts';
import { atSheetVersion, UNCHECKED_NOTE, versionConflict } from './versions.ts';
import { heldInvoice, withRemedy } from './same-invoice.ts';
import { prepareDrafts } from './prepare.ts';
import { failed, fromJournal, notSent, rows } from './row-results.ts';
import { settleTwins } from './take-back.ts';
import type { Hold } from './places.ts';
import { InProgress, type Answered, type RecordStep } from './in-progress.ts';
import { retryAfterTooLong, waitRetryAfter } from './retry-after.ts';
import { withAttempts } from './attempts.ts';
import { sendUpdate } from './send-update.ts';

export { changedSince } from './versions.ts';

export type { RunOptions } from './run-options.ts';
export {
  DEFAULT_ATTEMPTS,
  LOST_LOOKUP_GATHER_MS,
  LOST_LOOKUP_HEDGE_MS,
  PREPARE_AHEAD,
  RECONCILE_MARGIN_MS,
} from './run-options.ts';

/**
 * Runs an import over drafts already planned: each record created, updated, found unchanged, found
 * already in the service (duplicate), refused as a conflict, or left invalid, never sent twice:
 * - a create is journalled as an intent before it is sent and as created after its answer (up to
 *   {@link PREPARE_AHEAD} intents ahead, while earlier records are in flight; one whose run is stopped
 *   before its place comes is not sent; answered, it is said done and its place goes to the next while
 *   its created entry is made durable, in-progress.ts);
 * - a record the journal says an earlier run created is not sent again;
 * - an invoice the service already holds (same content, or same supplier identity and invoice number,
 *   see `same-invoice.ts`) is not sent unless `allowDuplicates`: `unchanged` when exactly the same, a
 *   `conflict` naming the differences when not, a `duplicate` when it has no invoice number; the same
 *   invoice twice in the sheet is refused likewise;
 * - a create whose answer is lost is looked for among the records changed since the newest create
 *   answered before it was sent (less the margin), adopted if found, sent again if not (at most
 *   `maxAttempts` times); meanwhile it gives its place to the next record, and takes one back ahead
 *   of the records not yet started (`places.ts`): records in recovery finish first;
 * - an update with something to send reads its record first (not the snapshot: the service has no
 *   conditional update), so a change made in the service since the sheet's Updated At, even during the
 *   run, is a `conflict`; a row the snapshot holds as it is is `unchanged` with no request;
 * - an update whose answer is lost is read back and sent again only if it was not applied;
 * - after the last create, the records changed since the run began are swept for copies of what it
 *   created made by another run meanwhile (`take-back.ts`): a copy of this run's that came second and
 *   that nobody changed since is taken back (deleted, journalled as undone) and its rows point at the
 *   first; an older copy it cannot take back is reported (`sweep.ts`).
 * @param existingRecords the organisation's records fetched at the start of the run.
 * @returns one result per row of every draft, sorted by row.
 * @example
 * // The plan's drafts, the kind's operations and the records already there (plan-kind.ts binds these):
 * const results = await runImport(plan.drafts, receiptOps(org, 'Australia/Sydney', names), existing.receipts, {
 *   concurrency: 4,
 *   journal: new JournalIndex(entries, orgId, 'receipts'), // what earlier runs sent
 *   sink, // where this run's journal entries go: a file (CLI), IndexedDB (pane)
 * });
 */
export async function runImport<D extends ImportDraft<B>, B, R extends ServiceRecord>(
  drafts: readonly D[],
  ops: ImportOps<D, B, R>,
  existingRecords: readonly R[],
  options: RunOptions,
): Promise<RowResult[]> {
  const existing = new ExistingRecords(
    existingRecords,
    (r) => ops.identityOfRecord(r),
    (r) => ops.invoiceKeyOf?.(r) ?? null,
  );
  const cursor = existing.newestUpdatedAt();
  const run = new Runner(ops, existing, cursor, options);
  const total = drafts.filter((d) => d.body).length;
  let done = 0;
  // A record is said done before its place goes to the next (a stop asked then is seen by the next).
  const inProgress = new InProgress(options.concurrency, Math.min(options.concurrency, PREPARE_AHEAD), () =>
    options.onProgress?.((done += 1), total),
  );
  // Identities, fingerprints, journal matches and twin claims in sheet order, before any request, so
  // two equal invoices in one sheet claim different twins deterministically (prepare.ts).
  const { identities, prints, keys, matches, repeats } = await prepareDrafts(drafts, ops, options);
  const decisions = drafts.map((d, i): Step => {
    const refused = repeats.get(i);
    if (refused) return async () => refused;
    return run.decide(d, { identity: identities[i]!, print: prints[i]!, key: keys[i] ?? null }, matches.get(i) ?? {});
  });
  const perDraft = await Promise.all(
    decisions.map((decide, i) => {
      const draft = drafts[i]!;
      if (!draft.body) return invalidResults(draft.rowNumbers, draft.problems, ops.label(draft));
      return inProgress.run(async (hold, answered) => {
        const rows = await decide(hold, answered);
        options.onRecord?.(rows);
        return rows;
      });
    }),
  );
  const results = perDraft.flat().sort((a, b) => a.rowNumber - b.rowNumber);
  if (options.dryRun || !results.some((r) => r.status === 'created')) return results;
  options.onSent?.(results);
  let changed: R[];
  try {
    changed = await ops.listSince(reconcileSince(cursor), run.createdAs.size); // its creates are in it
  } catch {
    // The records are sent and journalled; a sweep that cannot read must not lose their results.
    return results;
  }
  const ran = { createdAs: run.createdAs, adoptedAfterLoss: run.adoptedAfterLoss, identities };
  return settleTwins({ results, drafts, ops, existingRecords, changed, ...ran, options });
}

/** Where to look for records written during the run: the service cursor at its start, less the margin. */
function reconcileSince(cursor: string | null): string | null {
  return cursor ? new Date(Date.parse(cursor) - RECONCILE_MARGIN_MS).toISOString() : null;
}

/** The words of a create whose answer was lost and whose look-up list failed: not sent again. */
const LOST_UNSEARCHED =
  'outcome unknown: its answer was lost and the service could not be searched for it, so it was not sent again; import the sheet again: the record is looked for before it is sent';

/** What a record needs done (in-progress.ts): a create says itself done at its answer (`answered`). */
type Step = RecordStep<RowResult[]>;

/** What is known of a draft before sending (prepare.ts): its identity, fingerprint (as computed) and invoice key. */
type Known = { identity: string; print: Promise<string>; key: string | null };

class Runner<D extends ImportDraft<B>, B, R extends ServiceRecord> {
  /** Records this run created (not adopted), by id (lower case) → the `updated_at` the create answered. */
  readonly createdAs = new Map<string, string>();
  /** Records lost creates adopted (lower case ids): maybe another run's, their own a younger twin (take-back.ts). */
  readonly adoptedAfterLoss = new Set<string>();
  /** Where creates whose answers were lost look for themselves. */
  private readonly lost: LostLookup<R>;
  constructor(
    private readonly ops: ImportOps<D, B, R>,
    private readonly existing: ExistingRecords<R>,
    private readonly cursor: string | null,
    private readonly options: RunOptions,
  ) {
    this.lost = new LostLookup((since, expected) => ops.listSince(since, expected), existing, cursor);
  }

  private at(): string {
    return (this.options.now?.() ?? new Date()).toISOString();
  }

  private base() {
    const file = this.options.file;
    return { at: this.at(), organisationId: this.ops.organisationId, kind: this.ops.kind, ...(file ? { file } : {}) };
  }

  /** Decides, in sheet order and without requests, what a draft needs; returns the step that does it. */
  decide(draft: D, what: Known, journal: JournalMatch): Step {
    const { identity, print, key } = what;
    const body = draft.body;
    if (!body) return async () => [];
    if (draft.recordId) return (hold) => this.whenTaken(draft, hold, () => this.update(draft, draft.recordId!));
    const journalled = journal.created;
    // A journalled record that is no longer in the service (deleted since, or another service) is
    // not skipped: the sheet still asks for it, so it is created again.
    if (journalled && this.existing.byId(journalled.recordId)) {
      this.existing.claim(journalled.recordId);
      return async () => fromJournal(draft, journalled);
    }
    const pending = journal.pending;
    const exact = this.existing.takeTwin(identity);
    if (exact && pending) {
      // An earlier run sent it and was stopped before it learnt the answer: it is ours.
      return () => this.adopt(draft, print, exact, 'found after an interrupted run');
    }
    // The same invoice under another spelling of its supplier, or with other content: found by its key.
    const twin = exact ?? (key === null ? undefined : this.existing.takeInvoiceTwin(key));
    if (twin && !this.options.allowDuplicates) {
      const copies = key === null ? [] : this.existing.copiesBeside(key, twin);
      return async () => heldInvoice(this.ops, draft, twin, key, copies);
    }
    // Sent although the service holds it: the journal keeps why (`--allow-duplicates REASON`).
    const allowed = twin ? (this.options.allowDuplicatesReason ?? 'allowed without a reason') : undefined;
    return (hold, answered) =>
      this.create(draft, body, { identity, print, ...(allowed ? { allowed } : {}) }, hold, answered);
  }

  /** Runs `step` once `hold` gives the record its place, unless the run was stopped before (not sent). */
  private async whenTaken(draft: D, hold: Hold, step: () => Promise<RowResult[]>): Promise<RowResult[]> {
    if (this.options.signal?.aborted) return notSent(draft, 'not sent: the run was interrupted');
    await hold.take();
    if (this.options.signal?.aborted) return notSent(draft, 'not sent: the run was interrupted');
    return step();
  }

  private async adopt(draft: D, print: string | Promise<string>, record: R, how: string): Promise<RowResult[]> {
    if (!this.options.dryRun) await this.journalCreated(draft, await print, record);
    return this.ops.results(draft, record, 'created', how);
  }

  private async journalCreated(
    draft: D,
    print: string,
    record: R,
    allowed: { allowedDuplicate?: string } = {},
  ): Promise<void> {
    const results = this.ops.results(draft, record, 'created');
    await this.options.sink.append({
      ...this.base(),
      ...allowed,
      type: 'created',
      fingerprint: print,
      sheet: this.options.sheet ?? '',
      recordId: record.id,
      sequence: record.sequence,
      updatedAt: record.updated_at,
      lineItemIds: results.map((r) => r.lineItemId ?? ''),
      rowNumbers: draft.rowNumbers,
    });
  }

  private async create(
    draft: D,
    body: B,
    what: { identity: string; print: Promise<string>; allowed?: string },
    hold: Hold,
    answered: Answered,
  ): Promise<RowResult[]> {
    const { identity } = what;
    const allowed = what.allowed ? { allowedDuplicate: what.allowed } : {};
    if (this.options.dryRun) return rows(draft, 'would create', 'dry run: nothing sent');
    let print: string;
    try {
      print = await what.print;
    } catch (error) {
      return failed(draft, error); // not sent: no intent without its fingerprint
    }
    if (this.options.signal?.aborted) return notSent(draft, 'not sent: the run was interrupted');
    let intended = false;
    // Where a lost answer is looked for: since the first send, for every attempt (an earlier send whose
    // answer timed out may commit late, stamped before creates answered since).
    let sentAfterMs: number | null = null;
    const attempt = async (): Promise<RowResult[]> => {
      // One intent covers every attempt: the next run looks for the record before sending it, however
      // many times this one sent it (the journal reads repeated intents as one).
      if (!intended) {
        await this.options.sink.append({
          ...this.base(),
          type: 'intent',
          fingerprint: print,
          sheet: this.options.sheet ?? '',
          ...allowed,
          rowNumbers: draft.rowNumbers,
          cursor: this.cursor,
        });
        intended = true;
      }
      // The intent is durable; the place comes once a record before this one is done. A stop asked
      // meanwhile leaves this one unsent (its intent unanswered, as after a crash before sending).
      if ((await hold.take()) && this.options.signal?.aborted)
        return notSent(draft, 'not sent: the run was interrupted');
      // Stamped after every create answered so far, if the service acts on it (the look-up's start).
      const again = sentAfterMs !== null;
      sentAfterMs ??= this.lost.beforeSend();
      try {
        // A next attempt goes ahead of the creates not yet started: records in recovery finish first.
        const record = await this.ops.create(body, again ? { urgent: true } : undefined);
        this.lost.answered(record);
        this.existing.add(record);
        this.createdAs.set(record.id.toLowerCase(), record.updated_at);
        // The entry is queued now; the record is said done and its place goes to the next record while
        // the entry is made durable (the intent already is: a crash meanwhile is found as before).
        const durable = this.journalCreated(draft, print, record, allowed);
        const settled = answered();
        try {
          await durable;
        } finally {
          settled();
        }
        return this.ops.results(draft, record, 'created');
      } catch (error) {
        if (!(error instanceof OutcomeUnknownError)) throw new AbortError(error as Error);
        const answeredAt = performance.now();
        // The answer was lost: look before sending again (the service has no idempotency keys). The
        // place goes to the next record meanwhile; the next attempt takes one back ahead of it. A 503
        // that asked for time (Retry-After) gets it first, so the look-up sees the service as it is
        // just before the next send.
        hold.stepAside();
        const waited = await waitRetryAfter(error, answeredAt, this.options.signal);
        let found: R | undefined;
        try {
          found = await this.lost.find(identity, sentAfterMs ?? this.lost.beforeSend());
        } catch (lookup) {
          // Unsearched, sending again could make a twin: stop here; its intent stays journalled, so
          // the next run looks for it before sending it.
          return failed(draft, lookup, LOST_UNSEARCHED);
        }
        if (found) {
          this.adoptedAfterLoss.add(found.id.toLowerCase());
          return this.adopt(draft, print, found, 'created (its answer was lost; found in the service)');
        }
        const tooLong = retryAfterTooLong(error);
        if (tooLong) return failed(draft, error, tooLong);
        // A stop (during the wait, or the look-up) leaves it unsent: looked for and absent; its intent
        // makes the next run look again.
        if (!waited && this.options.signal?.aborted) return notSent(draft, 'not sent again: the run was interrupted');
        throw error;
      }
    };
    return withAttempts(draft, attempt, 'not created', this.options);
  }

  private async update(draft: D, recordId: string): Promise<RowResult[]> {
    // A row the snapshot holds as it is sends nothing: unchanged, no request (most of a results file imported again).
    const known = this.existing.byId(recordId);
    if (known) {
      const same = this.ops.diff(draft, known);
      if (!same.body && !same.error) return this.ops.results(draft, known, 'unchanged');
    }
    let current: R;
    try {
      // Checked against the record as it is now: with no conditional update, a change made since must be seen here.
      current = await this.ops.get(recordId);
    } catch (error) {
      if (error instanceof NotFoundError) {
        return rows(
          draft,
          'failed',
          `no ${KINDS[this.ops.kind].one} with Record ID ${recordId} in this organisation (deleted?): clear the Record ID to create it again`,
        );
      }
      return failed(draft, error);
    }
    const diff = this.ops.diff(draft, current);
    const conflict = this.options.force ? null : versionConflict(current.updated_at, draft.updatedAt, diff);
    if (conflict) {
      const refused = atSheetVersion(this.ops.results(draft, current, 'conflict', conflict), draft.updatedAt);
      return withRemedy(refused, { code: 'overwrite_changed' });
    }
    if (diff.error) return rows(draft, 'invalid', diff.error);
    if (!diff.body) return this.ops.results(draft, current, 'unchanged');
    const review = this.ops.underReview(current) ? ' (it is under review: changed anyway)' : '';
    const unchecked = draft.updatedAt ? '' : `; ${UNCHECKED_NOTE}`;
    const message = `${diff.changes.join('; ')}${review}${unchecked}`;
    if (this.options.dryRun)
      return atSheetVersion(this.ops.results(draft, current, 'would update', `dry run: ${message}`), draft.updatedAt);
    // A stop asked while the record was read: nothing of it is sent.
    if (this.options.signal?.aborted) return notSent(draft, 'not sent: the run was interrupted');
    await this.options.sink.append({
      ...this.base(),
      type: 'updated',
      sheet: this.options.sheet ?? '',
      recordId: current.id,
      sequence: current.sequence,
      previous: current,
      rowNumbers: draft.rowNumbers,
    });
    return this.sendUpdate(draft, current, diff.body, message);
  }

  /** Records what the update left (for undo's check), then the rows' results. */
  private async updated(draft: D, record: R, message: string): Promise<RowResult[]> {
    await this.options.sink.append({
      ...this.base(),
      type: 'applied',
      recordId: record.id,
      updatedAt: record.updated_at,
    });
    return this.ops.results(draft, record, 'updated', message);
  }

  private sendUpdate(draft: D, current: R, body: object, message: string): Promise<RowResult[]> {
    const updated = (record: R) => this.updated(draft, record, message);
    return sendUpdate(this.ops, { draft, current, body, updated }, this.options);
  }
}
