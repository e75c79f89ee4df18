import { describe, expect, it } from 'vitest';
import { findResultBlock, findResultBlockOrOlder } from '../../../shared/import/result-block.ts';

const PLAIN = ['Status', 'Record ID', 'Sequence', 'Line Item ID', 'Message'];

describe('findResultBlock', () => {
  it("takes the columns shed's mark names, whatever their headers say", () => {
    expect(
      findResultBlock(['Product', 'Result', 'Id', 'Seq', 'Line', 'Why', ...PLAIN], PLAIN, [5, 4, 3, 2, 1]),
    ).toEqual([1, 2, 3, 4, 5]);
  });

  it('does not follow a mark left behind by a move: a header under it is another result column', () => {
    // Headers shifted one left by a program that moved the cells but not the name: the run wins.
    expect(findResultBlock(['Product', ...PLAIN, null], PLAIN, [2, 3, 4, 5, 6])).toEqual([1, 2, 3, 4, 5]);
    // No clean run either: no block (a new one is added), never the stale columns.
    expect(
      findResultBlock(
        ['Product', 'Status', 'Record ID', 'Seq', 'Line Item ID', 'Message', null],
        PLAIN,
        [2, 3, 4, 5, 6],
      ),
    ).toBeNull();
  });

  it('ignores a mark that does not cover one column per result column', () => {
    expect(findResultBlock(['Product', ...PLAIN], PLAIN, [1, 2, 3])).toEqual([1, 2, 3, 4, 5]);
  });

  it("finds the run of all the headers, never a sheet's own Status", () => {
    expect(findResultBlock(['Status', 'Product', ...PLAIN], PLAIN)).toEqual([2, 3, 4, 5, 6]);
    expect(
      findResultBlock(['Status', 'Product', 'Record ID', 'Sequence', 'Line Item ID', 'Message'], PLAIN),
    ).toBeNull();
  });

  it('reads an earlier results file by its one plain run, case and spacing aside; two runs are ambiguous', () => {
    expect(
      findResultBlock(['Status', 'Product', 'STATUS', 'record-id', 'Sequence', 'Line item ID', ' Message '], PLAIN),
    ).toEqual([2, 3, 4, 5, 6]);
    expect(findResultBlock([...PLAIN, 'Product', ...PLAIN], PLAIN)).toBeNull();
    // Today's six, or an older file's five (Updated At added later) with the last still to place.
    expect(findResultBlockOrOlder(['Product', ...PLAIN])).toEqual({ columns: [1, 2, 3, 4, 5], lastMissing: true });
    expect(findResultBlockOrOlder(['Product', ...PLAIN, 'Updated At'])).toEqual({
      columns: [1, 2, 3, 4, 5, 6],
      lastMissing: false,
    });
  });
});
