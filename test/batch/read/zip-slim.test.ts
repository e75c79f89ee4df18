// A workbook's zip without the parts of the sheets not read (batch/read/zip-slim.ts): what is left
// is a zip that inflates and checks as the original did, and SheetJS reads the sheets kept the same.
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../../../batch/read/limits.ts';
import { checkWorkbookZip } from '../../../batch/read/zip-check.ts';
import { centralDirectory } from '../../../batch/read/zip-entries.ts';
import { withoutParts } from '../../../batch/read/zip-slim.ts';
import { xlsxBytes } from './helpers.ts';

describe('withoutParts', () => {
  it('leaves out the parts named and their relationships, and copies the rest as stored', async () => {
    const bytes = await xlsxBytes((workbook) => {
      for (const name of ['One', 'Two', 'Three']) {
        const sheet = workbook.addWorksheet(name);
        sheet.addRow(['Product', 'Qty']);
        sheet.addRow([`${name} kg`, 7]);
        sheet.getCell('A1').note = 'a comment gives the sheet a relationships part';
      }
    });
    const slim = withoutParts(bytes, new Set(['xl/worksheets/sheet1.xml', 'xl/worksheets/sheet3.xml']));
    const names = centralDirectory(slim)!.map((e) => e.name);
    expect(names).not.toContain('xl/worksheets/sheet1.xml');
    expect(names).not.toContain('xl/worksheets/_rels/sheet1.xml.rels');
    expect(names).toContain('xl/worksheets/sheet2.xml');
    expect(names).toContain('xl/worksheets/_rels/sheet2.xml.rels');
    expect(names).toHaveLength(centralDirectory(bytes)!.length - 4);
    // Every entry inflates to its size and CRC; only then is the workbook refused for the sheet parts left out.
    await expect(checkWorkbookZip(slim, 'slim.xlsx', DEFAULT_LIMITS)).rejects.toThrow(
      /its sheet 'One' is named by the workbook but its part xl\/worksheets\/sheet1\.xml is not in the file/,
    );
    const book = XLSX.read(slim, { type: 'buffer', dense: true, sheets: 'Two' });
    expect(book.SheetNames).toEqual(['One', 'Two', 'Three']);
    expect(XLSX.utils.sheet_to_json(book.Sheets.Two!, { header: 1 })).toEqual([
      ['Product', 'Qty'],
      ['Two kg', 7],
    ]);
  });

  it('gives the bytes back as they are when no part is left out', async () => {
    const bytes = await xlsxBytes((workbook) => workbook.addWorksheet('One').addRow([1]));
    expect(withoutParts(bytes, new Set(['xl/worksheets/sheet9.xml']))).toBe(bytes);
  });
});
