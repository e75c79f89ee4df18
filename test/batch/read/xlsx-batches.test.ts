import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readGrid, type ReadGrid } from '../../../batch/read/index.ts';
import { centralDirectory, entryData } from '../../../batch/read/zip-entries.ts';
import { findReaderCorpus } from '../../../scripts/kit.ts';
import { workbookZip } from '../../support/workbook-zip.ts';
import { EXAMPLES, deflated, makeTempDir, writeTemp, xlsxBytes } from './helpers.ts';

// Issue 26, item 2: a big worksheet is read in batches of rows (batch/read/xlsx-batches.ts), each
// parsed by SheetJS alone. Forcing batches of a few kilobytes on every workbook must give the very
// grid a whole read gives: same rows, cells, hidden and filtered rows, layout, or the same refusal.

function files(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map((name) => join(dir, String(name)))
    .filter((path) => /\.(xlsx|xlsm)$/i.test(path) && statSync(path).isFile());
}

const corpus = findReaderCorpus();
const WORKBOOKS = [
  ...files(new URL('../../fixtures/workbooks/', import.meta.url).pathname),
  join(EXAMPLES, 'supplier-invoices.xlsx'),
  ...(corpus.present ? files(join(corpus.dir, 'files')) : []),
];

async function outcome(path: string, sheetBatchBytes?: number): Promise<unknown> {
  try {
    const grid: ReadGrid = await readGrid(path, sheetBatchBytes === undefined ? {} : { sheetBatchBytes });
    return JSON.parse(JSON.stringify(grid));
  } catch (error) {
    return { refused: (error as { code?: string }).code ?? String(error) };
  }
}

/** Each big sheet is written and read whole and in batches: seconds alone, far more beside other test files. */
const BIG_SHEET_MS = 180_000;

describe('big worksheets read in batches', { timeout: BIG_SHEET_MS }, () => {
  it(`read exactly as a whole read, for each of ${WORKBOOKS.length} workbooks (fixtures, examples, the reading corpus)`, async () => {
    expect(WORKBOOKS.length).toBeGreaterThan(7);
    const differ: string[] = [];
    for (const path of WORKBOOKS) {
      const whole = await outcome(path);
      const batched = await outcome(path, 2048);
      if (JSON.stringify(whole) !== JSON.stringify(batched)) differ.push(path);
    }
    expect(differ).toEqual([]);
  }, 600_000);

  it('cuts a sheet of many rows into several batches and keeps row numbers, hidden rows and dates', async () => {
    const { dir, cleanup } = await makeTempDir();
    try {
      const bytes = await xlsxBytes((workbook) => {
        const sheet = workbook.addWorksheet('Lines');
        sheet.addRow(['Invoice', 'Date', 'Qty', 'Note']);
        for (let i = 1; i <= 3000; i++) {
          const row = sheet.addRow([
            `INV-${i}`,
            new Date(Date.UTC(2026, 0, 1 + (i % 28))),
            i,
            i % 7 ? null : `ß ${i} ✓`,
          ]);
          row.getCell(2).numFmt = 'dd/mm/yyyy';
          if (i % 500 === 0) row.hidden = true;
        }
        sheet.addRow([]);
        sheet.getRow(3010).values = ['after a gap'];
      });
      const path = await writeTemp(dir, 'many.xlsx', bytes);
      const whole = await readGrid(path);
      const batched = await readGrid(path, { sheetBatchBytes: 4096 });
      expect(batched.rows).toHaveLength(3002);
      expect(batched.rows.at(-1)).toEqual({ rowNumber: 3010, cells: ['after a gap'] });
      expect(batched.rows.filter((r) => r.hidden).map((r) => r.rowNumber)).toEqual([501, 1001, 1501, 2001, 2501, 3001]);
      expect(batched.rows[7]!.cells[3]).toBe('ß 7 ✓');
      // The snapshot is the file's bytes either way (a Buffer or a view of one): the grids are compared.
      expect({ ...batched, snapshot: null }).toEqual({ ...whole, snapshot: null });
    } finally {
      await cleanup();
    }
  });

  it('reads the last rows whole wherever the end of the rows falls among the 1 MiB pieces the part inflates in', async () => {
    // The rows' end tag (`</sheetData>`) before, across and just after a piece's end: the last batch
    // holds the last row, whole, and nothing after it, as a whole read does.
    const { dir, cleanup } = await makeTempDir();
    try {
      const piece = 1024 * 1024;
      for (const shift of [-13, -12, -11, -6, -1, 0, 1, 2]) {
        const path = await writeTemp(dir, `end${shift}.xlsx`, deflated(rowsEndingAt(piece + shift)));
        const whole = await readGrid(path);
        const batched = await readGrid(path, { sheetBatchBytes: 64 * 1024 });
        expect(whole.rows.at(-1)!.cells, `end tag at ${shift}`).toEqual(['last', 'x'.repeat(100)]);
        expect({ ...batched, snapshot: null }, `end tag at ${shift}`).toEqual({ ...whole, snapshot: null });
      }
    } finally {
      await cleanup();
    }
  });
});

/** A one-sheet workbook whose sheet part's `</sheetData>` begins at character `at` of the part. */
function rowsEndingAt(at: number): Uint8Array {
  const row = (r: number, text: string) =>
    `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>${r}</t></is></c><c r="B${r}" t="inlineStr"><is><t>${text}</t></is></c></row>`;
  const made = (padding: number) => {
    let rows = '';
    for (let r = 1; r <= 4500; r += 1) rows += row(r, 'x'.repeat(100));
    rows += row(4501, `pad ${'p'.repeat(padding)}`);
    rows += row(4502, 'x'.repeat(100)).replace('<t>4502</t>', '<t>last</t>');
    return workbookZip([{ name: 'Lines', rows }]);
  };
  const endAt = (zip: Uint8Array) => {
    const entry = centralDirectory(zip)!.find((e) => e.name.endsWith('sheet1.xml'))!;
    return Buffer.from(entryData(zip, entry)!).toString('latin1').indexOf('</sheetData>');
  };
  const padding = at - endAt(made(0));
  expect(padding).toBeGreaterThan(0);
  const zip = made(padding);
  expect(endAt(zip)).toBe(at);
  return zip;
}

/** A styles part, so that a hand-made workbook needs no repair (a repaired zip is stored: one piece, one batch). */
const STYLES = {
  name: 'xl/styles.xml',
  content: '<?xml version="1.0"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
};

describe('big worksheets read in batches, with shared strings', { timeout: BIG_SHEET_MS }, () => {
  it('reads every shared string as a whole read does, each batch given only the items its rows use', async () => {
    // Items in any prefix and as rich text; values naming them written plainly, with spaces, a sign,
    // escaped (`&#49;`, `&#x32;`, `_x0032_`), out of range: each batch reads them as the whole sheet does
    // (CDATA among the rows makes the sheet read whole: see the tests below).
    const items = Array.from({ length: 3000 }, (_, i) =>
      i % 7 === 0
        ? `<x:si><x:r><x:t>rich ${i}</x:t></x:r><x:r><x:t> more</x:t></x:r></x:si>`
        : `<si><t>text ${i} &amp; co</t></si>`,
    );
    const sharedStrings = `<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="3000" uniqueCount="3000">${items.join('')}</sst>`;
    const values = (r: number) => {
      // Items 2900 on are named only by the escaped and CDATA values below.
      const forms = [`${(r * 37) % 2900}`, ` ${r % 2900} `, `+${(r * 11) % 2900}`, `${r % 2900}.0`];
      return forms[r % forms.length]!;
    };
    // 40,000 rows (2.8 MB, deflated: three 1 MiB pieces, so three batches); an escaped value in each
    // (each read with the whole part), the others with only their items.
    const special: Record<number, string> = {
      5000: '&#50;&#57;&#49;&#50;',
      20_000: '291_x0034_',
      38_000: '&#x32;999',
    };
    let rows = '';
    for (let r = 1; r <= 40_000; r += 1)
      rows += `<row r="${r}"><c r="A${r}" t="s"><v>${special[r] ?? values(r)}</v></c><c r="B${r}"><v>${100_000 + r}</v></c></row>`;
    const { dir, cleanup } = await makeTempDir();
    try {
      const path = await writeTemp(
        dir,
        'strings.xlsx',
        deflated(workbookZip([{ name: 'Lines', rows }], { sharedStrings }), [STYLES]),
      );
      const whole = await readGrid(path);
      expect([4999, 19_999, 37_999].map((i) => whole.rows[i]!.cells[0])).toEqual([
        'rich 2912 more',
        'text 2914 & co',
        'text 2999 & co',
      ]);
      for (const sheetBatchBytes of [2048, 1024 * 1024]) {
        const batched = await readGrid(path, { sheetBatchBytes });
        expect({ ...batched, snapshot: null }, `batches of ${sheetBatchBytes}`).toEqual({ ...whole, snapshot: null });
      }
    } finally {
      await cleanup();
    }
  });

  it('names an item by each form of value SheetJS reads a number from, whatever the items look like', async () => {
    // Each value below is the only one naming its item (the other cells' numbers are past the items),
    // so an item a batch empties by mistake reads blank. The values: a decimal point and a sign,
    // leading zeros, a prefix, line feeds, an
    // attribute, minus zero, and a value whose cell before it has an empty `<v/>`. The items: a
    // byte-order mark and CRLFs, a prefixed close, phonetic runs, `sstItem`, an empty `<si/>` (an item:
    // SheetJS took it as the start of the item after it until the part repair wrote it whole).
    const item = (i: number) =>
      [
        `\r\n<si><t>plain ${i}</t></si>`,
        `<x:si><x:t>prefixed ${i}</x:t></si>`,
        `<si><t>kana ${i}</t><rPh sb="0" eb="1"><t>ph</t></rPh><phoneticPr fontId="1"/></si>`,
        `<sstItem><t>old ${i}</t></sstItem>`,
      ][i % 4]!;
    const items = Array.from({ length: 40 }, (_, i) => (i === 30 ? '<si/>' : '') + item(i)).join('');
    const sharedStrings = `\ufeff<?xml version="1.0"?>\r\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${items}</sst>`;
    // (5.7 and 6e2, which SheetJS reads as 5 and 6, are refused: cell-checks.test.ts.)
    const values = [
      '<v>5.0</v>',
      '<v>+6</v>',
      '<v>007</v>',
      '<x:v>8</x:v>',
      '<v>\n9\n</v>',
      '<v xml:space="preserve">10</v>',
      '<v>-0</v>',
      '<v>33</v>',
    ];
    let rows = '';
    for (let r = 1; r <= 60; r += 1) rows += `<row r="${r}"><c r="A${r}"><v>${1000 + r}</v></c></row>`;
    values.forEach((value, k) => {
      const r = 61 + k;
      rows += `<row r="${r}"><c r="A${r}" t="s">${value}</c></row>`;
    });
    rows += `<row r="70"><c r="A70" t="s"><v/></c><c r="B70" t="s"><v>11</v></c></row>`;
    const { dir, cleanup } = await makeTempDir();
    try {
      const path = await writeTemp(
        dir,
        'forms.xlsx',
        deflated(workbookZip([{ name: 'Lines', rows }], { sharedStrings }), [STYLES]),
      );
      const whole = await readGrid(path);
      expect(whole.rows.slice(60).map((row) => row.cells.join('|'))).toEqual([
        'prefixed 5',
        'kana 6',
        'old 7',
        'plain 8',
        'prefixed 9',
        'kana 10',
        'plain 0',
        // <si/> is item 30 (an empty text, as Excel counts it: part-repair.ts writes it whole), so 33 is item(32).
        'plain 32',
        '|old 11',
      ]);
      for (const sheetBatchBytes of [200, 2048]) {
        const batched = await readGrid(path, { sheetBatchBytes });
        expect({ ...batched, snapshot: null }, `batches of ${sheetBatchBytes}`).toEqual({ ...whole, snapshot: null });
      }
    } finally {
      await cleanup();
    }
  });
});

describe('big worksheets whose rows cannot be cut safely are read whole', { timeout: BIG_SHEET_MS }, () => {
  /** 20,000 rows (3 MB and more: several 1 MiB pieces), row `r` made by `row(r)`. */
  async function wholeAndBatched(row: (r: number) => string): Promise<[unknown, unknown]> {
    let rows = '';
    for (let r = 1; r <= 20_000; r += 1) rows += row(r);
    const { dir, cleanup } = await makeTempDir();
    try {
      const path = await writeTemp(dir, 'rows.xlsx', deflated(workbookZip([{ name: 'Lines', rows }]), [STYLES]));
      const whole = await readGrid(path);
      const batched = await readGrid(path, { sheetBatchBytes: 2048 });
      return [
        { ...whole, snapshot: null },
        { ...batched, snapshot: null },
      ];
    } finally {
      await cleanup();
    }
  }
  const cell = (ref: string, text: string) => `<c${ref ? ` r="${ref}"` : ''} t="inlineStr"><is><t>${text}</t></is></c>`;

  it('a row end inside CDATA is text: no row is made of a cell’s text', async () => {
    const [whole, batched] = await wholeAndBatched(
      (r) =>
        `<row r="${r}">${cell(`A${r}`, String(r))}<c r="B${r}" t="inlineStr"><is><t><![CDATA[a${'y'.repeat(r % 97)}` +
        `</row><row r="${r + 500_000}"><c r="A${r + 500_000}"><v>7</v></c></row>b${'z'.repeat(r % 89)}]]></t></is></c></row>`,
    );
    expect(batched).toEqual(whole);
  });

  it('an `r=` inside another attribute’s value does not number a row: rows are numbered as a whole read numbers them', async () => {
    const [whole, batched] = await wholeAndBatched((r) =>
      r >= 10_000
        ? `<row spans="1:2" x14ac:note="a r=${r}">${cell('', String(r))}${cell('', 'x'.repeat(150))}</row>`
        : `<row r="${r}">${cell(`A${r}`, String(r))}${cell(`B${r}`, 'x'.repeat(150))}</row>`,
    );
    expect(batched).toEqual(whole);
  });

  it('a row in another namespace prefix than the sheet’s, without an `r`, is numbered as a whole read numbers it', async () => {
    const [whole, batched] = await wholeAndBatched((r) =>
      r >= 10_000
        ? `<x:row spans="1:2">${cell('', String(r))}${cell('', 'x'.repeat(150))}</x:row>`
        : `<row r="${r}">${cell(`A${r}`, String(r))}${cell(`B${r}`, 'x'.repeat(150))}</row>`,
    );
    expect(batched).toEqual(whole);
  });

  it('a row numbered by an `r` that is not its first attribute is batched as any other', async () => {
    const [whole, batched] = await wholeAndBatched(
      (r) => `<row spans="1:2" r = '${r}'>${cell('', String(r))}${cell('', 'x'.repeat(150))}</row>`,
    );
    expect((whole as { rows: { rowNumber: number }[] }).rows[19_999]?.rowNumber).toBe(20_000);
    expect(batched).toEqual(whole);
  });
});
