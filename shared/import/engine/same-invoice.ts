/**
 * The same invoice whatever its supplier's spelling: an invoice key (supplier identity and invoice number), the
 * invoices of one sheet that repeat a key, and what a run says of a sheet invoice the service already holds
 * (unchanged when exactly the same, a conflict with the differences named when not).
 */
import type { Remedy } from '../../errors/remedy.ts';
import type { ImportKind } from '../../kinds/index.ts';
import { supplierIdentity } from '../../suppliers/identity.ts';
import type { RowResult } from '../outcome.ts';
import type { ServiceRecord } from './existing.ts';
import type { ImportDraft, ImportOps } from './ops.ts';

/**
 * The key of an invoice: its supplier's identity (`supplierIdentity`: case, punctuation and legal
 * suffixes ignored, so "Farmco Rural Supplies Pty Ltd" and "FARMCO RURAL SUPPLIES" are one supplier)
 * and its invoice number (case and spaces ignored). Null when there is no number or no supplier:
 * such records are only ever matched by their whole content (`fingerprint.ts`).
 * @example invoiceKey('Farmco Rural Supplies Pty. Ltd.', 'inv 1') === 'name:farmco rural supplies\u0000INV1'
 */
export function invoiceKey(supplier: string | null | undefined, invoice: string | null | undefined): string | null {
  const number = String(invoice ?? '')
    .toUpperCase()
    .replace(/\s+/g, '');
  if (!number) return null;
  const who = supplierIdentity({ name: supplier ?? '' });
  return who ? `${who.key}\u0000${number}` : null;
}

/** A sheet invoice that repeats the key of an earlier one in the same sheet. */
export interface RepeatedInvoice {
  /** Index of the draft that repeats. */
  index: number;
  /** Index of the first draft with that key. */
  first: number;
}

/**
 * The drafts (by index) whose invoice key an earlier draft of the same sheet already has: each
 * repeat names the first. Null keys never repeat. Pure.
 */
export function repeatedInvoices(keys: readonly (string | null)[]): RepeatedInvoice[] {
  const firstOf = new Map<string, number>();
  const repeats: RepeatedInvoice[] = [];
  keys.forEach((key, index) => {
    if (key === null) return;
    const first = firstOf.get(key);
    if (first === undefined) firstOf.set(key, index);
    else repeats.push({ index, first });
  });
  return repeats;
}

/** Rows as words: `row 7`, `rows 7–9`. */
export function rowsText(rowNumbers: readonly number[]): string {
  if (rowNumbers.length <= 1) return `row ${rowNumbers[0] ?? '?'}`;
  return `rows ${rowNumbers[0]}–${rowNumbers[rowNumbers.length - 1]}`;
}

/** The rows of one record, each with `remedy` for the face to word after its message. */
export function withRemedy(results: RowResult[], remedy: Remedy): RowResult[] {
  return results.map((r) => ({ ...r, remedies: [...(r.remedies ?? []), remedy] }));
}

/** What an `unchanged` record was found the same by, per kind (a return has a reference and one product, no lines). */
const SAME_AS: Readonly<Record<ImportKind, string>> = {
  receipts: 'same supplier, invoice number, date and lines',
  returns: 'same supplier, reference, product, date and amount',
};

/**
 * What a run says of a sheet invoice the service already holds (`twin`, found by content or by
 * invoice key), instead of sending it:
 * - no invoice key (or a kind without invoices): `duplicate`, as the content is the same;
 * - the same invoice exactly (`invoiceDifferences` empty): `unchanged`, with the record's id, so a
 *   "did it go in?" re-run ends well;
 * - the same invoice otherwise: `conflict`, the differences named.
 * When the service holds the invoice more than once (`copies`), the rows name every copy and carry
 * them as `twinSequences`, so the run keeps reporting them (exit 1) until they are resolved.
 */
export function heldInvoice<D extends ImportDraft<B>, B, R extends ServiceRecord>(
  ops: ImportOps<D, B, R>,
  draft: D,
  twin: R,
  key: string | null,
  copies: readonly R[],
): RowResult[] {
  if (key === null || !ops.invoiceDifferences) {
    return withRemedy(ops.results(draft, twin, 'duplicate', `already in the service as ${twin.sequence}: not sent`), {
      code: 'allow_duplicates',
    });
  }
  const also = copies.length
    ? `; the service holds this invoice ${copies.length + 1} times (${[twin, ...copies].map((r) => r.sequence).join(', ')}): delete the extra`
    : '';
  const differences = ops.invoiceDifferences(draft.body!, twin);
  // A sheet corrected since its import (the usual cause) updates the record through its Record ID: said first,
  // before sending a second copy.
  const rows = differences.length
    ? withRemedy(
        withRemedy(
          ops.results(
            draft,
            twin,
            'conflict',
            `${ops.label(draft)} is already in the service as ${twin.sequence}, otherwise: ${differences.join('; ')}: not sent${also}`,
          ),
          { code: 'correct_by_record_id', sequence: twin.sequence, kind: ops.kind },
        ),
        { code: 'allow_duplicates' },
      )
    : ops.results(
        draft,
        twin,
        'unchanged',
        `already in the service as ${twin.sequence} (${SAME_AS[ops.kind]}): not sent${also}`,
      );
  return copies.length ? rows.map((r) => ({ ...r, twinSequences: copies.map((c) => c.sequence) })) : rows;
}

/**
 * The rows of a sheet invoice that repeats an earlier one of the same sheet (`first`): `duplicate` when
 * the content is the same (the first is sent), `conflict` naming the differences when not (neither is).
 */
export function repeatedInSheet<D extends ImportDraft<B>, B, R extends ServiceRecord>(
  ops: ImportOps<D, B, R>,
  draft: D,
  first: D,
  differences: readonly string[],
): RowResult[] {
  // `the same as the return on row 2 of this sheet`, `the same as invoice INV-1 on rows 5–7 of this sheet`.
  const label = ops.label(first);
  const where = /\brow\b/.test(label)
    ? `${label} of this sheet`
    : `${label} on ${rowsText(first.rowNumbers)} of this sheet`;
  const spelt = supplierOf(draft.body) !== supplierOf(first.body) ? ' (its supplier written otherwise)' : '';
  const rows = draft.rowNumbers.map((rowNumber) => ({
    rowNumber,
    status: differences.length ? ('conflict' as const) : ('duplicate' as const),
    message: differences.length
      ? `the same as ${where}${spelt}, otherwise: ${differences.join('; ')}: neither is sent; correct or remove one`
      : `the same as ${where}${spelt}: not sent`,
  }));
  return withRemedy(rows, { code: 'allow_duplicates' });
}

/** A body's supplier as written (receipts and returns both have one). */
function supplierOf(body: unknown): unknown {
  return body && typeof body === 'object' ? (body as { supplier?: unknown }).supplier : undefined;
}

/**
 * The creates (by index) whose content an earlier create of the same sheet has exactly (the same
 * identity, `fingerprint.ts`) while neither has an invoice key: an invoice without a number pasted
 * twice, which the service could only tell apart from a second delivery by its content. Keyed ones
 * are found by their key ({@link repeatedInvoices}). Pure.
 * @param identities each draft's identity (empty for drafts that are not creates).
 * @param journalled whether an earlier run created or sent the draft (journal): such a repeat is not refused.
 */
export function repeatedContents(
  identities: readonly string[],
  keys: readonly (string | null)[],
  journalled: (index: number) => boolean = () => false,
): RepeatedInvoice[] {
  const firstOf = new Map<string, number>();
  const repeats: RepeatedInvoice[] = [];
  identities.forEach((identity, index) => {
    if (!identity || keys[index] !== null) return;
    const first = firstOf.get(identity);
    if (first === undefined) firstOf.set(identity, index);
    else if (!journalled(index)) repeats.push({ index, first });
  });
  return repeats;
}

/**
 * The sheet's invoices refused for repeating another of the sheet, by draft index: by invoice key,
 * each repeat, and the first too when the two differ; by content alone (no invoice number), each
 * repeat (the first is sent, as when the service already held it). Pure.
 * @param keys each draft's invoice key (null for none, and for drafts that are not creates).
 * @param identities each draft's identity (empty for drafts that are not creates).
 * @param journalled whether an earlier run created or sent the draft (journal): not refused for its content.
 */
export function refusedRepeats<D extends ImportDraft<B>, B, R extends ServiceRecord>(
  drafts: readonly D[],
  keys: readonly (string | null)[],
  identities: readonly string[],
  ops: ImportOps<D, B, R>,
  journalled?: (index: number) => boolean,
): Map<number, RowResult[]> {
  const refused = new Map<number, RowResult[]>();
  for (const { index, first } of repeatedInvoices(keys)) {
    const draft = drafts[index]!;
    const original = drafts[first]!;
    const differences = ops.invoiceDifferences?.(draft.body!, original.body!) ?? [];
    refused.set(index, repeatedInSheet(ops, draft, original, differences));
    if (differences.length && !refused.has(first))
      refused.set(first, repeatedInSheet(ops, original, draft, differences));
  }
  for (const { index, first } of repeatedContents(identities, keys, journalled))
    refused.set(index, repeatedInSheet(ops, drafts[index]!, drafts[first]!, []));
  return refused;
}
