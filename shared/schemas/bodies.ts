/** The zod schemas of what the client sends: receipt and return create and update bodies, and line items. */
import { z } from 'zod';
import {
  Id,
  Notes,
  NonNegativeDecimal,
  OptionalShortText,
  PositiveDecimal,
  RequiredName,
  TimestampInput,
  Unit,
} from './common.ts';

/**
 * Request bodies: what the client sends and what the sandbox accepts, one schema for both, so the
 * client's own validation and the service's 422 agree. Rules are those of gaps rows 6, 9 and 10.
 */

/**
 * A line item as sent on receipt create or update. `quantity` in packs (> 0), `pack_size_value` (> 0)
 * in `pack_size_unit`, `pack_cost` in dollars per pack (>= 0). `id` only on update, to change that item.
 */
export const LineItemInput = z.object({
  id: Id.optional(),
  product_id: Id,
  product_alias_id: Id.nullable().optional(),
  quantity: PositiveDecimal,
  pack_size_value: PositiveDecimal,
  pack_size_unit: Unit,
  pack_cost: NonNegativeDecimal,
});
export type LineItemInput = z.infer<typeof LineItemInput>;

/** Body of create receipt (spec section 4, path per gaps row 5). */
export const ReceiptCreateBody = z.object({
  storage_id: Id,
  received_at: TimestampInput,
  supplier: RequiredName,
  notes: Notes.nullable().optional(),
  order_number: OptionalShortText.nullable().optional(),
  line_items: z.array(LineItemInput).optional(),
});
export type ReceiptCreateBody = z.infer<typeof ReceiptCreateBody>;

/**
 * Body of update receipt: any header field, and `line_items` as desired state (spec section 4:
 * absent = untouched, `[]` = delete all, items with id updated, without id created, missing deleted;
 * `null` is refused with 422).
 */
export const ReceiptUpdateBody = ReceiptCreateBody.partial().extend({
  line_items: z.array(LineItemInput, { error: 'must be an array of line items (null is not allowed)' }).optional(),
});
export type ReceiptUpdateBody = z.infer<typeof ReceiptUpdateBody>;

/** Body of create return (spec section 4). `amount_value` (> 0) in `amount_unit`. */
export const ReturnCreateBody = z.object({
  storage_id: Id,
  product_id: Id,
  returned_at: TimestampInput,
  supplier: RequiredName,
  amount_value: PositiveDecimal,
  amount_unit: Unit,
  notes: Notes.nullable().optional(),
  reference: OptionalShortText.nullable().optional(),
});
export type ReturnCreateBody = z.infer<typeof ReturnCreateBody>;

/** Body of update return: any subset of the create fields (gaps row 8). */
export const ReturnUpdateBody = ReturnCreateBody.partial();
export type ReturnUpdateBody = z.infer<typeof ReturnUpdateBody>;

/**
 * Turns zod issues into the service's 422 body (gaps row 6): `{errors: {field: [message]}}`, and for
 * line items one object per submitted item, empty when that item is fine.
 */
export function toValidationErrors(
  issues: readonly z.core.$ZodIssue[],
  lineItemCount = 0,
): { errors: Record<string, unknown> } {
  const errors: Record<string, unknown> = {};
  const items: Record<string, string[]>[] = Array.from({ length: lineItemCount }, () => ({}));
  for (const issue of issues) {
    const [head, index, field] = issue.path;
    if (head === 'line_items' && typeof index === 'number' && items[index]) {
      const key = String(field ?? 'base');
      (items[index][key] ??= []).push(issue.message);
      errors.line_items = items;
    } else {
      const key = head === undefined ? 'base' : String(head);
      const list = (errors[key] ??= []) as string[];
      if (Array.isArray(list)) list.push(issue.message);
    }
  }
  return { errors };
}
