import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backOffMs, failureSignal } from '../../../shared/client/back-off.ts';
import { FaultWindow } from '../../../shared/client/fault-window.ts';
import { createServiceClient, type RetryInfo, type ServiceClientOptions } from '../../../shared/client/index.ts';
import { NetworkError, RateLimitError, ServiceError, TimeoutError } from '../../../shared/errors/index.ts';
import { FakeService } from './fake-service.ts';
import { ORG, receipt } from './fixtures.ts';

const TIMES = { minRetryDelayMs: 500, faultRetryDelayMs: 50, maxRetryDelayMs: 30_000 };
const target = { method: 'GET', url: '/api/x', attempts: 1 };
const answer = (status: number) => ({ status, statusText: '', body: null });

describe('backOffMs', () => {
  it('retries a scattered fault soon and backs off hard on overload or a burst of faults', () => {
    expect(backOffMs('fault', true, 1, TIMES, 0)).toBe(50);
    // A scattered fault's wait grows by half per retry (50·1.5²·1.5), not double.
    expect(backOffMs('fault', true, 3, TIMES, 0.5)).toBe(168.75);
    expect(backOffMs('fault', false, 1, TIMES, 0)).toBe(500);
    expect(backOffMs('overload', true, 1, TIMES, 0)).toBe(500);
    expect(backOffMs('overload', true, 2, TIMES, 0.999)).toBeCloseTo(1_999, 0);
    expect(backOffMs('overload', true, 20, TIMES, 0)).toBe(30_000);
  });

  it('never waits longer for a fault than for overload', () => {
    expect(backOffMs('fault', true, 1, { ...TIMES, minRetryDelayMs: 5 }, 0)).toBe(5);
  });

  it('reads a 429 and a timeout as overload; a 5xx (with Retry-After too) or a lost connection as a fault', () => {
    expect(failureSignal(new RateLimitError(target, answer(429), null))).toBe('overload');
    expect(failureSignal(new TimeoutError(target, 1_000))).toBe('overload');
    expect(failureSignal(new ServiceError(target, answer(503), 1_000))).toBe('fault');
    expect(failureSignal(new ServiceError(target, answer(503)))).toBe('fault');
    expect(failureSignal(new ServiceError(target, answer(500)))).toBe('fault');
    expect(failureSignal(new NetworkError(target, 'ECONNRESET'))).toBe('fault');
  });
});

describe('FaultWindow', () => {
  it('is in a burst when faults are 60% of the latest 40 answers, a short history counting as twenty', () => {
    const window = new FaultWindow();
    for (let i = 0; i < 11; i++) window.record(true);
    expect(window.inBurst()).toBe(false);
    window.record(true);
    expect(window.inBurst()).toBe(true);
    for (let i = 0; i < 40; i++) window.record(i % 5 === 0);
    expect(window.share()).toBeCloseTo(0.2, 9);
    expect(window.inBurst()).toBe(false);
    // Half the answers failing, in a run of them: scattered still (one in three failing looks like
    // this by chance); three in five is the service failing.
    for (let i = 0; i < 16; i++) window.record(true);
    expect(window.inBurst()).toBe(false);
    for (let i = 0; i < 4; i++) window.record(true);
    expect(window.inBurst()).toBe(true);
  });
});

describe('the back-off of a client over HTTP', () => {
  let fake: FakeService;
  let retries: RetryInfo[];
  let waits: number[];
  const path = `/api/shed/receipts/${String(receipt(1).id)}`;
  beforeEach(async () => {
    fake = await new FakeService().start();
    retries = [];
    waits = [];
  });
  afterEach(async () => {
    await fake.close();
  });
  /** p-retry waits 1·2^(n−1) ms itself; the rest is recorded in `waits`, not waited. */
  const client = (extra: Partial<ServiceClientOptions> = {}) =>
    createServiceClient({
      baseUrl: fake.baseUrl,
      token: fake.token,
      minRetryDelayMs: 400,
      faultRetryDelayMs: 1,
      retries: 8,
      onRetry: (info) => retries.push(info),
      sleep: async (ms) => void waits.push(ms),
      ...extra,
    });
  const get = (extra: Partial<ServiceClientOptions> = {}) =>
    client(extra)
      .forOrganisation(ORG)
      .getReceipt(String(receipt(1).id));

  it('retries a scattered 500 or 503 after the short back-off', async () => {
    fake.on('GET', path, { status: 500 }, { status: 503 }, { status: 200, body: receipt(1) });
    await get();
    expect(retries.map((r) => r.reason)).toEqual(['500 Internal Server Error', '503 Service Unavailable']);
    expect(retries[0]!.delayMs).toBeGreaterThanOrEqual(1);
    expect(retries[0]!.delayMs).toBeLessThanOrEqual(2);
    // The second wait half as long again as the first (1.5 ms), times 1–2.
    expect(retries[1]!.delayMs).toBeGreaterThanOrEqual(1.5);
    expect(retries[1]!.delayMs).toBeLessThanOrEqual(3);
  });

  it('backs off hard on a 429 without Retry-After, and on a timeout', async () => {
    fake.on('GET', path, { status: 429 }, { hang: true }, { status: 200, body: receipt(1) });
    await get({ timeoutMs: 100 });
    expect(retries.map((r) => r.reason)).toEqual(['429 Too Many Requests', 'timeout after 100 ms']);
    expect(retries[0]!.delayMs).toBeGreaterThanOrEqual(400);
    expect(retries[0]!.delayMs).toBeLessThanOrEqual(800);
    expect(retries[1]!.delayMs).toBeGreaterThanOrEqual(800);
    expect(retries[1]!.delayMs).toBeLessThanOrEqual(1_600);
    expect(waits[0]! + 1).toBeCloseTo(retries[0]!.delayMs, 6);
  });

  for (const mode of ['fixed', 'adaptive'] as const) {
    it(`requests their caller cancelled are not faults: the next fault is still scattered (${mode} limit)`, async () => {
      const c = client(mode === 'fixed' ? { maxInFlight: 20 } : { adaptive: { initial: 20, max: 20 } });
      const org = c.forOrganisation(ORG);
      fake.on('GET', path, ...Array.from({ length: 15 }, () => ({ hang: true as const })));
      const controller = new AbortController();
      const cancelled = Array.from({ length: 15 }, () =>
        org.getReceipt(String(receipt(1).id), { signal: controller.signal }).catch((error: unknown) => error),
      );
      // All 15 under way (each holding its hanging answer) before they are cancelled.
      while (fake.seen('GET', path).length < 15) await new Promise((resolve) => setTimeout(resolve, 5));
      controller.abort(new Error('the list was read'));
      await Promise.all(cancelled);
      fake.on('GET', path, { status: 502 }, { status: 200, body: receipt(1) });
      await org.getReceipt(String(receipt(1).id));
      // 15 failures of 15 answers would be a burst (a wait of 400 ms or more); these were cancellations.
      const faulted = retries.filter((r) => r.reason === '502 Bad Gateway');
      expect(faulted).toHaveLength(1);
      expect(faulted[0]!.delayMs).toBeLessThanOrEqual(2);
    });

    it(`backs off hard once faults are half of the latest answers (${mode} limit)`, async () => {
      fake.on('GET', path, ...Array.from({ length: 14 }, () => ({ status: 502 })), { status: 200, body: receipt(1) });
      const extra = { retries: 16, maxRetryDelayMs: 60_000 };
      await get(mode === 'fixed' ? { ...extra, maxInFlight: 4 } : { ...extra, adaptive: { initial: 4, max: 8 } });
      const delays = retries.map((r) => r.delayMs);
      // Faults 1–11 of a short history (counted as twenty answers) are scattered; the twelfth is a burst.
      delays.slice(0, 11).forEach((delay, k) => expect(delay).toBeLessThanOrEqual(2 * 1.5 ** k));
      delays
        .slice(11)
        .forEach((delay, k) => expect(delay).toBeGreaterThanOrEqual(Math.min(60_000, 400 * 2 ** (k + 11))));
      expect(delays).toHaveLength(14);
    });
  }
});
