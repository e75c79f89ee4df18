import { describe, expect, it } from 'vitest';
import {
  BANKSIA,
  BANKSIA_TOKEN,
  GLYPHOSATE,
  MAIN_SHED,
  WILLOW,
  client,
  listPagesRaw,
  orgPath,
  receiptBody,
  returnBody,
  useSandbox,
} from './helpers.ts';

const receipts = orgPath(WILLOW, 'receipts');

// spec section 2 "Sideloading"; gaps rows 16 and 22.
describe('sandbox include (sideloading)', () => {
  const ctx = useSandbox();
  const api = client(ctx);

  it('in a list, puts `included` beside data and meta, keyed by plural name then id', async () => {
    const answer = await api.get(`${receipts}?include=products,product_aliases,storage&page_size=5`);
    expect(Object.keys(answer.body)).toEqual(['data', 'meta', 'included']);
    expect(Object.keys(answer.body.included).sort()).toEqual(['product_aliases', 'products', 'storages']);
    for (const receipt of answer.body.data) {
      expect(answer.body.included.storages[receipt.storage_id]).toMatchObject({
        id: receipt.storage_id,
        organisation_id: WILLOW,
      });
      for (const item of receipt.line_items) {
        expect(answer.body.included.products[item.product_id]).toMatchObject({
          id: item.product_id,
          organisation_id: WILLOW,
          name: expect.any(String),
        });
        if (item.product_alias_id)
          expect(answer.body.included.product_aliases[item.product_alias_id].product_id).toBe(item.product_id);
      }
    }
    const ids = new Set(
      answer.body.data.flatMap((r: { line_items: { product_id: string }[] }) => r.line_items.map((i) => i.product_id)),
    );
    expect(Object.keys(answer.body.included.products).sort()).toEqual([...ids].sort());
  });

  it('in a single get, puts `included` inside the record', async () => {
    const created = (await api.post(receipts, receiptBody())).body;
    const answer = await api.get(`/api/shed/receipts/${created.id}?include=storage,products`);
    expect(answer.body.id).toBe(created.id);
    expect(Object.keys(answer.body.included).sort()).toEqual(['products', 'storages']);
    expect(answer.body.included.storages[MAIN_SHED].name).toBe('Main Chemical Shed');
    expect(answer.body.included.products[GLYPHOSATE].name).toBe('Glyphosate 540 g/L');
    expect(answer.body.line_items).toEqual(created.line_items);
  });

  it('gives requested keys even when nothing is related (empty objects)', async () => {
    const created = (await api.post(receipts, receiptBody({ line_items: [] }))).body;
    const answer = await api.get(`/api/shed/receipts/${created.id}?include=products,product_aliases`);
    expect(answer.body.included).toEqual({ products: {}, product_aliases: {} });
  });

  it('ignores unknown include values: no `included` at all when none is accepted', async () => {
    for (const include of ['widgets', 'product', 'storages', 'PRODUCTS', '']) {
      const answer = await api.get(`${receipts}?include=${include}&page_size=2`);
      expect(answer.status, include).toBe(200);
      expect('included' in answer.body, include).toBe(false);
    }
    const mixed = await api.get(`${receipts}?include=widgets,storage,,%20products%20&page_size=2`);
    expect(Object.keys(mixed.body.included).sort()).toEqual(['products', 'storages']);
  });

  it('returns accept product and storage, keyed products and storages', async () => {
    const created = (await api.post(orgPath(WILLOW, 'returns'), returnBody())).body;
    const single = await api.get(`/api/shed/returns/${created.id}?include=product,storage`);
    expect(single.body.included).toEqual({
      products: { [GLYPHOSATE]: expect.objectContaining({ name: 'Glyphosate 540 g/L' }) },
      storages: { [MAIN_SHED]: expect.objectContaining({ name: 'Main Chemical Shed' }) },
    });
    const list = await api.get(`${orgPath(WILLOW, 'returns')}?include=product,products_aliases`);
    expect(Object.keys(list.body.included)).toEqual(['products']);
    for (const ret of list.body.data) expect(list.body.included.products[ret.product_id]).toBeDefined();
    const ignored = await api.get(`/api/shed/returns/${created.id}?include=products`);
    expect('included' in ignored.body).toBe(false);
  });

  it('makes every product of the catalogue discoverable through include on the history, per organisation', async () => {
    for (const [orgId, token] of [
      [WILLOW, undefined],
      [BANKSIA, BANKSIA_TOKEN],
    ] as const) {
      const scoped = client(ctx, token);
      const seen = new Set<string>();
      const all = await listPagesRaw(scoped.get, `${orgPath(orgId, 'receipts')}?include=products`);
      Object.keys(all.included.products ?? {}).forEach((id) => seen.add(id));
      const rets = await listPagesRaw(scoped.get, `${orgPath(orgId, 'returns')}?include=product`);
      Object.keys(rets.included.products ?? {}).forEach((id) => seen.add(id));
      const catalogueProducts = [...ctx.sb.state.products.values()]
        .filter((p) => p.organisation_id === orgId)
        .map((p) => p.id);
      expect(catalogueProducts.length).toBe(31);
      expect([...seen].sort()).toEqual(catalogueProducts.sort());
    }
  });
});
