// Cells SheetJS would read otherwise than Excel shows them: a cell written twice in a row, a shared-string
// index past the table or no whole number, a TRUE/FALSE cell holding 2, a formula with no saved value.
// Each is refused naming the sheet and the cell; what real programs write still reads.
import { describe, expect, it } from 'vitest';
import { readGridFromBuffer } from '../../../batch/read/index.ts';
import { cellCheckFinder } from '../../../batch/read/cell-checks.ts';
import { workbookZip } from '../../support/workbook-zip.ts';
import { readGrid } from '../../../batch/read/index.ts';
import { deflated, expectInputError, makeTempDir, writeTemp, xlsxBytes } from './helpers.ts';

const text = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
const head = `<row r="1">${text('A1', 'Product')}${text('B1', 'Qty')}</row>`;
const book = (rows: string, sharedStrings?: string) =>
  workbookZip([{ name: 'Stock', rows: head + rows }], sharedStrings === undefined ? {} : { sharedStrings });
const strings = (...items: string[]) =>
  `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${items.map((t) => `<si><t>${t}</t></si>`).join('')}</sst>`;

describe('a cell written twice in one row', () => {
  it('is refused naming the cell, not read as either value', async () => {
    const rows = `<row r="2">${text('A2', 'Glyfos')}<c r="B2"><v>5</v></c><c r="B2"><v>50</v></c></row>`;
    const error = await expectInputError(
      readGridFromBuffer(book(rows), 'twice.xlsx'),
      'corrupt_workbook',
      'twice.xlsx',
    );
    expect(error.message).toContain('twice.xlsx, sheet Stock, cell B2: the cell is written twice in its row');
    expect(error.sheet).toBe('Stock');
  });

  it('is refused when the second has no reference and lands on the first', async () => {
    const rows = `<row r="2"><c r="B2"><v>5</v></c><c r="A2"><v>1</v></c><c><v>50</v></c></row>`;
    const error = await expectInputError(
      readGridFromBuffer(book(rows), 'implicit.xlsx'),
      'corrupt_workbook',
      'implicit.xlsx',
    );
    expect(error.message).toContain('implicit.xlsx, sheet Stock, cell B2: the cell is written twice');
  });

  it('is not confused with cells out of order, or the same column in other rows', async () => {
    const rows = `<row r="2"><c r="B2"><v>3</v></c>${text('A2', 'Glyfos')}</row><row r="3">${text('A3', 'Urea')}<c r="B3"><v>4</v></c></row>`;
    const grid = await readGridFromBuffer(book(rows), 'fine.xlsx');
    expect(grid.rows.map((r) => r.cells)).toEqual([
      ['Product', 'Qty'],
      ['Glyfos', 3],
      ['Urea', 4],
    ]);
  });
});

describe('a cell written inside another row than its reference names', () => {
  it('is refused naming the cell and the row, not moved to the row below (its quantity given to another line)', async () => {
    const rows = `<row r="2">${text('A2', 'Glyfos')}<c r="B3"><v>5</v></c></row><row r="3">${text('A3', 'Urea')}</row>`;
    const error = await expectInputError(
      readGridFromBuffer(book(rows), 'moved.xlsx'),
      'corrupt_workbook',
      'moved.xlsx',
    );
    expect(error.message).toContain('moved.xlsx, sheet Stock, cell B3: the cell is written inside row 2');
  });

  it('is not confused with references of any case, absolute ones, rows of many digits, or rows without a number', async () => {
    const rows =
      `<row r="123456"><c r="A123456" t="inlineStr"><is><t>x</t></is></c><c r='B123456'><v>1</v></c><c s="1" r="C123456"><v>2</v></c></row>` +
      `<row><c r="A123457"><v>3</v></c></row>`;
    const grid = await readGridFromBuffer(book(rows), 'fine.xlsx');
    expect(grid.rows.map((r) => r.cells)).toEqual([['Product', 'Qty'], ['x', 1, 2], [3]]);
  });
});

describe('a shared-string cell', () => {
  it.each([
    ['2', "names item 2 of the workbook's shared texts (counting from 0), but the workbook holds 2"],
    ['999999', 'names item 999,999'],
    ['-1', "names item '-1'"],
    ['1.5', "names item '1.5'"],
    ['6e2', "names item '6e2'"],
  ])('whose index is %j is refused naming the cell', async (index, said) => {
    const rows = `<row r="2"><c r="A2" t="s"><v>${index}</v></c><c r="B2"><v>5</v></c></row>`;
    const error = await expectInputError(
      readGridFromBuffer(book(rows, strings('Glyfos', 'Urea')), 'sst.xlsx'),
      'corrupt_workbook',
      'sst.xlsx',
    );
    expect(error.message).toContain(`sst.xlsx, sheet Stock, cell A2: the text cell ${said}`);
  });

  it('is refused when the workbook has no shared strings at all', async () => {
    const rows = `<row r="2"><c r="A2" t="s"><v>0</v></c></row>`;
    await expectInputError(readGridFromBuffer(book(rows), 'none.xlsx'), 'corrupt_workbook', 'none.xlsx');
  });

  it('reads every item the table holds', async () => {
    const rows = `<row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2"><v>5</v></c></row><row r="3"><c r="A3" t="s"><v> 0 </v></c><c r="B3" t="s"><v/></c><c r="C3" t="s"><v></v></c><c r="D3"><v>1</v></c></row>`;
    const grid = await readGridFromBuffer(book(rows, strings('Glyfos', 'Urea')), 'fine.xlsx');
    // An empty value is an empty text (calamine's empty_shared_string_value.xlsx writes <v/> so).
    expect(grid.rows.map((r) => r.cells)).toEqual([
      ['Product', 'Qty'],
      ['Urea', 5],
      ['Glyfos', null, null, 1],
    ]);
  });
});

describe('an empty shared string written as one tag', () => {
  it.each(['<si/>', '<si />', '<x:si/>'])(
    '%s is an item of its own: the items after it read as Excel reads them',
    async (empty) => {
      const items = `<si><t>Product</t></si>${empty}<si><t>Glyfos</t></si><si><t>Urea</t></si>`;
      const sst = `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${items}</sst>`;
      const rows = `<row r="2"><c r="A2" t="s"><v>1</v></c><c r="B2" t="s"><v>2</v></c><c r="C2" t="s"><v>3</v></c></row>`;
      const grid = await readGridFromBuffer(book(rows, sst), 'empty-item.xlsx');
      // SheetJS alone read B2 as 'Urea' and C2 as empty.
      expect(grid.rows[1]!.cells).toEqual([null, 'Glyfos', 'Urea']);
    },
  );
});

describe('a TRUE/FALSE cell', () => {
  it.each(['2', 'yes', '-1', ' 1 ', 'TRUE'])(
    'holding %j is refused naming the cell (SheetJS read each as FALSE)',
    async (value) => {
      const rows = `<row r="2">${text('A2', 'Glyfos')}<c r="B2" t="b"><v>${value}</v></c></row>`;
      const error = await expectInputError(
        readGridFromBuffer(book(rows), 'bool.xlsx'),
        'corrupt_workbook',
        'bool.xlsx',
      );
      expect(error.message).toContain(`bool.xlsx, sheet Stock, cell B2: the TRUE/FALSE cell holds '${value}'`);
    },
  );

  it('reads 0, 1, true and false', async () => {
    const cells = ['0', '1', 'true', 'false'].map((v, i) => `<c r="${'BCDE'[i]}2" t="b"><v>${v}</v></c>`).join('');
    const grid = await readGridFromBuffer(book(`<row r="2">${text('A2', 'x')}${cells}</row>`), 'fine.xlsx');
    expect(grid.rows[1]!.cells).toEqual(['x', false, true, true, false]);
  });
});

describe('a cell of a type Excel has not, or holding what its type does not', () => {
  it.each([
    ['<c r="B2" t="x"><v>5</v></c>', "is of type 'x', which Excel has not"],
    ['<c r="B2" t="inlineStr"><v>Glyfos</v></c>', 'is an inline text cell holding its text in a value element'],
    ['<c r="B2" t="e"><v>oops</v></c>', "is an error cell holding 'oops', which is no error value"],
  ])('%s is refused naming the cell, not read as nothing (its row lost)', async (cell, said) => {
    const rows = `<row r="2">${text('A2', 'Glyfos')}</row><row r="3">${cell}</row>`.replace(/B2/, 'B3');
    const error = await expectInputError(readGridFromBuffer(book(rows), 'type.xlsx'), 'corrupt_workbook', 'type.xlsx');
    expect(error.message).toContain(`type.xlsx, sheet Stock, cell B3: the cell ${said}`);
  });

  it('reads an inline text cell holding a value element too by its inline text', async () => {
    const rows = `<row r="2"><c r="A2" t="inlineStr"><v>1.0</v><is><t>1.</t></is></c></row>`;
    const grid = await readGridFromBuffer(book(rows), 'both.xlsx');
    expect(grid.rows[1]!.cells).toEqual(['1.']);
  });
});

describe('an error cell of Excel 365 (#SPILL!, #CALC! …, which SheetJS reads as empty)', () => {
  const errors = ['#SPILL!', '#CALC!', '#BUSY!', '#DIV/0!', '#N/A'];
  const rows = errors
    .map(
      (e, i) =>
        `<row r="${i + 2}">${text(`A${i + 2}`, 'Glyfos')}<c r="B${i + 2}" t="e"><f>X()</f><v>${e}</v></c></row>`,
    )
    .join('');

  it('reads as its text, as Excel shows it', async () => {
    const grid = await readGridFromBuffer(book(rows), 'errors.xlsx');
    expect(grid.rows.slice(1).map((r) => r.cells[1])).toEqual(errors);
  });

  it('past 100,000 in a sheet, is refused as too large, not kept in memory without end', async () => {
    let many = '';
    for (let r = 2; r <= 50_002; r += 1)
      many += `<row r="${r}"><c r="A${r}" t="e"><v>#SPILL!</v></c><c r="B${r}" t="e"><v>#CALC!</v></c></row>`;
    await expectInputError(readGridFromBuffer(book(many), 'spill.xlsx'), 'too_large', 'spill.xlsx');
  });

  it('reads as its text in a sheet read in batches too', async () => {
    const { dir, cleanup } = await makeTempDir();
    try {
      const path = await writeTemp(dir, 'errors.xlsx', deflated(book(rows)));
      const grid = await readGrid(path, { sheetBatchBytes: 200 });
      expect(grid.rows.slice(1).map((r) => r.cells[1])).toEqual(errors);
    } finally {
      await cleanup();
    }
  });
});

describe('a formula', () => {
  it('with no saved value (exceljs writes one so) is refused naming the cell and how to fix it', async () => {
    const bytes = await xlsxBytes((workbook) => {
      const sheet = workbook.addWorksheet('Stock');
      sheet.addRow(['Product', 'Qty']);
      sheet.addRow(['Glyfos', { formula: '2*10' }]);
    });
    const error = await expectInputError(readGridFromBuffer(bytes, 'calc.xlsx'), 'formula_without_value', 'calc.xlsx');
    expect(error.message).toContain('calc.xlsx, sheet Stock, cell B2 holds a formula with no saved value');
    expect(error.message).toContain('Open the workbook in Excel (or LibreOffice), let it calculate, save it');
  });

  it('with an empty saved value in a number cell is refused; an empty text result reads as blank', async () => {
    const empty = `<row r="2">${text('A2', 'Glyfos')}<c r="B2"><f>B3</f><v></v></c></row>`;
    await expectInputError(readGridFromBuffer(book(empty), 'e.xlsx'), 'formula_without_value', 'e.xlsx');
    // LibreOffice writes an empty text result as an inline string.
    const blank = `<row r="2">${text('A2', 'Glyfos')}<c r="B2" t="str"><f>""</f><v></v></c><c r="C2"><f>2*5</f><v>10</v></c><c r="D2" t="inlineStr"><f aca="false">B2</f><is><t></t></is></c></row>`;
    const grid = await readGridFromBuffer(book(blank), 'fine.xlsx');
    expect(grid.rows[1]!.cells).toEqual(['Glyfos', null, 10]);
  });

  it('of a workbook asking to be calculated again when opened is refused: its saved value is not trusted', async () => {
    const bytes = await xlsxBytes((workbook) => {
      workbook.calcProperties.fullCalcOnLoad = true;
      const sheet = workbook.addWorksheet('Stock');
      sheet.addRow(['Product', 'Qty']);
      sheet.addRow(['Glyfos', { formula: '2*10', result: 0 }]);
    });
    const error = await expectInputError(
      readGridFromBuffer(bytes, 'stale.xlsx'),
      'formula_without_value',
      'stale.xlsx',
    );
    expect(error.message).toContain('stale.xlsx, sheet Stock, cell B2 holds a formula, and the workbook asks Excel');
  });

  it('with its saved value reads it, and one without on a sheet not read does not stop the read', async () => {
    const bytes = await xlsxBytes((workbook) => {
      const sheet = workbook.addWorksheet('Stock');
      sheet.addRow(['Product', 'Qty']);
      sheet.addRow(['Glyfos', { formula: '2*10', result: 20 }]);
      workbook.addWorksheet('Notes').addRow(['x', { formula: '1+1' }]);
    });
    const grid = await readGridFromBuffer(bytes, 'fine.xlsx');
    expect(grid.rows[1]!.cells).toEqual(['Glyfos', 20]);
    await expectInputError(
      readGridFromBuffer(bytes, 'fine.xlsx', { sheet: 'Notes' }),
      'formula_without_value',
      'fine.xlsx',
    );
  });
});

describe('the cell checks across chunks', () => {
  it('find the same wherever the part is cut', () => {
    const part =
      `<sheetData>${head}${'<row r="3"><c r="A3" t="s"><v>1</v></c><c r="B3" t="b"><v>1</v></c><c r="C3"><f>A1</f><v>2</v></c></row>'.repeat(50)}` +
      `<x:row r="9"><x:c r="A9" t="s"><x:v>7</x:v></x:c><x:c r="B9"><x:f t="shared" si="0"/></x:c><x:c r="C9" t="b"><x:v>2</x:v></x:c><x:c r="C9"/><x:c r="C9"><x:v>1</x:v></x:c><x:c r="D9" t="e"><x:v>#SPILL!</x:v></x:c></x:row><row r="10"><c r="A11"><v>1</v></c></row></sheetData>`;
    const whole = feedAll([part]);
    expect(whole).toEqual({
      twice: { ref: 'C9' },
      elsewhere: { ref: 'A11', row: '10' },
      badIndex: null,
      highestIndex: { ref: 'A9', index: 7 },
      badBoolean: { ref: 'C9', text: '2' },
      badType: null,
      errorTexts: new Map([[8 * 16_384 + 3, '#SPILL!']]),
      uncalculated: { ref: 'B9' },
      firstFormula: { ref: 'C3' },
    });
    for (let cut = 1; cut < part.length; cut += 37)
      expect(feedAll([part.slice(0, cut), part.slice(cut)])).toEqual(whole);
  });
});

function feedAll(chunks: readonly string[]) {
  const finder = cellCheckFinder();
  for (const chunk of chunks) finder.feed(chunk);
  finder.end();
  return finder.found;
}
