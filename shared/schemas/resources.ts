/**
 * The zod schemas of the service's records as read: organisations, storages, products, product aliases, receipts
 * with their line items, returns, deletion records.
 */
import { z } from 'zod';
import { DecimalOut, Id, Timestamp } from './common.ts';

/**
 * Response schemas: what the service sends back, parsed tolerantly (every variant of gaps.md).
 * Unknown keys are dropped; nullable optional fields become `null` when absent.
 */

/** An organisation (spec section 2). */
export const Organisation = z.object({
  id: Id,
  name: z.string(),
  inserted_at: Timestamp.optional(),
  updated_at: Timestamp.optional(),
});
export type Organisation = z.infer<typeof Organisation>;

/**
 * A storage (spec section 2), tolerating both field sets and any mix (gaps row 20): the table's
 * `organisation_id`, `locked_at`, `inserted_at`, `updated_at`, or the example's `active` and `activated_at`.
 * Use {@link isStorageLocked} rather than reading the fields.
 */
export const Storage = z.object({
  id: Id,
  name: z.string(),
  organisation_id: Id.optional(),
  locked_at: Timestamp.nullable().optional(),
  active: z.boolean().optional(),
  activated_at: Timestamp.nullable().optional(),
  inserted_at: Timestamp.optional(),
  updated_at: Timestamp.optional(),
});
export type Storage = z.infer<typeof Storage>;

/**
 * Whether a storage refuses receipts and returns (gaps row 11): `locked_at` set, or, in the example
 * field set (gaps row 20), `active` false.
 */
export function isStorageLocked(storage: Storage): boolean {
  return (storage.locked_at ?? null) !== null || storage.active === false;
}

/** A product, seen only sideloaded through `include` (spec section 2). */
export const Product = z.object({
  id: Id,
  name: z.string(),
  organisation_id: Id.optional(),
  inserted_at: Timestamp.optional(),
  updated_at: Timestamp.optional(),
});
export type Product = z.infer<typeof Product>;

/** A product alias: a brand or trade name pointing at a product (spec section 2). */
export const ProductAlias = z.object({
  id: Id,
  name: z.string(),
  product_id: Id,
  organisation_id: Id.optional(),
  inserted_at: Timestamp.optional(),
  updated_at: Timestamp.optional(),
});
export type ProductAlias = z.infer<typeof ProductAlias>;

/**
 * A receipt line item. `quantity` is in packs, `pack_size_value` in `pack_size_unit` (l, kg, ...),
 * `pack_cost` in dollars per pack; all decimal strings (numbers tolerated, gaps row 9).
 */
export const LineItem = z.object({
  id: Id,
  product_id: Id,
  product_alias_id: Id.nullable()
    .optional()
    .transform((v) => v ?? null),
  quantity: DecimalOut,
  pack_size_value: DecimalOut,
  pack_size_unit: z.string(),
  pack_cost: DecimalOut,
});
export type LineItem = z.infer<typeof LineItem>;

/** The `included` object of a sideloading response: plural resource name, then id, then object (gaps row 22). */
export const Included = z.record(z.string(), z.record(z.string(), z.unknown()));
export type Included = z.infer<typeof Included>;

/** Text the service may leave out or send as null (notes, order number, reference): null either way. */
const NullableText = z
  .string()
  .nullable()
  .optional()
  .transform((v) => v ?? null);

/** A receipt with its line items (spec section 2). `under_review` defaults to false when absent. */
export const Receipt = z.object({
  id: Id,
  organisation_id: Id.optional(),
  sequence: z.string(),
  storage_id: Id,
  received_at: Timestamp,
  supplier: z.string(),
  notes: NullableText,
  order_number: NullableText,
  under_review: z.boolean().default(false),
  line_items: z.array(LineItem).default([]),
  inserted_at: Timestamp.optional(),
  updated_at: Timestamp,
  included: Included.optional(),
});
export type Receipt = z.infer<typeof Receipt>;

/** A return of a product to a supplier (spec section 2). `amount_value` in `amount_unit`. */
export const Return = z.object({
  id: Id,
  organisation_id: Id.optional(),
  sequence: z.string(),
  storage_id: Id,
  product_id: Id,
  returned_at: Timestamp,
  supplier: z.string(),
  amount_value: DecimalOut,
  amount_unit: z.string(),
  notes: NullableText,
  reference: NullableText,
  inserted_at: Timestamp.optional(),
  updated_at: Timestamp,
  included: Included.optional(),
});
export type Return = z.infer<typeof Return>;

/** A deletion record, the same for every resource (spec section 2). */
export const DeletionRecord = z.object({ id: Id, deleted_at: Timestamp });
export type DeletionRecord = z.infer<typeof DeletionRecord>;

/**
 * `meta` of a list response (spec section 2). The count is `total_entries` or `total_count`,
 * either, both or neither (gaps row 21); `totalCount` reads whichever is there.
 */
export const ListMeta = z
  .object({
    page: z.number().int(),
    page_size: z.number().int(),
    total_pages: z.number().int(),
    total_entries: z.number().int().optional(),
    total_count: z.number().int().optional(),
  })
  .transform((m) => ({ ...m, totalCount: m.total_entries ?? m.total_count ?? null }));
export type ListMeta = z.infer<typeof ListMeta>;

/**
 * A list response envelope around records of `item`: `data`, optional `meta` (absent on the
 * organisations and deleted lists, gaps row 19), optional `included` (a sibling of `data`, gaps row 22).
 */
export function listEnvelope<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    data: z.array(item),
    meta: ListMeta.optional(),
    included: Included.optional(),
  });
}
