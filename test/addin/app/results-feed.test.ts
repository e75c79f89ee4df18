import { describe, expect, it } from 'vitest';
import { ResultsFeed } from '../../../addin/app/results-feed.ts';
import type { RowResult } from '../../../shared/import/outcome.ts';

const created = (rowNumber: number, message?: string): RowResult => ({
  rowNumber,
  status: 'created',
  recordId: `r${rowNumber}`,
  ...(message ? { message } : {}),
});

describe('ResultsFeed', () => {
  it('writes at most one batch per interval while the run goes on, then what is left and what changed', async () => {
    let clock = 0;
    const parts: number[][] = [];
    const feed = new ResultsFeed(
      async (results) => void parts.push(results.map((r) => r.rowNumber)),
      1_000,
      () => clock,
    );
    feed.add([created(2)]);
    feed.add([created(3)]);
    clock = 999;
    feed.add([created(4)]);
    clock = 1_000;
    feed.add([created(5)]);
    // The sweep added a note to row 2: it is written again; rows 3–5 went out already or go now.
    await feed.finish([created(2, 'a copy exists as REC-9'), created(3), created(4), created(5), created(6)]);
    expect(parts).toEqual([[2], [3, 4, 5], [2, 6]]);
    expect(feed.partsWritten).toBe(3);
  });

  it('after a failed write, writes nothing more until the end, then everything not written', async () => {
    let calls = 0;
    const parts: number[][] = [];
    const feed = new ResultsFeed(async (results) => {
      calls += 1;
      if (calls === 1) throw new Error('cell edit mode');
      parts.push(results.map((r) => r.rowNumber));
    }, 0);
    feed.add([created(2)]);
    feed.add([created(3)]);
    await feed.finish([created(2), created(3)]);
    expect(parts).toEqual([[2, 3]]);
  });

  it('a last write that fails is the run’s failure', async () => {
    const feed = new ResultsFeed(async () => {
      throw new Error('sheet protected');
    }, 0);
    await expect(feed.finish([created(2)])).rejects.toThrow('sheet protected');
  });
});
