import { describe, expect, it } from 'vitest';
import { AdaptiveLimit } from '../../../shared/client/adaptive-limit.ts';

/** A limit on a clock the test moves; sleeps move it too and are recorded. */
function setup(initial = 4, max = 32) {
  let clock = 0;
  const sleeps: number[] = [];
  const limit = new AdaptiveLimit({
    initial,
    max,
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
  });
  return { limit, sleeps, tick: (ms: number) => (clock += ms) };
}

/** A limit whose sleeps last until the test wakes them, on a clock the test sets (`time.now`). */
function heldWaits(places: number, start: number) {
  const time = { now: start };
  const waits: { ms: number; wake: () => void }[] = [];
  const limit = new AdaptiveLimit({
    initial: places,
    max: places,
    now: () => time.now,
    sleep: (ms) => new Promise<void>((wake) => waits.push({ ms, wake })),
  });
  return { limit, waits, time };
}

describe('AdaptiveLimit', () => {
  it('adds about one request in flight per round of answers while latency holds, up to the maximum', () => {
    const { limit, tick } = setup(4, 8);
    tick(2_000);
    for (let i = 0; i < 4; i++) limit.observe(200, 50);
    expect(limit.state().current).toBe(4);
    limit.observe(200, 50);
    expect(limit.state().current).toBe(5);
    for (let i = 0; i < 200; i++) limit.observe(201, 50);
    expect(limit.state()).toMatchObject({ current: 8, reached: 8, rate: null, pushedBack: 0 });
  });

  it('halves on a 429 and paces to nine tenths of what the service answered in the last second, then probes upward', async () => {
    const { limit, sleeps, tick } = setup(16, 32);
    tick(2_000);
    for (let i = 0; i < 10; i++) {
      tick(100);
      limit.observe(200, 50);
    }
    limit.observe(429, 1);
    expect(limit.state()).toMatchObject({ current: 8, rate: 9, pushedBack: 1 });
    // A burst of 429s is one push-back: no further cut within the second.
    limit.observe(429, 1);
    expect(limit.state()).toMatchObject({ current: 8, rate: 9, pushedBack: 2 });
    // Starts are spaced 1/9 s apart.
    await Promise.all(
      [1, 2, 3].map(() =>
        limit.run(
          async () => 200,
          (s) => s,
        ),
      ),
    );
    // The first start after the push-back waits its place too: the service has just refused one.
    expect(sleeps.map((ms) => Math.round(ms))).toEqual([111, 111, 111]);
    // Probing: 8.5% more each second until the service pushes back again, then a quarter request a second.
    tick(1_000);
    limit.observe(200, 50);
    expect(limit.state().rate).toBeCloseTo(9 * 1.085, 9);
    tick(600);
    limit.observe(429, 1);
    expect(limit.state()).toMatchObject({ current: 4, rate: 0.9 });
    tick(1_000);
    limit.observe(200, 50);
    expect(limit.state().rate).toBeCloseTo(1.15, 9);
  });

  it('starts waiting at the pace when the service pushes back again take their places at the new pace', async () => {
    const t0 = 2_000;
    const { limit, waits, time } = heldWaits(8, t0 - 200);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    limit.observe(200, 50);
    time.now += 100;
    limit.observe(200, 50);
    time.now = t0;
    limit.observe(429, 1); // 2 answered in the last second: 1.8 a second, a start every 556 ms
    const started: number[] = [];
    const runs = [1, 2, 3, 4].map(() =>
      limit.run(
        async () => started.push(time.now - t0),
        () => 200,
      ),
    );
    await settle();
    expect(waits.map((w) => Math.round(w.ms))).toEqual([556, 1111, 1667, 2222]);
    // Each wait ends at its time, as a timer's would; at 600 ms the service pushes back again.
    const wakeAt = async (at: number) => {
      time.now = t0 + at;
      waits.shift()!.wake();
      await settle();
    };
    await wakeAt(556);
    time.now = t0 + 600;
    limit.observe(429, 1); // 1.62 a second: a start every 617 ms from now
    for (const at of [1111, 1667, 2222]) await wakeAt(at);
    // The three still waiting at the old pace start at the new one, none before 600 + 617 ms.
    expect(waits.map((w) => Math.round(w.ms))).toEqual([106, 168, 230]);
    for (const at of [1217, 1835, 2452]) await wakeAt(at);
    await Promise.all(runs);
    expect(started.map(Math.round)).toEqual([556, 1217, 1835, 2452]);
  });

  it('a start its caller cancelled while it waited at the pace does not wait again after a push-back', async () => {
    const { limit, waits, time } = heldWaits(2, 2_000);
    limit.observe(200, 50);
    limit.observe(429, 1); // 1 answered in the last second: 0.9 a second
    let cancelled = false;
    const run = limit.run(
      async () => 'sent',
      () => 200,
      false,
      () => cancelled,
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(waits).toHaveLength(1);
    time.now += 600;
    limit.observe(429, 1);
    cancelled = true;
    waits.shift()!.wake();
    // It goes at once (the send itself refuses a cancelled request: http.ts), no second wait.
    expect(await run).toBe('sent');
    expect(waits).toHaveLength(0);
  });

  it('a 429 right after a cut for latency still sets the pace', () => {
    const { limit, tick } = setup(10, 32);
    tick(2_000);
    for (let i = 0; i < 5; i++) limit.observe(200, 20);
    limit.observe(200, 500); // latency jumps: a tenth off
    limit.observe(429, 1);
    expect(limit.state().rate).not.toBeNull();
  });

  it('takes a tenth off when latency grows to twice its baseline', () => {
    const { limit, tick } = setup(10, 32);
    tick(2_000);
    limit.observe(200, 20);
    const before = limit.state().current;
    for (let i = 0; i < 20; i++) limit.observe(200, 200);
    expect(limit.state().current).toBeLessThan(before);
  });

  it('does not read the time of a page of a list as latency: slow pages of records leave the limit', async () => {
    const { limit, tick } = setup(10, 32);
    tick(2_000);
    for (let i = 0; i < 5; i++) limit.observe(200, 20);
    const before = limit.state().current;
    const slowPage = () =>
      limit.run(
        async () => {
          tick(300);
          return 200;
        },
        (status) => ({ status, listPage: true }),
      );
    for (let i = 0; i < 20; i++) await slowPage();
    expect(limit.state().current).toBeGreaterThanOrEqual(before);
    // The same answers as creates are rising latency.
    for (let i = 0; i < 20; i++)
      await limit.run(
        async () => (tick(300), 201),
        (status) => status,
      );
    expect(limit.state().current).toBeLessThan(before);
  });

  it('a request that gets no answer is a fault: one alone leaves the limit, most answers failing cut it', async () => {
    const { limit, tick } = setup(8, 32);
    tick(2_000);
    const dropped = () =>
      limit.run(
        () => Promise.reject(new Error('ECONNRESET')),
        () => 200,
      );
    for (let i = 0; i < 9; i++) limit.observe(200, 20);
    const before = limit.state().current;
    await expect(dropped()).rejects.toThrow('ECONNRESET');
    expect(limit.state().current).toBe(before);
    for (let i = 0; i < 15; i++) await dropped().catch(() => undefined);
    expect(limit.state().current).toBeLessThan(before);
  });

  it('scattered 500s and dropped answers (30%) never shrink the limit; a 429 still halves it', () => {
    const { limit, tick } = setup(8, 32);
    for (let i = 0; i < 200; i++) {
      tick(100);
      limit.observe(i % 10 < 2 ? 500 : i % 10 === 2 ? 0 : 200, 20);
    }
    const before = limit.state().current;
    expect(before).toBeGreaterThanOrEqual(8);
    tick(1_000);
    limit.observe(429, 20);
    expect(limit.state().current).toBe(Math.floor(before / 2));
  });

  it('a scattered 500 answered at the usual latency counts toward growth like a success; a slow one, a 503 or no answer does not', () => {
    const grown = (statusOf: (i: number) => number, latencyOf: (i: number) => number = () => 50) => {
      const { limit, tick } = setup(4, 64);
      tick(2_000);
      for (let i = 0; i < 10; i++) limit.observe(201, 50);
      for (let i = 0; i < 100; i++) limit.observe(statusOf(i), latencyOf(i));
      return limit.state().current;
    };
    const allAnswered = grown(() => 201);
    // One in five a 500 at the usual latency: as fast as with no failures at all.
    expect(grown((i) => (i % 5 === 0 ? 500 : 201))).toBe(allAnswered);
    // One in five a 503, no answer, or a 500 slower than twice the baseline: slower growth.
    for (const failing of [503, 0]) expect(grown((i) => (i % 5 === 0 ? failing : 201))).toBeLessThan(allAnswered);
    expect(
      grown(
        (i) => (i % 5 === 0 ? 500 : 201),
        (i) => (i % 5 === 0 ? 500 : 50),
      ),
    ).toBeLessThan(allAnswered);
  });

  it('a scattered 503, with or without Retry-After, is a fault; in a burst of failures, with Retry-After, overload', () => {
    const { limit, tick } = setup(8, 32);
    tick(2_000);
    for (let i = 0; i < 9; i++) limit.observe(200, 20);
    const before = limit.state().current;
    limit.observe(503, 20);
    limit.observe(503, 20, true);
    expect(limit.state()).toMatchObject({ current: before, pushedBack: 0, rate: null });
    for (let i = 0; i < 15; i++) limit.observe(503, 20);
    tick(1_000);
    const burst = limit.state().current;
    limit.observe(503, 20, true);
    expect(limit.state()).toMatchObject({ current: Math.floor(burst / 2), pushedBack: 1 });
    expect(limit.state().rate).not.toBeNull();
  });

  it('after an outage (a burst of 503s with Retry-After) paces to the rate answered before it, not to the outage', () => {
    const { limit, tick } = setup(4, 32);
    // Two seconds at 100 answers a second, one in five a scattered 500.
    for (let i = 0; i < 200; i++) {
      tick(10);
      limit.observe(i % 5 === 0 ? 500 : 201, 50);
    }
    // A second down: every answer a 5xx, a 503 with Retry-After among them.
    for (let i = 0; i < 100; i++) {
      tick(10);
      limit.observe(i % 4 === 0 ? 503 : 500, 50, i % 4 === 0);
    }
    // Paced to 9/10 of its best second before (80 successes; 9/10 again at the next push-back, half a
    // second on), where the seconds of the outage answered next to none.
    expect(limit.state().pushedBack).toBeGreaterThan(0);
    expect(limit.state().rate).toBeGreaterThan(60);
  });

  it('a 429 paces to the rate answered in the last second, not a better one before', () => {
    const { limit, tick } = setup(4, 32);
    for (let i = 0; i < 200; i++) {
      tick(10);
      limit.observe(201, 50);
    }
    // The service slows to 10 answers a second for two seconds, then says 429.
    for (let i = 0; i < 20; i++) {
      tick(100);
      limit.observe(201, 50);
    }
    limit.observe(429, 50);
    expect(limit.state().rate).toBeCloseTo(9, 0);
  });

  it('random failures at a fixed share never push the pace into a spiral', () => {
    const { limit, tick } = setup(8, 32);
    for (let i = 0; i < 2_000; i++) {
      tick(10);
      const roll = (i * 7919) % 10;
      limit.observe(roll === 0 ? 503 : roll === 1 ? 500 : roll === 2 ? 0 : 200, 20, roll === 0 && i % 2 === 0);
    }
    expect(limit.state()).toMatchObject({ rate: null, pushedBack: 0 });
    expect(limit.state().current).toBeGreaterThanOrEqual(8);
  });

  it('says what it expected of its options', () => {
    expect(() => new AdaptiveLimit({ initial: 0, max: 4 })).toThrow(
      'Expected `initial` to be a whole number from 1 up, got 0',
    );
    expect(() => new AdaptiveLimit({ initial: 8, max: 4 })).toThrow('Expected `initial` (8) to be at most `max` (4)');
  });
});
