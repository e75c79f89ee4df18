/**
 * Which of a receipt's line items each sheet line became: by the Line Item ID the line carries, else
 * by content (product, quantity, pack size and unit, pack cost), so the ids written back never depend
 * on the order the service lists the items in (the interface does not promise to keep the sent order).
 * Pure.
 */
import type { LineItem } from '../../schemas/resources.ts';
import { canonicalDecimal } from '../../sheet/values/index.ts';
import type { ReceiptDraft } from './build.ts';

/** What a line item is, for matching a sent line to its item: product, quantity, pack and cost. */
type LineContent = Pick<LineItem, 'product_id' | 'quantity' | 'pack_size_value' | 'pack_size_unit' | 'pack_cost'>;

function contentKey(item: LineContent): string {
  const decimal = (value: string | number) => {
    try {
      return canonicalDecimal(value);
    } catch {
      return String(value);
    }
  };
  return [
    item.product_id.toLowerCase(),
    decimal(item.quantity),
    decimal(item.pack_size_value),
    item.pack_size_unit.trim().toLowerCase(),
    decimal(item.pack_cost),
  ].join('|');
}

/**
 * The line item id of each of the draft's lines (by index; undefined when none is found):
 * - the Line Item ID the line carries, when the receipt has that item;
 * - else the first item not yet taken whose content is the line's as sent (the one at the line's own
 *   position first, so equal lines keep their order);
 * - else (nothing of that content: the service wrote a value otherwise) the item at the line's
 *   position, when no line took it.
 * Each item is given to one line at most.
 */
export function lineItemIdsOf(draft: ReceiptDraft, items: readonly LineItem[]): (string | undefined)[] {
  const taken = new Set<string>();
  const known = new Set(items.map((item) => item.id));
  const ids = draft.lines.map((line) => {
    const own = line.lineItemId && known.has(line.lineItemId) ? line.lineItemId : undefined;
    if (own) taken.add(own);
    return own;
  });
  const byPosition = (id: string | undefined, i: number) => {
    const item = items[i];
    if (id || !item || taken.has(item.id)) return id;
    taken.add(item.id);
    return item.id;
  };
  const sent = draft.body?.line_items;
  if (!sent || sent.length !== draft.lines.length) return ids.map(byPosition);
  const keys = items.map(contentKey);
  const matched = ids.map((id, i) => {
    if (id) return id;
    const wanted = contentKey(sent[i]!);
    const at =
      keys[i] === wanted && !taken.has(items[i]!.id)
        ? i
        : keys.findIndex((k, j) => k === wanted && !taken.has(items[j]!.id));
    if (at < 0) return undefined;
    taken.add(items[at]!.id);
    return items[at]!.id;
  });
  return matched.map(byPosition);
}
