import { describe, expect, it } from 'vitest';
import {
  BANKSIA,
  CHEM_STORE,
  GLYPHOSATE,
  MACHINERY_SHED,
  UNKNOWN_ID,
  WILLOW,
  catalogue,
  client,
  orgPath,
  receiptBody,
  request,
  returnBody,
  useSandbox,
} from './helpers.ts';

const receipts = orgPath(WILLOW, 'receipts');
const returns = orgPath(WILLOW, 'returns');
const banksiaProduct = catalogue().products.find((p) => p.organisation_id === BANKSIA)!.id;
const willowAliases = catalogue().product_aliases.filter((a) => a.organisation_id === WILLOW);
const glyphosateAlias = willowAliases.find((a) => a.product_id === GLYPHOSATE)!;
const otherAlias = willowAliases.find((a) => a.product_id !== GLYPHOSATE)!;
const banksiaAlias = catalogue().product_aliases.find((a) => a.organisation_id === BANKSIA)!;

// gaps row 6 (422 bodies), gaps row 9 (decimal strings); 400 and 415 are the sandbox's own choices.
describe('sandbox bad input', () => {
  const ctx = useSandbox();
  const api = client(ctx);
  const count = () => ctx.sb.state.receipts.size + ctx.sb.state.returns.size;

  it('malformed JSON: 400 {error: bad_request, message}', async () => {
    const before = count();
    for (const raw of ['{"storage_id": ', "{'a': 1}", '', 'undefined']) {
      const answer = await request(ctx.sb.url, 'POST', receipts, { raw });
      expect(answer.status, raw).toBe(400);
      expect(answer.body.error).toBe('bad_request');
      expect(answer.body.message).toMatch(/not valid JSON/);
    }
    expect(count()).toBe(before);
  });

  it('a wrong or missing content type: 415 {error: unsupported_media_type}', async () => {
    for (const contentType of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      null,
    ]) {
      const answer = await request(ctx.sb.url, 'POST', receipts, { raw: JSON.stringify(receiptBody()), contentType });
      expect(answer.status, String(contentType)).toBe(415);
      expect(answer.body.error).toBe('unsupported_media_type');
    }
    const ok = await request(ctx.sb.url, 'POST', receipts, {
      body: receiptBody(),
      contentType: 'application/json; charset=utf-8',
    });
    expect(ok.status).toBe(201);
    const patch = await request(ctx.sb.url, 'PATCH', `${receipts}/${ok.body.id}`, {
      raw: '{}',
      contentType: 'text/plain',
    });
    expect(patch.status).toBe(415);
  });

  it('a body that is not an object: 422 under base', async () => {
    for (const body of [[receiptBody()], 'receipt', 42, null]) {
      const answer = await api.post(receipts, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.errors.base).toHaveLength(1);
    }
  });

  it('missing required fields: 422 naming each one', async () => {
    const answer = await api.post(receipts, {});
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors).sort()).toEqual(['received_at', 'storage_id', 'supplier']);
    const ret = await api.post(returns, {});
    expect(Object.keys(ret.body.errors).sort()).toEqual([
      'amount_unit',
      'amount_value',
      'product_id',
      'returned_at',
      'storage_id',
      'supplier',
    ]);
  });

  it('numbers where decimal strings are required: 422 per line item, one object per submitted item', async () => {
    const body = receiptBody();
    const items = body.line_items as Record<string, unknown>[];
    items[1] = { ...items[1], quantity: 2, pack_cost: 0 };
    const answer = await api.post(receipts, body);
    expect(answer.status).toBe(422);
    expect(answer.body.errors.line_items).toHaveLength(2);
    expect(answer.body.errors.line_items[0]).toEqual({});
    expect(Object.keys(answer.body.errors.line_items[1]).sort()).toEqual(['pack_cost', 'quantity']);
    const ret = await api.post(returns, returnBody({ amount_value: 20 }));
    expect(Object.keys(ret.body.errors)).toEqual(['amount_value']);
  });

  it('decimal rules: quantity, pack size and amount above 0, cost 0 or more, no commas or units', async () => {
    const line = (over: Record<string, unknown>) =>
      receiptBody({ line_items: [{ ...(receiptBody().line_items as object[])[0], ...over }] });
    const cases: [Record<string, unknown>, string][] = [
      [{ quantity: '0' }, 'quantity'],
      [{ quantity: '-5' }, 'quantity'],
      [{ pack_size_value: '0' }, 'pack_size_value'],
      [{ pack_cost: '-0.01' }, 'pack_cost'],
      [{ pack_cost: '1,234.50' }, 'pack_cost'],
      [{ pack_size_value: '20 L' }, 'pack_size_value'],
      [{ pack_size_unit: '' }, 'pack_size_unit'],
      [{ pack_size_unit: 'x'.repeat(21) }, 'pack_size_unit'],
    ];
    for (const [over, field] of cases) {
      const answer = await api.post(receipts, line(over));
      expect(answer.status, JSON.stringify(over)).toBe(422);
      expect(Object.keys(answer.body.errors.line_items[0]), JSON.stringify(over)).toEqual([field]);
    }
    expect((await api.post(returns, returnBody({ amount_value: '0' }))).body.errors.amount_value).toHaveLength(1);
  });

  it('ids that are not UUIDs in the body: 422 naming the field', async () => {
    const answer = await api.post(
      receipts,
      receiptBody({
        storage_id: 'Main Chemical Shed',
        line_items: [{ ...(receiptBody().line_items as object[])[0], product_id: 'glyphosate' }],
      }),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.errors.storage_id).toHaveLength(1);
    expect(answer.body.errors.line_items[0].product_id).toHaveLength(1);
  });

  it('timestamps that are not ISO 8601 with a zone: 422', async () => {
    for (const received_at of ['02/03/2026', '2026-03-02', '2026-03-02T09:30:00', 46104]) {
      const answer = await api.post(receipts, receiptBody({ received_at }));
      expect(answer.status, String(received_at)).toBe(422);
      expect(Object.keys(answer.body.errors)).toEqual(['received_at']);
    }
  });

  it('another organisation\'s storage or product, or an unknown one: 422 "does not exist"', async () => {
    const before = count();
    for (const storage_id of [CHEM_STORE, MACHINERY_SHED.replace('5f4a', '5f4b'), UNKNOWN_ID]) {
      const answer = await api.post(receipts, receiptBody({ storage_id }));
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ errors: { storage_id: ['does not exist'] } });
    }
    const item = (receiptBody().line_items as object[])[0];
    const answer = await api.post(
      receipts,
      receiptBody({ line_items: [item, { ...item, product_id: banksiaProduct }, { ...item, product_id: UNKNOWN_ID }] }),
    );
    expect(answer.body).toEqual({
      errors: { line_items: [{}, { product_id: ['does not exist'] }, { product_id: ['does not exist'] }] },
    });
    const ret = await api.post(returns, returnBody({ storage_id: CHEM_STORE, product_id: banksiaProduct }));
    expect(ret.body).toEqual({ errors: { storage_id: ['does not exist'], product_id: ['does not exist'] } });
    expect(count()).toBe(before);
  });

  it("a storage of an organisation without entitlement is another organisation's storage", async () => {
    const answer = await api.post(receipts, receiptBody({ storage_id: MACHINERY_SHED }));
    expect(answer.body).toEqual({ errors: { storage_id: ['does not exist'] } });
  });

  it("product aliases: must exist in the organisation and point at the line's product", async () => {
    const item = { ...(receiptBody().line_items as object[])[0] };
    const ok = await api.post(
      receipts,
      receiptBody({ line_items: [{ ...item, product_alias_id: glyphosateAlias.id }] }),
    );
    expect(ok.status).toBe(201);
    expect(ok.body.line_items[0].product_alias_id).toBe(glyphosateAlias.id);
    const wrong = await api.post(receipts, receiptBody({ line_items: [{ ...item, product_alias_id: otherAlias.id }] }));
    expect(wrong.body.errors.line_items[0]).toEqual({ product_alias_id: ['is an alias of another product'] });
    const foreign = await api.post(
      receipts,
      receiptBody({ line_items: [{ ...item, product_alias_id: banksiaAlias.id }] }),
    );
    expect(foreign.body.errors.line_items[0]).toEqual({ product_alias_id: ['does not exist'] });
  });

  it('a line item id on create: 422', async () => {
    const item = { ...(receiptBody().line_items as object[])[0], id: UNKNOWN_ID };
    const answer = await api.post(receipts, receiptBody({ line_items: [item] }));
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors.line_items[0])).toEqual(['id']);
  });

  it('over-long strings: 422', async () => {
    expect((await api.post(receipts, receiptBody({ supplier: 's'.repeat(256) }))).body.errors.supplier).toHaveLength(1);
    expect((await api.post(receipts, receiptBody({ notes: 'n'.repeat(2001) }))).body.errors.notes).toHaveLength(1);
    expect((await api.post(returns, returnBody({ reference: 'r'.repeat(256) }))).body.errors.reference).toHaveLength(1);
  });

  it('a refused request uses no sequence number', async () => {
    const before = ctx.sb.state.sequences.get(WILLOW)!.receipts;
    await api.post(receipts, receiptBody({ storage_id: UNKNOWN_ID }));
    const created = await api.post(receipts, receiptBody());
    expect(created.body.sequence).toBe(`REC-${String(before + 1).padStart(8, '0')}`);
  });

  it('ignores fields the client may not set (id, sequence, organisation_id, timestamps)', async () => {
    const answer = await api.post(
      receipts,
      receiptBody({ id: UNKNOWN_ID, organisation_id: BANKSIA, inserted_at: '2020-01-01T00:00:00Z' }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.id).not.toBe(UNKNOWN_ID);
    expect(answer.body.organisation_id).toBe(WILLOW);
    expect(answer.body.inserted_at.startsWith('2020')).toBe(false);
  });
});
