import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import type { ImportSummary } from '../../../batch/commands/import/report.ts';
import { runImportCli } from '../../support/import.ts';
import { workbookZip } from '../../support/workbook-zip.ts';

const HEADERS = [
  'Invoice No',
  'Supplier',
  'Date Received',
  'Storage',
  'Product',
  'Qty',
  'Pack Size',
  'Unit',
  'Price ex GST',
];
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** An inline-string cell (its text as written in the XML, escapes and all). */
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const number = (ref: string, value: number) => `<c r="${ref}"><v>${value}</v></c>`;

/**
 * One receipt per row (its own invoice): the supplier, date and product cells as written, each a
 * cell kind the reader reads otherwise than exceljs does.
 */
const RECEIPTS: { supplier: string; date: string; product: string }[] = [
  // t="d" dates: a date, a date and time, a zoned time (10:00 at +10:00 is midnight UTC).
  {
    supplier: inline('B', 'Farmco Rural Supplies'),
    date: '<c r="C" t="d"><v>2026-03-04T00:00:00</v></c>',
    product: inline('E', 'Weedaway 540'),
  },
  {
    supplier: inline('B', 'Farmco Rural Supplies'),
    date: '<c r="C" t="d"><v>2026-03-05</v></c>',
    product: inline('E', 'Weedaway 540'),
  },
  {
    supplier: inline('B', 'Farmco Rural Supplies'),
    date: '<c r="C" t="d"><v>2026-03-06T10:00:00+10:00</v></c>',
    product: inline('E', 'Weedaway 540'),
  },
  // An escaped CR not followed by a line feed, in an inline string and in a shared string.
  {
    supplier: inline('B', 'Farmco_x000D_ Rural Supplies'),
    date: number('C', 46085),
    product: inline('E', 'Weedaway 540'),
  },
  { supplier: inline('B', 'Farmco Rural Supplies'), date: number('C', 46085), product: '<c r="E" t="s"><v>0</v></c>' },
  // Other escapes: a character (_x0041_), a lowercase CR, and `_x005F_` keeping an escape as text.
  {
    supplier: inline('B', 'Farmco Rural Supplies'),
    date: number('C', 46085),
    product: inline('E', 'Weed_x0061_way 540_x000d_'),
  },
  {
    supplier: inline('B', 'Farmco Rural Supplies'),
    date: number('C', 46085),
    product: inline('E', 'Weedaway 540 _x005F_x000D_'),
  },
  // Rich text whose run ends in an escaped CR; a t="d" text that is no date (refused, its row still resulted).
  {
    supplier: inline('B', 'Farmco Rural Supplies'),
    date: number('C', 46085),
    product: '<c r="E" t="inlineStr"><is><r><t>Weedaway</t></r><r><t xml:space="preserve"> 540_x000D_</t></r></is></c>',
  },
  {
    supplier: inline('B', 'Farmco Rural Supplies'),
    date: '<c r="C" t="d"><v>next week</v></c>',
    product: inline('E', 'Weedaway 540'),
  },
];

function sheetXml(): string {
  const header = `<row r="1">${HEADERS.map((h, i) => inline(`${String.fromCharCode(65 + i)}1`, h)).join('')}</row>`;
  const rows = RECEIPTS.map((receipt, i) => {
    const n = i + 2;
    const at = (cell: string) => cell.replace(/r="([A-Z])"/, `r="$1${n}"`);
    return `<row r="${n}">${[
      inline(`A${n}`, `INV-KEY-${n}`),
      at(receipt.supplier),
      at(receipt.date),
      inline(`D${n}`, 'Main Chemical Shed'),
      at(receipt.product),
      number(`F${n}`, 2),
      number(`G${n}`, 20),
      inline(`H${n}`, 'L'),
      number(`I${n}`, 179),
    ].join('')}</row>`;
  });
  return header + rows.join('');
}

describe('results of rows whose cells the reader reads otherwise than exceljs (t="d" dates, _xHHHH_ escapes)', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  let summary: ImportSummary;
  let sheet: ExcelJS.Worksheet;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-results-keys-'));
    const input = join(dir, 'receipts.xlsx');
    await writeFile(
      input,
      workbookZip([{ name: 'Receipts', rows: sheetXml() }], {
        sharedStrings: `<?xml version="1.0"?><sst xmlns="${MAIN}"><si><t>Weedaway 540_x000D_</t></si></sst>`,
      }),
    );
    ({ summary } = await runImportCli(sandbox.url, { kind: 'receipts', file: input, concurrency: 1 }));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(join(dir, 'receipts.results.xlsx'));
    sheet = workbook.getWorksheet('Receipts')!;
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('writes every row its result in the results workbook, and nothing to a fallback', async () => {
    expect(summary.warnings.filter((w) => /not written into/.test(w))).toEqual([]);
    expect(summary.resultsFile).toBe(join(dir, 'receipts.results.xlsx'));
    expect((await readdir(dir)).filter((name) => name.includes('fallback'))).toEqual([]);
  });

  it("puts each row's Status and Record ID on its own row", () => {
    const header = sheet.getRow(1);
    const column = (name: string) =>
      Array.from({ length: header.cellCount }, (_, i) => i + 1).find((c) => header.getCell(c).text === name)!;
    const [status, record] = [column('Status'), column('Record ID')];
    const statuses = RECEIPTS.map((_, i) => sheet.getRow(i + 2).getCell(status).text);
    // Row 8's product is the text `Weedaway 540 _x000D_` (no such product), row 10's date is no date:
    // both refused, each on its own row.
    expect(statuses).toEqual([...Array<string>(6).fill('created'), 'invalid', 'created', 'invalid']);
    const ids = statuses.map((s, i) => (s === 'created' ? sheet.getRow(i + 2).getCell(record).text : null));
    expect(ids.filter((id) => id !== null && /^[\da-f-]{36}$/.test(id))).toHaveLength(7);
    expect(ids.filter((id) => id === '')).toHaveLength(0);
    expect(summary.records.created).toBe(7);
  });
  it('keeps the t="d" cells as the dates they are (exceljs alone would save 2026), and a text that is no date as text', () => {
    const dates = [2, 3, 4].map((n) => sheet.getRow(n).getCell(3).value);
    expect(dates).toEqual([
      new Date(Date.UTC(2026, 2, 4)),
      new Date(Date.UTC(2026, 2, 5)),
      new Date(Date.UTC(2026, 2, 6)),
    ]);
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getRow(10).getCell(3).value).toBe('next week');
  });
});
