/**
 * What makes two receipts or two returns the same record (an identity string), and its short fingerprint for the
 * journal and duplicate checks.
 */
import type { ReceiptCreateBody, ReturnCreateBody } from '../../schemas/bodies.ts';
import type { Receipt, Return } from '../../schemas/resources.ts';
import { canonicalDecimal, formatLocalDate, timestampToLocalDate } from '../../sheet/values/index.ts';
import { sha256Hex } from '../../hash/digest.ts';
import { splitInvoiceNotes } from '../../kinds/invoice-notes.ts';

/**
 * What makes two receipts "the same invoice" (same supplier, received date, storage, order
 * number or invoice key, and the same lines), as one canonical string. The same function reads a
 * body about to be sent and a receipt the service holds, so a sheet invoice finds its twin.
 * Supplier case and spacing are ignored; the date is the local date in the farm's time zone;
 * decimals are compared by value; line order does not matter.
 */
export function receiptIdentity(
  organisationId: string,
  receipt: ReceiptCreateBody | Receipt,
  timeZone: string,
): string {
  const { invoice } = splitInvoiceNotes(receipt.notes ?? null);
  const lines = (receipt.line_items ?? [])
    .map((item) =>
      [
        item.product_id,
        item.product_alias_id ?? '',
        canonicalDecimal(item.quantity),
        canonicalDecimal(item.pack_size_value),
        item.pack_size_unit.trim().toLowerCase(),
        canonicalDecimal(item.pack_cost),
      ].join('|'),
    )
    .sort();
  return JSON.stringify([
    'receipt',
    organisationId,
    fold(receipt.supplier),
    formatLocalDate(timestampToLocalDate(receipt.received_at, timeZone)),
    receipt.storage_id,
    fold(receipt.order_number ?? ''),
    fold(invoice ?? ''),
    lines,
  ]);
}

/** What makes two returns the same (supplier, date, storage, product, amount, unit, reference). */
export function returnIdentity(organisationId: string, record: ReturnCreateBody | Return, timeZone: string): string {
  return JSON.stringify([
    'return',
    organisationId,
    fold(record.supplier),
    formatLocalDate(timestampToLocalDate(record.returned_at, timeZone)),
    record.storage_id,
    record.product_id,
    canonicalDecimal(record.amount_value),
    record.amount_unit.trim().toLowerCase(),
    fold(record.reference ?? ''),
  ]);
}

function fold(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * A short, stable fingerprint of an identity string: the first 32 hex digits of its SHA-256
 * (Web Crypto, in the browser and in Node), for the journal.
 */
export async function fingerprint(identity: string): Promise<string> {
  return (await sha256Hex(identity)).slice(0, 32);
}
