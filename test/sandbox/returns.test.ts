import { describe, expect, it } from 'vitest';
import {
  BANKSIA,
  BANKSIA_TOKEN,
  CHEM_STORE,
  GLYPHOSATE,
  MAIN_SHED,
  OLD_SHEARING_SHED,
  PARAQUAT,
  SEED_SHED,
  UNKNOWN_ID,
  WILLOW,
  client,
  orgPath,
  returnBody,
  useSandbox,
} from './helpers.ts';

const returns = orgPath(WILLOW, 'returns');

// spec section 4 "Returns"; gaps row 8 (PATCH body), row 11 (locked storage).
describe('sandbox returns', () => {
  const ctx = useSandbox();
  const api = client(ctx);

  it('creates a return: 201 with sequence RET-, fields as sent, timestamps', async () => {
    const before = ctx.sb.state.sequences.get(WILLOW)!.returns;
    const answer = await api.post(returns, returnBody({ notes: 'Unopened drum' }));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      organisation_id: WILLOW,
      sequence: `RET-${String(before + 1).padStart(8, '0')}`,
      storage_id: MAIN_SHED,
      product_id: GLYPHOSATE,
      returned_at: '2026-02-12T10:00:00+11:00',
      supplier: 'Farmco Rural Supplies',
      amount_value: '20',
      amount_unit: 'l',
      notes: 'Unopened drum',
      reference: 'CN-7781',
    });
    expect(answer.body.updated_at).toBe(answer.body.inserted_at);
    expect(ctx.sb.state.returns.get(answer.body.id)).toEqual(answer.body);
  });

  it('numbers returns per organisation', async () => {
    const banksiaBefore = ctx.sb.state.sequences.get(BANKSIA)!.returns;
    const banksiaProduct = [...ctx.sb.state.products.values()].find((p) => p.organisation_id === BANKSIA)!;
    const answer = await client(ctx, BANKSIA_TOKEN).post(
      orgPath(BANKSIA, 'returns'),
      returnBody({ storage_id: CHEM_STORE, product_id: banksiaProduct.id }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body.sequence).toBe(`RET-${String(banksiaBefore + 1).padStart(8, '0')}`);
  });

  it('gets a return by id', async () => {
    const created = (await api.post(returns, returnBody())).body;
    const answer = await api.get(`/api/shed/returns/${created.id}`);
    expect(answer.body).toEqual(created);
    expect((await api.get(`/api/shed/returns/${UNKNOWN_ID}`)).status).toBe(404);
    expect((await api.get('/api/shed/returns/RET-00000001')).status).toBe(404);
  });

  it('updates any subset of the create fields and bumps updated_at', async () => {
    const created = (await api.post(returns, returnBody())).body;
    const answer = await api.patch(`${returns}/${created.id}`, {
      amount_value: '10.5',
      product_id: PARAQUAT,
      reference: null,
      storage_id: SEED_SHED,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      amount_value: '10.5',
      product_id: PARAQUAT,
      reference: null,
      storage_id: SEED_SHED,
      supplier: created.supplier,
    });
    expect(answer.body.updated_at > created.updated_at).toBe(true);
    expect(answer.body.inserted_at).toBe(created.inserted_at);
  });

  it("validates updates: decimals, unknown product, another organisation's storage, a locked storage", async () => {
    const created = (await api.post(returns, returnBody())).body;
    const cases: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ amount_value: 5 }, { amount_value: [expect.any(String)] }],
      [{ amount_value: '0' }, { amount_value: ['must be greater than 0'] }],
      [{ product_id: UNKNOWN_ID }, { product_id: ['does not exist'] }],
      [{ storage_id: CHEM_STORE }, { storage_id: ['does not exist'] }],
      [{ storage_id: OLD_SHEARING_SHED }, { storage_id: ['storage is locked'] }],
      [{ supplier: '   ' }, { supplier: [expect.any(String)] }],
    ];
    for (const [body, errors] of cases) {
      const answer = await api.patch(`${returns}/${created.id}`, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.errors, JSON.stringify(body)).toEqual(errors);
    }
    expect(ctx.sb.state.returns.get(created.id)).toEqual(created);
  });

  it('refuses a return from a locked storage', async () => {
    const answer = await api.post(returns, returnBody({ storage_id: OLD_SHEARING_SHED }));
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ errors: { storage_id: ['storage is locked'] } });
  });

  it('deletes with 204 and a deletion record; 404 afterwards', async () => {
    const created = (await api.post(returns, returnBody())).body;
    expect((await api.delete(`${returns}/${created.id}`)).status).toBe(204);
    expect((await api.get(`/api/shed/returns/${created.id}`)).status).toBe(404);
    expect((await api.patch(`${returns}/${created.id}`, { notes: 'x' })).status).toBe(404);
    expect((await api.delete(`${returns}/${created.id}`)).status).toBe(404);
    const deleted = await api.get(`${returns}/deleted?ids[]=${created.id}`);
    expect(deleted.body.data.map((d: { id: string }) => d.id)).toEqual([created.id]);
  });

  it("keeps a return out of another organisation's path", async () => {
    const created = (await api.post(returns, returnBody())).body;
    const banksia = client(ctx, BANKSIA_TOKEN);
    expect((await banksia.get(`/api/shed/returns/${created.id}`)).status).toBe(404);
    expect((await banksia.patch(`${orgPath(BANKSIA, 'returns')}/${created.id}`, { notes: 'x' })).status).toBe(404);
    expect((await banksia.delete(`${orgPath(BANKSIA, 'returns')}/${created.id}`)).status).toBe(404);
    expect(ctx.sb.state.returns.has(created.id)).toBe(true);
  });
});
