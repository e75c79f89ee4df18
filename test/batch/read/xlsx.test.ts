import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGrid, readGridFromBuffer, readXlsx, type ReadGrid } from '../../../batch/read/index.ts';
import { toCellValue } from '../../../batch/read/cell-value.ts';
import { serialToDate } from '../../../batch/read/xlsx-cells.ts';
import type { CellValue } from '../../../shared/sheet/grid.ts';
import { storedZip } from '../../support/zip.ts';
import { expectInputError, makeTempDir, writeTemp, xlsxBytes } from './helpers.ts';

function cellsOf(grid: ReadGrid, rowNumber: number): CellValue[] {
  const row = grid.rows.find((r) => r.rowNumber === rowNumber);
  if (!row) throw new Error(`no row ${rowNumber}`);
  return row.cells;
}

/** A hidden 'Lists' sheet with data, an empty visible sheet, then 'Data' with every kind of cell. */
function richWorkbook(workbook: ExcelJS.Workbook): void {
  workbook.addWorksheet('Lists', { state: 'hidden' }).getCell('A1').value = 'Main Chemical Shed';
  const empty = workbook.addWorksheet('Empty');
  empty.getCell('B2').style = { font: { bold: true } }; // a styled cell with no value
  const ws = workbook.addWorksheet('Data');
  ws.getCell('A1').value = 'Willow Creek — invoices';
  ws.mergeCells('A1:F1');
  ws.getCell('A2').value = {
    richText: [
      { text: 'Pack ', font: { bold: true } },
      { text: 'Size', font: { italic: true } },
    ],
  };
  ws.getCell('B2').value = { text: 'Product page', hyperlink: 'https://example.com/products' };
  ws.getCell('C2').value = true;
  ws.getCell('D2').value = new Date(Date.UTC(2026, 0, 6, 13, 30));
  ws.getCell('E2').value = { error: '#N/A' } as ExcelJS.CellErrorValue;
  ws.getCell('F2').value = '';
  ws.getCell('A3').value = 1;
  ws.getCell('A4').value = 2;
  ws.getCell('A5').value = 3;
  ws.fillFormula('B3:B5', 'A3*2', [2, 4, 6]); // a shared formula: B4 and B5 refer to B3's
  ws.getCell('C3').value = { formula: 'A3/0', result: { error: '#DIV/0!' } } as ExcelJS.CellFormulaValue;
  ws.getCell('D3').value = { formula: 'DATE(2025,12,9)', result: 46000 } as ExcelJS.CellFormulaValue;
  ws.getCell('D3').numFmt = 'dd/mm/yyyy';
  ws.getCell('E3').value = { formula: 'A3&" L"', result: '1 L' } as ExcelJS.CellFormulaValue;
  // (One never calculated, with no saved value, is refused: cell-checks.test.ts.)
  ws.getCell('F3').value = { formula: 'A3*3', result: 3 } as ExcelJS.CellFormulaValue;
  ws.getCell('D4').value = 46000.5;
  ws.getCell('D4').numFmt = 'mm-dd-yy';
  ws.getCell('E4').value = 46000;
  ws.getCell('E4').numFmt = '[$$-C09]#,##0.00';
  ws.getCell('D5').value = 0.25;
  ws.getCell('D5').numFmt = '0.00%';
  ws.getCell('F5').value = { richText: [{ text: 'Merged ' }, { text: 'block' }] };
  ws.mergeCells('F5:G6');
  ws.getCell('A7').value = '   '; // only blank text: the row is left out
  ws.getCell('AA9').value = 'far right';
  ws.getCell('A12').value = 'after a gap';
}

describe('readGrid on an .xlsx written by exceljs', () => {
  let grid: ReadGrid;
  beforeAll(async () => {
    grid = await readGridFromBuffer(await xlsxBytes(richWorkbook), 'rich.xlsx');
  });

  it('chooses the first visible sheet with data, skipping the empty sheet and the hidden one', () => {
    expect(grid.sheet).toBe('Data');
    expect(grid.sheetNames).toEqual(['Lists', 'Empty', 'Data']);
    expect(grid.rows.map((r) => r.rowNumber)).toEqual([1, 2, 3, 4, 5, 9, 12]);
  });

  it('gives a merged title only in its first cell and a merged block only in its top-left cell', () => {
    expect(cellsOf(grid, 1)).toEqual(['Willow Creek — invoices']);
    expect(cellsOf(grid, 5)).toEqual([3, 6, null, 0.25, null, 'Merged block']);
  });

  it('flattens rich text, reads a hyperlink as its text, keeps booleans, dates and error text', () => {
    const row = cellsOf(grid, 2);
    expect(row).toEqual(['Pack Size', 'Product page', true, new Date('2026-01-06T13:30:00.000Z'), '#N/A']);
    expect(row[3]).toBeInstanceOf(Date);
  });

  it('reads formulas as their cached results: shared formulas, dates, text, error text', () => {
    expect(cellsOf(grid, 3)).toEqual([1, 2, '#DIV/0!', new Date('2025-12-09T00:00:00.000Z'), '1 L', 3]);
    expect(cellsOf(grid, 4)).toEqual([2, 4, null, new Date('2025-12-09T12:00:00.000Z'), 46000]);
  });

  it('fills gaps with null and keeps far columns at their index', () => {
    const row = cellsOf(grid, 9);
    expect(row).toHaveLength(27);
    expect(row[26]).toBe('far right');
    expect(row.slice(0, 26).every((c) => c === null)).toBe(true);
    expect(cellsOf(grid, 12)).toEqual(['after a gap']);
  });

  it('reads a named sheet, case-insensitively, even a hidden one', async () => {
    const lists = await readGridFromBuffer(await xlsxBytes(richWorkbook), 'rich.xlsx', { sheet: ' lists ' });
    expect(lists.sheet).toBe('Lists');
    expect(lists.rows).toEqual([{ rowNumber: 1, cells: ['Main Chemical Shed'] }]);
  });

  it('refuses a named sheet that is empty, naming it', async () => {
    const error = await expectInputError(
      readGridFromBuffer(await xlsxBytes(richWorkbook), 'rich.xlsx', { sheet: 'Empty' }),
      'no_data',
      'rich.xlsx',
    );
    expect(error.sheet).toBe('Empty');
    expect(error.message).toContain("'Empty'");
  });

  it('refuses a sheet name that does not exist, listing the sheets and the closest name', async () => {
    const error = await expectInputError(
      readGridFromBuffer(await xlsxBytes(richWorkbook), 'rich.xlsx', { sheet: 'Dta' }),
      'sheet_not_found',
      'rich.xlsx',
    );
    expect(error.sheet).toBe('Dta');
    expect(error.message).toContain("no sheet named 'Dta'");
    expect(error.message).toContain("Did you mean 'Data'?");
    expect(error.message).toContain("'Lists', 'Empty', 'Data'");
    expect(error.message).toContain('--sheet');
  });
});

describe('choosing the sheet', () => {
  it('falls back to a hidden sheet when no visible sheet has data', async () => {
    const bytes = await xlsxBytes((wb) => {
      wb.addWorksheet('Visible');
      wb.addWorksheet('Hidden', { state: 'hidden' }).getCell('C3').value = 'only here';
    });
    const grid = await readGridFromBuffer(bytes, 'hidden.xlsx');
    expect(grid.sheet).toBe('Hidden');
    expect(grid.rows).toEqual([{ rowNumber: 3, cells: [null, null, 'only here'] }]);
  });

  it('refuses a workbook whose sheets are all empty, listing them', async () => {
    const bytes = await xlsxBytes((wb) => {
      wb.addWorksheet('One');
      wb.addWorksheet('Two').getCell('A1').value = '  ';
    });
    const error = await expectInputError(readGridFromBuffer(bytes, 'blank.xlsx'), 'no_data', 'blank.xlsx');
    expect(error.message).toContain("'One', 'Two'");
  });

  it('follows the tab order of the workbook, not the order of the parts in the zip', async () => {
    const bytes = await xlsxBytes((wb) => {
      wb.addWorksheet('Second').getCell('A1').value = 'second';
      wb.addWorksheet('First').getCell('A1').value = 'first';
      // Tabs: First, Second. The parts stay sheet1.xml = Second, sheet2.xml = First.
      // `orderNo` (the tab position) is not in exceljs's type declarations.
      const [second, first] = wb.worksheets as (ExcelJS.Worksheet & { orderNo: number })[];
      if (!second || !first) throw new Error('worksheets missing');
      second.orderNo = 1;
      first.orderNo = 0;
    });
    const grid = await readGridFromBuffer(bytes, 'order.xlsx');
    expect(grid.sheetNames).toEqual(['First', 'Second']);
    expect(grid.sheet).toBe('First');
    expect(grid.rows).toEqual([{ rowNumber: 1, cells: ['first'] }]);
  });
});

describe('reading files written in other ways', () => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    temp = await makeTempDir();
  });
  afterAll(() => temp.cleanup());

  it('reads a zip stored without compression, with the workbook part last, every time (exceljs issue #3064)', async () => {
    const bytes = await xlsxBytes(richWorkbook, { store: true });
    const path = await writeTemp(temp.dir, 'stored.xlsx', bytes);
    const expected = await readGridFromBuffer(await xlsxBytes(richWorkbook), 'rich.xlsx');
    for (let i = 0; i < 20; i += 1) {
      const grid = await (i % 2 === 0 ? readGrid(path) : readGridFromBuffer(bytes, 'stored.xlsx'));
      expect(grid.sheet).toBe('Data');
      expect(grid.rows).toEqual(expected.rows);
    }
  });

  it("reads a workbook written by exceljs's streaming writer with inline strings", async () => {
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false, useStyles: true });
    const ws = writer.addWorksheet('Stream');
    ws.addRow(['Supplier', 'Qty', 'Date']).commit();
    const row = ws.addRow(['Farmco', 4, new Date(Date.UTC(2026, 2, 23))]);
    row.getCell(3).numFmt = 'd mmm yyyy';
    row.commit();
    ws.commit();
    await writer.commit();
    const path = await writeTemp(temp.dir, 'streamed.xlsx', Buffer.concat(chunks));
    const grid = await readXlsx(path);
    expect(grid.sheet).toBe('Stream');
    expect(grid.rows).toEqual([
      { rowNumber: 1, cells: ['Supplier', 'Qty', 'Date'] },
      { rowNumber: 2, cells: ['Farmco', 4, new Date('2026-03-23T00:00:00.000Z')] },
    ]);
  });

  it('reads dates of a workbook in the 1904 date system', async () => {
    const bytes = await xlsxBytes((wb) => {
      wb.properties.date1904 = true;
      const ws = wb.addWorksheet('Mac');
      ws.getCell('A1').value = new Date(Date.UTC(2026, 2, 23));
      ws.getCell('A1').numFmt = 'dd/mm/yyyy';
    });
    const grid = await readGridFromBuffer(bytes, 'mac.xlsx');
    expect(grid.rows).toEqual([{ rowNumber: 1, cells: [new Date('2026-03-23T00:00:00.000Z')] }]);
  });
});

describe('a minimal workbook from another program', () => {
  const NS =
    'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const parts = [
    {
      name: '[Content_Types].xml',
      content: `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      content: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="/xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/worksheets/stock-list.xml',
      content: `<?xml version="1.0"?><worksheet ${NS}><sheetData><row r="2"><c r="A2" t="inlineStr"><is><t>Product</t></is></c><c r="B2" t="inlineStr"><is><t>Qty</t></is></c></row><row r="3"><c r="A3" t="inlineStr"><is><t>Glyfos 540</t></is></c><c r="B3"><v>4</v></c><c r="C3" t="b"><v>0</v></c></row></sheetData></worksheet>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      content: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId7" Type="${REL}/worksheet" Target="/xl/worksheets/stock-list.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      content: `<?xml version="1.0"?><workbook ${NS}><sheets><sheet name="Stock" sheetId="3" r:id="rId7"/></sheets></workbook>`,
    },
  ];

  it('reads inline strings, absolute part names, no shared strings and no styles', async () => {
    const grid = await readGridFromBuffer(storedZip(parts), 'minimal.xlsx');
    expect(grid.sheet).toBe('Stock');
    expect(grid.rows).toEqual([
      { rowNumber: 2, cells: ['Product', 'Qty'] },
      { rowNumber: 3, cells: ['Glyfos 540', 4, false] },
    ]);
  });
});

describe('xlsx-cells', () => {
  it('turns serial numbers into Dates with the wall clock in their UTC parts, in both date systems', () => {
    expect(serialToDate(46104, false).toISOString()).toBe('2026-03-23T00:00:00.000Z');
    // Before Excel's phantom 29 February 1900, and a time of day alone.
    expect(serialToDate(1, false).toISOString()).toBe('1900-01-01T00:00:00.000Z');
    expect(serialToDate(61, false).toISOString()).toBe('1900-03-01T00:00:00.000Z');
    expect(serialToDate(0.5, false).toISOString()).toBe('1899-12-30T12:00:00.000Z');
    expect(serialToDate(46028.5625, false).toISOString()).toBe('2026-01-06T13:30:00.000Z');
    expect(serialToDate(46104 - 1462, true).toISOString()).toBe('2026-03-23T00:00:00.000Z');
  });

  it('converts every SheetJS cell shape', () => {
    expect(toCellValue({ t: 'z' }, false)).toBeNull();
    expect(toCellValue({ t: 's', v: '' }, false)).toBeNull();
    expect(toCellValue({ t: 's', v: ' x ' }, false)).toBe(' x ');
    expect(toCellValue({ t: 'n', v: Number.NaN }, false)).toBeNull();
    expect(toCellValue({ t: 'n', v: 46104, z: 'dd/mm/yyyy' }, false)).toEqual(new Date('2026-03-23T00:00:00.000Z'));
    expect(toCellValue({ t: 'n', v: 46104 - 1462, z: 'dd/mm/yyyy' }, true)).toEqual(
      new Date('2026-03-23T00:00:00.000Z'),
    );
    expect(toCellValue({ t: 'n', v: 46104, z: 'General' }, false)).toBe(46104);
    // CJK built-in date formats some producers leave as their id.
    expect(toCellValue({ t: 'n', v: 46104, z: 31 as unknown as string }, false)).toEqual(
      new Date('2026-03-23T00:00:00.000Z'),
    );
    // No date before 1900: Excel shows ####, so a negative serial stays a number.
    expect(toCellValue({ t: 'n', v: -2, z: 'dd/mm/yyyy' }, false)).toBe(-2);
    expect(toCellValue({ t: 'b', v: false }, false)).toBe(false);
    expect(toCellValue({ t: 'e', v: 7, w: '#DIV/0!' }, false)).toBe('#DIV/0!');
    expect(toCellValue({ t: 'e', v: 42 }, false)).toBe('#N/A');
    expect(toCellValue({ t: 'd', v: '2026-03-23T10:30:00' as unknown as Date }, false)).toEqual(
      new Date('2026-03-23T10:30:00.000Z'),
    );
  });
});

describe('a string written as a plain <t> followed by rich-text runs', () => {
  it('reads whole (SheetJS alone keeps only the <t>), in shared and inline strings', async () => {
    const ns =
      'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
    const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
    const bytes = storedZip([
      {
        name: '[Content_Types].xml',
        content:
          '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
      },
      {
        name: '_rels/.rels',
        content: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        content: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      },
      {
        name: 'xl/workbook.xml',
        content: `<?xml version="1.0"?><workbook ${ns}><sheets><sheet name="Invoices" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      },
      {
        name: 'xl/sharedStrings.xml',
        content: `<?xml version="1.0"?><sst ${ns} count="1" uniqueCount="1"><si><t xml:space="preserve">Roundup </t><r><rPr><b/></rPr><t>PowerMAX</t></r></si></sst>`,
      },
      {
        name: 'xl/worksheets/sheet1.xml',
        content: `<?xml version="1.0"?><worksheet ${ns}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>Invoice </t><r><t>INV-1</t></r></is></c></row></sheetData></worksheet>`,
      },
    ]);
    const grid = await readGridFromBuffer(bytes, 'runs.xlsx');
    expect(grid.rows).toEqual([{ rowNumber: 1, cells: ['Roundup PowerMAX', 'Invoice INV-1'] }]);
  });
});
