/** The import runner's operations for returns, and what a sheet row changes in the return the service holds. */
import type { OrgClient } from '../../client/index.ts';
import type { ReturnCreateBody, ReturnUpdateBody } from '../../schemas/bodies.ts';
import type { Return } from '../../schemas/resources.ts';
import { canonicalDecimal, formatLocalDate, sameSheetText, timestampToLocalDate } from '../../sheet/values/index.ts';
import type { RowResult, RowStatus } from '../outcome.ts';
import { returnIdentity } from '../engine/fingerprint.ts';
import {
  NO_NAMES,
  productText,
  storageText,
  type FieldDifference,
  type ImportOps,
  type RecordDiff,
  type RecordNames,
} from '../engine/ops.ts';
import type { ReturnDraft } from './build.ts';
import { KINDS } from '../../kinds/index.ts';
import { returnDifferences, returnKey } from './same-return.ts';

/**
 * The import runner's view of returns: identity, create, update (PATCH, gaps row 8), compare, results.
 * @param names product and storage names (by id), for a conflict's message.
 */
export function returnOps(
  org: OrgClient,
  timeZone: string,
  names: RecordNames = NO_NAMES,
): ImportOps<ReturnDraft, ReturnCreateBody, Return> {
  return {
    kind: 'returns',
    organisationId: org.orgId,
    label: KINDS.returns.label,
    identityOfBody: (body) => returnIdentity(org.orgId, body, timeZone),
    identityOfRecord: (record) => returnIdentity(org.orgId, record, timeZone),
    // A credit note's return found again by its key: unchanged when the same, a conflict when not.
    invoiceKeyOf: returnKey,
    // diffReturn reads only the fields a body and a record share (supplier, date, ids, amount, reference, notes).
    invoiceDifferences: (body, other) =>
      returnDifferences(diffReturn(body, other as Return, timeZone, names).differences),
    create: (body, options) => org.createReturn(body, options),
    // Sent once: a failure is read back and its version checked before it is sent again (engine/run.ts).
    update: (id, body) => org.updateReturn(id, body, { repeatable: false }),
    get: (id) => org.getReturn(id),
    listSince: async (updatedAfter, expectedRecords) =>
      (
        await org.listReturns({
          ...(updatedAfter ? { updatedAfter } : {}),
          ...(expectedRecords ? { expectedRecords } : {}),
        })
      ).records,
    diff: (draft, current) => diffReturn(draft.body!, current, timeZone, names),
    results: (draft, record, status, message) => returnRows(draft, record, status, message),
    underReview: () => false,
  };
}

/**
 * What a sheet row changes in the return the service holds: the fields that differ, sent as a PATCH
 * with only those fields (gaps row 8). The date is compared as the local date in the farm's zone,
 * decimals by value. Equal → `body: null`.
 */
export function diffReturn(
  desired: ReturnCreateBody,
  current: Return,
  timeZone: string,
  names: RecordNames = NO_NAMES,
): RecordDiff {
  const body: ReturnUpdateBody = {};
  const changes: string[] = [];
  const differences: FieldDifference[] = [];
  const day = (iso: string) => formatLocalDate(timestampToLocalDate(iso, timeZone));
  /** Sends `key`, says `label`, and names the field with the service's and the sheet's values (none for an id). */
  const set = <K extends keyof ReturnUpdateBody>(
    key: K,
    value: ReturnUpdateBody[K],
    label: string,
    field: string,
    values?: [string | null | undefined, string | null | undefined],
  ) => {
    body[key] = value;
    changes.push(label);
    differences.push(values ? { field, service: values[0] ?? '', sheet: values[1] ?? '' } : { field });
  };
  if (!sameSheetText(desired.supplier, current.supplier))
    set('supplier', desired.supplier, `supplier '${current.supplier}' → '${desired.supplier}'`, 'supplier', [
      current.supplier,
      desired.supplier,
    ]);
  if (day(desired.returned_at) !== day(current.returned_at))
    set(
      'returned_at',
      desired.returned_at,
      `returned ${day(current.returned_at)} → ${day(desired.returned_at)}`,
      'date returned',
      [day(current.returned_at), day(desired.returned_at)],
    );
  if (desired.storage_id !== current.storage_id) {
    const [was, now] = [storageText(current.storage_id, names), storageText(desired.storage_id, names)];
    set('storage_id', desired.storage_id, `storage '${was}' → '${now}'`, 'storage', [was, now]);
  }
  if (desired.product_id !== current.product_id) {
    const [was, now] = [productText(current.product_id, names), productText(desired.product_id, names)];
    set('product_id', desired.product_id, `product '${was}' → '${now}'`, 'product', [was, now]);
  }
  if (canonicalDecimal(desired.amount_value) !== canonicalDecimal(current.amount_value)) {
    set('amount_value', desired.amount_value, `amount ${current.amount_value} → ${desired.amount_value}`, 'amount', [
      current.amount_value,
      desired.amount_value,
    ]);
  }
  if (desired.amount_unit.toLowerCase() !== current.amount_unit.toLowerCase())
    set('amount_unit', desired.amount_unit, `unit ${current.amount_unit} → ${desired.amount_unit}`, 'unit', [
      current.amount_unit,
      desired.amount_unit,
    ]);
  if (!sameSheetText(desired.reference, current.reference))
    set('reference', desired.reference ?? null, 'reference changed', 'reference', [
      current.reference,
      desired.reference,
    ]);
  if (!sameSheetText(desired.notes, current.notes))
    set('notes', desired.notes ?? null, 'notes changed', 'notes', [current.notes, desired.notes]);
  return { body: Object.keys(body).length ? body : null, changes, differences };
}

function returnRows(draft: ReturnDraft, record: Return, status: RowStatus, message?: string): RowResult[] {
  const text = [message, ...draft.warnings.map((w) => w.message)].filter(Boolean).join('; ');
  return draft.rowNumbers.map((rowNumber) => ({
    rowNumber,
    status,
    recordId: record.id,
    sequence: record.sequence,
    updatedAt: record.updated_at,
    ...(text ? { message: text } : {}),
  }));
}
