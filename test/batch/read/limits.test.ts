// Files built to exhaust memory are refused before they do, with a message that says what to do.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGrid, readGridFromBuffer } from '../../../batch/read/index.ts';
import { deflatedZeros, handZip, storedZip, zipOf, type HandZipEntry } from '../../support/zip.ts';
import { centralDirectory, entryData } from '../../../batch/read/zip-entries.ts';
import { inflateRawSync } from 'node:zlib';
import { workbookZip } from '../../support/workbook-zip.ts';
import { expectInputError, makeTempDir, writeTemp } from './helpers.ts';

let temp: Awaited<ReturnType<typeof makeTempDir>>;
beforeAll(async () => {
  temp = await makeTempDir();
});
afterAll(() => temp.cleanup());

describe('read limits', () => {
  it('refuses a zip bomb by what its directory declares, before inflating anything', async () => {
    const { data, crc } = await deflatedZeros(8);
    const bomb = zipOf('xl/worksheets/sheet1.xml', data, crc, 4_000_000_000);
    const error = await expectInputError(readGridFromBuffer(bomb, 'bomb.xlsx'), 'too_large', 'bomb.xlsx');
    expect(error.message).toMatch(
      /bomb.xlsx unpacks to 3815 MB, more than the 400 MB this tool reads from one file.*zip bomb.*Nothing was read or sent/,
    );
  });

  it('refuses a zip bomb whose directory lies about its size, counting while it inflates', async () => {
    const { data, crc } = await deflatedZeros(64);
    const liar = zipOf('xl/worksheets/sheet1.xml', data, crc, 1000);
    const started = performance.now();
    const error = await expectInputError(
      readGridFromBuffer(liar, 'liar.xlsx', { limits: { maxBytes: 16 * 1024 * 1024 } }),
      'too_large',
      'liar.xlsx',
    );
    expect(error.message).toMatch(/unpacks to more than 16(\.\d)? MB/);
    expect(performance.now() - started).toBeLessThan(30_000);
  });

  it('refuses a part unpacking past 100 times its packed size once past 64 MB, within the byte limit', async () => {
    const { data, crc } = await deflatedZeros(80);
    const liar = zipOf('xl/worksheets/sheet1.xml', data, crc, 1000);
    const error = await expectInputError(readGridFromBuffer(liar, 'tight.xlsx'), 'too_large', 'tight.xlsx');
    expect(error.message).toMatch(
      /tight.xlsx: its part xl\/worksheets\/sheet1.xml unpacks to more than 6\d MB from 0\.\d MB, over 100 times its packed size.*zip bomb.*Nothing was read or sent/,
    );
  });

  it('refuses a sheet with more rows than the limit, naming the limit and how to raise it', async () => {
    const rows = Array.from(
      { length: 30 },
      (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>x</t></is></c></row>`,
    ).join('');
    const bytes = workbookZip([{ name: 'Big', rows }]);
    expect((await readGridFromBuffer(bytes, 'big.xlsx', { limits: { maxRows: 30 } })).rows).toHaveLength(30);
    const error = await expectInputError(
      readGridFromBuffer(bytes, 'big.xlsx', { limits: { maxRows: 29 } }),
      'too_large',
      'big.xlsx',
    );
    expect(error.message).toMatch(/big.xlsx, sheet Big has more than 29 rows.*--max-rows/);
  });

  it("refuses a workbook's one worksheet past the row limit without inflating the rest of it", async () => {
    const bytes = Buffer.from(workbookZip([{ name: 'Big', rows: valueRows(60_000) }], { deflate: true }));
    breakChecksum(bytes, 'xl/worksheets/sheet1.xml');
    const read = (maxRows: number, sheet?: string) =>
      readGridFromBuffer(new Uint8Array(bytes), 'big.xlsx', { limits: { maxRows }, ...(sheet ? { sheet } : {}) });
    // Within the limit the whole part is inflated, and its checksum refuses it.
    const damaged = await expectInputError(read(100_000), 'corrupt_workbook', 'big.xlsx');
    expect(damaged.message).toMatch(/its part xl\/worksheets\/sheet1.xml is damaged/);
    // Past it, the sheet that would be read is refused for its rows before its damaged end is reached.
    const error = await expectInputError(read(1_000), 'too_large', 'big.xlsx');
    expect(error.message).toMatch(/big.xlsx, sheet Big has more than 1,000 rows.*--max-rows/);
    // A sheet named may be another: every part is then checked whole (SheetJS unzips them all).
    await expectInputError(read(1_000, 'Big'), 'corrupt_workbook', 'big.xlsx');
  });

  it('checks a worksheet past the row limit whole when the workbook has others: a bomb behind the limit is refused', async () => {
    const small = { name: 'Small', rows: valueRows(2) };
    // 1,100 rows, then 24 MB of spaces: over the byte limit below, past the row limit of 1,000.
    const bomb = { name: 'Big', rows: valueRows(1_100) + ' '.repeat(24 * 1024 * 1024) };
    const bytes = Buffer.from(workbookZip([small, bomb], { deflate: true }));
    // Its directory and local header saying it unpacks to 200,000 bytes.
    understateSize(bytes, 'xl/worksheets/sheet2.xml', 200_000);
    for (const sheet of [undefined, 'Small']) {
      const error = await expectInputError(
        readGridFromBuffer(bytes, 'bomb.xlsx', {
          limits: { maxRows: 1_000, maxBytes: 16 * 1024 * 1024 },
          ...(sheet ? { sheet } : {}),
        }),
        'too_large',
        'bomb.xlsx',
      );
      expect(error.message).toMatch(/unpacks to more than 16 MB/);
    }
  });

  it('reads the other sheets of a workbook beside one past the row limit, which is put in empty, never parsed', async () => {
    const bytes = workbookZip(
      [
        { name: 'Small', rows: valueRows(2) },
        { name: 'Big', rows: valueRows(60_000) },
      ],
      { deflate: true },
    );
    // The big sheet taken out of the workbook SheetJS parses (batched), or left in it (read whole).
    for (const sheetBatchBytes of [64 * 1024, 64 * 1024 * 1024]) {
      const read = (sheet?: string) =>
        readGridFromBuffer(bytes, 'two.xlsx', {
          limits: { maxRows: 1_000 },
          sheetBatchBytes,
          ...(sheet ? { sheet } : {}),
        });
      const small = await read();
      expect(small.sheet).toBe('Small');
      expect(small.rows.map((r) => r.cells)).toEqual([[0], [7919]]);
      const error = await expectInputError(read('Big'), 'too_large', 'two.xlsx');
      expect(error.message).toMatch(/sheet Big has more than 1,000 rows/);
    }
  });

  it('reads the sheet a workbook names beside a lone worksheet part past the limit that it does not read', async () => {
    // "Small" kept outside the worksheets folder (xl/worksheetz/); xl/worksheets/orphan.xml, no sheet's, over the limit.
    const zip = workbookZip([{ name: 'Small', rows: valueRows(2) }]);
    const moved = Buffer.from(zip).toString('latin1').replaceAll('worksheets/', 'worksheetz/');
    const entries = [
      ...entriesOf(Buffer.from(moved, 'latin1')),
      {
        name: 'xl/worksheets/orphan.xml',
        content: `<worksheet><sheetData>${valueRows(60_000)}</sheetData></worksheet>`,
      },
    ];
    const bytes = handZip(entries, { deflate: true });
    const grid = await readGridFromBuffer(bytes, 'orphan.xlsx', { limits: { maxRows: 1_000 } });
    expect(grid.sheet).toBe('Small');
    expect(grid.rows.map((r) => r.cells)).toEqual([[0], [7919]]);
  });

  it('reads the sheet it would read whatever sheet past the row limit the workbook holds besides', async () => {
    const big = { name: 'Big', rows: valueRows(2_000) };
    const small = { name: 'Small', rows: valueRows(2) };
    // A formula whose value is empty: a value element, so the sheet is parsed, but no data in it.
    const blank = { name: 'Blank', rows: '<row r="1"><c r="A1" t="str"><f>""</f><v></v></c></row>' };
    for (const [label, sheets] of [
      ['a hidden sheet first', [{ ...big, hidden: true }, small]],
      ['after a sheet without data', [blank, small, big]],
    ] as const) {
      const grid = await readGridFromBuffer(workbookZip(sheets), 'book.xlsx', { limits: { maxRows: 1_000 } });
      expect(grid.sheet, label).toBe('Small');
      expect(grid.rows.map((r) => r.cells)).toEqual([[0], [7919]]);
    }
    // The sheet past the limit is still refused when it is the one read.
    await expectInputError(
      readGridFromBuffer(workbookZip([big, small]), 'book.xlsx', { limits: { maxRows: 1_000 } }),
      'too_large',
      'book.xlsx',
    );
  });

  it('refuses a part whose own header says otherwise than the zip directory (SheetJS unzips by the header)', async () => {
    const bytes = Buffer.from(workbookZip([{ name: 'Data', rows: valueRows(3) }], { deflate: true }));
    const { local } = headersOf(bytes, 'xl/worksheets/sheet1.xml');
    bytes.writeUInt16LE(0, local + 8); // deflated, its own header saying stored
    const error = await expectInputError(
      readGridFromBuffer(bytes, 'two-ways.xlsx'),
      'corrupt_workbook',
      'two-ways.xlsx',
    );
    expect(error.message).toMatch(/its part xl\/worksheets\/sheet1.xml is described two ways/);
  });

  it('refuses a CSV with more records than the limit, and a CSV larger than the byte limit', async () => {
    const path = await writeTemp(temp.dir, 'long.csv', `Product,Qty\r\n${'Glyfos 540,1\r\n'.repeat(50)}`);
    expect((await readGrid(path, { limits: { maxRows: 51 } })).rows).toHaveLength(51);
    await expectInputError(readGrid(path, { limits: { maxRows: 50 } }), 'too_large', path);
    const error = await expectInputError(readGrid(path, { limits: { maxBytes: 100 } }), 'too_large', path);
    expect(error.message).toMatch(/is 0\.0 MB, more than the 0\.0 MB/);
    expect((await readFile(path)).length).toBeGreaterThan(100);
  });

  it('counts records, not lines: quoted values holding line breaks do not make a CSV too large', async () => {
    // 7 records (a blank line last, counted as papaparse counts it) on 12 lines: each note holds a line break.
    const rows = Array.from({ length: 5 }, (_, i) => `Glyfos 540,${i + 1},"first line\nsecond line"\n`);
    const path = await writeTemp(temp.dir, 'notes.csv', `Product,Qty,Note\n${rows.join('')}\n`);
    const grid = await readGrid(path, { limits: { maxRows: 7 } });
    expect(grid.rows).toHaveLength(6);
    expect(grid.rows[5]!.cells).toEqual(['Glyfos 540', '5', 'first line\nsecond line']);
    await expectInputError(readGrid(path, { limits: { maxRows: 6 } }), 'too_large', path);
  });

  it('counts the records of a CR-only CSV whose quoted notes hold line feeds as papaparse reads them', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => `"Delivered ${i}\nchecked by Sam\nshed 2",Urea,${i + 1}`);
    const path = await writeTemp(temp.dir, 'cr-notes.csv', `Notes,Product,Qty\r${rows.join('\r')}\r`);
    const grid = await readGrid(path, { limits: { maxRows: 11 } });
    expect(grid.rows).toHaveLength(11);
    expect(grid.rows[10]!.cells).toEqual(['Delivered 9\nchecked by Sam\nshed 2', 'Urea', '10']);
    await expectInputError(readGrid(path, { limits: { maxRows: 10 } }), 'too_large', path);
  });

  it('refuses a CSV whose record one past the limit is a blank line, not reading it as the end of the file', async () => {
    for (const [name, text] of [
      ['blank-lf.csv', 'Product,Qty\nUrea,1\n\nGlyfos,2\nMAP,3\n'],
      ['blank-cr.csv', 'Product,Qty\rUrea,1\r\rGlyfos,2\r"MAP\nbag",3\r'],
    ]) {
      const path = await writeTemp(temp.dir, name!, text!);
      await expectInputError(readGrid(path, { limits: { maxRows: 2 } }), 'too_large', path);
      expect((await readGrid(path, { limits: { maxRows: 5 } })).rows.map((r) => r.cells[0])).toEqual([
        'Product',
        'Urea',
        'Glyfos',
        name === 'blank-cr.csv' ? 'MAP\nbag' : 'MAP',
      ]);
    }
  });
});

describe('OpenDocument files made to exhaust memory', () => {
  const ns =
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"';
  const manifest =
    '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>';
  const ods = (rows: string) =>
    storedZip([
      { name: 'mimetype', content: 'application/vnd.oasis.opendocument.spreadsheet' },
      { name: 'META-INF/manifest.xml', content: manifest },
      {
        name: 'content.xml',
        content: `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ns} office:version="1.2"><office:body><office:spreadsheet><table:table table:name="Sheet1">${rows}</table:table></office:spreadsheet></office:body></office:document-content>`,
      },
    ]);

  it.each([
    [
      'a value repeated over a billion columns',
      '<table:table-row><table:table-cell table:number-columns-repeated="999999999" office:value-type="string"><text:p>X</text:p></table:table-cell></table:table-row>',
    ],
    [
      'a row of values repeated a billion times',
      '<table:table-row table:number-rows-repeated="999999999"><table:table-cell table:number-columns-repeated="10" office:value-type="string"><text:p>X</text:p></table:table-cell></table:table-row>',
    ],
  ])('refuses %s, at once', async (_what, rows) => {
    const error = await expectInputError(readGridFromBuffer(ods(rows), 'dos.ods'), 'too_large', 'dos.ods');
    expect(error.message).toMatch(/repeats a value across more columns or rows than this tool reads/);
  });

  it('reads the empty rows and columns LibreOffice repeats to the edge of the sheet', async () => {
    const rows =
      '<table:table-row><table:table-cell office:value-type="string"><text:p>Supplier</text:p></table:table-cell><table:table-cell table:number-columns-repeated="16383"/></table:table-row>' +
      '<table:table-row table:number-rows-repeated="1048575"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>';
    const grid = await readGridFromBuffer(ods(rows), 'edge.ods');
    expect(grid.rows).toEqual([{ rowNumber: 1, cells: ['Supplier'] }]);
  });
});

/** `count` rows of one number cell each. */
function valueRows(count: number): string {
  return Array.from(
    { length: count },
    (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${(i * 7919) % 100_003}</v></c></row>`,
  ).join('');
}

/** Where the zip's part `name` has its local header and its directory entry (a deflated zip of handZip's). */
function headersOf(bytes: Buffer, name: string): { local: number; central: number } {
  const nameBytes = Buffer.from(name);
  const local = bytes.indexOf(nameBytes) - 30;
  return { local, central: bytes.indexOf(nameBytes, local + 30 + nameBytes.length) - 46 };
}

/** Makes the checksum of the zip's part `name` wrong, in its local header and in the directory. */
function breakChecksum(bytes: Buffer, name: string): void {
  const { local, central } = headersOf(bytes, name);
  bytes.writeUInt32LE(bytes.readUInt32LE(local + 14) ^ 1, local + 14);
  bytes.writeUInt32LE(bytes.readUInt32LE(central + 16) ^ 1, central + 16);
}

/** Makes the zip's part `name` say it unpacks to `size` bytes, in its local header and in the directory. */
function understateSize(bytes: Buffer, name: string, size: number): void {
  const { local, central } = headersOf(bytes, name);
  bytes.writeUInt32LE(size, local + 22);
  bytes.writeUInt32LE(size, central + 24);
}

/** The entries of a zip (its parts inflated), to build another from. */
function entriesOf(bytes: Uint8Array): HandZipEntry[] {
  return centralDirectory(bytes)!.map((entry) => {
    const data = entryData(bytes, entry)!;
    return { name: entry.name, content: entry.method === 8 ? inflateRawSync(data) : data };
  });
}
