// Rows counted per worksheet while the zip is checked, and the sheet each part belongs to
// (batch/read/zip-sheets.ts): a sheet over the row limit is refused before it is parsed.
import { describe, expect, it } from 'vitest';
import { readGridFromBuffer } from '../../../batch/read/index.ts';
import { DEFAULT_LIMITS } from '../../../batch/read/limits.ts';
import { readWorkbookBytes } from '../../../batch/read/workbook.ts';
import { checkWorkbookZip } from '../../../batch/read/zip-check.ts';
import { relationshipsPartOf, rowCounter, sheetRowCounts, valuedRowCounter } from '../../../batch/read/zip-sheets.ts';
import { sheetEndsFinder } from '../../../batch/read/sheet-ends.ts';
import { expectInputError, xlsxBytes } from './helpers.ts';

describe('rowCounter', () => {
  it('counts row elements in any prefix, split between chunks at every place, and not <rowBreaks>', () => {
    const xml =
      '<sheetData><row r="1"><c/></row><x:row r="2"/><row>\n</row><ns0:row\tr="4"></ns0:row></sheetData><rowBreaks count="1"/>';
    for (let cut = 0; cut <= xml.length; cut += 1) {
      const counter = rowCounter();
      counter.feed(xml.slice(0, cut));
      counter.feed(xml.slice(cut));
      expect(counter.total(), `cut at ${cut}`).toBe(4);
    }
  });
});

describe('valuedRowCounter', () => {
  it('counts the rows that hold a value, in any prefix, split between chunks at every place', () => {
    const xml =
      '<sheetData><row r="1"><c><v>1</v></c><c><v>2</v></c></row><x:row r="2"/><row r="3"><c s="1"/><c><v></v></c><c><v/></c></row>' +
      '<ns0:row\tr="4"><ns0:c t="inlineStr"><ns0:is><ns0:t/></ns0:is></ns0:c></ns0:row><row r="1048576" ht="15"><c r="A1048576"/></row>' +
      '<row r="5"><c t="s"><v xml:space="preserve">7</v></c></row></sheetData><rowBreaks count="1"/>';
    for (let cut = 0; cut <= xml.length; cut += 1) {
      const counter = valuedRowCounter();
      counter.feed(xml.slice(0, cut));
      counter.feed(xml.slice(cut));
      expect(counter.total(), `cut at ${cut}`).toBe(3);
    }
  });
});

describe('sheetRowCounts', () => {
  it('names each counted part by its sheet, every sheet in tab order, through the relationships (relative, absolute, prefixed)', () => {
    const workbook =
      '<x:workbook xmlns:x="main" xmlns:ns1="rels"><x:sheets><x:sheet name="Tom &amp; Jerry&apos;s" sheetId="2" ns1:id="rId7"/><x:sheet name="Invoices" sheetId="1" ns1:id="rId1"/><x:sheet name="Chart" sheetId="3" ns1:id="rId9"/></x:sheets></x:workbook>';
    const rels =
      '<Relationships><Relationship Id="rId1" Type="worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId7" Type="worksheet" Target="/xl/worksheets/Sheet2.xml"/><Relationship Id="rId9" Type="chartsheet" Target="../xl/chartsheets/sheet1.xml"/></Relationships>';
    const rows = new Map([
      ['xl/worksheets/sheet1.xml', 12],
      ['xl/worksheets/sheet2.xml', 400],
    ]);
    expect(sheetRowCounts('xl/workbook.xml', workbook, rels, rows)).toEqual([
      { name: "Tom & Jerry's", rows: 400, part: 'xl/worksheets/sheet2.xml' },
      { name: 'Invoices', rows: 12, part: 'xl/worksheets/sheet1.xml' },
      { name: 'Chart', rows: null, part: 'xl/chartsheets/sheet1.xml' },
    ]);
    expect(relationshipsPartOf('/xl/Workbook.xml')).toBe('xl/_rels/workbook.xml.rels');
  });
});

describe('a sheet over the row limit in a workbook of several', () => {
  const workbook = (first: number, second: number) =>
    xlsxBytes((book) => {
      const small = book.addWorksheet('Small');
      for (let r = 1; r <= first; r += 1) small.addRow([`line ${r}`]);
      const big = book.addWorksheet('Big');
      for (let r = 1; r <= second; r += 1) big.addRow([`line ${r}`]);
    });

  it('is refused when it is the sheet read, and leaves another sheet of the workbook to be read', async () => {
    const bytes = await workbook(3, 40);
    const limits = { maxRows: 29 };
    expect((await readGridFromBuffer(bytes, 'two.xlsx', { limits })).rows).toHaveLength(3);
    const error = await expectInputError(
      readGridFromBuffer(bytes, 'two.xlsx', { sheet: 'big', limits }),
      'too_large',
      'two.xlsx',
    );
    expect(error.message).toMatch(/two.xlsx, sheet Big has more than 29 rows.*--max-rows/);
    expect((await readGridFromBuffer(bytes, 'two.xlsx', { sheet: 'Big', limits: { maxRows: 40 } })).rows).toHaveLength(
      40,
    );
  });

  it('is counted by the zip check, and the count refuses it before SheetJS parses the sheet', async () => {
    const bytes = await workbook(3, 40);
    const limits = { ...DEFAULT_LIMITS, maxRows: 1000 };
    expect((await checkWorkbookZip(bytes, 'two.xlsx', limits)).sheets).toMatchObject([
      { name: 'Small', rows: 3, part: 'xl/worksheets/sheet1.xml' },
      { name: 'Big', rows: 40, part: 'xl/worksheets/sheet2.xml' },
    ]);
    // A count over the limit refuses the sheet, whatever parsing it would find.
    const rowCounts = [
      { name: 'Small', rows: 3 },
      { name: 'Big', rows: 5000 },
    ];
    expect(() => readWorkbookBytes(bytes, 'two.xlsx', { sheet: 'Big', limits, rowCounts })).toThrow(
      /sheet Big has more than 1,000 rows/,
    );
    expect(readWorkbookBytes(bytes, 'two.xlsx', { limits, rowCounts }).rows).toHaveLength(3);
    // A sheet not counted keeps its place, so the first tab is never judged by another's count.
    expect(
      readWorkbookBytes(bytes, 'two.xlsx', { limits, rowCounts: [{ name: 'Small', rows: null }, rowCounts[1]!] }).rows,
    ).toHaveLength(3);
  });
});

describe('a big sheet over the row limit, read in batches', () => {
  it('is refused when read, and put in empty (its end not looked for) so another sheet reads without it', async () => {
    const bytes = await xlsxBytes((book) => {
      book.addWorksheet('Small').addRow(['Glyfos 540']);
      const big = book.addWorksheet('Big');
      for (let r = 1; r <= 6000; r += 1) big.addRow([`line ${r}`, r]);
      big.addRow(['last line', 6001]);
    });
    const options = { limits: { ...DEFAULT_LIMITS, maxRows: 100 }, sheetBatchBytes: 2048 };
    const found = await checkWorkbookZip(bytes, 'big.xlsx', options.limits, { endsPast: 2048 });
    expect(found.sheets.find((s) => s.name === 'Big')?.rows).toBeGreaterThan(100);
    expect(found.sheetEnds.has('xl/worksheets/sheet2.xml')).toBe(false);
    await expectInputError(
      readGridFromBuffer(bytes, 'big.xlsx', { ...options, sheet: 'Big' }),
      'too_large',
      'big.xlsx',
    );
    expect((await readGridFromBuffer(bytes, 'big.xlsx', options)).rows.map((r) => r.cells)).toEqual([['Glyfos 540']]);
    const whole = await readGridFromBuffer(bytes, 'big.xlsx', { ...options, sheet: 'Big', limits: DEFAULT_LIMITS });
    expect(whole.rows.at(-1)?.cells).toEqual(['last line', 6001]);
  });
});

describe('sheetEndsFinder', () => {
  const part =
    '<?xml version="1.0"?><x:worksheet xmlns:x="urn:main"><x:dimension ref="A1:B2"/>' +
    '<x:sheetData xmlns:y="urn:other" y:note="a long attribute"><x:row r="1"><x:c r="A1"><x:v>1</x:v></x:c></x:row>' +
    '</x:sheetData><x:mergeCells count="1"><x:mergeCell ref="A1:B1"/></x:mergeCells></x:worksheet>';
  const endsOf = (chunks: string[]) => {
    const finder = sheetEndsFinder();
    for (const chunk of chunks) finder.feed(chunk);
    return finder.ends();
  };

  it('finds the text around the rows however the part is cut into chunks', () => {
    const whole = endsOf([part]);
    expect(whole).toEqual({
      head: part.slice(0, part.indexOf('<x:row')),
      prefix: 'x:',
      tail: part.slice(part.indexOf('</x:sheetData>')),
    });
    for (let size = 1; size <= 40; size += 1) {
      const chunks = part.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!;
      expect(endsOf(chunks), `chunks of ${size}`).toEqual(whole);
      for (let at = 1; at < part.length; at += 7)
        expect(endsOf([part.slice(0, at), part.slice(at)]), `cut at ${at}`).toEqual(whole);
    }
  });

  it('finds none in a part without rows or without their end', () => {
    expect(endsOf(['<worksheet><sheetData/></worksheet>'])).toBeNull();
    expect(endsOf(['<worksheet><sheetData><row r="1">', '</row>'])).toBeNull();
    expect(endsOf(['<worksheet><dimension ref="A1"/></worksheet>'])).toBeNull();
  });
});
