/**
 * The reference data of one organisation that sheet cells are resolved against: storages, product
 * aliases, and products. Products have no list endpoint (spec section 2, "Product (seen only as a
 * sideloaded object)"), so they are collected from the `included` of receipts and returns.
 */
import { PRODUCT_INCLUDED_KEYS } from '../service/gaps.ts';
import { ShedError } from '../errors/shed-error.ts';
import { Product } from '../schemas/resources.ts';
import type { Included, ProductAlias, Storage } from '../schemas/resources.ts';

/** Everything a resolver needs for one organisation. `products` holds only products seen sideloaded (with a name). */
export interface ReferenceData {
  organisationId: string;
  storages: Storage[];
  productAliases: ProductAlias[];
  products: Product[];
}

/**
 * What {@link loadReferenceData} needs from a service client bound to one organisation: each list
 * fetched in full (every page). The client's OrgClient satisfies it structurally.
 * `included` may be absent when the service sent none.
 */
export interface ReferenceSource {
  listStorages(): Promise<{ records: readonly Storage[] }>;
  listProductAliases(): Promise<{ records: readonly ProductAlias[] }>;
  listReceipts(q: { include: ['products'] }): Promise<{ records: readonly unknown[]; included?: Included }>;
  listReturns(q: { include: ['product'] }): Promise<{ records: readonly unknown[]; included?: Included }>;
}

export { PRODUCT_INCLUDED_KEYS };

/** Reference data that cannot be used: a programming error (category `internal`), not a sheet problem. */
export class ReferenceDataError extends ShedError {
  constructor(message: string) {
    super('invalid_reference_data', 'internal', message);
  }
}

type IncludedInput = Included | null | undefined;

/**
 * Products from one or more `included` objects (gaps row 22: `included.<plural>.<id>` = object):
 * the maps under `products` and `product` (receipts' `include=products`, returns' `include=product`).
 * Each object is parsed with the `Product` schema; objects that do not parse (no name, bad id, not
 * an object) are skipped. De-duplicated by id (case-insensitive): the copy with the latest
 * `updated_at` wins, else the first seen. Absent or malformed maps are ignored. Never throws.
 */
export function collectProducts(included: readonly IncludedInput[] | IncludedInput): Product[] {
  const sources: readonly IncludedInput[] = Array.isArray(included) ? included : [included as IncludedInput];
  const byId = new Map<string, Product>();
  for (const source of sources) {
    if (source === null || typeof source !== 'object') continue;
    for (const key of PRODUCT_INCLUDED_KEYS) {
      const map: unknown = (source as Record<string, unknown>)[key];
      if (map === null || typeof map !== 'object') continue;
      for (const raw of Object.values(map)) {
        const parsed = Product.safeParse(raw);
        if (!parsed.success) continue;
        const id = parsed.data.id.toLowerCase();
        const seen = byId.get(id);
        if (seen === undefined || isNewer(parsed.data, seen)) byId.set(id, parsed.data);
      }
    }
  }
  return [...byId.values()];
}

function isNewer(candidate: Product, current: Product): boolean {
  if (candidate.updated_at === undefined || current.updated_at === undefined) return false;
  return Date.parse(candidate.updated_at) > Date.parse(current.updated_at);
}

/** `included` objects nested inside records (the single-record placement of gaps row 22), tolerated in lists too. */
function recordIncludes(records: readonly unknown[]): IncludedInput[] {
  const found: IncludedInput[] = [];
  for (const record of records) {
    if (record === null || typeof record !== 'object') continue;
    const inner: unknown = (record as Record<string, unknown>).included;
    if (inner !== null && typeof inner === 'object') found.push(inner as Included);
  }
  return found;
}

/**
 * Loads one organisation's reference data: storages, product aliases, receipts with
 * `include=products` and returns with `include=product`, the four lists at once. Products are
 * collected from both includes ({@link collectProducts}). A product known only through an alias's
 * `product_id` stays out of `products` (it has no name there); the resolver still resolves the alias.
 * @throws {ReferenceDataError} when `organisationId` is blank.
 * Rejects with whatever the source rejects with (connection, authentication, entitlement errors).
 */
export async function loadReferenceData(client: ReferenceSource, organisationId: string): Promise<ReferenceData> {
  if (typeof organisationId !== 'string' || organisationId.trim() === '') {
    throw new ReferenceDataError('reference data needs the id of an organisation; none was given');
  }
  const [storages, aliases, receipts, returns] = await Promise.all([
    client.listStorages(),
    client.listProductAliases(),
    client.listReceipts({ include: ['products'] }),
    client.listReturns({ include: ['product'] }),
  ]);
  const products = collectProducts([
    receipts.included,
    returns.included,
    ...recordIncludes(receipts.records),
    ...recordIncludes(returns.records),
  ]);
  return {
    organisationId,
    storages: [...storages.records],
    productAliases: [...aliases.records],
    products,
  };
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../errors/shed-error.ts' {
  interface ErrorCodes {
    ReferenceDataError: 'invalid_reference_data';
  }
}
