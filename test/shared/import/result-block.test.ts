import { describe, expect, it } from 'vitest';
import { findResultBlock } from '../../../shared/import/result-block.ts';

const PLAIN = ['Status', 'Record ID', 'Sequence', 'Line Item ID', 'Message'];
const MARKED = PLAIN.map((h) => `${h} (shed)`);

describe('findResultBlock', () => {
  it("takes the columns shed's mark names, whatever their headers say", () => {
    expect(
      findResultBlock(['Product', 'Result', 'Id', 'Seq', 'Line', 'Why', ...PLAIN], PLAIN, [5, 4, 3, 2, 1]),
    ).toEqual([1, 2, 3, 4, 5]);
  });

  it('ignores a mark that does not cover one column per result column', () => {
    expect(findResultBlock(['Product', ...PLAIN], PLAIN, [1, 2, 3])).toEqual([1, 2, 3, 4, 5]);
  });

  it("finds the marked headers of a CSV before a plain run, and never a sheet's own Status", () => {
    expect(findResultBlock(['Status', 'Product', ...MARKED], PLAIN)).toEqual([2, 3, 4, 5, 6]);
    expect(findResultBlock(['Status', 'Product', ...PLAIN, ...MARKED], PLAIN)).toEqual([7, 8, 9, 10, 11]);
    expect(
      findResultBlock(['Status', 'Product', 'Record ID', 'Sequence', 'Line Item ID', 'Message'], PLAIN),
    ).toBeNull();
  });

  it('reads an earlier results file by its one plain run, case and spacing aside; two runs are ambiguous', () => {
    expect(
      findResultBlock(['Status', 'Product', 'STATUS', 'record-id', 'Sequence', 'Line item ID', ' Message ']),
    ).toEqual([2, 3, 4, 5, 6]);
    expect(findResultBlock([...PLAIN, 'Product', ...PLAIN])).toBeNull();
  });
});
