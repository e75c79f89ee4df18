/**
 * Bench 2b, files made to exhaust memory: each read by `readGrid` with the default limits in a
 * process of its own, its peak RSS measured. A 1,048,576-row sheet (the most Excel holds) as a
 * narrow .xlsx, as an .xlsx of invoices (1,048,575 lines) and as CSV, and a zip bomb (1 GiB of
 * zeros in a 1 MB zip whose directory says 1,000 bytes). Each must be refused or read within 1 GB.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { deflatedZeros, zipOf } from '../test/support/zip.ts';
import { BENCH_TMP, figure, log, runChild, type Figure } from './measure.ts';
import { INVOICE_HEADERS, invoiceCsvRow, invoiceLines, writeInvoicesXlsx } from './workbooks.ts';

/** The most rows an Excel sheet has. */
export const EXCEL_ROWS = 1_048_576;
/** Peak RSS a hostile file may cost, in MB (issue: "refused or read within 1 GB peak"). */
const PEAK_LIMIT_MB = 1024;

/** What one refused (or read) file came to in its child process. */
interface LimitRun {
  file: string;
  what: string;
  bytes: number;
  ms: number;
  peakMb: number;
  outcome: string;
}

async function writeNarrowXlsx(path: string, rows: number): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Counts');
  for (let r = 1; r <= rows; r++) sheet.addRow([r]).commit();
  sheet.commit();
  await workbook.commit();
}

async function writeInvoicesCsvStream(path: string, lines: number): Promise<void> {
  const out = createWriteStream(path);
  out.write(`${Papa.unparse([INVOICE_HEADERS])}\r\n`);
  let written = 0;
  for (const line of invoiceLines(Math.ceil(lines / 5), 5)) {
    if (written++ >= lines) break;
    if (!out.write(`${Papa.unparse([invoiceCsvRow(line)])}\r\n`)) await once(out, 'drain');
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

/** Makes the hostile files (skipping none: they are rewritten each run, about a minute in all). */
async function writeHostileFiles(): Promise<{ file: string; what: string }[]> {
  const narrow = join(BENCH_TMP, 'limits-1m-narrow.xlsx');
  const invoices = join(BENCH_TMP, 'limits-1m-invoices.xlsx');
  const csv = join(BENCH_TMP, 'limits-1m-invoices.csv');
  const bomb = join(BENCH_TMP, 'limits-bomb.xlsx');
  log('read limits: writing a 1,048,576-row .xlsx of one column…');
  await writeNarrowXlsx(narrow, EXCEL_ROWS);
  log('read limits: writing 1,048,575 invoice lines as .xlsx and .csv…');
  await writeInvoicesXlsx(invoices, Math.ceil((EXCEL_ROWS - 1) / 5), 5);
  await writeInvoicesCsvStream(csv, EXCEL_ROWS - 1);
  log('read limits: writing a zip bomb (1 GiB of zeros, its directory saying 1,000 bytes)…');
  const { data, crc } = await deflatedZeros(1024);
  await writeFile(bomb, zipOf('xl/worksheets/sheet1.xml', data, crc, 1000));
  return [
    { file: narrow, what: '.xlsx, 1,048,576 rows × 1 column' },
    { file: invoices, what: '.xlsx, 1,048,576 rows of invoices (9 columns)' },
    { file: csv, what: '.csv, 1,048,576 rows of invoices' },
    { file: bomb, what: 'zip bomb: 1 GiB of zeros in a 1 MB .xlsx, its directory understating it' },
  ];
}

/** Runs bench 2b and returns its figures. */
export async function benchReadLimits(): Promise<{ figures: Figure[]; runs: LimitRun[] }> {
  const files = await writeHostileFiles();
  const runs: LimitRun[] = [];
  for (const { file, what } of files) {
    const report = await runChild('read-limited', { file });
    const d = report.details as { bytes: number; refused?: string; message?: string; rows?: number };
    runs.push({
      file,
      what,
      bytes: d.bytes,
      ms: report.ms,
      peakMb: report.peakMb,
      outcome: d.refused ? `refused (${d.refused}): ${d.message}` : `read: ${d.rows} rows`,
    });
    log(
      `read limits: ${what}: ${runs.at(-1)!.outcome.slice(0, 160)} in ${Math.round(report.ms)} ms, peak ${Math.round(report.peakMb)} MB`,
    );
  }
  const figures = runs.map((run) =>
    figure({
      bench: 'read',
      case: `hostile file, ${run.what}: peak memory`,
      measured: run.peakMb,
      unit: 'MB',
      baseline: null,
      baselineLabel: '',
      target: { kind: 'max', value: PEAK_LIMIT_MB },
      note: `${(run.bytes / 2 ** 20).toFixed(1)} MB file, ${run.outcome.startsWith('refused') ? `refused (${run.outcome.slice(9, run.outcome.indexOf(')'))})` : run.outcome} in ${Math.round(run.ms).toLocaleString('en-AU')} ms`,
    }),
  );
  return { figures, runs };
}
