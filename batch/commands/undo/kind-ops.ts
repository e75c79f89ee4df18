/** What undo does to a record of each kind, looked up by kind: read it, delete it, put it back as it was before the run. */
import type { OrgClient } from '../../../shared/client/index.ts';
import { receiptIdentity, returnIdentity } from '../../../shared/import/engine/fingerprint.ts';
import type { ImportKind } from '../../../shared/kinds/index.ts';
import type { Receipt, Return } from '../../../shared/schemas/resources.ts';
import { restoreReceiptBody, restoreReturnBody } from './plan.ts';

/** Undo's operations on one kind of record. */
export interface UndoOps {
  /** The record as the service has it now. @throws NotFoundError when it is gone. */
  get(org: OrgClient, id: string): Promise<Receipt | Return>;
  delete(org: OrgClient, id: string): Promise<void>;
  /**
   * Puts the record back as `previous`; `current` is its state now (a receipt's line items to keep by id).
   * Sent once: a failure whose outcome is unknown is OutcomeUnknownError, for restore.ts to read it back.
   */
  restore(org: OrgClient, id: string, previous: Receipt | Return, current: Receipt | Return): Promise<unknown>;
  /**
   * What restoring a record to this state sends, as text, but for what its {@link UndoOps.identity} compares by
   * value (a receipt's lines, a return's amount): equal texts and identities, the same restore (restore.ts).
   */
  restoreText(record: Receipt | Return): string;
  /** The records changed after an ISO time (null: all), every page. */
  listSince(org: OrgClient, updatedAfter: string | null): Promise<(Receipt | Return)[]>;
  /** What makes a record the same as the one an import sent (its fingerprint's identity, fingerprint.ts). */
  identity(org: OrgClient, record: Receipt | Return, timeZone: string): string;
}

/** The client is not to repeat a restore by itself: with no conditional update, a repeat could overwrite a change. */
const ONCE = { repeatable: false } as const;

/** No line item kept by id: a receipt's restore body whatever its lines' ids. */
const NO_IDS: ReadonlySet<string> = new Set();

/** Each kind's undo operations. */
export const UNDO_OPS: Readonly<Record<ImportKind, UndoOps>> = {
  receipts: {
    get: (org, id) => org.getReceipt(id),
    delete: (org, id) => org.deleteReceipt(id),
    restore: (org, id, previous, current) =>
      org.updateReceipt(
        id,
        restoreReceiptBody(previous as Receipt, new Set((current as Receipt).line_items.map((item) => item.id))),
        ONCE,
      ),
    restoreText: (record) => {
      const { line_items: _lines, ...header } = restoreReceiptBody(record as Receipt, NO_IDS);
      return JSON.stringify(header);
    },
    listSince: async (org, updatedAfter) => (await org.listReceipts(updatedAfter ? { updatedAfter } : {})).records,
    identity: (org, record, timeZone) => receiptIdentity(org.orgId, record as Receipt, timeZone),
  },
  returns: {
    get: (org, id) => org.getReturn(id),
    delete: (org, id) => org.deleteReturn(id),
    restore: (org, id, previous) => org.updateReturn(id, restoreReturnBody(previous as Return), ONCE),
    restoreText: (record) => {
      const { amount_value: _amount, ...fields } = restoreReturnBody(record as Return);
      return JSON.stringify(fields);
    },
    listSince: async (org, updatedAfter) => (await org.listReturns(updatedAfter ? { updatedAfter } : {})).records,
    identity: (org, record, timeZone) => returnIdentity(org.orgId, record as Return, timeZone),
  },
};
