/**
 * The sandbox's receipts and returns changed as the service does: create, update (line items merged by id),
 * delete with a deletion record, and the 422 answers for refused input.
 */
import { randomUUID } from 'node:crypto';
import {
  ReceiptCreateBody,
  ReceiptUpdateBody,
  ReturnCreateBody,
  ReturnUpdateBody,
  toValidationErrors,
  type LineItemInput,
} from '../shared/schemas/bodies.ts';
import { LOCKED_STORAGE_MESSAGE } from '../shared/service/gaps.ts';
import type { SandboxStore } from './store.ts';
import type { LineItemRecord, ReceiptRecord, ReturnRecord } from './types.ts';

/**
 * The rules of creating, changing and deleting receipts and returns (spec section 4, gaps rows 6,
 * 8, 11): validate the body with the shared zod schemas, check every reference against the
 * organisation in the path, then commit all or nothing.
 */

/** A 422 body: `{errors: {field: [message]}}`, line items as one object per submitted item (gaps row 6). */
export interface ValidationBody {
  errors: Record<string, unknown>;
}

/** What a change came to: the committed record, an unknown id (404, gaps row 7) or refused input (422). */
export type Outcome<T> = { kind: 'ok'; record: T } | { kind: 'not_found' } | { kind: 'invalid'; body: ValidationBody };

/** The 422 message for a storage, product or alias id that is unknown or of another organisation. */
export const DOES_NOT_EXIST = 'does not exist';
/** The 422 message for a line item id that is not one of the receipt's own items. */
export const NOT_AN_ITEM_OF_THIS_RECEIPT = 'is not a line item of this receipt';

const NOT_FOUND = { kind: 'not_found' } as const;

/** Collects field and per-line-item messages in the shape of gaps row 6. */
class ErrorBag {
  private readonly fields: Record<string, string[]> = {};
  private readonly items: Record<string, string[]>[];
  private hasItemErrors = false;

  constructor(itemCount: number) {
    this.items = Array.from({ length: itemCount }, () => ({}));
  }

  field(name: string, message: string): void {
    (this.fields[name] ??= []).push(message);
  }

  item(index: number, name: string, message: string): void {
    const item = this.items[index];
    if (!item) return;
    (item[name] ??= []).push(message);
    this.hasItemErrors = true;
  }

  /** The 422 outcome, or null when nothing was wrong. */
  outcome(): { kind: 'invalid'; body: ValidationBody } | null {
    if (!this.hasItemErrors && Object.keys(this.fields).length === 0) return null;
    const errors: Record<string, unknown> = { ...this.fields };
    if (this.hasItemErrors) errors.line_items = this.items;
    return { kind: 'invalid', body: { errors } };
  }
}

function lineItemCount(body: unknown): number {
  if (typeof body !== 'object' || body === null) return 0;
  const items = (body as { line_items?: unknown }).line_items;
  return Array.isArray(items) ? items.length : 0;
}

function invalid(issues: Parameters<typeof toValidationErrors>[0], body: unknown): Outcome<never> {
  return { kind: 'invalid', body: toValidationErrors(issues, lineItemCount(body)) };
}

/** Storage rule: it exists in the organisation (else "does not exist") and is not locked (gaps row 11). */
function checkStorage(store: SandboxStore, orgId: string, storageId: string, errors: ErrorBag): void {
  const storage = store.storages.get(storageId);
  if (!storage || storage.organisation_id !== orgId) errors.field('storage_id', DOES_NOT_EXIST);
  else if (storage.locked_at !== null) errors.field('storage_id', LOCKED_STORAGE_MESSAGE);
}

/** Whether the storage a record is in now is locked: then no change is allowed (gaps row 11). */
function inLockedStorage(store: SandboxStore, storageId: string, errors: ErrorBag): boolean {
  const locked = (store.storages.get(storageId)?.locked_at ?? null) !== null;
  if (locked) errors.field('storage_id', LOCKED_STORAGE_MESSAGE);
  return locked;
}

function productExists(store: SandboxStore, orgId: string, productId: string): boolean {
  return store.products.get(productId)?.organisation_id === orgId;
}

/** Line item rules: product in the organisation; alias (if any) in the organisation and of that product. */
function checkLineItem(store: SandboxStore, orgId: string, item: LineItemInput, index: number, errors: ErrorBag): void {
  if (!productExists(store, orgId, item.product_id)) errors.item(index, 'product_id', DOES_NOT_EXIST);
  if (item.product_alias_id) {
    const alias = store.productAliases.get(item.product_alias_id);
    if (!alias || alias.organisation_id !== orgId) errors.item(index, 'product_alias_id', DOES_NOT_EXIST);
    else if (alias.product_id !== item.product_id)
      errors.item(index, 'product_alias_id', 'is an alias of another product');
  }
}

function toItem(input: LineItemInput, id: string): LineItemRecord {
  return {
    id,
    product_id: input.product_id,
    product_alias_id: input.product_alias_id ?? null,
    quantity: input.quantity,
    pack_size_value: input.pack_size_value,
    pack_size_unit: input.pack_size_unit,
    pack_cost: input.pack_cost,
  };
}

/** Create a receipt with its line items (spec section 4; path and 201 per gaps row 5). */
export function createReceipt(store: SandboxStore, orgId: string, body: unknown): Outcome<ReceiptRecord> {
  const parsed = ReceiptCreateBody.safeParse(body);
  if (!parsed.success) return invalid(parsed.error.issues, body);
  const input = parsed.data;
  const items = input.line_items ?? [];
  const errors = new ErrorBag(items.length);
  checkStorage(store, orgId, input.storage_id, errors);
  items.forEach((item, i) => {
    if (item.id !== undefined) errors.item(i, 'id', 'cannot be given when creating a receipt');
    checkLineItem(store, orgId, item, i, errors);
  });
  const refused = errors.outcome();
  if (refused) return refused;
  const at = store.stamp();
  const record: ReceiptRecord = {
    id: randomUUID(),
    organisation_id: orgId,
    sequence: store.nextSequence(orgId, 'receipts'),
    storage_id: input.storage_id,
    received_at: input.received_at,
    supplier: input.supplier,
    notes: input.notes ?? null,
    order_number: input.order_number ?? null,
    under_review: false,
    line_items: items.map((item) => toItem(item, randomUUID())),
    inserted_at: at,
    updated_at: at,
  };
  store.put('receipts', record);
  return { kind: 'ok', record };
}

/**
 * Update a receipt: any subset of the header fields; `line_items` absent = untouched, `[]` = all
 * deleted, otherwise desired state merged by id (with id: updated, without: created, missing:
 * deleted); `null` is refused by the schema (spec section 4). Every update bumps `updated_at`.
 */
export function updateReceipt(store: SandboxStore, orgId: string, id: string, body: unknown): Outcome<ReceiptRecord> {
  const existing = store.receipts.get(id);
  if (!existing || existing.organisation_id !== orgId) return NOT_FOUND;
  const parsed = ReceiptUpdateBody.safeParse(body);
  if (!parsed.success) return invalid(parsed.error.issues, body);
  const input = parsed.data;
  const errors = new ErrorBag(input.line_items?.length ?? 0);
  if (
    !inLockedStorage(store, existing.storage_id, errors) &&
    input.storage_id !== undefined &&
    input.storage_id !== existing.storage_id
  ) {
    checkStorage(store, orgId, input.storage_id, errors);
  }
  const own = new Set(existing.line_items.map((item) => item.id));
  const seen = new Set<string>();
  input.line_items?.forEach((item, i) => {
    if (item.id !== undefined) {
      if (!own.has(item.id)) errors.item(i, 'id', NOT_AN_ITEM_OF_THIS_RECEIPT);
      else if (seen.has(item.id)) errors.item(i, 'id', 'appears more than once');
      seen.add(item.id);
    }
    checkLineItem(store, orgId, item, i, errors);
  });
  const refused = errors.outcome();
  if (refused) return refused;
  const record: ReceiptRecord = {
    ...existing,
    line_items: input.line_items
      ? input.line_items.map((item) => toItem(item, item.id ?? randomUUID()))
      : existing.line_items,
    updated_at: store.stamp(),
  };
  if (input.storage_id !== undefined) record.storage_id = input.storage_id;
  if (input.received_at !== undefined) record.received_at = input.received_at;
  if (input.supplier !== undefined) record.supplier = input.supplier;
  if (input.notes !== undefined) record.notes = input.notes;
  if (input.order_number !== undefined) record.order_number = input.order_number;
  store.put('receipts', record);
  return { kind: 'ok', record };
}

/** Create a return (spec section 4): storage and product must belong to the organisation in the path. */
export function createReturn(store: SandboxStore, orgId: string, body: unknown): Outcome<ReturnRecord> {
  const parsed = ReturnCreateBody.safeParse(body);
  if (!parsed.success) return invalid(parsed.error.issues, body);
  const input = parsed.data;
  const errors = new ErrorBag(0);
  checkStorage(store, orgId, input.storage_id, errors);
  if (!productExists(store, orgId, input.product_id)) errors.field('product_id', DOES_NOT_EXIST);
  const refused = errors.outcome();
  if (refused) return refused;
  const at = store.stamp();
  const record: ReturnRecord = {
    id: randomUUID(),
    organisation_id: orgId,
    sequence: store.nextSequence(orgId, 'returns'),
    storage_id: input.storage_id,
    product_id: input.product_id,
    returned_at: input.returned_at,
    supplier: input.supplier,
    amount_value: input.amount_value,
    amount_unit: input.amount_unit,
    notes: input.notes ?? null,
    reference: input.reference ?? null,
    inserted_at: at,
    updated_at: at,
  };
  store.put('returns', record);
  return { kind: 'ok', record };
}

/** Update a return: any subset of the create fields (gaps row 8). Bumps `updated_at`. */
export function updateReturn(store: SandboxStore, orgId: string, id: string, body: unknown): Outcome<ReturnRecord> {
  const existing = store.returns.get(id);
  if (!existing || existing.organisation_id !== orgId) return NOT_FOUND;
  const parsed = ReturnUpdateBody.safeParse(body);
  if (!parsed.success) return invalid(parsed.error.issues, body);
  const input = parsed.data;
  const errors = new ErrorBag(0);
  if (
    !inLockedStorage(store, existing.storage_id, errors) &&
    input.storage_id !== undefined &&
    input.storage_id !== existing.storage_id
  ) {
    checkStorage(store, orgId, input.storage_id, errors);
  }
  if (input.product_id !== undefined && !productExists(store, orgId, input.product_id))
    errors.field('product_id', DOES_NOT_EXIST);
  const refused = errors.outcome();
  if (refused) return refused;
  const record: ReturnRecord = { ...existing, updated_at: store.stamp() };
  for (const key of ['storage_id', 'product_id', 'returned_at', 'supplier', 'amount_value', 'amount_unit'] as const) {
    const value = input[key];
    if (value !== undefined) record[key] = value;
  }
  if (input.notes !== undefined) record.notes = input.notes;
  if (input.reference !== undefined) record.reference = input.reference;
  store.put('returns', record);
  return { kind: 'ok', record };
}

/**
 * Delete a receipt (with its line items) or a return of the organisation, writing a deletion record
 * (spec section 4). False when there is no such record in that organisation (404, gaps row 7).
 * A locked storage does not prevent deletion (gaps row 11 names create and update only).
 */
export function deleteMovement(
  store: SandboxStore,
  resource: 'receipts' | 'returns',
  orgId: string,
  id: string,
): boolean {
  const existing = store.collection(resource).get(id);
  if (!existing || existing.organisation_id !== orgId) return false;
  store.remove(resource, id);
  return true;
}
