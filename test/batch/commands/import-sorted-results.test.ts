// A results workbook sorted by Product in Excel and imported again. Rows that carry their Record ID
// find their receipt wherever they are; a row with neither a Record ID nor an Invoice No is a line only
// by its place, which the sort changed. Before, a refused invoice's second line (Bifen 100, Riverina's)
// was added to Southern Cross's receipt it now sat under, and the refused invoice's corrected first line
// was sent alone as a receipt of one line. Now both invoices are refused, naming the rows and the fix;
// the receipts whose every line carries its Record ID are unchanged. Real .xlsx (exceljs), the sandbox
// over HTTP.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { WILLOW } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { useSandboxFolder } from '../../support/sandbox-folder.ts';
import { listAll } from '../../support/service.ts';
import { EXAMPLE_HEADER } from '../../support/example-header.ts';

const HEADER = [...EXAMPLE_HEADER];
const ROWS: (string | number | null)[][] = [
  ['SR-1', 'Farmco Rural Supplies', '3/02/2026', 'Main Chemical Shed', 'Glyfos 540', 4, 20, 'L', 185],
  [null, null, null, null, 'Wetter 1000', 1, 5, 'L', 38.9],
  ['SR-2', 'Southern Cross Fertilisers', '4/02/2026', 'Fertiliser Bunker', 'Atragran 900', 4, 10, 'kg', 96],
  [null, null, null, null, 'Potash MOP', 1, 1000, 'kg', 890],
  ['SR-3', 'Riverina Ag Chemicals', '5/02/2026', 'Main Chemical Shed', 'Glyfos 450', 2, 20, 'L', 180],
  [null, null, null, null, 'Bifen 100', 1, 20, 'L', 139],
];

async function writeSheet(path: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Invoices');
  [HEADER, ...ROWS].forEach((cells, r) =>
    cells.forEach((c, i) => c !== null && (ws.getRow(r + 1).getCell(i + 1).value = c)),
  );
  await wb.xlsx.writeFile(path);
}

/** Fixes the refused product and sorts the data rows by Product, as Excel's Sort A to Z does. */
async function fixAndSort(path: string, out: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const ws = wb.worksheets[0]!;
  const width = ws.getRow(1).cellCount;
  const rows = Array.from({ length: ROWS.length }, (_, i) =>
    Array.from({ length: width }, (_, c) => ws.getRow(i + 2).getCell(c + 1).value),
  );
  for (const row of rows) if (row[4] === 'Glyfos 450') row[4] = 'Tebushield 430';
  rows.sort((a, b) => String(a[4]).localeCompare(String(b[4])));
  rows.forEach((cells, i) => cells.forEach((value, c) => (ws.getRow(i + 2).getCell(c + 1).value = value)));
  await wb.xlsx.writeFile(out);
}

describe('a results workbook sorted by another column, imported again', () => {
  const setUp = useSandboxFolder('sorted-results');
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'shed-sorted-results-'));
  });
  const receipts = async () =>
    (await listAll(setUp.sandbox.url, WILLOW, 'receipts'))
      .filter((r: { notes: string | null }) => /SR-\d/.test(r.notes ?? ''))
      .map((r: { notes: string; line_items: unknown[] }) => `${/SR-\d/.exec(r.notes)![0]}: ${r.line_items.length}`)
      .sort();

  it('refuses the invoices whose lines are told by place alone; nothing is added to another receipt', async () => {
    const file = join(dir, 'invoices.xlsx');
    await writeSheet(file);
    const first = await runImportCli(setUp.sandbox.url, { kind: 'receipts', file });
    expect([first.summary.records.created, first.summary.records.invalid]).toEqual([2, 1]);
    expect(await receipts()).toEqual(['SR-1: 2', 'SR-2: 2']);

    const sorted = join(dir, 'sorted.xlsx');
    await fixAndSort(join(dir, 'invoices.results.xlsx'), sorted);
    const again = await runImportCli(setUp.sandbox.url, { kind: 'receipts', file: sorted });
    expect(await receipts()).toEqual(['SR-1: 2', 'SR-2: 2']);
    expect(again.summary.records.unchanged).toBe(1);
    expect(again.summary.records.invalid).toBe(2);
    const said = again.io.stderr.join('\n');
    expect(said).toMatch(
      /row 2, column A \(Invoice No\): the rows are not in invoice order \(the lines of REC-\d+ are on rows 2 and 5: sorted\?\); row 3 is taken as its line only by its place: .*copy its Record ID onto that row if it is its line, or write its own invoice's Invoice No .*\(invoice SR-2 not sent\)/,
    );
    expect(said).toMatch(
      /row 6, column A \(Invoice No\): .*this invoice is not in the service yet, and row 3, which carries no Invoice No and no Record ID, may be a line of it: .*write the Invoice No on every line of it .*\(invoice SR-3 not sent\)/,
    );
  });
});
