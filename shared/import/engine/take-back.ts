/**
 * Twins made by two runs that could not see each other (two machines, no shared lock): the run whose copy came
 * second takes it back, if nobody changed it since, so the invoice is in the service once; others are reported.
 */
import type { ImportKind } from '../../kinds/index.ts';
import type { RowResult } from '../outcome.ts';
import type { ServiceRecord } from './existing.ts';
import type { JournalSink } from './journal.ts';
import type { ImportDraft, ImportOps } from './ops.ts';
import { sweepForTwins } from './sweep.ts';

/** A record as the service lists it, with when it was created when the service says (`inserted_at`). */
type Listed = ServiceRecord & { inserted_at?: string | undefined };

/**
 * Whether `a` was created before `b`: by `inserted_at` (else `updated_at`), then sequence, then id,
 * so every run that lists the same records orders them the same way and exactly one copy is first.
 */
export function createdBefore(a: Listed, b: Listed): boolean {
  const at = (r: Listed) => Date.parse(r.inserted_at ?? r.updated_at);
  if (at(a) !== at(b)) return at(a) < at(b);
  if (a.sequence !== b.sequence) return a.sequence < b.sequence;
  return a.id < b.id;
}

/** One of this run's records to take back: another run created the same content first. */
export interface TakeBack<R> {
  ours: R;
  first: R;
}

/**
 * Which of this run's records to take back (pure): a record this run created (`createdAs`: its id →
 * the `updated_at` the create answered) that the listing shows unchanged since, with a record of the
 * same identity that neither this run made nor adopted nor saw at its start, created before it.
 * @param changedSince the records changed since the run began, as listed after its last create.
 * @param adoptedAfterLoss records this run's lost creates adopted (lower case ids): rows of this run
 *   hold them, so they are never the copy another run made first (with duplicates allowed, one row's
 *   adopted record beside another row's created one is two copies the sheet asked for).
 */
export function takeBackPlan<R extends Listed>(input: {
  createdAs: ReadonlyMap<string, string>;
  knownAtStart: ReadonlySet<string>;
  changedSince: readonly R[];
  identityOf: (record: R) => string;
  adoptedAfterLoss?: ReadonlySet<string>;
}): TakeBack<R>[] {
  const ours = input.changedSince.filter((r) => input.createdAs.has(r.id.toLowerCase()));
  const others = input.changedSince.filter((r) => {
    const id = r.id.toLowerCase();
    return !input.createdAs.has(id) && !input.knownAtStart.has(id) && !input.adoptedAfterLoss?.has(id);
  });
  if (others.length === 0) return []; // the usual case: no identity worked out for nothing
  const othersOf = new Map<string, R[]>();
  for (const o of others) {
    const identity = input.identityOf(o);
    othersOf.set(identity, [...(othersOf.get(identity) ?? []), o]);
  }
  return ours.flatMap((record) => {
    if (input.createdAs.get(record.id.toLowerCase()) !== record.updated_at) return []; // changed since: not ours to delete
    const first = (othersOf.get(input.identityOf(record)) ?? [])
      .filter((o) => createdBefore(o, record))
      .sort((a, b) => (createdBefore(a, b) ? -1 : 1))[0];
    return first ? [{ ours: record, first }] : [];
  });
}

/**
 * Takes back this run's copies (`plan`): each deleted (`ops.remove`), journalled as `undone`, and its
 * rows rewritten as the first copy's, `unchanged`, saying what happened. A copy that cannot be deleted
 * keeps its rows (the sweep's note reports it).
 * @returns the rows, and the ids (lower case) of the records taken back.
 * @param draftOf the draft whose rows a record of this run holds.
 */
export async function takeBackTwins<D extends ImportDraft<B>, B, R extends Listed>(
  plan: readonly TakeBack<R>[],
  results: readonly RowResult[],
  ops: ImportOps<D, B, R>,
  context: { draftOf: (recordId: string) => D | undefined; sink: JournalSink; at: () => string },
): Promise<{ results: RowResult[]; takenBack: Set<string> }> {
  const replaced = new Map<number, RowResult>();
  const takenBack = new Set<string>();
  for (const { ours, first } of plan) {
    const draft = context.draftOf(ours.id);
    if (!draft || !ops.remove) continue;
    try {
      await ops.remove(ours.id);
    } catch {
      continue;
    }
    takenBack.add(ours.id.toLowerCase());
    await context.sink.append({
      at: context.at(),
      organisationId: ops.organisationId,
      kind: ops.kind,
      type: 'undone',
      recordId: ours.id,
    });
    // Not always another import: a browser sends a POST again, unseen, when its kept-alive connection
    // drops before the answer (Chromium, so Excel's pane): the first copy is then this run's own.
    const message =
      `created as ${ours.sequence} while the same invoice was created first as ${first.sequence} ` +
      `(another import at the same time, or this send repeated after a dropped connection): ` +
      `${ours.sequence} taken back (deleted); these rows are ${first.sequence}'s`;
    for (const row of ops.results(draft, first, 'unchanged', message)) replaced.set(row.rowNumber, row);
  }
  return { results: results.map((r) => replaced.get(r.rowNumber) ?? r), takenBack };
}

/**
 * After the last create: this run's copies of invoices another run created first are taken back
 * (`takeBackPlan`, `takeBackTwins`), then the rest swept (`sweepForTwins`): an older copy this run
 * could not take back is reported on its rows. A younger copy is its own run's to take back (or
 * report), and a later run reports any copy still there; but beside a first copy this run's rows were
 * given, every other copy is reported (a late commit of this run's own lost send has no run to take it back).
 */
export async function settleTwins<D extends ImportDraft<B>, B, R extends Listed>(input: {
  results: readonly RowResult[];
  drafts: readonly D[];
  ops: ImportOps<D, B, R>;
  existingRecords: readonly R[];
  /** Records changed since the run began, listed after its last create. */
  changed: readonly R[];
  createdAs: ReadonlyMap<string, string>;
  /**
   * Records adopted by creates whose answers were lost (ids, lower case): each may be another run's
   * copy while its own, younger, stays unanswered; their younger twins are reported too.
   */
  adoptedAfterLoss?: ReadonlySet<string>;
  /** The identities of the run's creates, as prepared (prepare.ts; '' for drafts that are not creates). */
  identities: readonly string[];
  options: { sink: JournalSink; now?: () => Date };
}): Promise<RowResult[]> {
  const { results, drafts, ops, changed, options } = input;
  const knownAtStart = new Set(input.existingRecords.map((r) => r.id.toLowerCase()));
  const identityOf = (r: R) => ops.identityOfRecord(r);
  const plan = takeBackPlan({
    createdAs: input.createdAs,
    knownAtStart,
    changedSince: changed,
    identityOf,
    ...(input.adoptedAfterLoss ? { adoptedAfterLoss: input.adoptedAfterLoss } : {}),
  });
  const rowOf = new Map(
    results.flatMap((r) => (r.status === 'created' && r.recordId ? [[r.recordId.toLowerCase(), r.rowNumber]] : [])),
  );
  const byRow = new Map(drafts.flatMap((d) => d.rowNumbers.map((n) => [n, d] as const)));
  const { results: kept, takenBack } = await takeBackTwins(plan, results, ops, {
    draftOf: (id) => byRow.get(rowOf.get(id.toLowerCase()) ?? -1),
    sink: options.sink,
    at: () => (options.now?.() ?? new Date()).toISOString(),
  });
  // The first copies rows were given: any other copy beside one is reported whatever its age (it may be
  // a late commit of this run's own lost send, which no other run would ever take back).
  const firsts = new Set(
    plan.filter((t) => takenBack.has(t.ours.id.toLowerCase())).map((t) => t.first.id.toLowerCase()),
  );
  return sweepForTwins({
    results: kept,
    knownAtStart,
    changedSince: changed.filter((r) => !takenBack.has(r.id.toLowerCase())),
    identityOf,
    alsoSwept: firsts,
    ...(ops.invoiceKeyOf
      ? {
          invoiceKeyOf: (r: R) => ops.invoiceKeyOf?.(r) ?? null,
          keyWords: KEY_WORDS[ops.kind],
          ownContents: new Set(input.identities.filter(Boolean)),
        }
      : {}),
    reports: (ours, twin) =>
      createdBefore(twin, ours) ||
      firsts.has(ours.id.toLowerCase()) ||
      Boolean(input.adoptedAfterLoss?.has(ours.id.toLowerCase())),
  });
}

/** What two records sharing an invoice key share, by kind (the sweep's words). */
const KEY_WORDS: Readonly<Record<ImportKind, string>> = {
  receipts: 'invoice (the same supplier and invoice number)',
  returns: 'return (the same supplier, reference and product)',
};
