/**
 * Records as the service serves them: organisations, storages in the configured field set, deletion records, list
 * `meta` and the `included` sideloads.
 */
import type { SandboxStore, ListResource } from './store.ts';
import type {
  CountName,
  OrganisationRecord,
  ReceiptRecord,
  ReturnRecord,
  StorageFieldSet,
  StorageRecord,
  StoredDeletion,
} from './types.ts';

/**
 * How records are served: the organisation without its internal entitlement flag, storages in the
 * chosen field set (gaps row 20), `meta` with the chosen count name (gaps row 21), and the
 * `included` object of sideloading (spec section 2, gaps rows 16 and 22).
 */

/** An organisation as served (spec section 2): id, name, inserted_at, updated_at. */
export function presentOrganisation(org: OrganisationRecord): Record<string, unknown> {
  return { id: org.id, name: org.name, inserted_at: org.inserted_at, updated_at: org.updated_at };
}

/**
 * A storage in the field set asked for (gaps row 20): `table` = the spec's table; `example` = id,
 * name, active, and activated_at in lists only (as the spec's examples show); `mixed` = both sets on
 * every record. `active` is true when `locked_at` is null; `activated_at` is `inserted_at`.
 */
export function presentStorage(
  storage: StorageRecord,
  fields: StorageFieldSet,
  inList: boolean,
): Record<string, unknown> {
  const example: Record<string, unknown> = { id: storage.id, name: storage.name, active: storage.locked_at === null };
  if (inList || fields === 'mixed') example.activated_at = storage.inserted_at;
  if (fields === 'example') return example;
  if (fields === 'table') return { ...storage };
  return { ...storage, ...example };
}

/** A deletion record as served: `{id, deleted_at}` (spec section 2). */
export function presentDeletion(deletion: StoredDeletion): { id: string; deleted_at: string } {
  return { id: deletion.id, deleted_at: deletion.deleted_at };
}

/**
 * `meta` of a list (spec section 2): page, page_size (the size used, after clamping), total_pages
 * (at least 1, so an empty list still has its page 1) and the count under the configured name(s).
 */
export function listMeta(
  resource: ListResource,
  page: number,
  pageSize: number,
  total: number,
  countName: CountName,
): Record<string, number> {
  const meta: Record<string, number> = {
    page,
    page_size: pageSize,
    total_pages: Math.max(1, Math.ceil(total / pageSize)),
  };
  const names =
    countName === 'default'
      ? [resource === 'storages' ? 'total_entries' : 'total_count']
      : countName === 'both'
        ? ['total_entries', 'total_count']
        : countName === 'none'
          ? []
          : [countName];
  for (const name of names) meta[name] = total;
  return meta;
}

/** The sideloads a resource accepts (spec section 2): request value -> key in `included`. */
export const INCLUDE_KEYS = {
  receipts: { products: 'products', product_aliases: 'product_aliases', storage: 'storages' },
  returns: { product: 'products', storage: 'storages' },
} as const;

/**
 * The accepted values of a comma-separated `include`, as keys of `included`; values not accepted
 * for the resource are ignored (gaps row 16). Spaces around values are ignored; matching is exact.
 */
export function parseInclude(raw: string | undefined, resource: 'receipts' | 'returns'): Set<string> {
  const accepted: Record<string, string> = INCLUDE_KEYS[resource];
  const keys = new Set<string>();
  for (const value of (raw ?? '').split(',')) {
    const key = accepted[value.trim()];
    if (key) keys.add(key);
  }
  return keys;
}

type Included = Record<string, Record<string, unknown>>;

/**
 * The `included` object for receipts or returns: for each requested key (even when nothing is
 * related), plural name -> id -> full object (spec section 2). Storages in the current field set.
 */
export function buildIncluded(
  store: SandboxStore,
  records: readonly (ReceiptRecord | ReturnRecord)[],
  keys: Set<string>,
  storageFields: StorageFieldSet,
): Included {
  const included: Included = {};
  for (const key of keys) included[key] = {};
  const add = (key: string, id: string | null | undefined, find: (id: string) => unknown) => {
    const bucket = included[key];
    if (!bucket || !id || id in bucket) return;
    const found = find(id);
    if (found) bucket[id] = found;
  };
  const product = (id: string) => store.products.get(id) && { ...store.products.get(id) };
  const alias = (id: string) => store.productAliases.get(id) && { ...store.productAliases.get(id) };
  const storage = (id: string) => {
    const found = store.storages.get(id);
    return found && presentStorage(found, storageFields, false);
  };
  for (const record of records) {
    add('storages', record.storage_id, storage);
    if ('line_items' in record) {
      for (const item of record.line_items) {
        add('products', item.product_id, product);
        add('product_aliases', item.product_alias_id, alias);
      }
    } else {
      add('products', record.product_id, product);
    }
  }
  return included;
}
