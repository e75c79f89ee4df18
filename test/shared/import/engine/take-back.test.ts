// takeBackPlan (shared/import/engine/take-back.ts): which of this run's records another run created first;
// settleTwins: those taken back, and the copies left reported.
import { describe, expect, it } from 'vitest';
import type { ImportDraft, ImportOps } from '../../../../shared/import/engine/ops.ts';
import { settleTwins, takeBackPlan } from '../../../../shared/import/engine/take-back.ts';
import type { RowResult } from '../../../../shared/import/outcome.ts';

interface Rec {
  id: string;
  sequence: string;
  updated_at: string;
  inserted_at?: string;
  name: string;
}

const rec = (id: string, name: string, at: string): Rec => ({
  id,
  sequence: `REC-${id}`,
  updated_at: at,
  inserted_at: at,
  name,
});

describe('takeBackPlan', () => {
  it('with no record of another run listed, works out no identity at all', () => {
    const ours = Array.from({ length: 5 }, (_, i) => rec(`o${i}`, `N${i}`, `2026-01-01T00:00:0${i}Z`));
    let identities = 0;
    const plan = takeBackPlan({
      createdAs: new Map(ours.map((r) => [r.id, r.updated_at])),
      knownAtStart: new Set(['k1']),
      changedSince: [...ours, rec('k1', 'N1', '2026-01-01T00:00:00Z')],
      identityOf: (r) => (identities++, r.name),
    });
    expect(plan).toEqual([]);
    expect(identities).toBe(0);
  });

  it('takes back ours when another run created the same first, naming the earliest such copy', () => {
    const ours = rec('o1', 'A', '2026-01-01T00:00:05Z');
    const changedOurs = rec('o2', 'B', '2026-01-01T00:00:09Z');
    const later = rec('x3', 'A', '2026-01-01T00:00:06Z');
    const first = rec('x2', 'A', '2026-01-01T00:00:02Z');
    const earlier = rec('x1', 'A', '2026-01-01T00:00:03Z');
    const otherB = rec('x4', 'B', '2026-01-01T00:00:01Z');
    const plan = takeBackPlan({
      createdAs: new Map([
        ['o1', ours.updated_at],
        ['o2', '2026-01-01T00:00:07Z'], // changed since its create answered: not ours to delete
      ]),
      knownAtStart: new Set(),
      changedSince: [ours, changedOurs, later, earlier, first, otherB],
      identityOf: (r) => r.name,
    });
    expect(plan).toEqual([{ ours, first }]);
  });

  it("never takes back ours for a copy this run's own lost create adopted (two equal invoices sent as allowed)", () => {
    const adopted = rec('a1', 'A', '2026-01-01T00:00:01Z'); // row 2: its answer was lost, the record adopted
    const ours = rec('o2', 'A', '2026-01-01T00:00:02Z'); // row 3: created, answered
    const plan = takeBackPlan({
      createdAs: new Map([['o2', ours.updated_at]]),
      knownAtStart: new Set(),
      changedSince: [adopted, ours],
      identityOf: (r) => r.name,
      adoptedAfterLoss: new Set(['a1']),
    });
    expect(plan).toEqual([]);
  });
});

describe('settleTwins', () => {
  type Draft = ImportDraft<{ name: string }>;
  const draft: Draft = {
    rowNumbers: [2, 3],
    body: { name: 'A' },
    recordId: null,
    updatedAt: null,
    problems: [],
    warnings: [],
  };
  // The parts of ImportOps settleTwins uses, over a list of records deletes remove from.
  const opsOver = (removed: string[]) =>
    ({
      kind: 'receipts',
      organisationId: 'org',
      identityOfRecord: (r: Rec) => r.name,
      remove: async (id: string) => void removed.push(id),
      results: (d: Draft, r: Rec, status: RowResult['status'], message?: string): RowResult[] =>
        d.rowNumbers.map((rowNumber) => ({ rowNumber, status, recordId: r.id, sequence: r.sequence, message })),
    }) as unknown as ImportOps<Draft, Draft['body'], Rec>;

  it('reports a third copy beside the first copy its rows were given after taking back its own (a late commit of its own lost send)', async () => {
    const ours = rec('o1', 'A', '2026-01-01T00:00:05Z');
    const first = rec('x1', 'A', '2026-01-01T00:00:02Z');
    const third = rec('x2', 'A', '2026-01-01T00:00:03Z');
    const removed: string[] = [];
    const results = await settleTwins({
      results: draft.rowNumbers.map((rowNumber) => ({
        rowNumber,
        status: 'created',
        recordId: 'o1',
        sequence: 'REC-o1',
      })),
      drafts: [draft],
      ops: opsOver(removed),
      existingRecords: [],
      changed: [ours, first, third],
      createdAs: new Map([['o1', ours.updated_at]]),
      identities: ['A'],
      options: { sink: { append: async () => undefined } },
    });
    expect(removed).toEqual(['o1']);
    for (const row of results) {
      expect(row).toMatchObject({ status: 'unchanged', recordId: 'x1', twinSequences: ['REC-x2'] });
      expect(row.message).toMatch(/REC-x2/);
    }
  });

  it('reports nothing more when the first copy is the only other one', async () => {
    const ours = rec('o1', 'A', '2026-01-01T00:00:05Z');
    const first = rec('x1', 'A', '2026-01-01T00:00:02Z');
    const results = await settleTwins({
      results: [{ rowNumber: 2, status: 'created', recordId: 'o1', sequence: 'REC-o1' }],
      drafts: [draft],
      ops: opsOver([]),
      existingRecords: [],
      changed: [ours, first],
      createdAs: new Map([['o1', ours.updated_at]]),
      identities: ['A'],
      options: { sink: { append: async () => undefined } },
    });
    expect(results[0]).toMatchObject({ status: 'unchanged', recordId: 'x1' });
    expect(results[0]!.twinSequences).toBeUndefined();
  });
});
