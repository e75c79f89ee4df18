/**
 * Receipts as invoices: the invoice key of a receipt body or record, and how two receipts of one invoice differ,
 * in words, for the conflict a run reports instead of sending an invoice the service holds otherwise.
 */
import { splitInvoiceNotes } from '../../kinds/invoice-notes.ts';
import type { ReceiptCreateBody } from '../../schemas/bodies.ts';
import type { Receipt } from '../../schemas/resources.ts';
import { canonicalDecimal, formatLocalDate, sameSheetText, timestampToLocalDate } from '../../sheet/values/index.ts';
import { NO_NAMES, productText, storageText, type RecordNames } from '../engine/ops.ts';
import { invoiceKey } from '../engine/same-invoice.ts';

type AnyReceipt = ReceiptCreateBody | Receipt;

/** A receipt's invoice key (supplier identity and the invoice number its notes carry), or null. */
export function receiptInvoiceKey(receipt: AnyReceipt): string | null {
  return invoiceKey(receipt.supplier, splitInvoiceNotes(receipt.notes ?? null).invoice);
}

/**
 * How the sheet's receipt differs from another of the same invoice (the service's, or an earlier one
 * of the sheet), in words; empty when they are the same invoice exactly: received on the same local
 * date (farm time zone), same storage, order number and lines (product, quantity, pack size and unit,
 * pack cost; in any order). The supplier's spelling and the notes after the invoice number do not count.
 * @param names product and storage names (by id), for the storage and lines named.
 */
export function receiptDifferences(
  sheet: AnyReceipt,
  other: AnyReceipt,
  timeZone: string,
  names: RecordNames = NO_NAMES,
): string[] {
  const differences: string[] = [];
  const day = (iso: string) => formatLocalDate(timestampToLocalDate(iso, timeZone));
  if (day(sheet.received_at) !== day(other.received_at))
    differences.push(`received ${day(other.received_at)} there, ${day(sheet.received_at)} here`);
  if (sheet.storage_id !== other.storage_id)
    differences.push(
      `storage '${storageText(other.storage_id, names)}' there, '${storageText(sheet.storage_id, names)}' here`,
    );
  if (!sameSheetText(sheet.order_number ?? null, other.order_number ?? null))
    differences.push(`order number '${other.order_number ?? ''}' there, '${sheet.order_number ?? ''}' here`);
  const line = (item: AnyReceipt['line_items'] extends (infer L)[] | undefined ? L : never) =>
    [
      item.product_id,
      canonicalDecimal(item.quantity),
      canonicalDecimal(item.pack_size_value),
      item.pack_size_unit.trim().toLowerCase(),
      canonicalDecimal(item.pack_cost),
    ].join('|');
  const theirs = (other.line_items ?? []).map(line);
  const ours = (sheet.line_items ?? []).map(line);
  const missing = without(theirs, ours);
  const extra = without(ours, theirs);
  const say = (lines: string[]) =>
    lines
      .map((l) => {
        const [product, quantity, size, unit, cost] = l.split('|');
        return `${productText(product!, names)} × ${quantity} of ${size} ${unit} at ${cost}`;
      })
      .join(', ');
  if (extra.length) differences.push(`${extra.length} line(s) only here (${say(extra)})`);
  if (missing.length) differences.push(`${missing.length} line(s) only there (${say(missing)})`);
  return differences;
}

/** The items of `a` left after taking out one of each item of `b` (a multiset difference). */
function without(a: readonly string[], b: readonly string[]): string[] {
  const left = [...b];
  return a.filter((item) => {
    const at = left.indexOf(item);
    if (at < 0) return true;
    left.splice(at, 1);
    return false;
  });
}
