import { describe, expect, it } from 'vitest';
import { FreshRead } from '../../../../shared/import/engine/fresh-read.ts';

/** A read the test ends by hand; `started` counts the reads begun. */
function manualRead() {
  const ends: ((error?: Error) => void)[] = [];
  const read = new FreshRead(
    () => new Promise<void>((resolve, reject) => ends.push((error) => (error ? reject(error) : resolve()))),
  );
  return { read, ends, started: () => ends.length };
}

describe('FreshRead', () => {
  it('gives every caller a read begun after it asked, sharing one next read among those who asked meanwhile', async () => {
    const { read, ends, started } = manualRead();
    const seen: string[] = [];
    const first = read.after().then(() => seen.push('first'));
    expect(started()).toBe(1);
    // Asked while the first read runs: it is too early for them; they share the next.
    const second = read.after().then(() => seen.push('second'));
    const third = read.after().then(() => seen.push('third'));
    expect(started()).toBe(1);
    ends[0]!();
    await first;
    await Promise.resolve();
    expect(seen).toEqual(['first']);
    expect(started()).toBe(2);
    ends[1]!();
    await Promise.all([second, third]);
    expect(seen).toEqual(['first', 'second', 'third']);
    // Nothing running: a new caller starts a read of its own.
    const fourth = read.after();
    expect(started()).toBe(3);
    ends[2]!();
    await fourth;
  });

  it("gives a read's error to every caller sharing it, and starts afresh after it", async () => {
    const { read, ends, started } = manualRead();
    const first = read.after();
    const second = read.after();
    ends[0]!(new Error('list failed'));
    await expect(first).rejects.toThrow('list failed');
    await Promise.resolve();
    await Promise.resolve();
    expect(started()).toBe(2);
    ends[1]!(new Error('again'));
    await expect(second).rejects.toThrow('again');
    const third = read.after();
    expect(started()).toBe(3);
    ends[2]!();
    await expect(third).resolves.toBeUndefined();
  });
});
