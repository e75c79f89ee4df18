/**
 * The sandbox's record shapes, seed data, options and handles. Records are kept in the service's
 * own JSON shape (spec section 2), so that what the sandbox stores is what it serves; the only
 * extra field is the organisation's `shed_entitlement`, which is never served.
 */

/** An organisation as stored: the served fields plus whether it has a shed subscription (spec section 5). */
export interface OrganisationRecord {
  id: string;
  name: string;
  /** false: every shed endpoint of this organisation answers 403 (gaps row 4). */
  shed_entitlement: boolean;
  inserted_at: string;
  updated_at: string;
}

/** A storage in the table's field set (spec section 2); the example field set is derived when served (gaps row 20). */
export interface StorageRecord {
  id: string;
  organisation_id: string;
  name: string;
  /** Not null: receipts and returns in this storage are refused (gaps row 11). */
  locked_at: string | null;
  inserted_at: string;
  updated_at: string;
}

/** A product; served only sideloaded through `include` (spec section 2). */
export interface ProductRecord {
  id: string;
  organisation_id: string;
  name: string;
  inserted_at: string;
  updated_at: string;
}

/** A product alias: a trade name pointing at a product of the same organisation. */
export interface ProductAliasRecord {
  id: string;
  organisation_id: string;
  product_id: string;
  name: string;
  inserted_at: string;
  updated_at: string;
}

/** A receipt line item. Decimal strings (gaps row 9): `quantity` in packs, `pack_cost` in dollars per pack. */
export interface LineItemRecord {
  id: string;
  product_id: string;
  product_alias_id: string | null;
  quantity: string;
  pack_size_value: string;
  pack_size_unit: string;
  pack_cost: string;
}

/** A receipt with its line items, exactly as served. `received_at` is kept as the client sent it. */
export interface ReceiptRecord {
  id: string;
  organisation_id: string;
  /** `REC-00000001`, counted per organisation, never reused. */
  sequence: string;
  storage_id: string;
  received_at: string;
  supplier: string;
  notes: string | null;
  order_number: string | null;
  under_review: boolean;
  line_items: LineItemRecord[];
  inserted_at: string;
  updated_at: string;
}

/** A return of a product to a supplier, exactly as served. `amount_value` in `amount_unit`. */
export interface ReturnRecord {
  id: string;
  organisation_id: string;
  /** `RET-00000001`, counted per organisation, never reused. */
  sequence: string;
  storage_id: string;
  product_id: string;
  returned_at: string;
  supplier: string;
  amount_value: string;
  amount_unit: string;
  notes: string | null;
  reference: string | null;
  inserted_at: string;
  updated_at: string;
}

/** A deletion record as stored: served as `{id, deleted_at}` (spec section 2). */
export interface StoredDeletion {
  id: string;
  organisation_id: string;
  deleted_at: string;
}

/** The four resources that have a `/deleted` endpoint (spec section 4). */
export type DeletableResource = 'receipts' | 'returns' | 'storages' | 'product_aliases';
/** The four deletable resources, in the order the sandbox lists them. */
export const DELETABLE_RESOURCES: readonly DeletableResource[] = ['receipts', 'returns', 'storages', 'product_aliases'];

/** An API token and the organisations it may see (spec section 5). */
export interface TokenRecord {
  token: string;
  organisation_ids: string[];
  note?: string;
}

/**
 * Everything the sandbox holds, as plain JSON: the demo catalogue has this shape (without the
 * movements), and so has the `--data` file. Arrays may come in any order; ids must be unique per
 * resource (a duplicate alias id is given a derived id on load, see seed.ts).
 */
export interface SeedData {
  organisations: OrganisationRecord[];
  tokens: TokenRecord[];
  storages: StorageRecord[];
  products: ProductRecord[];
  product_aliases: ProductAliasRecord[];
  receipts?: ReceiptRecord[];
  returns?: ReturnRecord[];
  deletions?: Partial<Record<DeletableResource, StoredDeletion[]>>;
  /** Last sequence number used, per organisation id; missing: derived from the highest sequence present. */
  sequences?: Record<string, { receipts: number; returns: number }>;
}

/** Fault injection for tests and benchmarks (semantics in sandbox/README.md). Times in milliseconds. */
export interface FaultOptions {
  /** Fixed delay before every API request is handled. */
  latencyMs?: number;
  /** Extra uniform random delay in [0, jitterMs] on top of `latencyMs`. */
  jitterMs?: number;
  /** 0..1: share of API requests answered 500 or 503 before anything is done. */
  failureRate?: number;
  /**
   * What those failures are: `mixed` (the default) half 500, a quarter 503, a quarter 503 with
   * `Retry-After: 1`; `500` plain 500s only (scattered server errors, no overload said).
   */
  failureKind?: 'mixed' | '500';
  /** Token bucket: at most this many requests per second (burst of the same size); the rest get 429. */
  rateLimit?: { requestsPerSecond: number; retryAfterSeconds?: number };
  /** 0..1: share of successful POST/PATCH/DELETE whose connection is closed after the commit, with no response. */
  dropAfterCommitRate?: number;
  /** Seed of the fault PRNG, for reproducible runs (default 1). */
  seed?: number;
}

/** Storage field set served (gaps row 20): the table's, the example's, or both on every record. */
export type StorageFieldSet = 'table' | 'example' | 'mixed';
/** Name of the count in `meta` (gaps row 21); `default` is total_entries on storages, total_count elsewhere. */
export type CountName = 'default' | 'total_entries' | 'total_count' | 'both' | 'none';

/** Response-shape switches for the variants a client must tolerate. */
export interface Variants {
  storageFields?: StorageFieldSet;
  countName?: CountName;
}

/** Options of {@link import('./index.ts').startSandbox}. */
export interface SandboxOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to listen on; default 127.0.0.1. */
  host?: string;
  /** 'demo' (default): examples/demo-catalogue.json; 'empty': nothing at all; or your own data. */
  seed?: 'demo' | 'empty' | SeedData;
  /** Keep the state in this JSON file: loaded on start when it exists (the seed is then ignored), written atomically. */
  dataFile?: string;
  /** Generate the demo history of receipts and returns (default true; only for seed 'demo'). */
  history?: boolean;
  /** The sandbox's clock (default: the system clock). Timestamps never go backwards even if it does. */
  now?: () => Date;
  faults?: FaultOptions;
  variants?: Variants;
  /** No start-up banner, no warnings. */
  quiet?: boolean;
  /** Keep every write request that reaches the routes in `stats.writeLog` (tests comparing two clients); default off. */
  recordWrites?: boolean;
}

/** A write request as the sandbox received it: method, path and body text (JSON as sent). */
export interface RecordedWrite {
  method: 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body: string;
}

/** Request counters; `reset()` zeroes them. */
export interface SandboxStats {
  /** Every HTTP request received, preflights and refused ones included. */
  requests: number;
  /** Committed changes: successful POST, PATCH and DELETE (dropped responses included). */
  writes: number;
  /** Requests being served now (CORS preflights included). */
  inFlight: number;
  /** The most requests served at once since the start or the last reset. */
  peakInFlight: number;
  /** Requests that reached a route, by `METHOD /path/:pattern`. */
  byRoute: Record<string, number>;
  faultsInjected: { failures: number; rateLimited: number; dropped: number };
  /** Write requests received, in order, when the sandbox was started with `recordWrites` (else empty). */
  writeLog: RecordedWrite[];
  reset(): void;
}
