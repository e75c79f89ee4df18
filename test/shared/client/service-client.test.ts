import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServiceClient, type ServiceClientOptions } from '../../../shared/client/index.ts';
import { ShedError } from '../../../shared/errors/index.ts';
import { FakeService, uuid } from './fake-service.ts';
import { ORG, PRODUCT, STORAGE, receipt, receiptBody, returnRecord, storage } from './fixtures.ts';

let fake: FakeService;
const org = `/api/shed/organisations/${ORG}`;
const rid = String(receipt(1).id);
const tid = String(returnRecord(1).id);

beforeEach(async () => {
  fake = await new FakeService().start();
});
afterEach(async () => {
  await fake.close();
});

function client(extra: Partial<ServiceClientOptions> = {}) {
  return createServiceClient({ baseUrl: fake.baseUrl, token: fake.token, minRetryDelayMs: 5, retries: 1, ...extra });
}

describe('paths, methods and bodies (spec section 4, receipt paths per gaps row 5)', () => {
  it('receipts: get with include, create, update, delete', async () => {
    const withIncluded = { ...receipt(1), included: { products: { [PRODUCT]: { id: PRODUCT, name: 'Roundup' } } } };
    fake.on('GET', `/api/shed/receipts/${rid}`, { status: 200, body: withIncluded });
    fake.on('POST', `${org}/receipts`, { status: 201, body: receipt(1) });
    fake.on('PATCH', `${org}/receipts/${rid}`, { status: 200, body: receipt(1, { line_items: [] }) });
    fake.on('DELETE', `${org}/receipts/${rid}`, { status: 204 });
    const o = client().forOrganisation(ORG);

    const got = await o.getReceipt(rid, { include: ['products', 'product_aliases'] });
    expect(got.included?.products?.[PRODUCT]).toEqual({ id: PRODUCT, name: 'Roundup' });
    expect(fake.seen('GET', `/api/shed/receipts/${rid}`)[0]!.query).toEqual({ include: ['products,product_aliases'] });

    const created = await o.createReceipt(receiptBody);
    expect(created.line_items[0]).toMatchObject({ quantity: '4', pack_cost: '185.50', product_alias_id: null });
    const post = fake.seen('POST', `${org}/receipts`)[0]!;
    expect(post.body).toEqual(receiptBody);
    expect(post.headers['content-type']).toBe('application/json');
    expect(post.headers.accept).toBe('application/json');

    const updated = await o.updateReceipt(rid, { line_items: [] });
    expect(updated.line_items).toEqual([]);
    expect(fake.seen('PATCH', `${org}/receipts/${rid}`)[0]!.body).toEqual({ line_items: [] });

    await expect(o.deleteReceipt(rid)).resolves.toBeUndefined();
    expect(fake.seen('DELETE', `${org}/receipts/${rid}`)[0]!.body).toBeUndefined();
  });

  it('returns: get, create, update, delete (a 200 with a body is accepted for delete)', async () => {
    fake.on('GET', `/api/shed/returns/${tid}`, { status: 200, body: returnRecord(1) });
    fake.on('POST', `${org}/returns`, { status: 201, body: returnRecord(1) });
    fake.on('PATCH', `${org}/returns/${tid}`, { status: 200, body: returnRecord(1, { amount_value: '35' }) });
    fake.on('DELETE', `${org}/returns/${tid}`, { status: 200, body: { ok: true } });
    const o = client().forOrganisation(ORG);
    expect((await o.getReturn(tid, { include: ['product', 'storage'] })).sequence).toBe('RET-00000001');
    expect(fake.seen('GET', `/api/shed/returns/${tid}`)[0]!.query.include).toEqual(['product,storage']);
    const body = {
      storage_id: STORAGE,
      product_id: PRODUCT,
      returned_at: '2026-03-01T09:00:00Z',
      supplier: 'Elders',
      amount_value: '40',
      amount_unit: 'l',
    };
    expect((await o.createReturn(body)).id).toBe(tid);
    expect(fake.seen('POST', `${org}/returns`)[0]!.body).toEqual(body);
    expect((await o.updateReturn(tid, { amount_value: '35' })).amount_value).toBe('35');
    await o.deleteReturn(tid);
    expect(fake.seen('DELETE', `${org}/returns/${tid}`)).toHaveLength(1);
  });

  it('storages, product aliases and organisations', async () => {
    const sid = String(storage(1).id);
    fake.on('GET', `/api/shed/storages/${sid}`, { status: 200, body: storage(1) });
    fake.on('GET', `/api/organisations/${ORG}`, {
      status: 200,
      body: {
        id: ORG,
        name: 'Glenrowan Farms',
        inserted_at: '2025-01-01T00:00:00Z',
        updated_at: '2025-01-01T00:00:00Z',
      },
    });
    fake.list(`${org}/product_aliases`, [
      {
        id: uuid(7),
        name: 'Roundup PowerMAX',
        product_id: PRODUCT,
        organisation_id: ORG,
        updated_at: '2026-01-01T00:00:00Z',
      },
    ]);
    const c = client();
    expect((await c.forOrganisation(ORG).getStorage(sid)).name).toBe('Shed 1');
    expect((await c.getOrganisation(ORG)).name).toBe('Glenrowan Farms');
    const aliases = await c.forOrganisation(ORG).listProductAliases();
    expect(aliases.records.map((a) => a.name)).toEqual(['Roundup PowerMAX']);
    expect(aliases.totalCount).toBe(1);
  });

  it('percent-encodes ids so that they cannot change the path', async () => {
    const error = await client()
      .forOrganisation(ORG)
      .getReceipt('../../organisations')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'not_found' });
    expect(fake.requests[0]!.path).toBe('/api/shed/receipts/..%2F..%2Forganisations');
  });

  it.each([[''], ['   ']])('refuses the empty id %j without a request', async (id) => {
    await expect(client().forOrganisation(ORG).getReceipt(id)).rejects.toMatchObject({
      code: 'invalid_argument',
      category: 'usage',
    });
    await expect(client().forOrganisation(ORG).deleteReturn(id)).rejects.toBeInstanceOf(ShedError);
    expect(() => client().forOrganisation(id)).toThrow(/organisation id is required/);
    expect(fake.requests).toHaveLength(0);
  });

  it('keeps a path prefix of the base URL', async () => {
    fake.on('GET', '/prefix/api/organisations', { status: 200, body: { data: [] } });
    await client({ baseUrl: `${fake.baseUrl}/prefix/` }).listOrganisations();
    expect(fake.requests[0]!.path).toBe('/prefix/api/organisations');
  });
});

describe('the auth header (gaps row 1)', () => {
  it('sends Authorization: Bearer by default', async () => {
    fake.on('GET', '/api/organisations', { status: 200, body: { data: [] } });
    await client({ userAgent: 'shed-sheets/0.1 test' }).listOrganisations();
    expect(fake.requests[0]!.headers.authorization).toBe(`Bearer ${fake.token}`);
    expect(fake.requests[0]!.headers['user-agent']).toBe('shed-sheets/0.1 test');
  });

  it('sends the raw token in another header when configured (x-api-key)', async () => {
    fake.acceptAuth('x-api-key', null);
    fake.on('GET', '/api/organisations', { status: 200, body: { data: [] } });
    await client({ auth: { header: 'x-api-key' } }).listOrganisations();
    expect(fake.requests[0]!.headers['x-api-key']).toBe(fake.token);
    expect(fake.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('sends another scheme, or none, in Authorization', async () => {
    fake.acceptAuth('Authorization', 'Token');
    fake.on('GET', '/api/organisations', { status: 200, body: { data: [] } });
    await client({ auth: { header: 'Authorization', scheme: 'Token' } }).listOrganisations();
    expect(fake.requests[0]!.headers.authorization).toBe(`Token ${fake.token}`);
    fake.acceptAuth('Authorization', null);
    await client({ auth: { header: 'Authorization', scheme: null } }).listOrganisations();
    expect(fake.requests[1]!.headers.authorization).toBe(fake.token);
  });
});

describe('options are checked up front, without echoing the token', () => {
  it.each<[string, Partial<ServiceClientOptions>, string]>([
    ['a base URL that is not a URL', { baseUrl: 'inputs.example.com' }, 'invalid_base_url'],
    ['a base URL with another scheme', { baseUrl: 'ftp://inputs.example.com' }, 'invalid_base_url'],
    ['a base URL carrying credentials', { baseUrl: 'https://user:pw@inputs.example.com' }, 'invalid_base_url'],
    ['a base URL with a query', { baseUrl: 'https://inputs.example.com/?token=x' }, 'invalid_base_url'],
    ['an empty token', { token: '' }, 'missing_token'],
    ['a blank token', { token: '   ' }, 'missing_token'],
    ['a token with a line break inside', { token: 'abc\r\ndef' }, 'invalid_token'],
    ['a header name with a space', { auth: { header: 'X Api Key' } }, 'invalid_auth_header'],
    ['a negative retry count', { retries: -1 }, 'invalid_option'],
    ['a fractional retry count', { retries: 1.5 }, 'invalid_option'],
    ['a zero timeout', { timeoutMs: 0 }, 'invalid_option'],
    ['an infinite timeout', { timeoutMs: Infinity }, 'invalid_option'],
    ['no page concurrency', { pageConcurrency: 0 }, 'invalid_option'],
    ['a user agent with a line break', { userAgent: 'a\nb' }, 'invalid_option'],
  ])('refuses %s', (_name, extra, code) => {
    let error: unknown;
    try {
      createServiceClient({ baseUrl: 'https://inputs.example.com', token: 'secret-token-abc', ...extra });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ShedError);
    expect(error).toMatchObject({ code, category: 'config' });
    expect((error as Error).message).not.toContain('secret-token-abc');
    expect((error as Error).message).not.toContain('abc\r\ndef');
  });
});
