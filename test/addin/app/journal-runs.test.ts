/** The pane journal's runs: which were interrupted (naming their records), which are old enough to prune. */
import { describe, expect, it } from 'vitest';
import { expiredRuns, unfinishedRuns, type RunRecord, type StoredEntry } from '../../../addin/app/journal-runs.ts';
import type { JournalEntry } from '../../../shared/import/engine/journal.ts';

const run = (
  id: string,
  finished: string | null,
  placed: number[] = [],
  started = '2026-03-01T00:00:00.000Z',
): RunRecord => ({
  id,
  workbook: 'wb',
  sheet: 'Invoices',
  kind: 'receipts',
  started,
  finished,
  placed,
});
const base = { at: '2026-03-01T00:00:00.000Z', organisationId: 'org', kind: 'receipts' as const };
const intent = (rows: number[]): JournalEntry => ({
  ...base,
  type: 'intent',
  fingerprint: 'f',
  sheet: 'Invoices',
  rowNumbers: rows,
  cursor: null,
});
const created = (rows: number[]): JournalEntry => ({
  ...base,
  type: 'created',
  fingerprint: 'f',
  sheet: 'Invoices',
  recordId: 'r',
  sequence: 'REC-1',
  lineItemIds: [],
  rowNumbers: rows,
});
const kept = (runId: string, entry: JournalEntry, label: string): StoredEntry => ({
  workbook: 'wb',
  run: runId,
  label,
  entry,
});

describe('unfinished runs', () => {
  it('names the records sent or being sent whose rows have no results; finished runs and placed rows are not named', () => {
    const stored = [
      kept('a', intent([2, 3]), 'invoice A-1'),
      kept('a', created([2, 3]), 'invoice A-1'),
      kept('a', intent([4]), 'invoice A-2'),
      kept('a', intent([5]), 'invoice A-3'),
      kept('b', intent([2]), 'invoice B-1'),
    ];
    const runs = [run('a', null, [5]), run('b', '2026-03-02T00:00:00.000Z')];
    expect(unfinishedRuns(runs, stored).map((u) => [u.run.id, u.records])).toEqual([
      ['a', ['invoice A-1', 'invoice A-2']],
    ]);
  });

  it('a run stopped before sending anything needs no finishing', () => {
    expect(unfinishedRuns([run('c', null)], [])).toEqual([]);
  });
});

describe('expired runs', () => {
  it('finished more than 90 days ago; unfinished runs are kept however old', () => {
    const now = new Date('2026-06-30T00:00:00.000Z');
    const runs = [
      run('old', '2026-03-01T00:00:00.000Z'),
      run('recent', '2026-04-15T00:00:00.000Z'),
      run('open', null, [], '2025-01-01T00:00:00.000Z'),
    ];
    expect(expiredRuns(runs, now).map((r) => r.id)).toEqual(['old']);
  });
});
