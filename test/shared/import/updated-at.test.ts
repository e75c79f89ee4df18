import { describe, expect, it } from 'vitest';
import { readUpdatedAt } from '../../../shared/import/updated-at.ts';

const SYDNEY = 'Australia/Sydney';

describe('readUpdatedAt', () => {
  it.each([
    ['2026-03-01T10:00:00.123456Z', '2026-03-01T10:00:00.123456Z'],
    ['2026-03-01T21:00:00+11:00', '2026-03-01T21:00:00+11:00'],
    // Wall-clock text to the second, as a spreadsheet may rewrite it: the farm's time.
    ['2026-03-01 21:00:00', '2026-03-01T10:00:00.000Z'],
  ])('%j → %j', (text, iso) => {
    expect(readUpdatedAt(text, SYDNEY)).toEqual({ ok: true, value: iso });
  });

  it('reads a date-time cell as wall-clock time, and a blank as no version', () => {
    expect(readUpdatedAt(new Date(Date.UTC(2026, 2, 1, 21, 0, 0)), SYDNEY)).toEqual({
      ok: true,
      value: '2026-03-01T10:00:00.000Z',
    });
    expect(readUpdatedAt('  ', SYDNEY)).toEqual({ ok: true, value: null });
    expect(readUpdatedAt(null, SYDNEY)).toEqual({ ok: true, value: null });
  });

  it.each(['unknown', '2026-03-01', '3/02/2026 10:00', '2026-02-30 10:00:00', '2026-03-01T10:00', '45000.5'])(
    'refuses %j, saying how to fix it',
    (text) => {
      const read = readUpdatedAt(text, SYDNEY);
      expect(read.ok).toBe(false);
      expect(!read.ok && read.message).toContain(`'${text}' is not a time shed wrote`);
    },
  );
});
