// The t="d" cells of a worksheet part, found across the chunks the zip check inflates it in.
import { describe, expect, it } from 'vitest';
import { cellKey, dateCellFinder } from '../../../batch/read/date-cells.ts';

const part =
  '<sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><x:c r="B1" t="d" s="3"><x:v>2026-03-04</x:v></x:c>' +
  '<c r="AA7" t=\'d\'><f>TODAY()</f><v>2026-03-05T08:00:00</v></c><c r="C1" t="d"/><c t="d"><v>2026-01-01</v></c>' +
  '<col min="1" t="d"/></row></sheetData>';

describe('dateCellFinder', () => {
  it('finds each t="d" cell with a value and a reference, by position', () => {
    const finder = dateCellFinder();
    finder.feed(part);
    expect(finder.found).toEqual(
      new Map([
        [cellKey(0, 1), '2026-03-04'],
        [cellKey(6, 26), '2026-03-05T08:00:00'],
      ]),
    );
  });

  it('finds the same cells however the part is cut into chunks', () => {
    for (let cut = 1; cut < part.length; cut += 1) {
      const finder = dateCellFinder();
      finder.feed(part.slice(0, cut));
      finder.feed(part.slice(cut));
      expect([...finder.found.values()], `cut at ${cut}`).toEqual(['2026-03-04', '2026-03-05T08:00:00']);
    }
  });

  it('finds nothing in a part without t="d" cells', () => {
    const finder = dateCellFinder();
    finder.feed('<row r="1"><c r="A1" t="n"><v>4</v></c><c r="B1" t="str"><v>d</v></c></row>');
    expect(finder.found.size).toBe(0);
  });
});
