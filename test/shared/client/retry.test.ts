import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServiceClient, type RetryInfo, type ServiceClientOptions } from '../../../shared/client/index.ts';
import {
  NetworkError,
  OutcomeUnknownError,
  RateLimitError,
  ServiceError,
  TimeoutError,
} from '../../../shared/errors/index.ts';
import { FakeService, sleep } from './fake-service.ts';
import { ORG, receipt, receiptBody, returnRecord } from './fixtures.ts';

let fake: FakeService;
let retries: RetryInfo[];
const receiptPath = `/api/shed/receipts/${String(receipt(1).id)}`;
const createPath = `/api/shed/organisations/${ORG}/receipts`;

beforeEach(async () => {
  fake = await new FakeService().start();
  retries = [];
});
afterEach(async () => {
  await fake.close();
});

/** p-retry's own first back-off in these tests, milliseconds. */
const MIN_DELAY_MS = 10;

function client(extra: Partial<ServiceClientOptions> = {}) {
  return createServiceClient({
    baseUrl: fake.baseUrl,
    token: fake.token,
    minRetryDelayMs: MIN_DELAY_MS,
    maxRetryDelayMs: 5_000,
    timeoutMs: 2_000,
    retries: 3,
    onRetry: (info) => retries.push(info),
    ...extra,
  });
}

/** The error a promise rejects with (fails the test when it resolves). */
async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

describe('retries of GET', () => {
  it('retries 500 and 503 until the service answers, reporting each retry', async () => {
    fake.on('GET', receiptPath, { status: 500 }, { status: 503 }, { status: 200, body: receipt(1) });
    const got = await client()
      .forOrganisation(ORG)
      .getReceipt(String(receipt(1).id));
    expect(got.sequence).toBe('REC-00000001');
    expect(fake.seen('GET', receiptPath)).toHaveLength(3);
    expect(retries.map((r) => [r.attempt, r.reason, r.method, r.url])).toEqual([
      [1, '500 Internal Server Error', 'GET', receiptPath],
      [2, '503 Service Unavailable', 'GET', receiptPath],
    ]);
  });

  it('ignores an onRetry callback that throws', async () => {
    fake.on('GET', receiptPath, { status: 503 }, { status: 200, body: receipt(1) });
    const c = client({
      onRetry: () => {
        throw new Error('logger broke');
      },
    });
    await expect(c.forOrganisation(ORG).getReceipt(String(receipt(1).id))).resolves.toMatchObject({
      id: receipt(1).id,
    });
    expect(fake.seen('GET', receiptPath)).toHaveLength(2);
  });

  it('gives up after `retries` with ServiceError naming the attempts', async () => {
    fake.on('GET', receiptPath, { status: 502, body: { error: 'bad_gateway' } });
    const error = await failure(
      client({ retries: 2 })
        .forOrganisation(ORG)
        .getReceipt(String(receipt(1).id)),
    );
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'service_error', category: 'service', status: 502, attempts: 3 });
    expect(error.message).toBe(
      `Request failed with status 502 Bad Gateway: GET ${receiptPath} (after 3 attempts). The service failed; try again later. The service said: bad_gateway`,
    );
    expect(fake.seen('GET', receiptPath)).toHaveLength(3);
  });

  it('honours Retry-After in seconds on 429', async () => {
    fake.on('GET', receiptPath, { status: 429, headers: { 'Retry-After': '1' } }, { status: 200, body: receipt(1) });
    const waits: number[] = [];
    await client({ sleep: async (ms) => void waits.push(ms) })
      .forOrganisation(ORG)
      .getReceipt(String(receipt(1).id));
    // The rest of the second beyond the back-off p-retry waits itself (minRetryDelayMs here).
    expect(waits).toHaveLength(1);
    expect(waits[0]! + MIN_DELAY_MS).toBeGreaterThanOrEqual(1_000);
    expect(retries).toHaveLength(1);
    expect(retries[0]!.delayMs).toBeGreaterThanOrEqual(1_000);
    expect(retries[0]!.reason).toBe('429 Too Many Requests');
  });

  it('honours Retry-After as an HTTP date on 503', async () => {
    const when = new Date(Date.now() + 3_000).toUTCString();
    fake.on('GET', receiptPath, { status: 503, headers: { 'Retry-After': when } }, { status: 200, body: receipt(1) });
    const waits: number[] = [];
    await client({ sleep: async (ms) => void waits.push(ms) })
      .forOrganisation(ORG)
      .getReceipt(String(receipt(1).id));
    // An HTTP date drops the milliseconds and the request itself takes a few, so the wait is
    // anywhere between just over 2 s and 3 s; 1.5 s is well clear of both ends.
    expect(waits[0]! + MIN_DELAY_MS).toBeGreaterThanOrEqual(1_500);
    expect(retries[0]!.delayMs).toBeGreaterThanOrEqual(1_500);
    expect(retries[0]!.delayMs).toBeLessThanOrEqual(3_000);
  });

  it('waits with exponential back-off and jitter when there is no Retry-After', async () => {
    fake.on('GET', receiptPath, { status: 503 }, { status: 503 }, { status: 503 }, { status: 200, body: receipt(1) });
    await client({ minRetryDelayMs: 40 })
      .forOrganisation(ORG)
      .getReceipt(String(receipt(1).id));
    const delays = retries.map((r) => r.delayMs);
    // Scattered faults (three of a short history): 40·1.5^k times a random factor in [1, 2].
    expect(delays).toHaveLength(3);
    delays.forEach((delay, k) => {
      expect(delay).toBeGreaterThanOrEqual(40 * 1.5 ** k);
      expect(delay).toBeLessThanOrEqual(80 * 1.5 ** k);
    });
  });

  it('gives up at once with RateLimitError when Retry-After is longer than it may wait', async () => {
    fake.on('GET', receiptPath, { status: 429, headers: { 'Retry-After': '120' } });
    const started = performance.now();
    const error = await failure(
      client({ maxRetryDelayMs: 1_000 })
        .forOrganisation(ORG)
        .getReceipt(String(receipt(1).id)),
    );
    expect(performance.now() - started).toBeLessThan(900);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: 120_000, status: 429 });
    expect(error.message).toContain('asked to wait 120 s');
    expect(fake.seen('GET', receiptPath)).toHaveLength(1);
  });

  it('ends with RateLimitError when 429 outlasts the retries', async () => {
    fake.on('GET', receiptPath, { status: 429 });
    const error = await failure(
      client({ retries: 2 })
        .forOrganisation(ORG)
        .getReceipt(String(receipt(1).id)),
    );
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ attempts: 3, retryAfterMs: null });
    expect(fake.seen('GET', receiptPath)).toHaveLength(3);
  });

  it('stops retrying once maxRetryTimeMs has passed', async () => {
    fake.on('GET', receiptPath, { status: 503, delayMs: 150 });
    const error = await failure(
      client({ retries: 50, maxRetryTimeMs: 400 })
        .forOrganisation(ORG)
        .getReceipt(String(receipt(1).id)),
    );
    expect(error).toBeInstanceOf(ServiceError);
    expect(fake.seen('GET', receiptPath).length).toBeLessThanOrEqual(4);
  });

  it('retries a GET whose connection was dropped, then succeeds', async () => {
    fake.on('GET', receiptPath, { drop: true }, { status: 200, body: receipt(1) });
    const got = await client()
      .forOrganisation(ORG)
      .getReceipt(String(receipt(1).id));
    expect(got.id).toBe(receipt(1).id);
    expect(fake.seen('GET', receiptPath)).toHaveLength(2);
    expect(retries[0]!.reason).toMatch(/^network error/);
  });

  it('times out a hanging GET, retries it, and ends with TimeoutError', async () => {
    fake.on('GET', receiptPath, { hang: true });
    const started = performance.now();
    const error = await failure(
      client({ timeoutMs: 200, retries: 1 })
        .forOrganisation(ORG)
        .getReceipt(String(receipt(1).id)),
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ code: 'timeout', category: 'connection', timeoutMs: 200, attempts: 2 });
    expect(error.message).toBe(`The service did not answer within 200 ms: GET ${receiptPath} (after 2 attempts)`);
    expect(fake.seen('GET', receiptPath)).toHaveLength(2);
    expect(retries[0]!.reason).toBe('timeout after 200 ms');
  });

  it('times out a body that stalls after the headers, then retries', async () => {
    fake.on('GET', receiptPath, { stall: true, status: 200 }, { status: 200, body: receipt(1) });
    const got = await client({ timeoutMs: 200 })
      .forOrganisation(ORG)
      .getReceipt(String(receipt(1).id));
    expect(got.id).toBe(receipt(1).id);
    expect(retries.map((r) => r.reason)).toEqual(['timeout after 200 ms']);
  });

  it('holds the timeout even when an injected fetch ignores the signal', async () => {
    const deaf: typeof fetch = () => new Promise<Response>(() => {});
    const started = performance.now();
    const error = await failure(client({ timeoutMs: 150, retries: 0, fetch: deaf }).listOrganisations());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("reports OutcomeUnknownError when a created record's answer stalls after the headers", async () => {
    fake.on('POST', createPath, { stall: true, status: 201 });
    const error = await failure(client({ timeoutMs: 200 }).forOrganisation(ORG).createReceipt(receiptBody));
    expect(error).toMatchObject({ code: 'outcome_unknown', reason: 'timeout' });
    expect(error.message).toContain('the answer was cut off');
    expect(fake.seen('POST', createPath)).toHaveLength(1);
  });

  it('a create answered 503 with Retry-After is outcome unknown, carrying the wait asked; without it, none', async () => {
    fake.on('POST', createPath, { status: 503, headers: { 'Retry-After': '2' } }, { status: 503 });
    const org = client().forOrganisation(ORG);
    const asked = await failure(org.createReceipt(receiptBody));
    expect(asked).toMatchObject({ code: 'outcome_unknown', reason: 'server_error', status: 503, retryAfterMs: 2_000 });
    const plain = await failure(org.createReceipt(receiptBody));
    expect(plain).toMatchObject({ code: 'outcome_unknown', status: 503, retryAfterMs: null });
    expect(fake.seen('POST', createPath)).toHaveLength(2);
  });

  it('reports NetworkError with the code when the service is down', async () => {
    const url = fake.baseUrl;
    await fake.close();
    const c = createServiceClient({
      baseUrl: url,
      token: 't0ken-abcdef',
      retries: 2,
      minRetryDelayMs: 5,
      onRetry: (i) => retries.push(i),
    });
    const error = await failure(c.listOrganisations());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'network_error', category: 'connection', reason: 'ECONNREFUSED', attempts: 3 });
    expect(retries.map((r) => r.reason)).toEqual(['network error (ECONNREFUSED)', 'network error (ECONNREFUSED)']);
    // Like ky's HTTPError, the message names the method and the whole URL tried, and asks the likely question.
    expect(error.message).toBe(
      `Could not reach the service (ECONNREFUSED): GET ${url}/api/organisations (after 3 attempts). ` +
        'Is the service running at that address? Check the base URL and the network connection.',
    );
    expect(error.message).not.toContain('t0ken-abcdef');
    fake = await new FakeService().start();
  });
});

describe('retries of PATCH and DELETE (idempotent)', () => {
  it('retries a PATCH on 502 and on a dropped connection', async () => {
    const path = `/api/shed/organisations/${ORG}/receipts/${String(receipt(1).id)}`;
    fake.on('PATCH', path, { status: 502 }, { drop: true }, { status: 200, body: receipt(1, { supplier: 'Elders' }) });
    const updated = await client()
      .forOrganisation(ORG)
      .updateReceipt(String(receipt(1).id), { supplier: 'Elders' });
    expect(updated.supplier).toBe('Elders');
    expect(fake.seen('PATCH', path)).toHaveLength(3);
    expect(fake.seen('PATCH', path).every((r) => JSON.stringify(r.body) === '{"supplier":"Elders"}')).toBe(true);
  });

  it('sends an update asked not to be repeated once: a 502 or a drop is an outcome unknown, for the caller to read back', async () => {
    const receiptPatch = `/api/shed/organisations/${ORG}/receipts/${String(receipt(1).id)}`;
    const returnPatch = `/api/shed/organisations/${ORG}/returns/${String(returnRecord(1).id)}`;
    fake.on('PATCH', receiptPatch, { status: 502 }, { status: 200, body: receipt(1, { supplier: 'Elders' }) });
    fake.on('PATCH', returnPatch, { drop: true }, { status: 200, body: returnRecord(1) });
    const org = client().forOrganisation(ORG);
    const once = { repeatable: false } as const;
    const receiptError = await failure(org.updateReceipt(String(receipt(1).id), { supplier: 'Elders' }, once));
    const returnError = await failure(org.updateReturn(String(returnRecord(1).id), { notes: 'x' }, once));
    expect(receiptError).toBeInstanceOf(OutcomeUnknownError);
    expect(returnError).toBeInstanceOf(OutcomeUnknownError);
    expect(fake.seen('PATCH', receiptPatch)).toHaveLength(1);
    expect(fake.seen('PATCH', returnPatch)).toHaveLength(1);
  });

  it('treats a 404 after a timed-out DELETE as deleted', async () => {
    const path = `/api/shed/organisations/${ORG}/returns/${String(returnRecord(1).id)}`;
    fake.on('DELETE', path, { hang: true }, { status: 404, body: { error: 'not_found' } });
    await expect(
      client({ timeoutMs: 150 })
        .forOrganisation(ORG)
        .deleteReturn(String(returnRecord(1).id)),
    ).resolves.toBeUndefined();
    expect(fake.seen('DELETE', path)).toHaveLength(2);
  });

  it('still reports a 404 on a first DELETE', async () => {
    const path = `/api/shed/organisations/${ORG}/returns/${String(returnRecord(1).id)}`;
    fake.on('DELETE', path, { status: 404, body: { error: 'not_found' } });
    const error = await failure(
      client()
        .forOrganisation(ORG)
        .deleteReturn(String(returnRecord(1).id)),
    );
    expect(error).toMatchObject({ code: 'not_found', status: 404 });
  });
});

describe('creates (POST) are never retried blindly', () => {
  it('raises OutcomeUnknownError when the connection drops after the request was read, sent exactly once', async () => {
    fake.on('POST', createPath, { drop: true }, { status: 201, body: receipt(1) });
    const before = new Date().toISOString();
    const error = await failure(client().forOrganisation(ORG).createReceipt(receiptBody));
    const after = new Date().toISOString();
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    const unknown = error as OutcomeUnknownError;
    expect(unknown).toMatchObject({
      code: 'outcome_unknown',
      reason: 'connection_lost',
      method: 'POST',
      url: createPath,
      status: null,
    });
    expect(unknown.startedAt >= before && unknown.startedAt <= after).toBe(true);
    expect(unknown.message).toContain(`POST ${createPath}: the connection was lost`);
    expect(unknown.message).toContain(`look for a record created since ${unknown.startedAt}`);
    expect(fake.seen('POST', createPath)).toHaveLength(1);
    expect(fake.seen('POST', createPath)[0]!.body).toEqual(receiptBody);
    expect(retries).toEqual([]);
  });

  it('raises OutcomeUnknownError on a timeout, sent exactly once', async () => {
    fake.on('POST', createPath, { hang: true });
    const started = performance.now();
    const error = await failure(client({ timeoutMs: 200 }).forOrganisation(ORG).createReceipt(receiptBody));
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    expect(error).toMatchObject({ name: 'OutcomeUnknownError', reason: 'timeout' });
    expect(error.message).toContain('no answer within 200 ms');
    expect(fake.seen('POST', createPath)).toHaveLength(1);
  });

  for (const status of [500, 502, 503, 504]) {
    it(`raises OutcomeUnknownError on ${status} (even with Retry-After), sent exactly once`, async () => {
      fake.on('POST', createPath, { status, headers: { 'Retry-After': '0' } }, { status: 201, body: receipt(1) });
      const error = await failure(client().forOrganisation(ORG).createReceipt(receiptBody));
      expect(error).toBeInstanceOf(OutcomeUnknownError);
      expect(error).toMatchObject({ reason: 'server_error', status, method: 'POST', url: createPath });
      expect(error.message).toContain(`the service answered ${status}`);
      expect(fake.seen('POST', createPath)).toHaveLength(1);
    });
  }

  it('retries a create answered 429 (the service refused before acting), honouring Retry-After', async () => {
    fake.on('POST', createPath, { status: 429, headers: { 'Retry-After': '1' } }, { status: 201, body: receipt(1) });
    const started = performance.now();
    const created = await client().forOrganisation(ORG).createReceipt(receiptBody);
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);
    expect(created.id).toBe(receipt(1).id);
    expect(fake.seen('POST', createPath)).toHaveLength(2);
  });

  it('retries a create whose connection was refused before sending (ECONNREFUSED)', async () => {
    const closed = await new FakeService().start();
    const deadUrl = closed.baseUrl;
    await closed.close();
    let calls = 0;
    const flaky: typeof fetch = (input, init) => {
      calls += 1;
      const url = String(input);
      return calls === 1 ? fetch(url.replace(fake.baseUrl, deadUrl), init) : fetch(url, init);
    };
    fake.on('POST', createPath, { status: 201, body: receipt(1) });
    const created = await client({ fetch: flaky }).forOrganisation(ORG).createReceipt(receiptBody);
    expect(created.sequence).toBe('REC-00000001');
    expect(retries.map((r) => r.reason)).toEqual(['network error (ECONNREFUSED)']);
    expect(fake.seen('POST', createPath)).toHaveLength(1);
  });

  it('treats a connection failure without a code (as in browsers) as outcome unknown', async () => {
    const browserLike: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    const error = await failure(client({ fetch: browserLike }).forOrganisation(ORG).createReceipt(receiptBody));
    expect(error).toMatchObject({ code: 'outcome_unknown', reason: 'connection_lost' });
  });

  it('raises OutcomeUnknownError when the caller cancels a create in flight', async () => {
    fake.on('POST', createPath, { hang: true });
    const controller = new AbortController();
    const pending = client().forOrganisation(ORG).createReceipt(receiptBody, { signal: controller.signal });
    await sleep(100);
    controller.abort(new Error('user pressed cancel'));
    const error = await failure(pending);
    expect(error).toMatchObject({ code: 'outcome_unknown', reason: 'cancelled' });
    expect((error as Error & { cause: Error }).cause.message).toBe('user pressed cancel');
  });

  it("rejects a cancelled GET with the caller's reason, without retrying", async () => {
    fake.on('GET', receiptPath, { hang: true });
    const controller = new AbortController();
    const pending = client()
      .forOrganisation(ORG)
      .getReceipt(String(receipt(1).id), { signal: controller.signal });
    await sleep(100);
    const reason = new Error('stop');
    controller.abort(reason);
    expect(await failure(pending)).toBe(reason);
    expect(fake.seen('GET', receiptPath)).toHaveLength(1);
  });

  it('cancels during a back-off wait', async () => {
    fake.on('GET', receiptPath, { status: 429, headers: { 'Retry-After': '3' } });
    const controller = new AbortController();
    const pending = client()
      .forOrganisation(ORG)
      .getReceipt(String(receipt(1).id), { signal: controller.signal });
    // Cancelled once the 429 has come (the 3 s wait begun), however slow the machine is to send it.
    while (fake.seen('GET', receiptPath).length === 0) await sleep(10);
    await sleep(100);
    const started = performance.now();
    controller.abort(new Error('stop'));
    expect((await failure(pending)).message).toBe('stop');
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(fake.seen('GET', receiptPath)).toHaveLength(1);
  });
});
