import { describe, expect, it } from 'vitest';
import { refusePartlyLeftOut } from '../../../shared/import/left-out.ts';
import type { Problem } from '../../../shared/import/outcome.ts';

interface Draft {
  key: string;
  rowNumbers: number[];
  body: { ok: true } | null;
  problems: Problem[];
}
const draft = (key: string, rowNumbers: number[], problems: Problem[] = []): Draft => ({
  key,
  rowNumbers,
  body: problems.length ? null : { ok: true },
  problems,
});
const label = (d: Draft) => `invoice ${d.key}`;

describe('refusePartlyLeftOut', () => {
  it('refuses a record with some rows left out, naming them on each visible row; leaves whole ones alone', () => {
    // Records as grouped with every row: A is rows 2–4 (3 and 4 filtered out), B rows 5–6 (all visible),
    // C row 7 (wholly hidden: no draft).
    const out = refusePartlyLeftOut(
      [draft('A', [2]), draft('B', [5, 6])],
      [[2, 3, 4], [5, 6], [7]],
      new Set([3, 4, 7]),
      label,
    );
    expect(out.map((d) => [d.key, d.body === null])).toEqual([
      ['A', true],
      ['B', false],
    ]);
    expect(out[0]!.problems).toEqual([
      {
        code: 'partly_hidden',
        rowNumber: 2,
        message: expect.stringMatching(/^rows 3, 4 of invoice A are hidden or filtered out: nothing of it is sent/),
        remedies: [{ code: 'include_hidden' }],
      },
    ]);
  });

  it('refuses the visible parts of one record split by a hidden row as one record, without their fill-down problems', () => {
    const fillDown: Problem = { code: 'required', rowNumber: 4, message: 'Supplier is empty' };
    const out = refusePartlyLeftOut([draft('A', [2]), draft('', [4], [fillDown])], [[2, 3, 4]], new Set([3]), label);
    expect(out).toHaveLength(1);
    expect(out[0]!.rowNumbers).toEqual([2, 4]);
    expect(out[0]!.problems.map((p) => [p.code, p.rowNumber])).toEqual([
      ['partly_hidden', 2],
      ['partly_hidden', 4],
    ]);
  });

  it('changes nothing when no row is left out', () => {
    const drafts = [draft('A', [2, 3])];
    expect(refusePartlyLeftOut(drafts, [[2, 3]], new Set(), label)).toEqual(drafts);
  });
});
