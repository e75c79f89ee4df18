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
    const versions = key === null ? [] : (othersByKey.get(key) ?? []).filter((r) => input.identityOf(r) !== identity);
    if (twins.length === 0 && versions.length === 0) return result;
    const held =
      result.status === 'created'
        ? `created as ${record.sequence}, but the service now also holds`
        : `${record.sequence} is not the only copy: the service also holds`;
    const notes = [
      ...(twins.length
        ? [
            `${held} ${sequencesOf(twins)} with the same content, ` +
              `created while this run ran (another import at the same time, or a send repeated after a dropped connection): ` +
              `check them and delete the extra one`,
          ]
        : []),
      ...(versions.length
        ? [
            `${held} ${sequencesOf(versions)}, the same ${input.keyWords ?? 'invoice'} with other content, ` +
              `created while this run ran (another import, or an entry made in the service): ` +
              `check which is right and delete the other`,
          ]
        : []),
    ];
    const note = notes.join('; ');
    const sequences = [...twins, ...versions].map((t) => t.sequence);
    return { ...result, twinSequences: sequences, message: result.message ? `${note}; ${result.message}` : note };
  });
}

/** `REC-1, REC-2`. */
function sequencesOf(records: readonly ServiceRecord[]): string {
  return records.map((r) => r.sequence).join(', ');
}
