// Reading exports back for the tests: every sheet of an .xlsx (header, rows as typed cells, table,
// frozen header, number formats) and a CSV (papaparse, BOM noted).
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';

export interface ReadSheet {
  name: string;
  header: string[];
  rows: Record<string, unknown>[];
  /** The totals row (last row) when the table has one, by header. */
  totals: Record<string, unknown> | null;
  numFmt: Record<string, string | undefined>;
  widths: Record<string, number | undefined>;
  table: { ref: string; autoFilterRef: string; totalsRow: boolean } | null;
  frozen: boolean;
}

export async function readXlsx(path: string): Promise<ReadSheet[]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  return wb.worksheets.map((ws) => {
    const header = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    const tables = (
      ws as unknown as {
        tables: Record<string, { table: { tableRef: string; autoFilterRef: string; totalsRow: boolean } }>;
      }
    ).tables;
    const table = Object.values(tables)[0]?.table ?? null;
    const rows: Record<string, unknown>[] = [];
    for (let n = 2; n <= ws.rowCount; n++) {
      const cells = ws.getRow(n).values as unknown[];
      rows.push(Object.fromEntries(header.map((h, i) => [h, cells[i + 1] ?? null])));
    }
    const totals = table?.totalsRow ? (rows.pop() ?? null) : null;
    const numFmt = Object.fromEntries(header.map((h, i) => [h, ws.getCell(2, i + 1).numFmt]));
    const widths = Object.fromEntries(header.map((h, i) => [h, ws.getColumn(i + 1).width]));
    const view = ws.views[0] as { state?: string; ySplit?: number } | undefined;
    return {
      name: ws.name,
      header,
      rows,
      totals,
      numFmt,
      widths,
      table: table
        ? { ref: table.tableRef, autoFilterRef: table.autoFilterRef, totalsRow: Boolean(table.totalsRow) }
        : null,
      frozen: view?.state === 'frozen' && view.ySplit === 1,
    };
  });
}

export async function readCsv(
  path: string,
): Promise<{ bom: boolean; header: string[]; rows: Record<string, string>[]; text: string }> {
  const bytes = await readFile(path);
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const text = bytes.toString('utf8').replace(/^\ufeff/, '');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
  expectNoErrors(parsed.errors);
  const [header = [], ...data] = parsed.data;
  return {
    bom,
    header,
    rows: data.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? '']))),
    text,
  };
}

function expectNoErrors(errors: readonly unknown[]): void {
  if (errors.length > 0) throw new Error(`CSV does not parse: ${JSON.stringify(errors)}`);
}
