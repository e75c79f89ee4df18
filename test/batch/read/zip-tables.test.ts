// The sheets' tables (ListObjects), which SheetJS CE does not read, found in the zip's table parts
// (batch/read/zip-sheets.ts sheetTables) and carried by the CLI's grid: rows a table's filter hides are `filtered`.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readGrid, readGridFromBuffer } from '../../../batch/read/index.ts';
import { sheetTables } from '../../../batch/read/zip-sheets.ts';
import { xlsxBytes } from './helpers.ts';

const FIXTURES = join(import.meta.dirname, '../../fixtures/workbooks');

describe('sheetTables', () => {
  it('gives each sheet the tables its relationships name: display name, range, header row shown or not', () => {
    const workbook =
      '<x:workbook xmlns:x="main" xmlns:r="rels"><x:sheets><x:sheet name="Notes" sheetId="1" r:id="rId1"/><x:sheet name="Stock &amp; Co" sheetId="2" r:id="rId2"/></x:sheets></x:workbook>';
    const rels =
      '<Relationships><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="worksheet" Target="/xl/worksheets/sheet2.xml"/></Relationships>';
    const parts = new Map([
      [
        'xl/worksheets/_rels/sheet2.xml.rels',
        '<Relationships><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing" Target="../drawings/drawing1.xml"/>' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/table" Target="../tables/table7.xml"/>' +
          '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/table" Target="/xl/tables/table8.xml"/></Relationships>',
      ],
      [
        'xl/tables/table7.xml',
        '<x:table xmlns:x="main" id="7" name="Table7" displayName="Chem_&amp;_Fert" ref="B2:D20"><x:autoFilter ref="B2:D20"/></x:table>',
      ],
      ['xl/tables/table8.xml', '<table id="8" name="Counts" displayName="Counts" ref="F1:G4" headerRowCount="0"/>'],
    ]);
    expect(sheetTables('xl/workbook.xml', workbook, rels, parts)).toEqual(
      new Map([
        [
          'Stock & Co',
          [
            { name: 'Chem_&_Fert', ref: 'B2:D20', headerRow: true },
            { name: 'Counts', ref: 'F1:G4', headerRow: false },
          ],
        ],
      ]),
    );
  });
});

describe('the CLI reads tables', () => {
  it('into the grid, and marks rows hidden inside a table as filtered, a row hidden above it only as hidden', async () => {
    const grid = await readGrid(join(FIXTURES, 'table-filtered.xlsx'));
    expect(grid.tables).toEqual([
      { name: 'MarchReceipts', area: { firstRow: 4, lastRow: 10, firstColumn: 0, lastColumn: 8 }, headerRow: true },
    ]);
    expect(grid.rows.filter((r) => r.hidden).map((r) => [r.rowNumber, r.filtered === true])).toEqual([
      [2, false],
      [8, true],
      [9, true],
    ]);
  });

  it('of the sheet read only, in a workbook whose every sheet has a table', async () => {
    const bytes = await xlsxBytes((book) => {
      for (const [name, ref] of [
        ['First', 'A1'],
        ['Second', 'C3'],
      ] as const) {
        const ws = book.addWorksheet(name);
        ws.addTable({
          name: `${name}Lines`,
          ref,
          headerRow: true,
          columns: [{ name: 'Product' }, { name: 'Qty' }],
          rows: [['Glyfos 540', 4]],
        });
      }
    });
    const first = await readGridFromBuffer(bytes, 'two.xlsx');
    expect(first.tables).toEqual([
      { name: 'FirstLines', area: { firstRow: 1, lastRow: 2, firstColumn: 0, lastColumn: 1 }, headerRow: true },
    ]);
    const second = await readGridFromBuffer(bytes, 'two.xlsx', { sheet: 'Second' });
    expect(second.tables).toEqual([
      { name: 'SecondLines', area: { firstRow: 3, lastRow: 4, firstColumn: 2, lastColumn: 3 }, headerRow: true },
    ]);
  });
});
