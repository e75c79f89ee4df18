/**
 * The sweep after a run: records another run created of the same invoices meanwhile, found and reported (none deleted).
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
}

/**
 * The post-run sweep (pure): another run (another machine, or one that ignored the lock) may have
 * created the same invoices while this one did. For every identity this run created records of,
 * records with that identity that are neither this run's nor known at its start are counted; when
 * there are some, the rows of this run's records get a message naming them and `twinSequences`,
 * so the run reports them (exit 1). Nothing is deleted here (`take-back.ts` deletes this run's own
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
  for (const record of input.changedSince) {
    const id = record.id.toLowerCase();
    if (ours.has(id) || input.knownAtStart.has(id)) continue;
    const identity = input.identityOf(record);
    others.set(identity, [...(others.get(identity) ?? []), record]);
  }
  if (others.size === 0) return [...input.results];
  return input.results.map((result) => {
    const record = swept(result) ? byId.get(result.recordId!.toLowerCase()) : undefined;
    const twins = record
      ? others.get(input.identityOf(record))?.filter((twin) => input.reports?.(record, twin) ?? true)
      : undefined;
    if (!record || !twins?.length) return result;
    const sequences = twins.map((t) => t.sequence);
    const held =
      result.status === 'created'
        ? `created as ${record.sequence}, but the service now also holds`
        : `${record.sequence} is not the only copy: the service also holds`;
    const note =
      `${held} ${sequences.join(', ')} with the same content, ` +
      `created while this run ran (another import at the same time, or a send repeated after a dropped connection): ` +
      `check them and delete the extra one`;
    return { ...result, twinSequences: sequences, message: result.message ? `${note}; ${result.message}` : note };
  });
}
