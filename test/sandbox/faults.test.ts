import { describe, expect, it } from 'vitest';
import { SandboxOptionError, startSandbox } from '../../sandbox/index.ts';
import { WILLOW, client, orgPath, receiptBody, request, useSandbox } from './helpers.ts';

const receipts = orgPath(WILLOW, 'receipts');

// Fault injection (gaps row 18; PRODUCT.md: back-off on 429, 5xx, network errors; lost responses).
describe('sandbox fault injection', () => {
  const ctx = useSandbox({ history: false });
  const api = client(ctx);

  it('delays every request by latencyMs plus up to jitterMs', async () => {
    ctx.sb.setFaults({ latencyMs: 120, jitterMs: 60, seed: 7 });
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      expect((await api.get('/api/organisations')).status).toBe(200);
      const elapsed = performance.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(115);
      expect(elapsed).toBeLessThan(1500);
    }
    ctx.sb.setFaults({});
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await api.get('/api/organisations');
      times.push(performance.now() - started);
    }
    expect(Math.min(...times)).toBeLessThan(100);
  });

  it('failureRate 1: answers 500 or 503 before doing anything, some 503s with Retry-After', async () => {
    ctx.sb.setFaults({ failureRate: 1, seed: 3 });
    ctx.sb.stats.reset();
    const before = ctx.sb.state.receipts.size;
    const statuses = new Set<number>();
    let retryAfter = 0;
    for (let i = 0; i < 30; i++) {
      const answer = await api.post(receipts, receiptBody());
      statuses.add(answer.status);
      expect(['internal_server_error', 'service_unavailable']).toContain(answer.body.error);
      if (answer.headers.get('retry-after') !== null) {
        expect(answer.status).toBe(503);
        expect(answer.headers.get('retry-after')).toBe('1');
        retryAfter++;
      }
    }
    expect([...statuses].sort()).toEqual([500, 503]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(ctx.sb.state.receipts.size).toBe(before);
    expect(ctx.sb.stats.faultsInjected.failures).toBe(30);
    expect(ctx.sb.stats.writes).toBe(0);
    expect(ctx.sb.stats.byRoute[`POST /api/shed/organisations/:org_id/receipts`]).toBeUndefined();
    // Even a request without a token fails first: nothing is looked at.
    expect((await request(ctx.sb.url, 'GET', '/api/organisations', { token: null })).status).toBeGreaterThanOrEqual(
      500,
    );
    ctx.sb.setFaults({});
  });

  it("failureKind '500': every failure a plain 500, no 503 and no Retry-After", async () => {
    ctx.sb.setFaults({ failureRate: 1, failureKind: '500', seed: 3 });
    for (let i = 0; i < 20; i++) {
      const answer = await api.get('/api/organisations');
      expect(answer.status).toBe(500);
      expect(answer.headers.get('retry-after')).toBeNull();
    }
    ctx.sb.setFaults({});
  });

  it('a failure rate of 0.5 fails about half, reproducibly for the same seed', async () => {
    const run = async () => {
      ctx.sb.setFaults({ failureRate: 0.5, seed: 42 });
      const out: number[] = [];
      for (let i = 0; i < 40; i++) out.push((await api.get('/api/organisations')).status);
      return out;
    };
    const first = await run();
    const second = await run();
    expect(second).toEqual(first);
    const failed = first.filter((s) => s >= 500).length;
    expect(failed).toBeGreaterThan(8);
    expect(failed).toBeLessThan(32);
    ctx.sb.setFaults({});
  });

  it('rate limit: 429 with Retry-After beyond the allowance, served again after a pause', async () => {
    ctx.sb.setFaults({ rateLimit: { requestsPerSecond: 5, retryAfterSeconds: 2 } });
    ctx.sb.stats.reset();
    const answers = await Promise.all(Array.from({ length: 20 }, () => api.get('/api/organisations')));
    const limited = answers.filter((a) => a.status === 429);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(5);
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(8); // 5 + refill while the burst arrives
    expect(limited.length).toBeGreaterThanOrEqual(12);
    for (const answer of limited) {
      expect(answer.headers.get('retry-after')).toBe('2');
      expect(answer.body.error).toBe('rate_limited');
    }
    expect(ctx.sb.stats.faultsInjected.rateLimited).toBe(limited.length);
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect((await api.get('/api/organisations')).status).toBe(200);
    ctx.sb.setFaults({});
  });

  it('drop after commit: the receipt is created, but the connection closes with no response', async () => {
    ctx.sb.setFaults({ dropAfterCommitRate: 1 });
    ctx.sb.stats.reset();
    const before = ctx.sb.state.receipts.size;
    await expect(api.post(receipts, receiptBody({ order_number: 'PO-DROPPED' }))).rejects.toThrow();
    expect(ctx.sb.state.receipts.size).toBe(before + 1);
    expect([...ctx.sb.state.receipts.values()].some((r) => r.order_number === 'PO-DROPPED')).toBe(true);
    expect(ctx.sb.stats.faultsInjected.dropped).toBe(1);
    expect(ctx.sb.stats.writes).toBe(1);
    // Reads and refused writes are answered normally.
    expect((await api.get(receipts)).status).toBe(200);
    expect((await api.post(receipts, {})).status).toBe(422);
    expect(ctx.sb.stats.faultsInjected.dropped).toBe(1);
    ctx.sb.setFaults({});
    const found = await api.get(`${receipts}?page_size=200`);
    expect(found.body.data.some((r: { order_number: string }) => r.order_number === 'PO-DROPPED')).toBe(true);
  });

  it('drops PATCH and DELETE after their commit too', async () => {
    const created = (await api.post(receipts, receiptBody())).body;
    ctx.sb.setFaults({ dropAfterCommitRate: 1 });
    await expect(api.patch(`${receipts}/${created.id}`, { notes: 'patched' })).rejects.toThrow();
    expect(ctx.sb.state.receipts.get(created.id)!.notes).toBe('patched');
    await expect(api.delete(`${receipts}/${created.id}`)).rejects.toThrow();
    expect(ctx.sb.state.receipts.has(created.id)).toBe(false);
    ctx.sb.setFaults({});
  });

  it('counts requests, writes and requests per route; reset() zeroes them in place', async () => {
    const held = ctx.sb.stats.faultsInjected;
    ctx.sb.stats.reset();
    expect(held).toEqual({ failures: 0, rateLimited: 0, dropped: 0 });
    expect(ctx.sb.stats.faultsInjected).toBe(held);
    await api.get('/api/organisations');
    await api.get(receipts);
    await api.post(receipts, receiptBody());
    await api.post(receipts, { bad: true });
    expect(ctx.sb.stats.requests).toBe(4);
    expect(ctx.sb.stats.writes).toBe(1);
    expect(ctx.sb.stats.byRoute).toEqual({
      'GET /api/organisations': 1,
      'GET /api/shed/organisations/:org_id/receipts': 1,
      'POST /api/shed/organisations/:org_id/receipts': 2,
    });
  });

  it('refuses fault options out of range, keeping the settings in force', async () => {
    ctx.sb.setFaults({ failureRate: 1 });
    for (const faults of [
      { failureRate: 1.5 },
      { dropAfterCommitRate: -0.1 },
      { latencyMs: -5 },
      { jitterMs: Number.NaN },
      { rateLimit: { requestsPerSecond: 0 } },
      { failureKind: '503' as never },
    ]) {
      expect(() => ctx.sb.setFaults(faults)).toThrow(SandboxOptionError);
    }
    expect((await api.get('/api/organisations')).status).toBeGreaterThanOrEqual(500);
    await expect(startSandbox({ quiet: true, faults: { failureRate: 2 } })).rejects.toThrow(/failureRate/);
    ctx.sb.setFaults({});
    expect((await api.get('/api/organisations')).status).toBe(200);
  });
});
