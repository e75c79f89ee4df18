/**
 * The same return whatever its supplier's spelling (issue 21's duplicate rule, for returns): a return
 * with a reference (a credit note's number and line, an RMA) is keyed by its supplier's identity, that
 * reference and its product, so a credit note imported again (as UBL under another results name, or as
 * a sheet) is `unchanged` when exactly the same and a conflict naming the differences when not. A return
 * without a reference has no key: only its whole content matches it, and a match stays a `duplicate`.
 */
import { invoiceKey } from '../engine/same-invoice.ts';
import type { ReturnCreateBody } from '../../schemas/bodies.ts';
import type { Return } from '../../schemas/resources.ts';
import type { FieldDifference } from '../engine/ops.ts';

/** The fields a return body and a return record share, all a key or a comparison reads. */
type AnyReturn = ReturnCreateBody | Return;

/**
 * `supplier identity \0 REFERENCE \0 product id`, or null when the return has no reference.
 * @example returnKey({ supplier: 'Kiewa Agri Pty Ltd', reference: 'CN-77/1', product_id: 'p1', ... })
 */
export function returnKey(record: AnyReturn): string | null {
  const key = invoiceKey(record.supplier, record.reference ?? null);
  return key && record.product_id ? `${key}\u0000${record.product_id}` : null;
}

/**
 * How the sheet's return differs from another with the same key, in words (`amount 20 there, 40 here`),
 * from what `diffReturn` found; empty when exactly the same. The supplier's spelling and the reference's
 * case and spaces are the key's, not differences.
 */
export function returnDifferences(differences: readonly FieldDifference[] = []): string[] {
  return differences
    .filter((d) => d.field !== 'supplier' && d.field !== 'reference')
    .map((d) =>
      d.service === undefined
        ? `another ${d.field}`
        : `${d.field} ${d.service || '(blank)'} there, ${d.sheet || '(blank)'} here`,
    );
}
