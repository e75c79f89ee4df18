/**
 * The sweep after a run: records another run created of the same invoices meanwhile (the same content, or
 * the same invoice key with other content), found and reported (none deleted).
 */
import type { RowResult } from '../outcome.ts';
import type { ServiceRecord } from './existing.ts';

/** What the sweep needs to know about the run that just ended. */
export interface SweepInput<R extends ServiceRecord> {
  /** The run's results, one per row (created rows carry the record id). */
  results: readonly RowResult[];
  /** Ids of the records the service held when the run began (twins found then were decided on). */
  knownAtStart: ReadonlySet<string>;
  /** Records changed since the run began, as listed after its last create. */
  changedSince: readonly R[];
  identityOf: (record: R) => string;
  /** Whether a twin of one of this run's records is reported on its rows (default: every twin). */
  reports?: (ours: R, twin: R) => boolean;
  /**
   * Records (ids, lower case) whose rows are swept as this run's whatever their status: the first copies
   * the rows of copies taken back were given (take-back.ts). Their other twins are no one else's to find.
   */
  alsoSwept?: ReadonlySet<string>;
  /**
   * A record's invoice key (`same-invoice.ts`), for kinds that have one: another run's records with the
   * key of one of this run's and other content are reported too (neither is taken back: which is right
   * is the bookkeeper's call). Absent: only copies with the same content are reported.
   */
  invoiceKeyOf?: (record: R) => string | null;
  /** What sharing a key means, in words: `invoice (the same supplier and invoice number)`. */
  keyWords?: string;
  /**
   * The identities of this run's creates: a record with one of them is no other version, but this
   * run's own send (a late commit of a create whose answer was lost, when the sheet holds two versions).
   */
  ownContents?: ReadonlySet<string>;
}

/**
 * The post-run sweep (pure): another run (another machine, or one that ignored the lock) may have
 * created the same invoices while this one did. For every identity this run created records of,
 * records with that identity that are neither this run's nor known at its start are counted, and
 * (given `invoiceKeyOf`) such records with the same invoice key and other content; when there are
 * some, the rows of this run's records get a message naming them and `twinSequences`, so the run
 * reports them (exit 1). Nothing is deleted here (`take-back.ts` deletes this run's own
 * younger copies first, before the sweep).
 * @returns the results, with those rows annotated (others unchanged, same order).
 */
export function sweepForTwins<R extends ServiceRecord>(input: SweepInput<R>): RowResult[] {
  const also = input.alsoSwept ?? new Set<string>();
  const swept = (r: RowResult) => Boolean(r.recordId && (r.status === 'created' || also.has(r.recordId.toLowerCase())));
  const ours = new Set(input.results.flatMap((r) => (swept(r) ? [r.recordId!.toLowerCase()] : [])));
  if (ours.size === 0) return [...input.results];
  const byId = new Map(input.changedSince.map((record) => [record.id.toLowerCase(), record]));
  const others = new Map<string, R[]>();
  const othersByKey = new Map<string, R[]>();
  const keyOf = input.invoiceKeyOf;
  for (const record of input.changedSince) {
    const id = record.id.toLowerCase();
    if (ours.has(id) || input.knownAtStart.has(id)) continue;
    const identity = input.identityOf(record);
    others.set(identity, [...(others.get(identity) ?? []), record]);
    const key = keyOf?.(record) ?? null;
    if (key !== null) othersByKey.set(key, [...(othersByKey.get(key) ?? []), record]);
  }
  if (others.size === 0) return [...input.results];
  return input.results.map((result) => {
    const record = swept(result) ? byId.get(result.recordId!.toLowerCase()) : undefined;
    if (!record) return result;
    const identity = input.identityOf(record);
    const twins = others.get(identity)?.filter((twin) => input.reports?.(record, twin) ?? true) ?? [];
    const key = keyOf?.(record) ?? null;
    // Same content is a copy (above); same key and other content is another version of the invoice.
    const versions =
      key === null
        ? []
        : (othersByKey.get(key) ?? []).filter((r) => {
            const theirs = input.identityOf(r);
            return theirs !== identity && !input.ownContents?.has(theirs);
          });
    if (twins.length === 0 && versions.length === 0) return result;
    const note = twinNote(record, result.status === 'created', twins, versions, input.keyWords ?? 'invoice');
    const sequences = [...twins, ...versions].map((t) => t.sequence);
    return { ...result, twinSequences: sequences, message: result.message ? `${note}; ${result.message}` : note };
  });
}

/**
 * What a record's rows say of the copies (same content) and versions (same key, not the same in every
 * detail) another created while the run ran. A version may be a second delivery sent on purpose, so
 * the bookkeeper is asked to look, not told to delete it.
 */
function twinNote<R extends ServiceRecord>(
  record: R,
  created: boolean,
  twins: readonly R[],
  versions: readonly R[],
  keyWords: string,
): string {
  const held = created
    ? `created as ${record.sequence}, but the service now also holds`
    : `${record.sequence} is not the only ${twins.length ? 'copy' : 'version'}: the service also holds`;
  const what = [
    ...(twins.length ? [`${sequencesOf(twins)} with the same content`] : []),
    ...(versions.length ? [`${sequencesOf(versions)}, the same ${keyWords} but not the same in every detail`] : []),
  ].join(', and ');
  if (versions.length === 0)
    return (
      `${held} ${what}, created while this run ran (another import at the same time, or a send repeated after a ` +
      `dropped connection): check them and delete the extra one`
    );
  const advice = twins.length
    ? 'delete the extra copy; of the versions keep the right one, or both if both deliveries are real'
    : 'keep the right one, or both if both deliveries are real';
  return (
    `${held} ${what}, created while this run ran (another import at the same time, an entry made in the ` +
    `service, or a send repeated after a dropped connection): check them together: ${advice}`
  );
}

/** `REC-1, REC-2`. */
function sequencesOf(records: readonly ServiceRecord[]): string {
  return records.map((r) => r.sequence).join(', ');
}
