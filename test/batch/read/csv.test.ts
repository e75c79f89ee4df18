import { describe, expect, it } from 'vitest';
import { readGridFromBuffer } from '../../../batch/read/index.ts';
import { decodeWindows1252 } from '../../../batch/read/text-decode.ts';
import { parseCsvText } from '../../../batch/read/csv.ts';
import { expectInputError } from './helpers.ts';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const read = (text: string | Uint8Array, name = 'sheet.csv') =>
  readGridFromBuffer(typeof text === 'string' ? utf8(text) : text, name);

/** Windows-1252 bytes of a Latin-1 / 1252 string (code points below 0x100, plus the few 1252 extras used here). */
function windows1252(text: string): Uint8Array {
  const extras: Record<string, number> = { '€': 0x80, '™': 0x99, '’': 0x92 };
  return Uint8Array.from([...text].map((ch) => extras[ch] ?? ch.charCodeAt(0)));
}

describe('CSV delimiters and line ends', () => {
  it('detects comma, semicolon and tab, with LF or CRLF', async () => {
    for (const [text, delimiter, newline] of [
      ['Supplier,Qty\nFarmco,4\n', ',', '\n'],
      ['Supplier;Qty\r\nFarmco;4\r\n', ';', '\r\n'],
      ['Supplier\tQty\r\nFarmco\t4', '\t', '\r\n'],
    ] as const) {
      const grid = await read(text);
      expect(grid.csv?.delimiter).toBe(delimiter);
      expect(grid.csv?.newline).toBe(newline);
      expect(grid.rows).toEqual([
        { rowNumber: 1, cells: ['Supplier', 'Qty'] },
        { rowNumber: 2, cells: ['Farmco', '4'] },
      ]);
    }
  });

  it('finds the semicolon below a title line and blank lines, and ignores commas inside amounts', async () => {
    const grid = await read(
      'Supplier invoices, April\r\n\r\nInvoice;Supplier;Cost/Pack\r\nINV-1;Farmco;$1,025.00\r\n;;\r\nINV-2;Farmco;$5.00\r\n',
    );
    expect(grid.csv?.delimiter).toBe(';');
    expect(grid.rows).toEqual([
      { rowNumber: 1, cells: ['Supplier invoices, April'] },
      { rowNumber: 3, cells: ['Invoice', 'Supplier', 'Cost/Pack'] },
      { rowNumber: 4, cells: ['INV-1', 'Farmco', '$1,025.00'] },
      { rowNumber: 6, cells: ['INV-2', 'Farmco', '$5.00'] },
    ]);
  });

  it('reads a one-column file', async () => {
    const grid = await read('Product\nGlyfos 540\n');
    expect(grid.rows).toEqual([
      { rowNumber: 1, cells: ['Product'] },
      { rowNumber: 2, cells: ['Glyfos 540'] },
    ]);
  });
});

describe('CSV values and row numbers', () => {
  it('keeps values as written: no number or date guessing, spaces kept; empty → null; trailing empties dropped', async () => {
    const grid = await read('Qty,Price,Code,Date,Name,,\n0004,"$1,234.50",00123,3/2/2026,"  Glyfos 540 ",,\n,x,,,,,\n');
    expect(grid.rows).toEqual([
      { rowNumber: 1, cells: ['Qty', 'Price', 'Code', 'Date', 'Name'] },
      { rowNumber: 2, cells: ['0004', '$1,234.50', '00123', '3/2/2026', '  Glyfos 540 '] },
      { rowNumber: 3, cells: [null, 'x'] },
    ]);
  });

  it('numbers rows as records: blank lines count, a quoted line break does not start a new row', async () => {
    const grid = await read('Product,Notes\r\n\r\n\r\nGlyfos,"two\r\nlines"\r\n  ,\t\r\nAmine,"say ""hi"""\r\n');
    expect(grid.rows).toEqual([
      { rowNumber: 1, cells: ['Product', 'Notes'] },
      { rowNumber: 4, cells: ['Glyfos', 'two\r\nlines'] },
      { rowNumber: 6, cells: ['Amine', 'say "hi"'] },
    ]);
  });

  it('reads a file without a BOM the same as with one', async () => {
    const without = await read('Product,Qty\nGlyfos,4\n');
    const withBom = await read('\ufeffProduct,Qty\nGlyfos,4\n');
    expect(withBom.rows).toEqual(without.rows);
    expect(without.csv?.bom).toBe(false);
    expect(withBom.csv?.bom).toBe(true);
  });

  it('names the grid after the file, and warns that --sheet does not apply', async () => {
    const grid = await readGridFromBuffer(utf8('a,b\n'), 'exports/April returns.csv', { sheet: 'Invoices' });
    expect(grid.source).toBe('April returns.csv');
    expect(grid.sheet).toBe('April returns');
    expect(grid.sheetNames).toEqual(['April returns']);
    expect(grid.warnings).toEqual([
      '--sheet Invoices is ignored: exports/April returns.csv is a CSV file, with one sheet.',
    ]);
  });
});

describe('CSV encodings', () => {
  it('decodes every Windows-1252 byte the way the Encoding Standard does', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const text = decodeWindows1252(all);
    expect(text).toHaveLength(256);
    expect(text.slice(0x80, 0xa0)).toBe('€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ');
    expect(text.slice(0xa0)).toBe(Buffer.from(all.subarray(0xa0)).toString('latin1'));
    expect(text.slice(0, 0x80)).toBe(Buffer.from(all.subarray(0, 0x80)).toString('ascii'));
  });

  it('converts Windows-1252 (é, ®, €, ™) and warns', async () => {
    const bytes = windows1252('Supplier;Product;Cost\r\nCafé Agri;Alphaguard® 100;€12\r\nFarmco;Roundup™;5\r\n');
    const grid = await read(bytes, 'legacy.csv');
    expect(grid.csv).toEqual({ delimiter: ';', newline: '\r\n', encoding: 'windows-1252', bom: false });
    expect(grid.rows[1]?.cells).toEqual(['Café Agri', 'Alphaguard® 100', '€12']);
    expect(grid.rows[2]?.cells).toEqual(['Farmco', 'Roundup™', '5']);
    expect(grid.warnings).toHaveLength(1);
    expect(grid.warnings[0]).toContain('legacy.csv is not UTF-8');
    expect(grid.warnings[0]).toContain('Windows-1252');
  });

  it('reads UTF-8 accents without a warning', async () => {
    const grid = await read('Supplier\nCafé Agri\nAlphaguard® 100\n');
    expect(grid.csv?.encoding).toBe('utf-8');
    expect(grid.warnings).toEqual([]);
    expect(grid.rows.map((r) => r.cells[0])).toEqual(['Supplier', 'Café Agri', 'Alphaguard® 100']);
  });

  it("reads UTF-16 with a byte order mark (Excel's Unicode Text), little- and big-endian", async () => {
    const text = 'Product\tQty\r\nAlphaguard® 100\t2\r\n';
    const le = Uint8Array.from([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);
    const be = Uint8Array.from([0xfe, 0xff, ...Buffer.from(text, 'utf16le').swap16()]);
    for (const [bytes, encoding] of [
      [le, 'utf-16le'],
      [be, 'utf-16be'],
    ] as const) {
      const grid = await read(bytes, 'unicode.txt');
      expect(grid.csv).toEqual({ delimiter: '\t', newline: '\r\n', encoding, bom: true });
      expect(grid.rows).toEqual([
        { rowNumber: 1, cells: ['Product', 'Qty'] },
        { rowNumber: 2, cells: ['Alphaguard® 100', '2'] },
      ]);
    }
  });

  it('refuses bytes that are neither UTF-8 nor Windows-1252, naming the line', async () => {
    const bytes = Uint8Array.from([...utf8('Product\nGlyfos\n'), 0x81, 0x41, 0x0a]);
    const error = await expectInputError(read(bytes, 'shift-jis.csv'), 'unreadable_encoding', 'shift-jis.csv');
    expect(error.message).toContain('byte 0x81 on line 3');
    expect(error.message).toContain('CSV UTF-8');
  });

  it('refuses a UTF-8 BOM followed by bytes that are not UTF-8', async () => {
    const bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8('Product\n'), 0xe9, 0x0a]);
    const error = await expectInputError(read(bytes, 'mixed.csv'), 'unreadable_encoding', 'mixed.csv');
    expect(error.message).toContain('byte order mark');
  });

  it('refuses UTF-16 with a BOM but an odd half character', async () => {
    const bytes = Uint8Array.from([0xff, 0xfe, 0x41, 0x00, 0x00, 0xd8, 0x41, 0x00]);
    await expectInputError(read(bytes, 'broken16.csv'), 'unreadable_encoding', 'broken16.csv');
  });
});

describe('CSV refusals', () => {
  it('refuses a quoted value that is never closed, naming the row', async () => {
    const error = await expectInputError(
      read('Product,Notes\nGlyfos,"open\nAmine,fine\n', 'quote.csv'),
      'malformed_csv',
      'quote.csv',
    );
    expect(error.message).toContain('quote.csv row 2');
  });

  it('refuses text after a closing quote, which would merge cells, naming the row', async () => {
    for (const text of ['Product,Notes\nGlyfos,"a"b\nAmine,c\n', 'Product,Pack\n"Glyfos" 540,"20" L\n']) {
      const error = await expectInputError(read(text, 'odd.csv'), 'malformed_csv', 'odd.csv');
      expect(error.message).toContain('odd.csv row 2: a quoted value has text after its closing quote');
    }
  });

  it('accepts spaces after a closing quote', async () => {
    const grid = await read('Product,Notes\nGlyfos,"a" \n');
    expect(grid.rows[1]?.cells).toEqual(['Glyfos', 'a']);
  });

  it('refuses a file with no value in any row', async () => {
    for (const text of ['\ufeff', '\r\n\r\n', ';;;\r\n;;;\r\n', '  \n\t\n']) {
      await expectInputError(read(text, 'blank.csv'), 'no_data', 'blank.csv');
    }
  });

  it('refuses text that is plainly not CSV: HTML, Excel 2003 XML, other XML, JSON', async () => {
    const cases = [
      ['<!DOCTYPE html><html><body><table><tr><td>1</td></tr></table></body></html>', 'a web page (HTML)'],
      ['<table><tr><td>Qty</td></tr></table>', 'a web page (HTML)'],
      [
        '<?xml version="1.0"?>\n<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"></Workbook>',
        'an Excel 2003 XML spreadsheet',
      ],
      ['<?xml version="1.0"?><invoices/>', 'an XML file'],
      ['{"columns": {"quantity": "Qty"}}', 'a JSON file'],
    ] as const;
    for (const [text, what] of cases) {
      const error = await expectInputError(read(text, 'export.xls'), 'not_a_spreadsheet', 'export.xls');
      expect(error.message).toContain(`export.xls is ${what}`);
    }
  });

  it('reads a CSV whose first cell starts with a bracket as CSV', async () => {
    const grid = await read('[Title],x\nProduct,Qty\n');
    expect(grid.rows[0]?.cells).toEqual(['[Title]', 'x']);
  });
});

describe('the formula guard of our CSV exports', () => {
  it("is taken off on the way back in: '=x and '-5 read as =x and -5; other quotes stay", () => {
    const { rows } = parseCsvText(
      "Record ID,Updated At,a,b,c\r\nr1,2026-01-01,'=SUM(A1),'-5 drums,'quoted\r\n",
      'x.csv',
    );
    expect(rows[1]!.cells).toEqual(['r1', '2026-01-01', '=SUM(A1)', '-5 drums', "'quoted"]);
  });

  it("gives back a bookkeeper's own quoted text the export quoted once more: ''-5 reads as '-5", () => {
    const { rows } = parseCsvText("Record ID,Updated At,a,b\r\nr1,2026-01-01,''-5 drums,'''=x\r\n", 'x.csv');
    expect(rows[1]!.cells.slice(2)).toEqual(["'-5 drums", "''=x"]);
  });

  it("stays in anyone else's file: a bookkeeper's own leading quote is their text", () => {
    const { rows } = parseCsvText("Supplier,Notes\r\nFarmco,'-5 drums short\r\nFarmco,'=see PO\r\n", 'x.csv');
    expect(rows.slice(1).map((r) => r.cells[1])).toEqual(["'-5 drums short", "'=see PO"]);
  });
});

describe('CSV as other programs write it', () => {
  const lines = 'Supplier|Product|Qty\r\nFarmco|Glyfos 540|12\r\n';
  const cells = [
    ['Supplier', 'Product', 'Qty'],
    ['Farmco', 'Glyfos 540', '12'],
  ];
  const cellsOf = (grid: { rows: { cells: unknown[] }[] }) => grid.rows.map((r) => r.cells);

  it('reads a pipe-delimited file', async () => {
    expect(cellsOf(await read(lines))).toEqual(cells);
  });

  it("honours Excel's sep= first line and does not read it as data", async () => {
    const grid = await read(`sep=|\r\n${lines}`);
    expect(cellsOf(grid)).toEqual(cells);
    expect(grid.rows[0]!.rowNumber).toBe(2);
  });

  it('reads UTF-16 without a byte order mark, both byte orders', async () => {
    const le = Buffer.from(lines.replace(/\|/g, ','), 'utf16le');
    expect(cellsOf(await read(le))).toEqual(cells);
    const be = Buffer.from(le).swap16();
    expect(cellsOf(await read(be))).toEqual(cells);
  });

  it('reads UTF-32 with its byte order mark (not as UTF-16)', async () => {
    const text = `\ufeff${lines.replace(/\|/g, ',')}Café Agri,Alphaguard® 100,1\r\n`;
    const le = Buffer.alloc(text.length * 4);
    [...text].forEach((ch, i) => le.writeUInt32LE(ch.codePointAt(0)!, i * 4));
    expect(cellsOf(await read(le))).toEqual([...cells, ['Café Agri', 'Alphaguard® 100', '1']]);
  });

  it('reads SYLK and DIF files as the spreadsheets they are', async () => {
    const sylk = 'ID;PWXL;N;E\r\nC;Y1;X1;K"Supplier"\r\nC;Y1;X2;K"Qty"\r\nC;Y2;X1;K"Farmco"\r\nC;Y2;X2;K12\r\nE\r\n';
    expect(cellsOf(await read(sylk))).toEqual([
      ['Supplier', 'Qty'],
      ['Farmco', 12],
    ]);
    const dif =
      'TABLE\r\n0,1\r\n""\r\nVECTORS\r\n0,2\r\n""\r\nTUPLES\r\n0,2\r\n""\r\nDATA\r\n0,0\r\n""\r\n-1,0\r\nBOT\r\n1,0\r\n"Supplier"\r\n1,0\r\n"Qty"\r\n-1,0\r\nBOT\r\n1,0\r\n"Farmco"\r\n0,12\r\nV\r\n-1,0\r\nEOD\r\n';
    expect(cellsOf(await read(dif))).toEqual([
      ['Supplier', 'Qty'],
      ['Farmco', 12],
    ]);
  });
});

describe('CSV with line ends of more than one kind', () => {
  const cellsOf = (grid: { rows: { rowNumber: number; cells: unknown[] }[] }) =>
    grid.rows.map((r) => [r.rowNumber, ...r.cells]);

  it('ends a record at each CRLF, LF or CR outside quotes, as Excel does (no rows merged into cells)', async () => {
    const grid = await read('Product,Qty\r\nGlyfos,1\nAmine,2\rTordon,3\r\n');
    expect(cellsOf(grid)).toEqual([
      [1, 'Product', 'Qty'],
      [2, 'Glyfos', '1'],
      [3, 'Amine', '2'],
      [4, 'Tordon', '3'],
    ]);
    expect(grid.csv?.newline).toBe('\r\n');
  });

  it('keeps the line breaks inside quoted values as written, whatever the records end with', async () => {
    const text = 'Product;Note\nGlyfos;"two\r\nlines"\r\n"Amine ""50""";"a\rb"\nTordon;"x;y\n"\r\n';
    expect(cellsOf(await read(text))).toEqual([
      [1, 'Product', 'Note'],
      [2, 'Glyfos', 'two\r\nlines'],
      [3, 'Amine "50"', 'a\rb'],
      [4, 'Tordon', 'x;y\n'],
    ]);
  });

  it('reads an Excel file of CRLF records with Alt+Enter line feeds in its quoted cells as before', async () => {
    const grid = await read('Product,Note\r\nGlyfos,"two\nlines"\r\nAmine,x\r\n');
    expect(cellsOf(grid)).toEqual([
      [1, 'Product', 'Note'],
      [2, 'Glyfos', 'two\nlines'],
      [3, 'Amine', 'x'],
    ]);
    expect(grid.csv?.newline).toBe('\r\n');
  });

  it('still refuses a quote never closed, naming its row', async () => {
    const error = await expectInputError(
      read('Product,Qty\r\nGlyfos,1\n"Amine,2\r\nTordon,3\n'),
      'malformed_csv',
      'sheet.csv',
    );
    expect(error.message).toMatch(/row 3: a value opens a double quote/);
  });
});

describe('CSV whose bytes are partly UTF-8 and partly another encoding', () => {
  it('is refused, naming a line of each, instead of reading the UTF-8 letters as Windows-1252 (® as Â®)', async () => {
    const bytes = Uint8Array.from([
      ...utf8('Supplier,Product,Qty\nFarmco,Alphaguard® 100,2\nFarmco,Glyfos,1\n'),
      ...windows1252('Café Agri,Roundup,3\n'),
    ]);
    const error = await expectInputError(read(bytes, 'appended.csv'), 'unreadable_encoding', 'appended.csv');
    expect(error.message).toMatch(/line 2 is UTF-8 but line 4 is not/);
    expect(error.message).toContain('CSV UTF-8');
  });

  it('reads Windows-1252 text whose letters happen to follow each other, with its warning, as before', async () => {
    const grid = await read(windows1252('Supplier,Product\nCafé Agri,Crème ®\n'));
    expect(grid.rows[1]!.cells).toEqual(['Café Agri', 'Crème ®']);
    expect(grid.csv?.encoding).toBe('windows-1252');
  });
});

describe('CSV with a NUL byte past the first 64 KiB', () => {
  it('is refused, naming its line, instead of a cell holding a NUL character', async () => {
    const text = `Product,Qty\n${'Glyfos,1\n'.repeat(10_000)}Amine\u0000,2\n`;
    const error = await expectInputError(read(text, 'nul.csv'), 'malformed_csv', 'nul.csv');
    expect(error.message).toMatch(/nul\.csv line 10002 holds a NUL character/);
  });
});

describe('SYLK and DIF files with letters past ASCII', () => {
  const sylk = (name: string) => `ID;PWXL;N;E\r\nC;Y1;X1;K"Product"\r\nC;Y2;X1;K"${name}"\r\nE\r\n`;
  const dif = (name: string) =>
    `TABLE\r\n0,1\r\n""\r\nVECTORS\r\n0,1\r\n""\r\nTUPLES\r\n0,1\r\n""\r\nDATA\r\n0,0\r\n""\r\n-1,0\r\nBOT\r\n1,0\r\n"${name}"\r\n-1,0\r\nEOD\r\n`;
  const name = 'Crème € ®';

  it('read them in UTF-8 when they are (SheetJS alone reads Crème as CrÃ¨me)', async () => {
    expect((await read(utf8(sylk(name)), 'u.slk')).rows[1]!.cells).toEqual([name]);
    expect((await read(utf8(dif(name)), 'u.dif')).rows[0]!.cells).toEqual([name]);
  });

  it('read them in Windows-1252 otherwise, the euro sign included (SheetJS alone drops it)', async () => {
    expect((await read(windows1252(sylk(name)), 'w.slk')).rows[1]!.cells).toEqual([name]);
    expect((await read(windows1252(dif(name)), 'w.dif')).rows[0]!.cells).toEqual([name]);
  });
});

describe('text other spreadsheet programs save that is not CSV', () => {
  it('is refused, named, instead of read as one column of markup (an RTF table, a SocialCalc save)', async () => {
    const rtf = await expectInputError(
      read('{\\rtf1\\ansi\\trowd\\cellx1 Product\\cell Qty\\cell\\row}', 'sheet.csv'),
      'not_a_spreadsheet',
      'sheet.csv',
    );
    expect(rtf.message).toContain('sheet.csv is an RTF document, not a spreadsheet this tool reads');
    const socialcalc = await expectInputError(
      read('socialcalc:version:1.5\nMIME-Version: 1.0\n', 'sheet.csv'),
      'not_a_spreadsheet',
      'sheet.csv',
    );
    expect(socialcalc.message).toContain('is a SocialCalc sheet');
  });
});
