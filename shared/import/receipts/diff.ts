/**
 * What a sheet invoice changes in the receipt the service holds: the update body (header fields and line items as
 * desired state), or nothing.
 */
import type { LineItemInput, ReceiptCreateBody, ReceiptUpdateBody } from '../../schemas/bodies.ts';
import type { LineItem, Receipt } from '../../schemas/resources.ts';
import {
  canonicalDecimal,
  formatLocalDate,
  isLocalMidnight,
  sameSheetText,
  timestampToLocalDate,
} from '../../sheet/values/index.ts';
import {
  NO_NAMES,
  productText,
  storageText,
  type FieldDifference,
  type RecordDiff,
  type RecordNames,
} from '../engine/ops.ts';

/**
 * What a sheet invoice changes in the receipt the service holds (updates): header fields
 * that differ, and the line items as desired state (spec section 4, update receipt: items with an id
 * updated, without one created, missing ones deleted). Equal → `body: null`, nothing is sent.
 * The received date is compared as the local date in the farm's time zone, so a receipt received
 * at 14:30 is not "changed" by a sheet that says only the date; a sheet date-time is compared whole.
 * @param names product and storage names for messages (by id), e.g. the `Resolver`.
 */
export function diffReceipt(
  desired: ReceiptCreateBody,
  current: Receipt,
  timeZone: string,
  names: RecordNames = NO_NAMES,
): RecordDiff {
  const body: ReceiptUpdateBody = {};
  const changes: string[] = [];
  const differences: FieldDifference[] = [];
  const differ = (field: string, service?: string | null, sheet?: string | null) =>
    differences.push(service === undefined ? { field } : { field, service: service ?? '', sheet: sheet ?? '' });
  if (!sameSheetText(desired.supplier, current.supplier)) {
    body.supplier = desired.supplier;
    changes.push(`supplier '${current.supplier}' → '${desired.supplier}'`);
    differ('supplier', current.supplier, desired.supplier);
  }
  const day = (iso: string) => formatLocalDate(timestampToLocalDate(iso, timeZone));
  // A sheet date without a time leaves the service's time of day alone; one with a time is compared whole.
  const dateOnly = isLocalMidnight(desired.received_at, timeZone);
  if (
    dateOnly
      ? day(desired.received_at) !== day(current.received_at)
      : Date.parse(desired.received_at) !== Date.parse(current.received_at)
  ) {
    body.received_at = desired.received_at;
    changes.push(`received ${day(current.received_at)} → ${day(desired.received_at)}`);
    differ('date received', day(current.received_at), day(desired.received_at));
  }
  if (desired.storage_id !== current.storage_id) {
    body.storage_id = desired.storage_id;
    const [was, now] = [storageText(current.storage_id, names), storageText(desired.storage_id, names)];
    changes.push(`storage '${was}' → '${now}'`);
    differ('storage', was, now);
  }
  if (!sameSheetText(desired.order_number, current.order_number)) {
    body.order_number = desired.order_number ?? null;
    changes.push(`order number '${current.order_number ?? ''}' → '${desired.order_number ?? ''}'`);
    differ('order number', current.order_number, desired.order_number);
  }
  if (!sameSheetText(desired.notes, current.notes)) {
    body.notes = desired.notes ?? null;
    changes.push('notes changed');
    differ('notes', current.notes, desired.notes);
  }

  const items = desired.line_items ?? [];
  const currentById = new Map(current.line_items.map((item) => [item.id, item]));
  const foreign = items.find((item) => item.id && !currentById.has(item.id));
  if (foreign) {
    return {
      body: null,
      changes,
      differences,
      error: `Line Item ID ${foreign.id} is not a line of ${current.sequence}: clear it to add the line as a new one`,
    };
  }
  const kept = new Set(items.flatMap((item) => (item.id ? [item.id] : [])));
  const changed = items.filter((item) => item.id && !sameLine(item, currentById.get(item.id)!)).length;
  const added = items.filter((item) => !item.id).length;
  const removed = current.line_items.filter((item) => !kept.has(item.id));
  const lines: string[] = [];
  if (changed) lines.push(`${changed} line item${changed > 1 ? 's' : ''} changed`);
  if (added) lines.push(`${added} line item${added > 1 ? 's' : ''} added`);
  if (removed.length) {
    const what = removed.map((item) => `${productText(item.product_id, names)} × ${item.quantity}`).join(', ');
    lines.push(`${removed.length} line item${removed.length > 1 ? 's' : ''} DELETED (${what})`);
  }
  if (lines.length) {
    body.line_items = items;
    changes.push(...lines);
    differ(`line items (the sheet's: ${lines.join(', ')})`);
  }
  return { body: Object.keys(body).length ? body : null, changes, differences };
}

function sameLine(desired: LineItemInput, current: LineItem): boolean {
  return (
    desired.product_id === current.product_id &&
    (desired.product_alias_id ?? null) === (current.product_alias_id ?? null) &&
    canonicalDecimal(desired.quantity) === canonicalDecimal(current.quantity) &&
    canonicalDecimal(desired.pack_size_value) === canonicalDecimal(current.pack_size_value) &&
    desired.pack_size_unit.toLowerCase() === current.pack_size_unit.toLowerCase() &&
    canonicalDecimal(desired.pack_cost) === canonicalDecimal(current.pack_cost)
  );
}
