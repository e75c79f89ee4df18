// A results workbook edited by a program that moves cells but not Excel's defined names (a script with
// openpyxl's delete_cols, some converters): a column deleted left of shed's result block shifts its
// headers and values one column left, while shed's mark (the defined name `_shed_results`) stays over
// the old columns. Before, the next run wrote by the stale mark: each row's Status under the 'Record ID'
// header, the Record ID under 'Sequence', and so on. Now a mark whose header cells hold shed's own
// headers in other places is not followed: the results go under their headers. Real .xlsx (exceljs),
// the sandbox over HTTP.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { runImportCli } from '../../support/import.ts';
import { useSandboxFolder } from '../../support/sandbox-folder.ts';
import { EXAMPLE_HEADER } from '../../support/example-header.ts';

const HEADER = [...EXAMPLE_HEADER, 'Checked By'];
const ROWS = [
  ['SM-1', 'Farmco Rural Supplies', '3/02/2026', 'Main Chemical Shed', 'Glyfos 540', 4, 20, 'L', 185, 'JB'],
  ['SM-2', 'Farmco Rural Supplies', '4/02/2026', 'Main Chemical Shed', 'Amine 625', 2, 20, 'L', 142.5, null],
];

/** Each header's 1-based column and row 2's value under it, of the first sheet. */
async function underHeaders(path: string): Promise<Record<string, unknown>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const ws = wb.worksheets[0]!;
  const out: Record<string, unknown> = {};
  ws.getRow(1).eachCell((cell, column) => {
    if (typeof cell.value === 'string') out[cell.value] = ws.getRow(2).getCell(column).value;
  });
  return out;
}

describe("a results workbook whose columns moved without shed's mark", () => {
  const setUp = useSandboxFolder('stale-mark');

  it('writes each result under its own header, not where the stale mark points', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-stale-mark-'));
    const file = join(dir, 'invoices.xlsx');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Invoices');
    [HEADER, ...ROWS].forEach((cells, r) =>
      cells.forEach((c, i) => c !== null && (ws.getRow(r + 1).getCell(i + 1).value = c)),
    );
    await wb.xlsx.writeFile(file);
    expect((await runImportCli(setUp.sandbox.url, { kind: 'receipts', file })).summary.records.created).toBe(2);

    // The Checked By column (J) deleted by a program that leaves the defined names where they were; SM-1's Qty corrected.
    const results = new ExcelJS.Workbook();
    await results.xlsx.readFile(join(dir, 'invoices.results.xlsx'));
    const sheet = results.worksheets[0]!;
    for (let r = 1; r <= ROWS.length + 1; r += 1) {
      const row = sheet.getRow(r);
      for (let c = 10; c <= 16; c += 1) row.getCell(c).value = row.getCell(c + 1).value;
    }
    sheet.getRow(2).getCell(6).value = 5;
    const edited = join(dir, 'edited.xlsx');
    await results.xlsx.writeFile(edited);

    const again = await runImportCli(setUp.sandbox.url, { kind: 'receipts', file: edited });
    expect(again.summary.records.updated).toBe(1);
    const written = await underHeaders(join(dir, 'edited.results.xlsx'));
    expect(written['Status']).toBe('updated');
    expect(written['Record ID']).toMatch(/^[0-9a-f-]{36}$/);
    expect(written['Sequence']).toMatch(/^REC-\d+$/);
    expect(written['Message']).toBe('1 line item changed');
  });
});
