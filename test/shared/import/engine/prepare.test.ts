// Before sending, the runner prepares its drafts (prepare.ts): with a journal of no entries for this
// organisation and kind, the first creates are sent while later fingerprints are still computed (in
// sheet order still); with entries to match, nothing is sent before every fingerprint is known.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JournalEntry } from '../../../../shared/import/engine/journal.ts';
import { JournalIndex } from '../../../../shared/import/engine/journal.ts';
import { runImport } from '../../../../shared/import/engine/run.ts';
import { deferred, draft, quickCreates } from './named-records.ts';

/** Holds Web Crypto's digest of the text `held` until the returned function is called. */
function holdDigestOf(held: string): () => void {
  const gate = deferred<void>();
  const digest = crypto.subtle.digest.bind(crypto.subtle);
  vi.spyOn(crypto.subtle, 'digest').mockImplementation(async (algorithm, data) => {
    if (new TextDecoder().decode(data) === held) await gate.promise;
    return digest(algorithm, data);
  });
  return () => gate.resolve();
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('runImport prepares its drafts', () => {
  it('with a journal of nothing to match, the first creates go while a later fingerprint is computed, in sheet order', async () => {
    const release = holdDigestOf('C');
    const creates: string[] = [];
    const run = runImport([draft(2, 'A'), draft(3, 'B'), draft(4, 'C')], quickCreates(creates), [], {
      concurrency: 1,
      journal: new JournalIndex([], 'org', 'receipts'),
      sink: { append: async () => {} },
    });
    await expect.poll(() => creates).toEqual(['A', 'B']);
    release();
    expect((await run).map((r) => r.status)).toEqual(['created', 'created', 'created']);
    expect(creates).toEqual(['A', 'B', 'C']);
  });

  it('with journal entries to match, nothing is sent before every fingerprint is known', async () => {
    const release = holdDigestOf('C');
    const creates: string[] = [];
    const earlier: JournalEntry = {
      type: 'intent',
      at: '2026-01-01T00:00:00Z',
      organisationId: 'org',
      kind: 'receipts',
      fingerprint: 'f'.repeat(32),
      sheet: '',
      rowNumbers: [9],
      cursor: null,
    };
    const appended: JournalEntry[] = [];
    const run = runImport([draft(2, 'A'), draft(3, 'B'), draft(4, 'C')], quickCreates(creates), [], {
      concurrency: 1,
      journal: new JournalIndex([earlier], 'org', 'receipts'),
      sink: { append: async (entry: JournalEntry) => void appended.push(entry) },
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(creates).toEqual([]);
    expect(appended).toEqual([]);
    release();
    await run;
    expect(creates).toEqual(['A', 'B', 'C']);
  });
});
