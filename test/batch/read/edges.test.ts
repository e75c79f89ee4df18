// The reader's last edges (issue 23, item 4): files from other programs, and files made to hurt.
import { readFileSync } from 'node:fs';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { readGridFromBuffer } from '../../../batch/read/index.ts';
import { workbookZip } from '../../support/workbook-zip.ts';
import { EXAMPLES, expectInputError } from './helpers.ts';

const cellA = (r: number, text: string) => `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>${text}</t></is></c></row>`;

describe('rows are counted, not row numbers', () => {
  it('reads a sheet of one row of data and an empty row written at row 1,048,576', async () => {
    const bytes = workbookZip([
      {
        name: 'Data',
        dimension: 'A1:I1048576',
        rows: `${cellA(1, 'Qty')}${cellA(2, '5')}<row r="1048576" ht="15" customHeight="1"><c r="A1048576" s="0"/></row>`,
      },
    ]);
    const grid = await readGridFromBuffer(bytes, 'edge.xlsx');
    expect(grid.rows.map((r) => r.cells)).toEqual([['Qty'], ['5']]);
  });

  it('reads a sheet whose blank rows run to row 1,048,576, more of them than the row limit', async () => {
    // Rows written with no value (a height, blank styled cells, empty values) down to the sheet's edge,
    // under a used range that says so: 2 rows hold values, 30 rows are written, the limit is 5.
    const blank = [
      (r: number) => `<row r="${r}" ht="15" customHeight="1"/>`,
      (r: number) => `<row r="${r}"><c r="A${r}" s="0"/><c r="I${r}" s="0"/></row>`,
      (r: number) => `<row r="${r}"><c r="B${r}" t="s"><v></v></c><c r="C${r}"><v/></c></row>`,
    ];
    const rows = Array.from({ length: 30 }, (_, i) => blank[i % 3]!(1_048_547 + i)).join('');
    const bytes = workbookZip([
      { name: 'Data', dimension: 'A1:I1048576', rows: `${cellA(1, 'Qty')}${cellA(2, '5')}${rows}` },
    ]);
    const grid = await readGridFromBuffer(bytes, 'edge.xlsx', { limits: { maxRows: 5 } });
    expect(grid.rows.map((r) => r.cells)).toEqual([['Qty'], ['5']]);
  });

  it('refuses a sheet with more rows holding values than the limit, blank rows between them or not', async () => {
    const rows = [1, 2, 3, 500_000, 1_048_576].map((r) => cellA(r, 'x')).join('');
    const bytes = workbookZip([{ name: 'Data', dimension: 'A1:A1048576', rows }]);
    await expectInputError(readGridFromBuffer(bytes, 'big.xlsx', { limits: { maxRows: 4 } }), 'too_large', 'big.xlsx');
    const grid = await readGridFromBuffer(bytes, 'big.xlsx', { limits: { maxRows: 5 } });
    expect(grid.rows.map((r) => r.rowNumber)).toEqual([1, 2, 3, 500_000, 1_048_576]);
  });

  it('still refuses a sheet with more rows than the limit', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => cellA(i + 1, 'x')).join('');
    const bytes = workbookZip([{ name: 'Data', rows }]);
    await expectInputError(readGridFromBuffer(bytes, 'big.xlsx', { limits: { maxRows: 11 } }), 'too_large', 'big.xlsx');
  });
});

describe('a workbook the zip check cannot count (.ods, .xlsb)', () => {
  it('is refused when a value lies past the row limit, instead of being read short without a word', async () => {
    // SheetJS stops such a sheet at the limit (sheetRows) and names the rest only in its full range.
    const sheet: XLSX.WorkSheet = {
      '!ref': 'A1:A40',
      A1: { t: 's', v: 'Product' },
      A2: { t: 's', v: 'Glyfos 540' },
      A40: { t: 's', v: 'far below' },
    };
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Data');
    for (const bookType of ['ods', 'xlsb'] as const) {
      const bytes = XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
      await expectInputError(
        readGridFromBuffer(bytes, `far.${bookType}`, { limits: { maxRows: 10 } }),
        'too_large',
        `far.${bookType}`,
      );
      const whole = await readGridFromBuffer(bytes, `far.${bookType}`, { limits: { maxRows: 40 } });
      expect(whole.rows.map((r) => r.rowNumber)).toEqual([1, 2, 40]);
    }
  });
});

describe('a workbook of many sheets is parsed once', () => {
  it('says a workbook of 1,024 empty sheets has no data within a second', async () => {
    const sheets = Array.from({ length: 1024 }, (_, i) => ({ name: `S${i + 1}`, rows: '<row r="1"/>' }));
    const bytes = workbookZip(sheets);
    const started = performance.now();
    const error = await expectInputError(readGridFromBuffer(bytes, 'many.xlsx'), 'no_data', 'many.xlsx');
    const ms = performance.now() - started;
    expect(error.message).toContain("'S1024'");
    expect(ms).toBeLessThan(5_000); // 25 s before; the bench holds the 1 s figure
  });

  it('reads the last of 1,024 sheets when it is the only one with data', async () => {
    const sheets = Array.from({ length: 1024 }, (_, i) => ({
      name: `S${i + 1}`,
      rows: i === 1023 ? cellA(3, 'last') : '<row r="1"/>',
    }));
    const grid = await readGridFromBuffer(workbookZip(sheets), 'many.xlsx');
    expect(grid.sheet).toBe('S1024');
    expect(grid.rows).toEqual([{ rowNumber: 3, cells: ['last'] }]);
  });
});

describe('a shared-strings bomb', () => {
  it('is refused by its counts before SheetJS parses it', async () => {
    const strings = '<si><t>a</t></si>'.repeat(400_000);
    const bytes = workbookZip([{ name: 'Data', rows: '<row r="1"><c r="A1" t="s"><v>0</v></c></row>' }], {
      sharedStrings: `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="400000" uniqueCount="400000">${strings}</sst>`,
    });
    const error = await expectInputError(readGridFromBuffer(bytes, 'sst.xlsx'), 'too_large', 'sst.xlsx');
    expect(error.message).toMatch(/shared strings/i);
  });

  it('reads a workbook whose shared strings hold a few strings no cell uses', async () => {
    const bytes = workbookZip([{ name: 'Data', rows: '<row r="1"><c r="A1" t="s"><v>2</v></c></row>' }], {
      sharedStrings: `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${'<si><t>a</t></si><si><t>b</t></si><si><t>c</t></si>'}</sst>`,
    });
    expect((await readGridFromBuffer(bytes, 'sst.xlsx')).rows).toEqual([{ rowNumber: 1, cells: ['c'] }]);
  });
});

describe('a corrupt pre-release .xlsb', () => {
  it('is refused as damaged, cheaply, instead of reading sheet names millions of characters long', async () => {
    const bytes = workbookZip([], { xlsbSheetNameLength: 50_000_000 });
    const before = process.memoryUsage().rss;
    const error = await expectInputError(readGridFromBuffer(bytes, 'old.xlsb'), 'corrupt_workbook', 'old.xlsb');
    expect(error.message).toContain('save it again');
    expect(error.message.length).toBeLessThan(600);
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });
});

describe('a malformed .xls', () => {
  it.each([2, 75, 160])('is refused in words, not with a JavaScript error (damage %i)', async (seed) => {
    const bytes = damagedCopy(readFileSync(`${EXAMPLES}supplier-invoices.xls`), seed);
    const error = await readGridFromBuffer(bytes, 'old.xls').then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error?.message).toContain('old.xls');
    expect(error?.message).not.toMatch(/undefined|argument|properties of|Received/);
  });
});

/** The example .xls with 40 bytes past its header overwritten, deterministically by `seed`. */
function damagedCopy(original: Buffer, seed: number): Uint8Array {
  const bytes = Buffer.from(original);
  let state = seed * 7919 + 1;
  for (let j = 0; j < 40; j += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[512 + (state % (bytes.length - 512))] = (state >>> 8) & 255;
  }
  return new Uint8Array(bytes);
}

describe('CSV in UTF-16 or UTF-32 without a byte order mark', () => {
  const text = 'Product,Qty,Note\r\nGlyfos 540,5,😀 fine\r\n薬剤,2,日本語\r\n';
  it.each([
    ['utf-16le', Buffer.from(text, 'utf16le')],
    ['utf-16be', Buffer.from(text, 'utf16le').swap16()],
    ['utf-32le', utf32(text, true)],
    ['utf-32be', utf32(text, false)],
  ])('reads %s by its pattern of zero bytes', async (encoding, bytes) => {
    const grid = await readGridFromBuffer(new Uint8Array(bytes), 'wide.csv');
    expect(grid.rows.map((r) => r.cells)).toEqual([
      ['Product', 'Qty', 'Note'],
      ['Glyfos 540', '5', '😀 fine'],
      ['薬剤', '2', '日本語'],
    ]);
    expect(grid.csv).toMatchObject({ encoding, bom: false });
  });
});

function utf32(text: string, littleEndian: boolean): Buffer {
  const points = [...text].map((ch) => ch.codePointAt(0)!);
  const bytes = Buffer.alloc(points.length * 4);
  points.forEach((p, i) => (littleEndian ? bytes.writeUInt32LE(p, i * 4) : bytes.writeUInt32BE(p, i * 4)));
  return bytes;
}

// SheetJS turns a `t="d"` cell into a bare serial and replaces the CR LF it unescaped by LF: the zip
// check finds the `t="d"` cells (date-cells.ts) and marks the escaped CRs (part-repair.ts).
describe('cells other programs write', () => {
  it('reads a t="d" cell without a date style as a date', async () => {
    const bytes = workbookZip([
      { name: 'Data', rows: '<row r="1"><c r="A1" t="d"><v>2026-03-04T10:30:00</v></c><c r="B1"><v>7</v></c></row>' },
    ]);
    const grid = await readGridFromBuffer(bytes, 'dates.xlsx');
    expect(grid.rows[0]!.cells).toEqual([new Date(Date.UTC(2026, 2, 4, 10, 30)), 7]);
  });

  it('reads t="d" dates, times and zoned instants as Excel does, and text that is no date as text', async () => {
    const cell = (ref: string, text: string) => `<c r="${ref}" t="d"><v>${text}</v></c>`;
    const row = [
      cell('A2', '2026-03-04'),
      cell('B2', '10:30:15.5'),
      cell('C2', '2026-03-04T10:30:00Z'),
      cell('D2', '2026-03-04T10:30:00+10:00'),
      cell('E2', '2026-02-30'),
      '<c r="F2"><v>46085</v></c>',
    ].join('');
    const bytes = workbookZip([{ name: 'Data', rows: `<row r="2">${row}</row>` }]);
    expect((await readGridFromBuffer(bytes, 'dates.xlsx')).rows[0]!.cells).toEqual([
      new Date(Date.UTC(2026, 2, 4)),
      new Date(Date.UTC(1899, 11, 30, 10, 30, 15, 500)),
      new Date(Date.UTC(2026, 2, 4, 10, 30)),
      new Date(Date.UTC(2026, 2, 4, 0, 30)),
      '2026-02-30',
      46085,
    ]);
  });

  it('reads the t="d" cells of a sheet read in batches', async () => {
    const rows = Array.from(
      { length: 400 },
      (_, i) =>
        `<row r="${i + 1}"><c r="A${i + 1}" t="d"><v>2026-01-${String((i % 28) + 1).padStart(2, '0')}</v></c></row>`,
    ).join('');
    const grid = await readGridFromBuffer(workbookZip([{ name: 'Data', rows }]), 'dates.xlsx', {
      sheetBatchBytes: 4096,
    });
    expect(grid.rows).toHaveLength(400);
    expect(grid.rows[399]!.cells).toEqual([new Date(Date.UTC(2026, 0, 8))]);
  });

  const sharedString = (text: string) =>
    workbookZip([{ name: 'Data', rows: '<row r="1"><c r="A1" t="s"><v>0</v></c></row>' }], {
      sharedStrings: `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>${text}</t></si></sst>`,
    });

  it('keeps the carriage return of an _x000D_ escape followed by a line feed', async () => {
    expect((await readGridFromBuffer(sharedString('one_x000D_\ntwo'), 'cr.xlsx')).rows[0]!.cells).toEqual([
      'one\r\ntwo',
    ]);
  });

  it.each([
    ['&#13;&#10;', 'one\r\ntwo'],
    ['_x000d__x000A_', 'one\r\ntwo'],
    ['_x005F_x000D_\n', 'one_x000D_\ntwo'],
    ['_x000D_x', 'one\rxtwo'],
  ])('reads %j between two words as Excel does', async (between, expected) => {
    const bytes = sharedString(`one${between}two`);
    expect((await readGridFromBuffer(bytes, 'cr.xlsx')).rows[0]!.cells).toEqual([expected]);
  });

  it('never turns the escaped CR of a formula text result into a replacement character', async () => {
    const rows = `<row r="1"><c r="A1" t="str"><f>"a"</f><v>a_x000D_\nb</v></c><c r="B1" t="inlineStr"><is><t>x_x000D_\ny</t></is></c></row>`;
    const grid = await readGridFromBuffer(workbookZip([{ name: 'S', rows }]), 'formula.xlsx');
    const [formula, inline] = grid.rows[0]!.cells as string[];
    expect(formula).not.toMatch(/[\uFFFD\uFFFF]/);
    expect(formula).toMatch(/^a\r?\nb$/);
    expect(inline).toBe('x\r\ny');
  });

  it('keeps the CR of an inline string, as in a sheet read in batches', async () => {
    const rows = Array.from(
      { length: 300 },
      (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>a_x000D_\nb</t></is></c></row>`,
    ).join('');
    const grid = await readGridFromBuffer(workbookZip([{ name: 'Data', rows }]), 'cr.xlsx', { sheetBatchBytes: 4096 });
    expect(new Set(grid.rows.map((r) => r.cells[0]))).toEqual(new Set(['a\r\nb']));
  });
});
