/**
 * Input files the benches make: N supplier invoices of L lines (Willow Creek's storages and
 * unambiguous product aliases), as .xlsx (exceljs's streaming writer, compressed as exceljs does by
 * default) and as CSV, laid out like examples/supplier-invoices.xlsx: header on row 1, the invoice's
 * header fields on its first line only. Adapted from test/support/generate-invoices.ts.
 */
import { writeFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { clearAliasNames, openStorages } from './catalogue.ts';
import { lcg } from './seed.ts';
import { EXAMPLE_HEADER } from '../test/support/example-header.ts';

export const INVOICE_HEADERS = [...EXAMPLE_HEADER];
/** The suppliers of the bench's invoices. */
export const SUPPLIERS = [
  'Farmco Rural Supplies',
  'Southern Cross Fertilisers',
  'Riverina Ag Chemicals',
  'Paddock Seeds Pty Ltd',
];

/** One sheet line: the header fields on an invoice's first line, null below it. */
export type InvoiceLine = [
  string | null,
  string | null,
  Date | null,
  string | null,
  string,
  number,
  number,
  string,
  number,
];

/**
 * The lines of `count` invoices of `linesEach` lines, deterministic, each invoice a distinct number
 * (prefix + index) dated in 2025. `prefix` keeps files of different runs from being duplicates.
 */
export function* invoiceLines(count: number, linesEach: number, prefix = 'BEN', seed = 7): Generator<InvoiceLine> {
  const next = lcg(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const storages = openStorages.map((s) => s.name);
  for (let i = 0; i < count; i++) {
    const date = new Date(Date.UTC(2025, i % 12, 1 + (i % 28)));
    const head = [`${prefix}-${String(i + 1).padStart(6, '0')}`, pick(SUPPLIERS), date, pick(storages)] as const;
    for (let j = 0; j < linesEach; j++) {
      const line: InvoiceLine = [
        j === 0 ? head[0] : null,
        j === 0 ? head[1] : null,
        j === 0 ? head[2] : null,
        j === 0 ? head[3] : null,
        pick(clearAliasNames),
        1 + Math.floor(next() * 40),
        pick([1, 5, 10, 20, 1000]),
        pick(['L', 'kg']),
        Math.round(next() * 50000) / 100,
      ];
      yield line;
    }
  }
}

/** Writes the invoices as .xlsx with exceljs's streaming writer (dates formatted dd/mm/yyyy). Returns the lines written. */
export async function writeInvoicesXlsx(
  path: string,
  count: number,
  linesEach: number,
  prefix?: string,
): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Invoices');
  sheet.addRow(INVOICE_HEADERS).commit();
  let lines = 0;
  for (const line of invoiceLines(count, linesEach, prefix)) {
    const row = sheet.addRow(line);
    if (line[2]) row.getCell(3).numFmt = 'dd/mm/yyyy';
    row.commit();
    lines++;
  }
  sheet.commit();
  await workbook.commit();
  return lines;
}

/** One invoice line as a CSV row: its date as d/m/yyyy text, as a supplier's CSV has it. */
export function invoiceCsvRow(line: InvoiceLine): unknown[] {
  const date = line[2];
  return [
    line[0],
    line[1],
    date ? `${date.getUTCDate()}/${date.getUTCMonth() + 1}/${date.getUTCFullYear()}` : null,
    ...line.slice(3),
  ];
}

/** Writes the same invoices as a comma-separated UTF-8 CSV (dates as d/m/yyyy text). Returns the lines written. */
export async function writeInvoicesCsv(
  path: string,
  count: number,
  linesEach: number,
  prefix?: string,
): Promise<number> {
  const rows: unknown[][] = [INVOICE_HEADERS];
  for (const line of invoiceLines(count, linesEach, prefix)) rows.push(invoiceCsvRow(line));
  await writeFile(path, Papa.unparse(rows, { newline: '\r\n' }));
  return rows.length - 1;
}
