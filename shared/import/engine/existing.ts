/** What the runner needs of a record the service holds. */
export interface ServiceRecord {
  id: string;
  sequence: string;
  updated_at: string;
}

/**
 * The organisation's records as the run found them, indexed by id and by identity (see
 * `fingerprint.ts`), so an invoice already in the service is found before it is sent again.
 * A record matched to one sheet invoice is claimed: it cannot be the twin of a second one.
 */
export class ExistingRecords<R extends ServiceRecord> {
  private readonly byIdMap = new Map<string, R>();
  private readonly byIdentity = new Map<string, R[]>();
  private readonly byInvoice = new Map<string, R[]>();
  private readonly claimed = new Set<string>();

  /** @param invoiceKeyOf a record's invoice key (`same-invoice.ts`), for kinds that have invoices. */
  constructor(
    records: readonly R[],
    private readonly identityOf: (record: R) => string,
    private readonly invoiceKeyOf: (record: R) => string | null = () => null,
  ) {
    for (const record of records) this.add(record, false);
  }

  /** The record with this id, as fetched at the start of the run (or created since). */
  byId(id: string): R | undefined {
    return this.byIdMap.get(id.toLowerCase());
  }

  /** Adds a record (created or found during the run); `claim` marks it as taken by a sheet invoice. */
  add(record: R, claim = true): void {
    this.byIdMap.set(record.id.toLowerCase(), record);
    const identity = this.identityOf(record);
    const list = this.byIdentity.get(identity) ?? [];
    list.push(record);
    this.byIdentity.set(identity, list);
    const key = this.invoiceKeyOf(record);
    if (key !== null) this.byInvoice.set(key, [...(this.byInvoice.get(key) ?? []), record]);
    if (claim) this.claimed.add(record.id);
  }

  /** Marks a record as taken by a sheet invoice (e.g. the journal says this run's sheet created it). */
  claim(id: string): void {
    this.claimed.add(id);
  }

  /** An unclaimed record with this identity, claimed on return; the oldest first. */
  takeTwin(identity: string): R | undefined {
    const twin = this.byIdentity.get(identity)?.find((r) => !this.claimed.has(r.id));
    if (twin) this.claimed.add(twin.id);
    return twin;
  }

  /** An unclaimed record of this invoice key (any supplier spelling, any content), claimed on return; the oldest first. */
  takeInvoiceTwin(key: string): R | undefined {
    const twin = this.byInvoice.get(key)?.find((r) => !this.claimed.has(r.id));
    if (twin) this.claimed.add(twin.id);
    return twin;
  }

  /** The records of this invoice key other than `record`: copies the service holds of one invoice. */
  copiesBeside(key: string, record: R): R[] {
    return (this.byInvoice.get(key) ?? []).filter((r) => r.id !== record.id);
  }

  /** The newest `updated_at` among the records: a cursor in the service's own clock. */
  newestUpdatedAt(): string | null {
    let newest: string | null = null;
    let newestMs = -Infinity;
    for (const record of this.byIdMap.values()) {
      const ms = Date.parse(record.updated_at);
      if (ms > newestMs) {
        newestMs = ms;
        newest = record.updated_at;
      }
    }
    return newest;
  }
}
