import { describe, expect, it } from 'vitest';
import {
  BANKSIA,
  BANKSIA_TOKEN,
  CHEM_STORE,
  MACHINERY_SHED,
  RED_GUM,
  UNKNOWN_ID,
  WILLOW,
  WILLOW_TOKEN,
  client,
  orgPath,
  receiptBody,
  request,
  useSandbox,
} from './helpers.ts';

// gaps rows 1-4 and 7; spec section 5.
describe('sandbox authentication and organisation scope', () => {
  const ctx = useSandbox();
  const willow = client(ctx);
  const banksia = client(ctx, BANKSIA_TOKEN);

  it('answers 401 {error: unauthorized} without a token, with an unknown one, or with another scheme', async () => {
    const cases: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer nope' },
      { Authorization: `Basic ${WILLOW_TOKEN}` },
      { Authorization: WILLOW_TOKEN },
    ];
    for (const headers of cases) {
      const answer = await request(ctx.sb.url, 'GET', '/api/organisations', { token: null, headers });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: 'unauthorized' });
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });

  it('refuses a missing token before looking at the organisation or the route', async () => {
    const answer = await request(ctx.sb.url, 'GET', orgPath(UNKNOWN_ID, 'receipts'), { token: null });
    expect(answer.status).toBe(401);
  });

  it('accepts the scheme in any case, and X-Api-Key as an alternative header', async () => {
    const lower = await request(ctx.sb.url, 'GET', '/api/organisations', {
      token: null,
      headers: { Authorization: `bearer ${WILLOW_TOKEN}` },
    });
    expect(lower.status).toBe(200);
    const apiKey = await request(ctx.sb.url, 'GET', '/api/organisations', {
      token: null,
      headers: { 'X-Api-Key': BANKSIA_TOKEN },
    });
    expect(apiKey.body.data.map((o: { id: string }) => o.id)).toEqual([BANKSIA]);
  });

  it('lists only the organisations of the token, as {data} without meta', async () => {
    const answer = await willow.get('/api/organisations');
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(['data']);
    expect(answer.body.data.map((o: { name: string }) => o.name).sort()).toEqual([
      'Red Gum Grazing',
      'Willow Creek Pastoral Co',
    ]);
    expect(Object.keys(answer.body.data[0]).sort()).toEqual(['id', 'inserted_at', 'name', 'updated_at']);
    const other = await banksia.get('/api/organisations');
    expect(other.body.data.map((o: { name: string }) => o.name)).toEqual(['Banksia Downs Trust']);
  });

  it('gets one organisation unwrapped, and 404 for one the token cannot see, an unknown one or a non-UUID', async () => {
    const answer = await willow.get(`/api/organisations/${RED_GUM}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: RED_GUM, name: 'Red Gum Grazing' });
    for (const id of [BANKSIA, UNKNOWN_ID, 'not-a-uuid', '12345']) {
      const refused = await willow.get(`/api/organisations/${id}`);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ error: 'not_found' });
    }
  });

  it('answers 403 {error: forbidden, message} on every shed endpoint of an organisation without entitlement', async () => {
    const paths = [
      'storages',
      'product_aliases',
      'receipts',
      'returns',
      'storages/deleted',
      'product_aliases/deleted',
      'receipts/deleted',
      'returns/deleted',
    ];
    for (const path of paths) {
      const answer = await willow.get(orgPath(RED_GUM, path));
      expect(answer.status, path).toBe(403);
      expect(answer.body.error).toBe('forbidden');
      expect(typeof answer.body.message).toBe('string');
    }
    const create = await willow.post(
      orgPath(RED_GUM, 'receipts'),
      receiptBody({ storage_id: MACHINERY_SHED, line_items: [] }),
    );
    expect(create.status).toBe(403);
    expect((await willow.get(`/api/shed/storages/${MACHINERY_SHED}`)).status).toBe(403);
    expect((await willow.patch(`${orgPath(RED_GUM, 'receipts')}/${UNKNOWN_ID}`, {})).status).toBe(403);
    expect((await willow.delete(`${orgPath(RED_GUM, 'returns')}/${UNKNOWN_ID}`)).status).toBe(403);
  });

  it('answers 404, not 403, for an organisation the token cannot see (existence is checked first)', async () => {
    for (const path of ['storages', 'receipts', 'returns/deleted']) {
      expect((await banksia.get(orgPath(RED_GUM, path))).status).toBe(404);
      expect((await willow.get(orgPath(UNKNOWN_ID, path))).status).toBe(404);
      expect((await willow.get(orgPath('not-a-uuid', path))).status).toBe(404);
    }
  });

  it('refuses a token for another organisation on every shed route with 404', async () => {
    expect((await willow.get(orgPath(BANKSIA, 'receipts'))).status).toBe(404);
    expect(
      (await willow.post(orgPath(BANKSIA, 'receipts'), receiptBody({ storage_id: CHEM_STORE, line_items: [] }))).status,
    ).toBe(404);
    expect((await willow.get(`/api/shed/storages/${CHEM_STORE}`)).status).toBe(404);
    const banksiaReceipt = [...ctx.sb.state.receipts.values()].find((r) => r.organisation_id === BANKSIA)!;
    expect((await willow.get(`/api/shed/receipts/${banksiaReceipt.id}`)).status).toBe(404);
    expect((await willow.patch(`${orgPath(BANKSIA, 'receipts')}/${banksiaReceipt.id}`, {})).status).toBe(404);
    expect((await willow.delete(`${orgPath(BANKSIA, 'receipts')}/${banksiaReceipt.id}`)).status).toBe(404);
    expect(ctx.sb.state.receipts.has(banksiaReceipt.id)).toBe(true);
  });

  it("answers 404 for a record of another organisation named under one's own organisation path", async () => {
    const banksiaReceipt = [...ctx.sb.state.receipts.values()].find((r) => r.organisation_id === BANKSIA)!;
    const answer = await willow.patch(`${orgPath(WILLOW, 'receipts')}/${banksiaReceipt.id}`, { supplier: 'Hijack' });
    expect(answer.status).toBe(404);
    expect((await willow.delete(`${orgPath(WILLOW, 'receipts')}/${banksiaReceipt.id}`)).status).toBe(404);
    expect(ctx.sb.state.receipts.get(banksiaReceipt.id)!.supplier).not.toBe('Hijack');
  });

  it('answers 404 {error: not_found} for unknown routes', async () => {
    const answer = await willow.get('/api/shed/nothing-here');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ error: 'not_found' });
  });
});

describe('sandbox CORS', () => {
  const ctx = useSandbox();

  it('answers a preflight from another origin without a token', async () => {
    const response = await fetch(`${ctx.sb.url}${orgPath(WILLOW, 'receipts')}`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://localhost:3000',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect(ctx.sb.stats.faultsInjected.failures).toBe(0);
  });

  it('puts CORS headers on answers and refusals, and exposes Retry-After', async () => {
    const ok = await request(ctx.sb.url, 'GET', '/api/organisations', {
      headers: { Origin: 'https://localhost:3000' },
    });
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    expect(ok.headers.get('access-control-expose-headers')).toContain('Retry-After');
    const refused = await request(ctx.sb.url, 'GET', '/api/organisations', {
      token: null,
      headers: { Origin: 'https://localhost:3000' },
    });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
  });
});
