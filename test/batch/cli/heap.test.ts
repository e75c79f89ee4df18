import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

/** Runs `body` (an ES module's statements, heap.ts imported as `heap`) in a fresh Node and returns what it printed, as JSON. */
async function fresh(body: string): Promise<unknown> {
  const script = `import * as heap from ${JSON.stringify(new URL('../../../batch/cli/heap.ts', import.meta.url).href)};\n${body}`;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: process.cwd(),
  });
  return JSON.parse(stdout.trim().split('\n').pop()!);
}

const MB = 1024 * 1024;

describe('the heap growth limit (batch/cli/heap.ts)', () => {
  it('is set only once the heap in use passes the floor, and only when the process asked for it', async () => {
    const seen = await fresh(`
      const before = heap.heapGrowthLimited(1024 * ${MB});
      heap.limitHeapGrowth();
      const small = heap.heapGrowthLimited(0);
      const under = heap.heapGrowthLimited((heap.HEAP_GROWTH_FLOOR_MB - 1) * ${MB});
      const past = heap.heapGrowthLimited(heap.HEAP_GROWTH_FLOOR_MB * ${MB});
      console.log(JSON.stringify({ before, small, under, past, after: heap.heapGrowthLimited(0) }));
    `);
    expect(seen).toEqual({ before: false, small: false, under: false, past: true, after: true });
  });

  it('a run whose heap grows past the floor is limited after its next collection, with no guard asked', async () => {
    const seen = await fresh(`
      heap.limitHeapGrowth();
      const start = heap.heapGrowthLimited(0);
      const live = [];
      for (let i = 0; i < 2_000_000; i++) live.push({ i, text: 'line ' + i });
      await new Promise((resolve) => setTimeout(resolve, 50));
      console.log(JSON.stringify({ start, limited: heap.heapGrowthLimited(0), kept: live.length }));
    `);
    expect(seen).toEqual({ start: false, limited: true, kept: 2_000_000 });
  });

  it("a memory guard's look sets it at once when the heap is past the floor", async () => {
    const seen = await fresh(`
      heap.limitHeapGrowth();
      const live = [];
      for (let i = 0; i < 2_000_000; i++) live.push({ i, text: 'line ' + i });
      const start = heap.heapGrowthLimited(0);
      const over = heap.heapGuard({ [heap.MEMORY_LIMIT_ENV]: '100000' }).over();
      console.log(JSON.stringify({ start, over, limited: heap.heapGrowthLimited(0), kept: live.length }));
    `);
    expect(seen).toEqual({ start: false, over: false, limited: true, kept: 2_000_000 });
  });
});
