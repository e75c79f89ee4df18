// takeBackPlan (shared/import/engine/take-back.ts): which of this run's records another run created first.
import { describe, expect, it } from 'vitest';
import { takeBackPlan } from '../../../../shared/import/engine/take-back.ts';

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
});
