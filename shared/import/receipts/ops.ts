/** The import runner's operations for receipts, and the results written on each of a receipt's rows. */
import type { OrgClient } from '../../client/index.ts';
import type { ReceiptCreateBody } from '../../schemas/bodies.ts';
import type { Receipt } from '../../schemas/resources.ts';
import type { RowResult, RowStatus } from '../outcome.ts';
import { receiptIdentity } from '../engine/fingerprint.ts';
import { NO_NAMES, type ImportOps, type RecordNames } from '../engine/ops.ts';
import { lineItemIdsOf } from './line-item-ids.ts';
import type { ReceiptDraft } from './build.ts';
import { diffReceipt } from './diff.ts';
import { KINDS } from '../../kinds/index.ts';
import { receiptDifferences, receiptInvoiceKey } from './same-invoice.ts';

/**
 * The import runner's view of receipts: identity, create, update, read back, compare, results.
 * @param names product and storage names (by id), for messages (deleted line items, a conflict's storage).
 */
export function receiptOps(
  org: OrgClient,
  timeZone: string,
  names: RecordNames = NO_NAMES,
): ImportOps<ReceiptDraft, ReceiptCreateBody, Receipt> {
  return {
    kind: 'receipts',
    organisationId: org.orgId,
    label: KINDS.receipts.label,
    identityOfBody: (body) => receiptIdentity(org.orgId, body, timeZone),
    identityOfRecord: (record) => receiptIdentity(org.orgId, record, timeZone),
    invoiceKeyOf: receiptInvoiceKey,
    invoiceDifferences: (body, other) => receiptDifferences(body, other, timeZone, names),
    create: (body, options) => org.createReceipt(body, options),
    // Sent once: a failure is read back and its version checked before it is sent again (engine/run.ts).
    update: (id, body) => org.updateReceipt(id, body, { repeatable: false }),
    get: (id) => org.getReceipt(id),
    remove: (id) => org.deleteReceipt(id),
    listSince: async (updatedAfter, expectedRecords) =>
      (
        await org.listReceipts({
          ...(updatedAfter ? { updatedAfter } : {}),
          ...(expectedRecords ? { expectedRecords } : {}),
        })
      ).records,
    diff: (draft, current) => diffReceipt(draft.body!, current, timeZone, names),
    results: receiptResults,
    underReview: (record) => record.under_review,
  };
}

/**
 * Rows of a receipt written or found: its id and sequence on every row; each line's item id on its
 * row — by the Line Item ID the row carries, else by its content as sent (line-item-ids.ts).
 */
export function receiptResults(
  draft: ReceiptDraft,
  receipt: Receipt,
  status: RowStatus,
  message?: string,
): RowResult[] {
  const lineItemIds = lineItemIdsOf(draft, receipt.line_items);
  return draft.lines.map((line, i) => {
    const own = draft.warnings.filter((w) => w.rowNumber === line.rowNumber).map((w) => w.message);
    const lineItemId = lineItemIds[i];
    const text = [message, ...own].filter(Boolean).join('; ');
    return {
      rowNumber: line.rowNumber,
      status,
      recordId: receipt.id,
      sequence: receipt.sequence,
      ...(lineItemId ? { lineItemId } : {}),
      updatedAt: receipt.updated_at,
      ...(text ? { message: text } : {}),
    };
  });
}
