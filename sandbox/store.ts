/**
 * The sandbox's state: records by id, per organisation and resource in the order the service lists them, deletion
 * records, sequence counters and the logical clock.
 */
import { DELETION_RETENTION_DAYS } from '../shared/service/gaps.ts';
import { LogicalClock, formatMicros, micros } from './clock.ts';
import { SandboxDataError } from './errors.ts';
import { OrderedIndex } from './ordered-index.ts';
import {
  DELETABLE_RESOURCES,
  type DeletableResource,
  type OrganisationRecord,
  type ProductAliasRecord,
  type ProductRecord,
  type ReceiptRecord,
  type ReturnRecord,
  type SeedData,
  type StorageRecord,
  type StoredDeletion,
  type TokenRecord,
} from './types.ts';

/** The four paginated shed resources (spec section 4). */
export type ListResource = DeletableResource;
type ListRecord = StorageRecord | ProductAliasRecord | ReceiptRecord | ReturnRecord;

const DAY_US = 86_400_000_000;

/**
 * What the sandbox holds, for tests to read directly (do not write: use HTTP). Every map is keyed by
 * record id and holds the record in the service's JSON shape; `receipts` carry their `line_items`.
 * `deletions.<resource>` maps an organisation id to its deletion records, oldest first.
 * `sequences` maps an organisation id to the last receipt and return numbers used.
 */
export interface SandboxState {
  readonly organisations: ReadonlyMap<string, OrganisationRecord>;
  readonly tokens: ReadonlyMap<string, TokenRecord>;
  readonly storages: ReadonlyMap<string, StorageRecord>;
  readonly products: ReadonlyMap<string, ProductRecord>;
  readonly productAliases: ReadonlyMap<string, ProductAliasRecord>;
  readonly receipts: ReadonlyMap<string, ReceiptRecord>;
  readonly returns: ReadonlyMap<string, ReturnRecord>;
  readonly deletions: Readonly<Record<DeletableResource, ReadonlyMap<string, readonly StoredDeletion[]>>>;
  readonly sequences: ReadonlyMap<string, { receipts: number; returns: number }>;
}

/**
 * The sandbox's state and its bookkeeping: records by id, one {@link OrderedIndex} per
 * organisation and resource (gaps row 14), deletion records (retained 60 days, spec section 8),
 * sequence counters and the logical clock. The rules of creating and changing receipts and returns
 * live in movements.ts; this class only keeps things consistent.
 */
export class SandboxStore implements SandboxState {
  readonly organisations = new Map<string, OrganisationRecord>();
  readonly tokens = new Map<string, TokenRecord>();
  readonly storages = new Map<string, StorageRecord>();
  readonly products = new Map<string, ProductRecord>();
  readonly productAliases = new Map<string, ProductAliasRecord>();
  readonly receipts = new Map<string, ReceiptRecord>();
  readonly returns = new Map<string, ReturnRecord>();
  readonly deletions = {
    receipts: new Map<string, StoredDeletion[]>(),
    returns: new Map<string, StoredDeletion[]>(),
    storages: new Map<string, StoredDeletion[]>(),
    product_aliases: new Map<string, StoredDeletion[]>(),
  };
  readonly sequences = new Map<string, { receipts: number; returns: number }>();
  readonly clock: LogicalClock;
  private readonly indexes = new Map<string, Record<ListResource, OrderedIndex>>();
  private readonly commitListeners: Array<() => void> = [];

  /** Loads `seed` (records are copied). Throws {@link SandboxDataError} when records contradict each other. */
  constructor(seed: SeedData, now: () => Date) {
    this.clock = new LogicalClock(now);
    try {
      this.load(seed);
    } catch (error) {
      if (error instanceof SandboxDataError) throw error;
      throw new SandboxDataError(`The seed data cannot be loaded: ${(error as Error).message}`, { cause: error });
    }
  }

  /** Calls `listener` after every committed change (used for persistence and statistics). */
  onCommit(listener: () => void): void {
    this.commitListeners.push(listener);
  }

  /** A fresh timestamp from the logical clock, `2026-03-01T10:00:00.123456Z`. */
  stamp(): string {
    return formatMicros(this.clock.tick());
  }

  /** The records map of a list resource. */
  collection(resource: ListResource): Map<string, ListRecord> {
    switch (resource) {
      case 'storages':
        return this.storages;
      case 'product_aliases':
        return this.productAliases;
      case 'receipts':
        return this.receipts;
      case 'returns':
        return this.returns;
    }
  }

  /**
   * One page of an organisation's records, ordered by (updated_at, id), only those updated strictly
   * after `afterUs` when given (gaps row 14). `page` counts from 1. `total` counts every matching record.
   */
  page<R extends ListResource>(
    resource: R,
    orgId: string,
    afterUs: number | null,
    page: number,
    pageSize: number,
  ): { records: ListRecord[]; total: number } {
    const index = this.indexOf(orgId)[resource];
    const start = afterUs === null ? 0 : index.firstAfter(afterUs);
    const from = start + (page - 1) * pageSize;
    const map = this.collection(resource);
    const records = index.ids(from, from + pageSize).map((id) => map.get(id)!);
    return { records, total: index.size - start };
  }

  /** Adds or replaces a receipt or return (its `updated_at` already set), keeping the index in order. */
  put(resource: 'receipts' | 'returns', record: ReceiptRecord | ReturnRecord): void {
    const map = this.collection(resource);
    const index = this.indexOf(record.organisation_id)[resource];
    const previous = map.get(record.id);
    if (previous) index.remove(micros(previous.updated_at), previous.id);
    map.set(record.id, record);
    index.insert(micros(record.updated_at), record.id);
    this.committed();
  }

  /** Removes a receipt or return and writes its deletion record (spec section 4). Returns the record. */
  remove(resource: 'receipts' | 'returns', id: string): StoredDeletion | null {
    const map = this.collection(resource);
    const previous = map.get(id);
    if (!previous) return null;
    this.indexOf(previous.organisation_id)[resource].remove(micros(previous.updated_at), id);
    map.delete(id);
    const deletion = { id, organisation_id: previous.organisation_id, deleted_at: this.stamp() };
    this.deletionList(resource, previous.organisation_id).push(deletion);
    this.committed();
    return deletion;
  }

  /** Next sequence number of receipts or returns in an organisation, as `REC-00000001` / `RET-00000001`. */
  nextSequence(orgId: string, kind: 'receipts' | 'returns'): string {
    const counters = this.sequences.get(orgId) ?? { receipts: 0, returns: 0 };
    counters[kind] += 1;
    this.sequences.set(orgId, counters);
    return `${kind === 'receipts' ? 'REC' : 'RET'}-${String(counters[kind]).padStart(8, '0')}`;
  }

  /**
   * An organisation's deletion records of a resource, deleted strictly after `afterUs` (when given)
   * and with an id in `ids` (when given): both filters combine by AND (spec section 4). Oldest first.
   */
  deletedRecords(
    resource: DeletableResource,
    orgId: string,
    afterUs: number | null,
    ids: Set<string> | null,
  ): StoredDeletion[] {
    this.pruneDeletions();
    const list = this.deletions[resource].get(orgId) ?? [];
    let lo = 0;
    if (afterUs !== null) {
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (micros(list[mid]!.deleted_at) <= afterUs) lo = mid + 1;
        else hi = mid;
      }
    }
    const out: StoredDeletion[] = [];
    for (let i = lo; i < list.length; i++) if (!ids || ids.has(list[i]!.id)) out.push(list[i]!);
    return out;
  }

  /** Drops deletion records older than the retention period (60 days, spec section 8) by the sandbox clock. */
  pruneDeletions(): void {
    const cutoff = this.clock.wallMicros() - DELETION_RETENTION_DAYS * DAY_US;
    for (const resource of DELETABLE_RESOURCES) {
      for (const list of this.deletions[resource].values()) {
        let drop = 0;
        while (drop < list.length && micros(list[drop]!.deleted_at) < cutoff) drop++;
        if (drop > 0) list.splice(0, drop);
      }
    }
  }

  /** The whole state as plain JSON, the format of the `--data` file and of {@link SeedData}. */
  snapshot(): SeedData {
    this.pruneDeletions();
    const deletions: Record<string, StoredDeletion[]> = {};
    for (const resource of DELETABLE_RESOURCES) deletions[resource] = [...this.deletions[resource].values()].flat();
    return {
      organisations: [...this.organisations.values()],
      tokens: [...this.tokens.values()],
      storages: [...this.storages.values()],
      products: [...this.products.values()],
      product_aliases: [...this.productAliases.values()],
      receipts: [...this.receipts.values()],
      returns: [...this.returns.values()],
      deletions,
      sequences: Object.fromEntries(this.sequences),
    };
  }

  private committed(): void {
    for (const listener of this.commitListeners) listener();
  }

  private indexOf(orgId: string): Record<ListResource, OrderedIndex> {
    let index = this.indexes.get(orgId);
    if (!index) {
      index = {
        storages: new OrderedIndex(),
        product_aliases: new OrderedIndex(),
        receipts: new OrderedIndex(),
        returns: new OrderedIndex(),
      };
      this.indexes.set(orgId, index);
    }
    return index;
  }

  private deletionList(resource: DeletableResource, orgId: string): StoredDeletion[] {
    let list = this.deletions[resource].get(orgId);
    if (!list) this.deletions[resource].set(orgId, (list = []));
    return list;
  }

  private load(seed: SeedData): void {
    for (const org of seed.organisations) this.add(this.organisations, { ...org }, 'organisation');
    for (const token of seed.tokens) {
      for (const orgId of token.organisation_ids) this.requireOrg(orgId, `token ${token.note ?? ''}`.trim());
      this.tokens.set(token.token, { ...token, organisation_ids: [...token.organisation_ids] });
    }
    for (const storage of seed.storages) this.addListed('storages', { ...storage });
    for (const product of seed.products) {
      this.requireOrg(product.organisation_id, `product ${product.id}`);
      this.add(this.products, { ...product }, 'product');
    }
    for (const alias of seed.product_aliases) {
      const product = this.products.get(alias.product_id);
      if (!product || product.organisation_id !== alias.organisation_id) {
        throw new SandboxDataError(
          `product alias ${alias.id} points at product ${alias.product_id}, which is not in its organisation`,
        );
      }
      this.addListed('product_aliases', { ...alias });
    }
    for (const receipt of seed.receipts ?? []) {
      this.addListed('receipts', { ...receipt, line_items: receipt.line_items.map((item) => ({ ...item })) });
    }
    for (const ret of seed.returns ?? []) this.addListed('returns', { ...ret });
    this.loadDeletions(seed);
    this.loadSequences(seed);
  }

  private loadDeletions(seed: SeedData): void {
    for (const resource of DELETABLE_RESOURCES) {
      const sorted = [...(seed.deletions?.[resource] ?? [])].sort(
        (a, b) => micros(a.deleted_at) - micros(b.deleted_at) || (a.id < b.id ? -1 : 1),
      );
      for (const deletion of sorted) {
        this.requireOrg(deletion.organisation_id, `deletion record ${deletion.id}`);
        this.deletionList(resource, deletion.organisation_id).push({ ...deletion });
        this.clock.observe(micros(deletion.deleted_at));
      }
    }
  }

  private loadSequences(seed: SeedData): void {
    const highest = (list: readonly { organisation_id: string; sequence: string }[], kind: 'receipts' | 'returns') => {
      for (const record of list) {
        const n = Number(record.sequence.replace(/^\D+-?/, ''));
        const counters = this.sequences.get(record.organisation_id) ?? { receipts: 0, returns: 0 };
        if (Number.isFinite(n) && n > counters[kind]) counters[kind] = n;
        this.sequences.set(record.organisation_id, counters);
      }
    };
    highest([...this.receipts.values()], 'receipts');
    highest([...this.returns.values()], 'returns');
    for (const [orgId, saved] of Object.entries(seed.sequences ?? {})) {
      const counters = this.sequences.get(orgId) ?? { receipts: 0, returns: 0 };
      counters.receipts = Math.max(counters.receipts, saved.receipts);
      counters.returns = Math.max(counters.returns, saved.returns);
      this.sequences.set(orgId, counters);
    }
  }

  private addListed(resource: ListResource, record: ListRecord): void {
    this.requireOrg(record.organisation_id, `${resource} ${record.id}`);
    this.add(this.collection(resource), record, resource);
    this.indexOf(record.organisation_id)[resource].insert(micros(record.updated_at), record.id);
  }

  private add<T extends { id: string; updated_at: string; inserted_at: string }>(
    map: Map<string, T>,
    record: T,
    what: string,
  ): void {
    if (map.has(record.id)) throw new SandboxDataError(`two ${what} records share the id ${record.id}`);
    map.set(record.id, record);
    this.clock.observe(micros(record.updated_at));
    this.clock.observe(micros(record.inserted_at));
  }

  private requireOrg(orgId: string, what: string): void {
    if (!this.organisations.has(orgId)) throw new SandboxDataError(`${what} belongs to unknown organisation ${orgId}`);
  }
}
