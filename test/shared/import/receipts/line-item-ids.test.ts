import { describe, expect, it } from 'vitest';
import type { ReceiptDraft } from '../../../../shared/import/receipts/build.ts';
import { lineItemIdsOf } from '../../../../shared/import/receipts/line-item-ids.ts';
import type { LineItem } from '../../../../shared/schemas/resources.ts';

const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const line = (product: string, quantity: string, cost = '185') => ({
  product_id: product,
  product_alias_id: null,
  quantity,
  pack_size_value: '20',
  pack_size_unit: 'l',
  pack_cost: cost,
});
const item = (id: string, sent: ReturnType<typeof line>): LineItem => ({ id, ...sent });

function draft(sent: ReturnType<typeof line>[], lineItemIds: (string | null)[] = []): ReceiptDraft {
  return {
    lines: sent.map((_, i) => ({ rowNumber: i + 2, lineItemId: lineItemIds[i] ?? null })),
    body: { storage_id: P1, received_at: '2026-02-03T00:00:00+11:00', supplier: 'Farmco', line_items: sent },
  } as unknown as ReceiptDraft;
}

describe('lineItemIdsOf', () => {
  const a = line(P1, '2');
  const b = line(P2, '1', '142.5');

  it('gives each line the item of its content, whatever order the service lists them in', () => {
    expect(lineItemIdsOf(draft([a, b]), [item('item-b', b), item('item-a', a)])).toEqual(['item-a', 'item-b']);
  });

  it('reads decimals and units as values (2.000 is 2, L is l)', () => {
    const written = { ...a, quantity: '2.000', pack_size_unit: 'L', pack_cost: '185.00' };
    expect(lineItemIdsOf(draft([b, a]), [item('item-a', written), item('item-b', b)])).toEqual(['item-b', 'item-a']);
  });

  it('gives equal lines their items in order, each item once', () => {
    expect(lineItemIdsOf(draft([a, a, b]), [item('x', a), item('y', b), item('z', a)])).toEqual(['x', 'z', 'y']);
  });

  it("keeps a line's own Line Item ID when the receipt has it; a stale one is matched afresh", () => {
    const items = [item('item-a', a), item('item-b', b)];
    expect(lineItemIdsOf(draft([a, b], [null, 'item-b']), items)).toEqual(['item-a', 'item-b']);
    expect(lineItemIdsOf(draft([b, a], ['gone', null]), items)).toEqual(['item-b', 'item-a']);
  });

  it('falls back to the position when no item has the content sent', () => {
    const changed = { ...b, pack_cost: '140' };
    expect(lineItemIdsOf(draft([a, b]), [item('item-a', a), item('item-b', changed)])).toEqual(['item-a', 'item-b']);
  });
});
