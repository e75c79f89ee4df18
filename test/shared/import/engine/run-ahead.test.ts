// The runner journals a create's intent while the records before it are in flight (PREPARE_AHEAD):
// the journal's write and sync overlap the requests instead of holding a place to send.
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../../shared/import/engine/journal.ts';
import { JournalIndex } from '../../../../shared/import/engine/journal.ts';
import { runImport } from '../../../../shared/import/engine/run.ts';
import { createOnly, deferred, draft } from './named-records.ts';

/** A service whose create of `held` answers only when `release` is called. */
function heldService(held: string) {
  const gate = deferred<void>();
  const sent = deferred<void>();
  const creates: string[] = [];
  const answered = new Set<string>();
  let n = 0;
  const ops = createOnly(async (body) => {
    creates.push(body.name);
    if (body.name === held) {
      sent.resolve();
      await gate.promise;
    }
    answered.add(body.name);
    n += 1;
    return { id: `id-${n}`, sequence: `REC-${n}`, updated_at: `2026-01-01T00:00:0${n}Z`, name: body.name };
  });
  return { ops, creates, answered, heldSent: sent.promise, release: () => gate.resolve() };
}

/** A journal sink that calls `onIntent` with the count of intents so far, as each is appended. */
function watchedSink(entries: JournalEntry[], onIntent: (count: number) => void) {
  return {
    append: async (entry: JournalEntry) => {
      entries.push(entry);
      if (entry.type === 'intent') onIntent(entries.filter((e) => e.type === 'intent').length);
    },
  };
}

describe('runImport journals ahead of sending', () => {
  it('at concurrency 1, the second create’s intent is journalled while the first is in flight, and it is sent only after', async () => {
    const svc = heldService('A');
    const entries: JournalEntry[] = [];
    const second = deferred<void>();
    const sink = watchedSink(entries, (count) => count === 2 && second.resolve());
    const run = runImport([draft(2, 'A'), draft(3, 'B')], svc.ops, [], {
      concurrency: 1,
      journal: new JournalIndex([], 'org', 'receipts'),
      sink,
    });
    // B's intent came while A's answer was still awaited (A's place holds it back: never answered
    // before release), and B was not sent meanwhile.
    await Promise.all([second.promise, svc.heldSent]);
    expect(svc.answered.has('A')).toBe(false);
    expect(svc.creates).toEqual(['A']);
    svc.release();
    const results = await run;
    expect(results.map((r) => [r.rowNumber, r.status])).toEqual([
      [2, 'created'],
      [3, 'created'],
    ]);
    expect(svc.creates).toEqual(['A', 'B']);
    expect(entries.map((e) => e.type).sort()).toEqual(['created', 'created', 'intent', 'intent']);
  });

  it('interrupted while a journalled create waits for its place: it is not sent, and said so', async () => {
    const svc = heldService('A');
    const stop = new AbortController();
    const second = deferred<void>();
    const sink = watchedSink([], (count) => count === 2 && second.resolve());
    // Ctrl-C once A is in flight and B's intent is journalled; then A's answer comes.
    void Promise.all([second.promise, svc.heldSent]).then(() => {
      stop.abort();
      svc.release();
    });
    const results = await runImport([draft(2, 'A'), draft(3, 'B')], svc.ops, [], {
      concurrency: 1,
      journal: new JournalIndex([], 'org', 'receipts'),
      sink,
      signal: stop.signal,
    });
    expect(svc.creates).toEqual(['A']);
    expect(results[0]).toMatchObject({ rowNumber: 2, status: 'created' });
    expect(results[1]).toMatchObject({ rowNumber: 3, status: 'failed', notSent: true });
    expect(results[1]!.message).toMatch(/not sent: the run was interrupted/);
  });
});
