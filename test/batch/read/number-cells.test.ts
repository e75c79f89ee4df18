// Number cells whose value is not a number: SheetJS would read the number the text starts with (1 for
// 1,5); such a file is refused naming the cell, wherever the chunks the part inflates in are cut.
import { describe, expect, it } from 'vitest';
import { readGridFromBuffer } from '../../../batch/read/index.ts';
import { badNumberFinder } from '../../../batch/read/number-cells.ts';
import { workbookZip } from '../../support/workbook-zip.ts';
import { expectInputError } from './helpers.ts';

const head =
  '<row r="1"><c r="A1" t="inlineStr"><is><t>Product</t></is></c><c r="B1" t="inlineStr"><is><t>Qty</t></is></c></row>';
const row = (qty: string, attributes = '') =>
  `<row r="2"><c r="A2" t="inlineStr"><is><t>Glyfos</t></is></c><c r="B2"${attributes}><v>${qty}</v></c></row>`;
const book = (rows: string) => workbookZip([{ name: 'Stock', rows: head + rows }]);

describe('a number cell whose value is not a number', () => {
  it.each(['1,5', '12abc', '0x10', '1.5.2', '$12'])('is refused naming the cell: %s', async (qty) => {
    const error = await expectInputError(
      readGridFromBuffer(book(row(qty)), 'forged.xlsx'),
      'corrupt_workbook',
      'forged.xlsx',
    );
    expect(error.message).toContain(
      `forged.xlsx, sheet Stock, cell B2: the number cell holds '${qty}', which is not a number`,
    );
    expect(error.sheet).toBe('Stock');
  });

  it('is refused with t="n" and a namespace prefix too', async () => {
    const prefixed = `<x:row r="2"><x:c r="B2" t="n"><x:v>1,5</x:v></x:c></x:row>`;
    await expectInputError(readGridFromBuffer(book(row('1,5', ' t="n"')), 'n.xlsx'), 'corrupt_workbook', 'n.xlsx');
    expect(feedAll([`<x:sheetData>${prefixed}</x:sheetData>`])).toEqual({ ref: 'B2', text: '1,5' });
  });

  it('reads numbers as .xlsx writes them, empty values, and text in cells of other types', async () => {
    const cells =
      '<row r="2"><c r="A2"><v>-1.5E-3</v></c><c r="B2"><v> 12 </v></c><c r="C2"><v>.5</v></c><c r="D2"><v></v></c>' +
      '<c r="E2" t="str"><f>"a"</f><v>1,5</v></c><c r="F2" t="e"><v>#N/A</v></c><c r="G2" t="d"><v>2026-03-01</v></c></row>';
    const grid = await readGridFromBuffer(book(cells), 'fine.xlsx');
    expect(grid.rows[1]!.cells.slice(0, 3)).toEqual([-0.0015, 12, 0.5]);
    expect(grid.rows[1]!.cells[4]).toBe('1,5');
    expect(grid.rows[1]!.cells[5]).toBe('#N/A');
  });

  it("reads a text cell's type as its first type attribute, wherever that is", () => {
    const cell = (attributes: string) =>
      `<sheetData><row r="2"><c r="B2"${attributes}><v>1,5</v></c></row></sheetData>`;
    // Text cells as programs write them, and in other shapes: not numbers.
    for (const text of [' t="str"', ' s="3" t="str"', ' t="str" s="3"', " t='str'", ' t = "str"', ' t="s"', ' t="e"'])
      expect(feedAll([cell(text)])).toBeNull();
    // The first type attribute is the one read (as SheetJS and Excel's own check read it): a number here.
    expect(feedAll([cell(' t="n" t="str"')])).toEqual({ ref: 'B2', text: '1,5' });
    expect(feedAll([cell(' tt="str"')])).toEqual({ ref: 'B2', text: '1,5' });
    // A `>` inside an attribute ends the start tag where SheetJS ends it: no type before it, a number.
    expect(feedAll([cell(' a="x>y" t="str"')])).toEqual({ ref: 'B2', text: '1,5' });
    // A prefixed cell is read as before.
    expect(
      feedAll(['<x:sheetData><x:row r="2"><x:c r="B2" t="str"><x:v>1,5</x:v></x:c></x:row></x:sheetData>']),
    ).toBeNull();
  });

  it('is found wherever the part is cut into chunks', () => {
    const text = `<sheetData>${'<row r="1"><c r="A1" t="str"><v>x,y</v></c></row>'.repeat(200)}${row('1,5')}</sheetData>`;
    for (let cut = 1; cut < text.length; cut += 97) {
      expect(feedAll([text.slice(0, cut), text.slice(cut)])).toEqual({ ref: 'B2', text: '1,5' });
    }
  });
});

function feedAll(chunks: readonly string[]) {
  const finder = badNumberFinder();
  for (const chunk of chunks) finder.feed(chunk);
  return finder.found;
}
