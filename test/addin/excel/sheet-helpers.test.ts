import { describe, expect, it } from 'vitest';
import {
  blockToRows,
  dateToSerial,
  estimatePayloadBytes,
  isPayloadTooLarge,
  needsTextPrefix,
  runChunked,
  serialToDate,
  takeRows,
  toCellValue,
  toExcelValue,
  utf8Length,
} from '../../../addin/excel/sheet-helpers.ts';

describe('serials and dates', () => {
  it('converts with UTC parts, as exceljs does', () => {
    expect(serialToDate(46056).toISOString()).toBe('2026-02-03T00:00:00.000Z');
    expect(serialToDate(46056.5).toISOString()).toBe('2026-02-03T12:00:00.000Z');
    expect(serialToDate(1).toISOString()).toBe('1899-12-31T00:00:00.000Z');
    expect(dateToSerial(new Date('2026-02-03T00:00:00Z'))).toBe(46056);
    expect(dateToSerial(serialToDate(45123.25))).toBeCloseTo(45123.25, 9);
  });

  it('rounds to the millisecond (no 23:59:59.999 from float error)', () => {
    expect(serialToDate(46056 + 1 / 3).getUTCMilliseconds()).toBe(0);
  });
});

describe('toCellValue and blockToRows', () => {
  it('maps empty text to null, date-formatted numbers to dates, and keeps the rest', () => {
    expect(toCellValue('', 'dd/mm/yyyy')).toBeNull();
    expect(toCellValue(46056, 'dd/mm/yyyy')).toEqual(new Date('2026-02-03T00:00:00Z'));
    expect(toCellValue(46056, 'General')).toBe(46056);
    expect(toCellValue(46056, undefined)).toBe(46056);
    expect(toCellValue('46056', 'dd/mm/yyyy')).toBe('46056');
    expect(toCellValue(false, 'General')).toBe(false);
    expect(toCellValue('#DIV/0!', 'General')).toBe('#DIV/0!');
  });

  it('numbers rows from the first row, pads to column A, and drops blank rows', () => {
    expect(
      blockToRows(
        [
          ['a', ''],
          ['', '  '],
          [1, 46056],
        ],
        [[], [], ['General', 'd/m/yyyy']],
        7,
        2,
      ),
    ).toEqual([
      { rowNumber: 7, cells: [null, null, 'a'] },
      { rowNumber: 9, cells: [null, null, 1, new Date('2026-02-03T00:00:00Z')] },
    ]);
  });
});

describe('text Excel must not reinterpret', () => {
  it.each([
    '=SUM(A1)',
    '+61 400 000 000',
    '-5',
    '@user',
    "'quoted",
    '0012',
    '3/2/2026',
    '2026-02-03',
    '3 Feb 2026',
    'Feb 2026',
    'feb. 3',
    '$1,234.50',
    '(5)',
    '.5',
    '12%',
    'TRUE',
    'false',
    ' 42',
  ])('%j gets an apostrophe', (text) => {
    expect(needsTextPrefix(text)).toBe(true);
    expect(toExcelValue(text)).toBe(`'${text}`);
  });

  it.each(['Roundup PowerMAX', 'Main shed', 'February invoices', 'Truely', 'L', 'kg', '', 'Décor'])(
    '%j is written as is',
    (text) => {
      expect(needsTextPrefix(text)).toBe(false);
      expect(toExcelValue(text)).toBe(text);
    },
  );

  it('writes dates as serials, null as empty, numbers and booleans as they are', () => {
    expect(toExcelValue(new Date('2026-02-03T00:00:00Z'))).toBe(46056);
    expect(toExcelValue(null)).toBe('');
    expect(toExcelValue(-2.5)).toBe(-2.5);
    expect(toExcelValue(true)).toBe(true);
  });
});

describe('payload estimates', () => {
  it('counts UTF-8 bytes of the JSON', () => {
    expect(utf8Length('abc')).toBe(3);
    expect(utf8Length('é')).toBe(2);
    expect(utf8Length('™')).toBe(3);
    expect(utf8Length('🌾')).toBe(4);
    expect(estimatePayloadBytes([['a', 1, null]])).toBe('[["a",1,null]]'.length);
    expect(estimatePayloadBytes(undefined)).toBe(0);
  });

  it('recognises Excel’s payload errors only', () => {
    expect(isPayloadTooLarge({ code: 'RequestPayloadSizeLimitExceeded' })).toBe(true);
    expect(isPayloadTooLarge({ code: 'ResponsePayloadSizeLimitExceeded' })).toBe(true);
    expect(
      isPayloadTooLarge({ code: 'GeneralException', debugInfo: { code: 'RequestPayloadSizeLimitExceeded' } }),
    ).toBe(true);
    expect(isPayloadTooLarge({ code: 'GeneralException' })).toBe(false);
    expect(isPayloadTooLarge(new Error('RequestPayloadSizeLimitExceeded'))).toBe(false);
    expect(isPayloadTooLarge(null)).toBe(false);
    expect(isPayloadTooLarge('RequestPayloadSizeLimitExceeded')).toBe(false);
  });
});

describe('runChunked', () => {
  const payload = { code: 'RequestPayloadSizeLimitExceeded' };

  it('plans 12,000 rows as 5,000, 5,000 and 2,000', async () => {
    const calls: number[][] = [];
    const runs = await runChunked(
      12_000,
      5_000,
      (_s, size) => size,
      async (start, count) => void calls.push([start, count]),
    );
    expect(calls).toEqual([
      [0, 5000],
      [5000, 5000],
      [10000, 2000],
    ]);
    expect(runs.map((r) => r.count)).toEqual([5000, 5000, 2000]);
  });

  it('does nothing for no rows', async () => {
    expect(
      await runChunked(
        0,
        5_000,
        (_s, size) => size,
        async () => expect.fail('no chunk expected'),
      ),
    ).toEqual([]);
  });

  it('halves on a payload error, retries the same chunk, and keeps the smaller size', async () => {
    const calls: number[][] = [];
    await runChunked(
      10_000,
      5_000,
      (_s, size) => size,
      async (start, count) => {
        calls.push([start, count]);
        if (count > 1_250) throw payload;
      },
    );
    expect(calls).toEqual([
      [0, 5000],
      [0, 2500],
      [0, 1250],
      ...Array.from({ length: 7 }, (_v, i) => [1250 * (i + 1), 1250]),
    ]);
  });

  it('rethrows the payload error at one row, and any other error at once', async () => {
    const sizes: number[] = [];
    await expect(
      runChunked(
        3,
        4,
        (_s, size) => size,
        async (_start, count) => {
          sizes.push(count);
          throw payload;
        },
      ),
    ).rejects.toBe(payload);
    expect(sizes).toEqual([3, 1]);
    let calls = 0;
    await expect(
      runChunked(
        10,
        5,
        (_s, size) => size,
        async () => {
          calls++;
          throw new Error('boom');
        },
      ),
    ).rejects.toThrow('boom');
    expect(calls).toBe(1);
  });

  it('takes at least one row and never more than remain, whatever take says', async () => {
    const counts: number[] = [];
    await runChunked(
      5,
      3,
      () => 0,
      async (_s, count) => void counts.push(count),
    );
    expect(counts).toEqual([1, 1, 1, 1, 1]);
  });
});

describe('takeRows', () => {
  const rows = [1, 2, 3, 10, 11, 30].map((rowNumber) => ({ rowNumber, bytes: 100 }));

  it('counts the rows spanned, gaps included', () => {
    expect(takeRows(rows, 0, 10, 1e9)).toBe(4); // rows 1..10
    expect(takeRows(rows, 3, 5, 1e9)).toBe(2); // rows 10..14
    expect(takeRows(rows, 5, 5, 1e9)).toBe(1);
  });

  it('stops at the byte budget but always takes one row', () => {
    expect(takeRows(rows, 0, 100, 250)).toBe(2);
    expect(takeRows(rows, 0, 100, 10)).toBe(1);
    expect(takeRows([], 0, 100, 10)).toBe(1);
  });
});
