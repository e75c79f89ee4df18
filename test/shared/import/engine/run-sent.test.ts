// The results as they stand once every record is done (`onSent`): given before the sweep's list is
// read, so a face can start writing them; the sweep's notes come only in the returned results.
import { describe, expect, it } from 'vitest';
import { JournalIndex } from '../../../../shared/import/engine/journal.ts';
import type { ImportOps } from '../../../../shared/import/engine/ops.ts';
import { runImport } from '../../../../shared/import/engine/run.ts';
import type { RowResult } from '../../../../shared/import/outcome.ts';
import { type Body, type Draft, type Rec, namedKind } from './named-records.ts';

/**
 * A service whose list after the run holds `extra` (another run's copies) besides what was created,
 * each changed since by someone (so a copy of this run's is not its to take back, only to report).
 */
function service(events: string[], extra: Rec[] = []) {
  const created: Rec[] = [];
  const ops: ImportOps<Draft, Body, Rec> = {
    ...namedKind,
    async create(body) {
      const n = created.length + 1;
      const record = { id: `id-${n}`, sequence: `REC-${n}`, updated_at: `2026-01-01T00:00:0${n}Z`, name: body.name };
      created.push(record);
      return record;
    },
    update: async () => {
      throw new Error('no updates here');
    },
    get: async () => {
      throw new Error('no reads here');
    },
    listSince: async () => {
      events.push('list');
      return [...created.map((r) => ({ ...r, updated_at: '2026-01-02T00:00:00Z' })), ...extra];
    },
    diff: () => ({ body: null, changes: [] }),
    results: (d, r, status, message) =>
      d.rowNumbers.map((rowNumber) => ({ rowNumber, status, recordId: r.id, ...(message ? { message } : {}) })),
    underReview: () => false,
  };
  return ops;
}

const draft = (row: number, name: string | null): Draft =>
  ({
    rowNumbers: [row],
    body: name === null ? null : { name },
    recordId: null,
    updatedAt: null,
    problems: name === null ? [{ rowNumber: row, code: 'missing', message: 'Qty is missing' }] : [],
    warnings: [],
  }) as Draft;

const options = (events: string[], sent: (readonly RowResult[])[]) => ({
  concurrency: 2,
  journal: new JournalIndex([], 'org', 'receipts'),
  sink: { append: async () => {} },
  onSent: (results: readonly RowResult[]) => {
    events.push('sent');
    sent.push(results);
  },
});

describe('runImport says the results before its sweep', () => {
  it('once, every row sorted (the invalid ones too), before the list is read; equal to the final word without copies', async () => {
    const events: string[] = [];
    const sent: (readonly RowResult[])[] = [];
    const drafts = [draft(4, 'B'), draft(2, 'A'), draft(3, null)];
    const results = await runImport(drafts, service(events), [], options(events, sent));
    expect(events).toEqual(['sent', 'list']);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.map((r) => [r.rowNumber, r.status])).toEqual([
      [2, 'created'],
      [3, 'invalid'],
      [4, 'created'],
    ]);
    expect(results).toEqual(sent[0]);
  });

  it('an older copy made by another run meanwhile: the note is in the final word only', async () => {
    const events: string[] = [];
    const sent: (readonly RowResult[])[] = [];
    const copy = { id: 'other-1', sequence: 'REC-77', updated_at: '2026-01-01T00:00:00Z', name: 'A' };
    const results = await runImport([draft(2, 'A')], service(events, [copy]), [], options(events, sent));
    expect(sent[0]![0]!.message).toBeUndefined();
    expect(results[0]!.message).toMatch(/REC-77/);
  });

  it('not said by a dry run (there is no sweep)', async () => {
    const events: string[] = [];
    const sent: (readonly RowResult[])[] = [];
    await runImport([draft(2, 'A')], service(events), [], { ...options(events, sent), dryRun: true });
    expect(events).toEqual([]);
  });
});
