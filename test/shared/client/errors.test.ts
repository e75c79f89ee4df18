import { cliErrorMessage } from '../../../batch/cli/remedy-wording.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServiceClient, type RetryInfo, type ServiceClientOptions } from '../../../shared/client/index.ts';
import {
  AuthenticationError,
  EntitlementError,
  HttpError,
  NotFoundError,
  RequestError,
  ResponseShapeError,
  ShedError,
  ValidationError,
  parseFieldErrors,
} from '../../../shared/errors/index.ts';
import { FakeService } from './fake-service.ts';
import { ORG, receipt, receiptBody, storage } from './fixtures.ts';

let fake: FakeService;
const receiptId = String(receipt(1).id);
const receiptPath = `/api/shed/receipts/${receiptId}`;
const createPath = `/api/shed/organisations/${ORG}/receipts`;

beforeEach(async () => {
  fake = await new FakeService().start();
});
afterEach(async () => {
  await fake.close();
});

function client(extra: Partial<ServiceClientOptions> = {}) {
  return createServiceClient({
    baseUrl: fake.baseUrl,
    token: fake.token,
    minRetryDelayMs: 5,
    retries: 2,
    // Long enough that a loaded machine never times out an answer the fake gives at once; the test of
    // a hanging answer sets its own.
    timeoutMs: 3000,
    ...extra,
  });
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

describe('status codes map to typed errors', () => {
  it('401 with the gaps row 2 body is AuthenticationError', async () => {
    const error = await failure(client({ token: 'wrong-token-123456' }).listOrganisations());
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toBeInstanceOf(ShedError);
    expect(error).toMatchObject({
      name: 'AuthenticationError',
      code: 'unauthenticated',
      category: 'authentication',
      status: 401,
      method: 'GET',
      url: '/api/organisations',
      body: { error: 'unauthorized' },
      attempts: 1,
    });
    expect(error.message).toMatch(
      /^Request failed with status 401 Unauthorized: GET \/api\/organisations\. The API token was refused/,
    );
    // The core names no command: each face words the remedy (the CLI its login, the pane its Connect tab).
    expect(error.message).not.toContain('shed login');
    expect((error as ShedError).remedies).toEqual([{ code: 'check_token' }]);
    expect(cliErrorMessage(error)).toContain('Check it (shed login)');
    expect(fake.requests).toHaveLength(1);
  });

  it('401 with an empty body is AuthenticationError too', async () => {
    fake.on('GET', '/api/organisations', { status: 401 });
    const error = await failure(client().listOrganisations());
    expect(error).toMatchObject({ code: 'unauthenticated', body: null });
  });

  it('403 is EntitlementError carrying the service message', async () => {
    fake.on('GET', `/api/shed/organisations/${ORG}/storages`, {
      status: 403,
      body: { error: 'forbidden', message: 'This organisation has no active shed subscription.' },
    });
    const error = await failure(client().forOrganisation(ORG).listStorages());
    expect(error).toBeInstanceOf(EntitlementError);
    expect(error).toMatchObject({ code: 'no_entitlement', category: 'entitlement', status: 403 });
    expect(error.message).toContain('no active shed subscription');
    expect(error.message).toContain(`GET /api/shed/organisations/${ORG}/storages?page=1&page_size=200`);
  });

  it('403 with a text body is still EntitlementError', async () => {
    fake.on('GET', '/api/organisations', { status: 403, text: 'Forbidden' });
    const error = await failure(client().listOrganisations());
    expect(error).toMatchObject({ code: 'no_entitlement', body: 'Forbidden' });
  });

  it('404 is NotFoundError, not retried', async () => {
    fake.on('GET', receiptPath, { status: 404, body: { error: 'not_found' } });
    const error = await failure(client().forOrganisation(ORG).getReceipt(receiptId));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.message).toBe(
      `Request failed with status 404 Not Found: GET ${receiptPath}. No such record, or it belongs to an organisation this token cannot access`,
    );
    expect(fake.seen('GET', receiptPath)).toHaveLength(1);
  });

  it('422 is ValidationError with the field messages of gaps row 6, line items included', async () => {
    fake.on('POST', createPath, {
      status: 422,
      body: {
        errors: {
          storage_id: ['storage is locked'],
          line_items: [{}, { quantity: ['must be greater than 0'], pack_cost: ['must be greater than or equal to 0'] }],
        },
      },
    });
    const error = await failure(client().forOrganisation(ORG).createReceipt(receiptBody));
    expect(error).toBeInstanceOf(ValidationError);
    const v = error as ValidationError;
    expect(v).toMatchObject({ code: 'validation_failed', category: 'input', status: 422 });
    expect(v.fieldErrors).toEqual({
      fields: { storage_id: ['storage is locked'] },
      lineItems: [{}, { quantity: ['must be greater than 0'], pack_cost: ['must be greater than or equal to 0'] }],
    });
    expect(v.issues).toEqual([
      { path: ['storage_id'], message: 'storage is locked' },
      { path: ['line_items', 1, 'quantity'], message: 'must be greater than 0' },
      { path: ['line_items', 1, 'pack_cost'], message: 'must be greater than or equal to 0' },
    ]);
    expect(v.message).toBe(
      `Request failed with status 422 Unprocessable Entity: POST ${createPath}. The service refused: ` +
        'storage_id: storage is locked; line item 2 quantity: must be greater than 0; line item 2 pack_cost: must be greater than or equal to 0',
    );
    expect(fake.seen('POST', createPath)).toHaveLength(1);
  });

  it('another 4xx is a plain HttpError, not retried', async () => {
    fake.on('GET', receiptPath, { status: 409, body: { message: 'conflict with a newer version' } });
    const error = await failure(client().forOrganisation(ORG).getReceipt(receiptId));
    expect(error.constructor).toBe(HttpError);
    expect(error).toMatchObject({ code: 'http_error', status: 409 });
    expect(error.message).toContain('The service said: conflict with a newer version');
    expect(fake.seen('GET', receiptPath)).toHaveLength(1);
  });

  it('a redirect is not followed, so the token never goes elsewhere', async () => {
    const elsewhere = await new FakeService('other').start();
    fake.on('GET', '/api/organisations', {
      status: 307,
      headers: { Location: `${elsewhere.baseUrl}/api/organisations` },
    });
    fake.acceptAuth('x-api-key', null);
    const error = await failure(client({ auth: { header: 'x-api-key' } }).listOrganisations());
    expect(error).toMatchObject({ code: 'unexpected_redirect', category: 'config', status: 307 });
    expect(error.message).toContain(`redirected to ${elsewhere.baseUrl}/api/organisations`);
    expect(elsewhere.requests).toHaveLength(0);
    await elsewhere.close();
  });

  it('a redirect whose Location carries the token is reported without it', async () => {
    const secret = encodeURIComponent(fake.token);
    fake.on('GET', '/api/organisations', {
      status: 302,
      headers: { Location: `https://sso.example/login?next=/api&token=${secret}#${secret}` },
    });
    const error = await failure(client().listOrganisations());
    expect(error).toMatchObject({ code: 'unexpected_redirect' });
    expect(error.message).toContain('redirected to https://sso.example/login (query and credentials left out)');
    expect(`${error.message} ${JSON.stringify(error)} ${String(error.stack)}`).not.toContain(fake.token);
    fake.on('GET', '/api/organisations', { status: 302, headers: { Location: `https://sso.example/${secret}/login` } });
    const inPath = await failure(client().listOrganisations());
    expect(inPath.message).not.toContain(fake.token);
    expect(inPath.message).toContain('[redacted]');
  });

  it('a token that is not plain ASCII is refused as such, not reported as an unreachable service', () => {
    for (const token of ['abc\u00a0def', '\u201cabc\u201d', 'abc\u2013def']) {
      expect(() => createServiceClient({ baseUrl: fake.baseUrl, token })).toThrow(/not plain ASCII.*copy it again/);
    }
  });
});

describe('ValidationError tolerates any 422 body (gaps row 6)', () => {
  it.each([
    [
      'a string instead of a list',
      { errors: { supplier: "can't be blank" } },
      { fields: { supplier: ["can't be blank"] }, lineItems: [] },
    ],
    [
      'nested fields',
      { errors: { address: { street: ['missing'] } } },
      { fields: { 'address.street': ['missing'] }, lineItems: [] },
    ],
    ['errors as a list', { errors: ['bad', 'worse'] }, { fields: { base: ['bad', 'worse'] }, lineItems: [] }],
    ['errors as a string', { errors: 'bad' }, { fields: { base: ['bad'] }, lineItems: [] }],
    [
      'a bare message',
      { message: 'line_items may not be null' },
      { fields: { base: ['line_items may not be null'] }, lineItems: [] },
    ],
    ['plain text', 'Unprocessable', { fields: { base: ['Unprocessable'] }, lineItems: [] }],
    ['nothing', null, { fields: {}, lineItems: [] }],
    ['a JSON array', [1, 2], { fields: {}, lineItems: [] }],
    [
      'line_items as plain messages',
      { errors: { line_items: ['is invalid'] } },
      { fields: { line_items: ['is invalid'] }, lineItems: [] },
    ],
    [
      'a null and a string line item',
      { errors: { line_items: [null, 'product not found'] } },
      { fields: {}, lineItems: [{}, { base: ['product not found'] }] },
    ],
  ])('%s', (_name, body, expected) => {
    expect(parseFieldErrors(body)).toEqual(expected);
  });

  it('says "The service refused the data" when the body names nothing', async () => {
    fake.on('POST', createPath, { status: 422 });
    const error = await failure(client().forOrganisation(ORG).createReceipt(receiptBody));
    expect(error).toMatchObject({ code: 'validation_failed', issues: [] });
    expect(error.message).toContain('The service refused the data');
  });
});

describe('responses that do not match the schema', () => {
  it('ResponseShapeError names the method, URL and first issues', async () => {
    const bad = { ...receipt(1), sequence: undefined, received_at: 'yesterday' };
    fake.on('GET', receiptPath, { status: 200, body: bad });
    const error = await failure(client().forOrganisation(ORG).getReceipt(receiptId));
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect(error).toMatchObject({ code: 'unexpected_response', category: 'service', status: 200 });
    expect(error.message).toMatch(
      new RegExp(`^Unexpected response from the service \\(status 200\\) to GET ${receiptPath}: `),
    );
    expect(error.message).toContain('sequence: ');
    expect(error.message).toContain('received_at: ');
    expect(fake.seen('GET', receiptPath)).toHaveLength(1);
  });

  it('a created record whose answer does not parse says it was created', async () => {
    fake.on('POST', createPath, { status: 201, body: { id: 'not-a-uuid' } });
    const error = await failure(client().forOrganisation(ORG).createReceipt(receiptBody));
    expect(error).toMatchObject({ code: 'unexpected_response', status: 201 });
    expect(error.message).toContain('The record was created: do not send it again');
    expect(fake.seen('POST', createPath)).toHaveLength(1);
  });

  it('a body that is not JSON', async () => {
    fake.on('GET', receiptPath, { status: 200, text: '<html>maintenance</html>' });
    const error = await failure(client().forOrganisation(ORG).getReceipt(receiptId));
    expect(error).toMatchObject({
      code: 'unexpected_response',
      issues: [{ path: '', message: 'the body is not JSON' }],
    });
  });

  it('an empty 200 where a record was expected', async () => {
    fake.on('GET', receiptPath, { status: 200, text: '' });
    const error = await failure(client().forOrganisation(ORG).getReceipt(receiptId));
    expect(error).toMatchObject({ code: 'unexpected_response', issues: [{ path: '', message: 'the body is empty' }] });
  });

  it('a list whose records are wrong names the record index', async () => {
    fake.on('GET', `/api/shed/organisations/${ORG}/storages`, {
      status: 200,
      body: { data: [storage(1), { id: 'nope' }] },
    });
    const error = await failure(client().forOrganisation(ORG).listStorages());
    expect(error.message).toContain('data.1.id');
  });
});

describe('the token never leaks', () => {
  it('appears in no message, stack, JSON, body, cause or onRetry report, whatever goes wrong', async () => {
    const token = fake.token;
    const echo = { error: `invalid token ${token}`, message: `Bearer ${token} refused` };
    const org = `/api/shed/organisations/${ORG}`;
    fake.on('GET', '/api/organisations', { status: 401, body: echo });
    fake.on('GET', `/api/organisations/${ORG}`, { status: 403, text: `no access for ${token}` });
    fake.on('GET', receiptPath, { status: 500, body: echo });
    fake.on('POST', createPath, { status: 422, body: { errors: { base: [`token ${token} is read-only`] } } });
    fake.on('POST', `${org}/returns`, { drop: true });
    fake.on('GET', `/api/shed/returns/${receiptId}`, { hang: true });
    fake.on('GET', `/api/shed/storages/${receiptId}`, { status: 200, body: { token } });
    const reports: RetryInfo[] = [];
    const c = client({ onRetry: (info) => reports.push(info), timeoutMs: 300 });
    const o = c.forOrganisation(ORG);
    const errors = await Promise.all([
      failure(c.listOrganisations()),
      failure(c.getOrganisation(ORG)),
      failure(o.getReceipt(receiptId)),
      failure(o.createReceipt(receiptBody)),
      failure(
        o.createReturn({
          ...receiptBody,
          product_id: ORG,
          returned_at: receiptBody.received_at,
          amount_value: '1',
          amount_unit: 'l',
        }),
      ),
      failure(o.getReturn(receiptId)),
      failure(o.getStorage(receiptId)),
      failure(
        createServiceClient({
          baseUrl: 'http://127.0.0.1:1',
          token,
          retries: 1,
          minRetryDelayMs: 5,
        }).listOrganisations(),
      ),
      failure(
        Promise.resolve().then(() => createServiceClient({ baseUrl: fake.baseUrl, token: `${token}\nX-Other: 1` })),
      ),
    ]);
    expect(errors.map((e) => (e as ShedError).code)).toEqual([
      'unauthenticated',
      'no_entitlement',
      'service_error',
      'validation_failed',
      'outcome_unknown',
      'timeout',
      'unexpected_response',
      'network_error',
      'invalid_token',
    ]);
    for (const error of errors) {
      const cause = (error as { cause?: unknown }).cause;
      const texts = [
        error.message,
        String(error.stack),
        JSON.stringify(error),
        JSON.stringify(Object.entries(error)),
        String(cause),
        cause instanceof Error ? String(cause.stack) : '',
      ];
      for (const text of texts) expect(text).not.toContain(token);
    }
    expect((errors[0] as HttpError).body).toEqual({
      error: 'invalid token [redacted]',
      message: 'Bearer [redacted] refused',
    });
    expect(reports.length).toBeGreaterThan(0);
    expect(JSON.stringify(reports)).not.toContain(token);
  });
});
