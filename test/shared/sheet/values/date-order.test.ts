import { describe, it, expect } from 'vitest';
import { detectDateOrder, isAmbiguousNumericDate, parseDateCell } from '../../../../shared/sheet/values/index.ts';

describe('detectDateOrder', () => {
  it('finds no conflict in a day-first column', () => {
    expect(detectDateOrder(['3/2/2026', '27/01/2026', '03-02-2026', null, ''], 'DMY')).toEqual({ order: 'DMY' });
  });

  it('reports a value that can only be read month-first, without switching', () => {
    const check = detectDateOrder(['3/2/2026', ' 02/13/2026 ', '04/15/2026'], 'DMY');
    expect(check).toEqual({
      order: 'DMY',
      conflict: {
        message: "'02/13/2026' can only be read month-first",
        remedies: [{ code: 'choose_date_order', orders: ['MDY'], reading: 'month-first' }],
      },
      otherOrderOnly: '02/13/2026',
    });
    // The caller reports; parsing still reads day-first and refuses the month-first value.
    expect(parseDateCell('02/13/2026', check.order).ok).toBe(false);
  });

  it('accepts the same column under MDY', () => {
    expect(detectDateOrder(['3/2/2026', '02/13/2026'], 'MDY')).toEqual({ order: 'MDY' });
    expect(parseDateCell('02/13/2026', 'MDY')).toEqual({ ok: true, value: { year: 2026, month: 2, day: 13 } });
  });

  it('reports a value that can only be read day-first under MDY', () => {
    expect(detectDateOrder(['3/2/2026', '27/01/2026'], 'MDY')).toEqual({
      order: 'MDY',
      conflict: {
        message: "'27/01/2026' can only be read day-first",
        remedies: [{ code: 'choose_date_order', orders: ['DMY'], reading: 'day-first' }],
      },
      otherOrderOnly: '27/01/2026',
    });
  });

  it('reports a column that mixes both, whatever the order', () => {
    for (const order of ['DMY', 'MDY', 'YMD'] as const) {
      const check = detectDateOrder(['13/02/2026', '02/13/2026'], order);
      expect(check.order).toBe(order);
      expect(check.conflict).toEqual({
        message:
          "the column mixes day-first dates ('13/02/2026') and month-first dates ('02/13/2026'); write all its dates the same way",
      });
    }
  });

  it('reports year-last values under YMD', () => {
    expect(detectDateOrder(['26/02/03', '3/2/2026'], 'YMD')).toEqual({
      order: 'YMD',
      conflict: {
        message: "'3/2/2026' has the year last and cannot be read year-first",
        remedies: [{ code: 'choose_date_order', orders: ['DMY', 'MDY'] }],
      },
    });
    expect(detectDateOrder(['26/02/03', '2026-02-03'], 'YMD')).toEqual({ order: 'YMD' });
  });

  it('ignores date cells, numbers, ISO text, named months and words', () => {
    const values = [
      new Date(Date.UTC(2026, 1, 13)),
      46104,
      '2026-02-13',
      '2026/02/13',
      'Feb 13 2026',
      'abc',
      true,
      null,
    ];
    for (const order of ['DMY', 'MDY', 'YMD'] as const) expect(detectDateOrder(values, order)).toEqual({ order });
  });

  it('does not count impossible values (day over 31) as month-first', () => {
    expect(detectDateOrder(['02/32/2026'], 'DMY')).toEqual({ order: 'DMY' });
  });

  it('handles an empty column', () => {
    expect(detectDateOrder([], 'DMY')).toEqual({ order: 'DMY' });
  });

  it('tells ambiguous numeric dates from those only one order reads', () => {
    expect(['03/04/2026', '3-4-26', '12.1.2026'].map(isAmbiguousNumericDate)).toEqual([true, true, true]);
    expect(['3/3/2026', '13/04/2026', '04/13/2026', '2026-03-04', '3 Apr 2026'].map(isAmbiguousNumericDate)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect([new Date(Date.UTC(2026, 2, 4)), 46104, null].map(isAmbiguousNumericDate)).toEqual([false, false, false]);
  });
});
