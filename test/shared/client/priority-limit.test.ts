import { describe, expect, it } from 'vitest';
import { PriorityLimit } from '../../../shared/client/priority-limit.ts';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Lets the promise callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('PriorityLimit', () => {
  it('runs at most `concurrency` calls at once, urgent waiting calls first, each queue in order', async () => {
    const limit = new PriorityLimit(1);
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof deferred>>();
    const call = (name: string, urgent = false) => {
      const gate = deferred();
      gates.set(name, gate);
      return limit.run(async () => {
        started.push(name);
        await gate.promise;
        return name;
      }, urgent);
    };
    const runs = [call('write 1'), call('write 2'), call('write 3'), call('read 1', true), call('read 2', true)];
    await settle();
    expect(started).toEqual(['write 1']);
    expect(limit.pendingCount).toBe(4);
    for (const name of ['write 1', 'read 1', 'read 2', 'write 2']) {
      gates.get(name)!.resolve();
      await settle();
    }
    expect(started).toEqual(['write 1', 'read 1', 'read 2', 'write 2', 'write 3']);
    expect(limit.activeCount).toBe(1);
    gates.get('write 3')!.resolve();
    expect(await Promise.all(runs)).toEqual(['write 1', 'write 2', 'write 3', 'read 1', 'read 2']);
    expect(limit.activeCount).toBe(0);
  });

  it('starts waiting calls when the limit grows, and ends none when it shrinks', async () => {
    const limit = new PriorityLimit(1);
    const gate = deferred();
    let running = 0;
    let most = 0;
    const call = () =>
      limit.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await gate.promise;
        running -= 1;
      });
    const runs = [call(), call(), call()];
    await settle();
    expect(running).toBe(1);
    limit.concurrency = 3;
    await settle();
    expect(running).toBe(3);
    limit.concurrency = 1;
    expect(running).toBe(3);
    gate.resolve();
    await Promise.all(runs);
    expect(most).toBe(3);
  });

  it('a call that throws gives its room back', async () => {
    const limit = new PriorityLimit(1);
    await expect(limit.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(limit.run(async () => 'next')).resolves.toBe('next');
    expect(() => new PriorityLimit(0)).toThrow(RangeError);
    expect(() => (limit.concurrency = 1.5)).toThrow(RangeError);
  });
});
