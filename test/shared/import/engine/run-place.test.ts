// A create's place to send is given back when its answer comes and it is said done (progress), not
// once its `created` entry is durable: the next record's request overlaps that sync; its rows come
// (onRecord) only after its own entry is durable, the run ends only once every entry is, and a stop
// asked as a record is said done still leaves the next one unsent however slow the journal.
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../../shared/import/engine/journal.ts';
import { JournalIndex } from '../../../../shared/import/engine/journal.ts';
import { runImport } from '../../../../shared/import/engine/run.ts';
import { deferred, draft, quickCreates } from './named-records.ts';

/** A journal whose `created` entries wait for `durable`, saying when the first is queued. */
function slowJournal() {
  const entries: JournalEntry[] = [];
  const firstCreated = deferred<void>();
  const durable = deferred<void>();
  return {
    entries,
    firstCreated: firstCreated.promise,
    durable: () => durable.resolve(),
    sink: {
      append: async (entry: JournalEntry) => {
        entries.push(entry);
        if (entry.type !== 'created') return;
        firstCreated.resolve();
        await durable.promise;
      },
    },
  };
}

describe('runImport gives a create’s place back on its answer', () => {
  it('a stop asked as a record is said done leaves the next unsent, while its entry is still being made durable', async () => {
    const creates: string[] = [];
    const journal = slowJournal();
    const controller = new AbortController();
    const said: number[] = [];
    const run = runImport([draft(2, 'A'), draft(3, 'B'), draft(4, 'C')], quickCreates(creates), [], {
      concurrency: 1,
      journal: new JournalIndex([], 'org', 'receipts'),
      sink: journal.sink,
      signal: controller.signal,
      onProgress: (done) => done === 1 && controller.abort(),
      onRecord: (rows) => said.push(rows[0]!.rowNumber),
    });
    await journal.firstCreated;
    // B and C are done (not sent) while A's entry is still not durable; A's rows wait for it.
    await expect.poll(() => [...said].sort()).toEqual([3, 4]);
    expect(creates).toEqual(['A']);
    journal.durable();
    const results = await run;
    expect(results.map((r) => [r.rowNumber, r.status, r.message])).toEqual([
      [2, 'created', undefined],
      [3, 'failed', 'not sent: the run was interrupted'],
      [4, 'failed', 'not sent: the run was interrupted'],
    ]);
  });

  it('the run ends only once every created entry is durable; one that cannot be written fails its rows', async () => {
    const creates: string[] = [];
    let failing = true;
    let ended = false;
    const full = deferred<void>();
    const sink = {
      append: async (entry: JournalEntry) => {
        if (entry.type === 'created' && failing) {
          failing = false;
          await full.promise;
          throw new Error('disk full');
        }
      },
    };
    const run = runImport([draft(2, 'A'), draft(3, 'B')], quickCreates(creates), [], {
      concurrency: 1,
      journal: new JournalIndex([], 'org', 'receipts'),
      sink,
    }).finally(() => (ended = true));
    await expect.poll(() => creates).toEqual(['A', 'B']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(ended).toBe(false);
    full.resolve();
    const results = await run;
    expect(results.map((r) => [r.rowNumber, r.status])).toEqual([
      [2, 'failed'],
      [3, 'created'],
    ]);
    expect(results[0]!.message).toContain('disk full');
  });

  it('at concurrency 1, the second create is sent while the first’s created entry is not yet durable; each is done only after its own entry', async () => {
    const creates: string[] = [];
    const entries: JournalEntry[] = [];
    const firstCreated = deferred<void>();
    const durable = deferred<void>();
    // A journal whose first `created` entry stays unsynced until `durable` resolves.
    const sink = {
      append: async (entry: JournalEntry) => {
        entries.push(entry);
        if (entry.type === 'created' && entries.filter((e) => e.type === 'created').length === 1) {
          firstCreated.resolve();
          await durable.promise;
        }
      },
    };
    const done: number[] = [];
    const run = runImport([draft(2, 'A'), draft(3, 'B')], quickCreates(creates), [], {
      concurrency: 1,
      journal: new JournalIndex([], 'org', 'receipts'),
      sink,
      onRecord: (rows) => done.push(rows[0]!.rowNumber),
    });
    await firstCreated.promise;
    // B is sent (and answered) while A's entry is still being made durable; A is not said done yet.
    await expect.poll(() => creates).toEqual(['A', 'B']);
    expect(done).not.toContain(2);
    durable.resolve();
    const results = await run;
    expect(results.map((r) => [r.rowNumber, r.status])).toEqual([
      [2, 'created'],
      [3, 'created'],
    ]);
    expect(done.sort()).toEqual([2, 3]);
  });

  it('still sends at most `concurrency` creates at once', async () => {
    let inFlight = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    const ops = quickCreates([]);
    ops.create = async (body) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise<void>((resolve) => gates.push(resolve));
      inFlight -= 1;
      return {
        id: `id-${body.name}`,
        sequence: `REC-${body.name}`,
        updated_at: '2026-01-01T00:00:00Z',
        name: body.name,
      };
    };
    const drafts = Array.from({ length: 9 }, (_, i) => draft(i + 2, `N${i}`));
    const run = runImport(drafts, ops, [], {
      concurrency: 2,
      journal: new JournalIndex([], 'org', 'receipts'),
      sink: { append: async () => {} },
    });
    // Answer the creates one by one as they come.
    for (let answered = 0; answered < drafts.length; answered++) {
      await expect.poll(() => gates.length).toBeGreaterThan(0);
      gates.shift()!();
    }
    await run;
    expect(most).toBe(2);
  });
});

describe('runImport’s sweep after the last create', () => {
  it('tells the list how many records the run created (a hint to ask their pages at once)', async () => {
    const ops = quickCreates([]);
    const asked: [string | null, number | undefined][] = [];
    ops.listSince = async (since, known) => {
      asked.push([since, known]);
      return [];
    };
    const drafts = Array.from({ length: 3 }, (_, i) => draft(i + 2, `N${i}`));
    await runImport(drafts, ops, [], {
      concurrency: 2,
      journal: new JournalIndex([], 'org', 'receipts'),
      sink: { append: async () => {} },
    });
    expect(asked).toEqual([[null, 3]]);
  });
});
