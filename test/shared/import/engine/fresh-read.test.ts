import { describe, expect, it } from 'vitest';
import { FreshRead } from '../../../../shared/import/engine/fresh-read.ts';

/** A read the test ends by hand, on a clock it moves; `started` counts the reads begun. */
function manualRead(gatherMs: number) {
  let clock = 1_000;
  const ends: ((error?: Error) => void)[] = [];
  const read = new FreshRead(
    () => new Promise<void>((resolve, reject) => ends.push((error) => (error ? reject(error) : resolve()))),
    gatherMs,
    () => clock,
  );
  return { read, ends, started: () => ends.length, tick: (ms: number) => (clock += ms) };
}

/** Lets the timers of zero milliseconds and the promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('FreshRead', () => {
  it('begins a read at once, then gathers the callers of the next gatherMs into one read begun after them', async () => {
    const { read, ends, started, tick } = manualRead(20);
    const first = read.after();
    expect(started()).toBe(1);
    tick(1);
    // Asked while the first read runs: it began too early for them; they share the next, 19 ms on.
    const second = read.after();
    const third = read.after();
    expect(started()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(started()).toBe(2);
    ends[1]!();
    await Promise.all([second, third]);
    // The second read did not wait for the first, which is still held up.
    ends[0]!();
    await first;
  });

  it('the gathered read begins once the read under way ends; with none under way, a read begins at once', async () => {
    const { read, ends, started, tick } = manualRead(60_000);
    const first = read.after();
    tick(1);
    const second = read.after();
    await settle();
    expect(started()).toBe(1);
    // The first read ends: the second caller's read begins then, not a gather (a minute here) later.
    ends[0]!();
    await first;
    await settle();
    expect(started()).toBe(2);
    ends[1]!();
    await second;
    // Nothing under way: a caller 2 ms after the last read began gets its own read at once (the end of a run).
    tick(2);
    const third = read.after();
    expect(started()).toBe(3);
    ends[2]!();
    await third;
  });

  it('a read held up does not hold the gathered read: it begins when a later read ends', async () => {
    const { read, ends, started, tick } = manualRead(100);
    const held = read.after();
    tick(100);
    // The first read is still under way (a page retrying): the second caller's read begins a gather on.
    const second = read.after();
    expect(started()).toBe(2);
    tick(1);
    const third = read.after();
    await settle();
    expect(started()).toBe(2);
    // The second read ends while the first is still held up: the third caller's read begins at once.
    ends[1]!();
    await second;
    await settle();
    expect(started()).toBe(3);
    ends[2]!();
    await Promise.all([held, third]);
    ends[0]!();
  });

  it('a read that fails still lets the gathered read begin', async () => {
    const { read, ends, started, tick } = manualRead(60_000);
    const first = read.after();
    tick(1);
    const second = read.after();
    ends[0]!(new Error('page 1 answered 500'));
    await expect(first).rejects.toThrow('page 1 answered 500');
    await settle();
    expect(started()).toBe(2);
    ends[1]!();
    await second;
  });

  it('a read held up holds up its callers only until a later read ends well', async () => {
    const { read, ends, started, tick } = manualRead(20);
    const held = read.after();
    tick(20);
    const later = read.after();
    await settle();
    expect(started()).toBe(2);
    // The second read began after both callers asked: its end answers both.
    ends[1]!();
    await Promise.all([held, later]);
    // The first read failing afterwards is nobody's error now.
    ends[0]!(new Error('page 2 answered 503'));
    await settle();
  });

  it('a caller whose own read fails first gets its error; a read begun before a caller never answers it', async () => {
    const { read, ends, started, tick } = manualRead(20);
    const first = read.after();
    tick(20);
    const second = read.after();
    await settle();
    expect(started()).toBe(2);
    // The first read ends well, but began before the second caller asked: the second still waits.
    ends[0]!();
    await first;
    let answered = false;
    void second.then(
      () => (answered = true),
      () => (answered = true),
    );
    await settle();
    expect(answered).toBe(false);
    ends[1]!(new Error('page 1 answered 500 five times'));
    await expect(second).rejects.toThrow('page 1 answered 500 five times');
  });

  it('a later read that does not cover a caller’s records does not answer it', async () => {
    const { read, ends, started, tick } = manualRead(20);
    const wide = read.after(100);
    tick(20);
    const narrow = read.after(500);
    await settle();
    expect(started()).toBe(2);
    let answered = false;
    void wide.then(() => (answered = true));
    ends[1]!(); // lists from 500 on: says nothing of records from 100 to 500
    await narrow;
    await settle();
    expect(answered).toBe(false);
    ends[0]!();
    await wide;
  });

  it('a caller whose read is still under way after hedgeMs asks for one more, and the first to end answers it', async () => {
    const ends: ((error?: Error) => void)[] = [];
    const read = new FreshRead(
      () => new Promise<void>((resolve, reject) => ends.push((error) => (error ? reject(error) : resolve()))),
      0,
      undefined,
      10,
    );
    const caller = read.after();
    expect(ends).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(ends).toHaveLength(2);
    ends[1]!();
    await caller;
    // Its own read failing later changes nothing.
    ends[0]!(new Error('held a second by Retry-After, then failed'));
    await settle();
  });

  it('a read a hedge gathered does not begin once every caller has been answered', async () => {
    const ends: ((error?: Error) => void)[] = [];
    const clock = 1_000;
    const read = new FreshRead(
      () => new Promise<void>((resolve, reject) => ends.push((error) => (error ? reject(error) : resolve()))),
      60_000,
      () => clock,
      10,
    );
    const caller = read.after();
    // Its read is held up; the hedge asks for one more, gathered (a read began within gatherMs).
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(ends).toHaveLength(1);
    // The read ends well and answers the caller: no one is left for the gathered read.
    ends[0]!();
    await caller;
    await settle();
    expect(ends).toHaveLength(1);
  });

  it('begins at most one read per gatherMs', async () => {
    const { read, ends, started, tick } = manualRead(1_000_000);
    void read.after();
    tick(10);
    const joined = [read.after(), read.after(), read.after()];
    await settle();
    expect(started()).toBe(1);
    for (const end of ends) end();
    expect(joined).toHaveLength(3);
  });

  it('a read covers the earliest of the times its callers need records from', async () => {
    let clock = 1_000;
    const since: number[] = [];
    let endFirst = () => {};
    const firstEnded = new Promise<void>((resolve) => (endFirst = resolve));
    const read = new FreshRead(
      (sinceMs) => {
        since.push(sinceMs);
        return since.length === 1 ? firstEnded : Promise.resolve();
      },
      20,
      () => clock,
    );
    const first = read.after(500);
    clock += 1;
    // Two callers gathered into the next read while the first is under way: it lists from the
    // earlier of theirs; a third, later, from its own.
    const shared = [read.after(700), read.after(600)];
    endFirst();
    await first;
    await Promise.all(shared);
    clock += 100;
    await read.after(900);
    expect(since).toEqual([500, 600, 900]);
    await read.after();
    expect(since.at(-1)).toBe(Number.NEGATIVE_INFINITY);
  });
});
