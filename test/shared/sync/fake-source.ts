// An in-memory service for the pure sync core: lists in ascending (updated_at, id) order with a strict
// updated_after and a small page size, deleted lists, a request log, and a hook to change the data
// between two requests (a concurrent writer). Timestamps are compared in microseconds.
import { randomUUID } from 'node:crypto';
import type {
  DeletionRecord,
  Product,
  ProductAlias,
  Receipt,
  Return,
  Storage,
} from '../../../shared/schemas/resources.ts';
import type { SyncRecords, SyncResource } from '../../../shared/sync/mirror.ts';
import type { SyncPage, SyncPageQuery, SyncSource } from '../../../shared/sync/source.ts';
import { formatMicros, stampMicros } from '../../../shared/sync/timestamps.ts';

export const ORG = { id: '0b9f4a52-0000-4000-8000-000000000001', name: 'Test Farm' };
export const BASE_US = stampMicros('2026-03-01T00:00:00.000000Z')!;

/** A timestamp `n` microseconds after 2026-03-01T00:00:00Z. */
export const at = (n: number): string => formatMicros(BASE_US + n);

export interface Request {
  kind: 'page' | 'deleted';
  resource: SyncResource;
  updatedAfter?: string | undefined;
  deletedAfter?: string | undefined;
  page?: number;
}

type Store = { [R in SyncResource]: Map<string, SyncRecords[R]> };

export class FakeSource implements SyncSource {
  readonly records: Store = {
    storages: new Map(),
    product_aliases: new Map(),
    receipts: new Map(),
    returns: new Map(),
  };
  readonly deleted: Record<SyncResource, DeletionRecord[]> = {
    storages: [],
    product_aliases: [],
    receipts: [],
    returns: [],
  };
  readonly products = new Map<string, Product>();
  readonly requests: Request[] = [];
  /** Called before every page request is answered. */
  beforePage: ((query: SyncPageQuery & { resource: SyncResource }) => void) | null = null;
  /** Serve pages by offset over the moment's list (true) or this order check off (unordered: true). */
  unordered = false;

  constructor(readonly pageSize = 3) {}

  async listPage<R extends SyncResource>(resource: R, query: SyncPageQuery): Promise<SyncPage<SyncRecords[R]>> {
    this.beforePage?.({ ...query, resource });
    this.requests.push({ kind: 'page', resource, updatedAfter: query.updatedAfter, page: query.page });
    const after = query.updatedAfter === undefined ? -Infinity : stampMicros(query.updatedAfter)!;
    const all = [...(this.records[resource] as Map<string, SyncRecords[R]>).values()]
      .filter((r) => r.updated_at === undefined || stampMicros(r.updated_at)! > after)
      .sort(byStampThenId);
    if (this.unordered) all.reverse();
    const start = (query.page - 1) * this.pageSize;
    const records = all.slice(start, start + this.pageSize);
    return {
      records,
      included: this.includedFor(resource, records),
      totalPages: Math.max(1, Math.ceil(all.length / this.pageSize)),
    };
  }

  async listDeleted(
    resource: SyncResource,
    query: { deletedAfter?: string | undefined },
  ): Promise<{ records: DeletionRecord[] }> {
    this.requests.push({ kind: 'deleted', resource, deletedAfter: query.deletedAfter });
    const after = query.deletedAfter === undefined ? -Infinity : stampMicros(query.deletedAfter)!;
    return { records: this.deleted[resource].filter((d) => stampMicros(d.deleted_at)! > after) };
  }

  put<R extends SyncResource>(resource: R, record: SyncRecords[R]): SyncRecords[R] {
    (this.records[resource] as Map<string, SyncRecords[R]>).set(record.id, record);
    return record;
  }

  remove(resource: SyncResource, id: string, deletedAt: string): void {
    this.records[resource].delete(id);
    this.deleted[resource].push({ id, deleted_at: deletedAt });
  }

  private includedFor(resource: SyncResource, records: readonly unknown[]): SyncPage<unknown>['included'] {
    if (resource !== 'receipts' && resource !== 'returns') return {};
    const ids = new Set<string>();
    for (const r of records as (Receipt | Return)[]) {
      if ('line_items' in r) for (const line of r.line_items) ids.add(line.product_id);
      else ids.add(r.product_id);
    }
    const key = resource === 'receipts' ? 'products' : 'product';
    return {
      [key]: Object.fromEntries([...ids].flatMap((id) => (this.products.has(id) ? [[id, this.products.get(id)]] : []))),
    };
  }
}

function byStampThenId(
  a: { id: string; updated_at?: string | undefined },
  b: { id: string; updated_at?: string | undefined },
): number {
  const d = (stampMicros(a.updated_at) ?? 0) - (stampMicros(b.updated_at) ?? 0);
  return d !== 0 ? d : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function storage(updatedAt: string, extra: Partial<Storage> = {}): Storage {
  return {
    id: randomUUID(),
    name: `Shed ${randomUUID().slice(0, 4)}`,
    organisation_id: ORG.id,
    locked_at: null,
    inserted_at: updatedAt,
    updated_at: updatedAt,
    ...extra,
  };
}

export function alias(productId: string, updatedAt: string, name = `Alias ${randomUUID().slice(0, 4)}`): ProductAlias {
  return {
    id: randomUUID(),
    name,
    product_id: productId,
    organisation_id: ORG.id,
    inserted_at: updatedAt,
    updated_at: updatedAt,
  };
}

export function product(name: string, updatedAt = at(0)): Product {
  return { id: randomUUID(), name, organisation_id: ORG.id, inserted_at: updatedAt, updated_at: updatedAt };
}

export function receipt(
  updatedAt: string,
  storageId: string,
  productId: string,
  extra: Partial<Receipt> = {},
): Receipt {
  return {
    id: randomUUID(),
    organisation_id: ORG.id,
    sequence: 'REC-00000001',
    storage_id: storageId,
    received_at: '2026-02-01T00:00:00+11:00',
    supplier: 'Farmco',
    notes: null,
    order_number: null,
    under_review: false,
    line_items: [
      {
        id: randomUUID(),
        product_id: productId,
        product_alias_id: null,
        quantity: '2',
        pack_size_value: '20',
        pack_size_unit: 'l',
        pack_cost: '185',
      },
    ],
    inserted_at: updatedAt,
    updated_at: updatedAt,
    ...extra,
  };
}

export function ret(updatedAt: string, storageId: string, productId: string, extra: Partial<Return> = {}): Return {
  return {
    id: randomUUID(),
    organisation_id: ORG.id,
    sequence: 'RET-00000001',
    storage_id: storageId,
    product_id: productId,
    returned_at: '2026-02-02T00:00:00+11:00',
    supplier: 'Farmco',
    amount_value: '20',
    amount_unit: 'l',
    notes: null,
    reference: null,
    inserted_at: updatedAt,
    updated_at: updatedAt,
    ...extra,
  };
}

/** The fake's records of one resource as the mirror keeps them. */
export function asMap<R extends SyncResource>(source: FakeSource, resource: R): Record<string, SyncRecords[R]> {
  return Object.fromEntries([...(source.records[resource] as Map<string, SyncRecords[R]>).entries()]);
}
