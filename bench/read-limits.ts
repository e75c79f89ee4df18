/**
 * Bench 2b, files made to exhaust memory: each read by `readGrid` with the default limits in a
 * process of its own, its peak RSS measured. A 1,048,576-row sheet (the most Excel holds) as a
 * narrow .xlsx, as an .xlsx of invoices (1,048,575 lines) and as CSV (also with a stray quote near
 * its top), a zip bomb (1 GiB of zeros in a 1 MB zip whose directory says 1,000 bytes), a
 * shared-strings bomb (2 million strings for one cell) and a corrupt .xlsb (a sheet name said to be
 * 50 million characters long): each must be refused within 200 MB and 2 s (issue 23: "every hostile
 * file in bench 2b"; earlier 1 GB); a workbook of 1,000 empty sheets must be refused, and one whose
 * last sheet of 1,000 has the data read, in 1 s.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import * as XLSX from '@e965/xlsx';
import { workbookZip } from '../test/support/workbook-zip.ts';
import { deflatedZeros, zipOf } from '../test/support/zip.ts';
import { BENCH_TMP, figure, log, runChild, type Figure } from './measure.ts';
import { INVOICE_HEADERS, invoiceCsvRow, invoiceLines, writeInvoicesXlsx } from './workbooks.ts';

/** The most rows an Excel sheet has. */
export const EXCEL_ROWS = 1_048_576;
/** Peak RSS a hostile file may cost, in MB, and the time it may take (issue 23: 200 MB and 2 s). */
const HOSTILE_LIMITS = { peakMb: 200, ms: 2000 } as const;

/** A file of bench 2b: what it is, and the peak RSS (MB) and wall time (ms) it may cost, when one is set. */
interface HostileFile {
  file: string;
  what: string;
  peakMb: number;
  ms?: number;
}

/** What one refused (or read) file came to in its child process. */
interface LimitRun {
  file: string;
  what: string;
  limits: { peakMb: number; ms?: number };
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

/**
 * The CSV `from` with a stray quote in its first line of data (`"Premium" Urea`, text after the
 * closing quote): papaparse reads the rest of the file as one value, which counting records in
 * chunks parsed again with each chunk (a 47 MB file took 1.2 GB before it was refused for its quotes).
 */
async function writeStrayQuoteCsv(from: string, to: string): Promise<void> {
  const text = await readFile(from, 'utf8');
  const header = text.indexOf('\r\n') + 2;
  const stray = 'INV-0,Paddock Seeds Pty Ltd,2/3/2026,Main Chemical Shed,"Premium" Urea 46%,12,20,kg,45.50\r\n';
  await writeFile(to, text.slice(0, header) + stray + text.slice(header));
}

/** A zip's entries deflated, as a real workbook's are (the bench's own workbooks are stored). */
function deflated(bytes: Uint8Array): Uint8Array {
  const zip = XLSX.CFB.read(bytes, { type: 'buffer' });
  return new Uint8Array(XLSX.CFB.write(zip, { fileType: 'zip', type: 'buffer', compression: true }) as Buffer);
}

/** The files of issue 23: a shared-strings bomb, a corrupt .xlsb, and workbooks of 1,000 sheets. */
async function writeIssue23Files(): Promise<HostileFile[]> {
  const strings = join(BENCH_TMP, 'limits-shared-strings.xlsx');
  const xlsb = join(BENCH_TMP, 'limits-corrupt.xlsb');
  const empty = join(BENCH_TMP, 'limits-1000-empty-sheets.xlsx');
  const last = join(BENCH_TMP, 'limits-1000-sheets-data-last.xlsx');
  log('read limits: writing a shared-strings bomb, a corrupt .xlsb and workbooks of 1,000 sheets…');
  const cell = '<row r="1"><c r="A1" t="s"><v>0</v></c></row>';
  const items = '<si><t>a</t></si>'.repeat(2_000_000);
  const sst = `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="2000000" uniqueCount="2000000">${items}</sst>`;
  await writeFile(strings, deflated(workbookZip([{ name: 'Data', rows: cell }], { sharedStrings: sst })));
  await writeFile(xlsb, workbookZip([], { xlsbSheetNameLength: 50_000_000 }));
  const sheets = (dataLast: boolean) =>
    Array.from({ length: 1000 }, (_, i) => ({
      name: `Sheet ${i + 1}`,
      rows: dataLast && i === 999 ? '<row r="2"><c r="A2" t="inlineStr"><is><t>Glyfos 540</t></is></c></row>' : '',
    }));
  await writeFile(empty, deflated(workbookZip(sheets(false))));
  await writeFile(last, deflated(workbookZip(sheets(true))));
  return [
    { file: strings, what: 'shared-strings bomb: 2,000,000 strings for one cell', ...HOSTILE_LIMITS },
    { file: xlsb, what: 'corrupt .xlsb: a sheet name said to be 50,000,000 characters long', ...HOSTILE_LIMITS },
    { file: empty, what: '.xlsx of 1,000 empty sheets', peakMb: HOSTILE_LIMITS.peakMb, ms: 1000 },
    { file: last, what: '.xlsx of 1,000 sheets, the data in the last', peakMb: HOSTILE_LIMITS.peakMb, ms: 1000 },
  ];
}

/** Makes the hostile files (skipping none: they are rewritten each run, about a minute in all). */
async function writeHostileFiles(): Promise<HostileFile[]> {
  const narrow = join(BENCH_TMP, 'limits-1m-narrow.xlsx');
  const invoices = join(BENCH_TMP, 'limits-1m-invoices.xlsx');
  const csv = join(BENCH_TMP, 'limits-1m-invoices.csv');
  const strayQuote = join(BENCH_TMP, 'limits-stray-quote.csv');
  const bomb = join(BENCH_TMP, 'limits-bomb.xlsx');
  log('read limits: writing a 1,048,576-row .xlsx of one column…');
  await writeNarrowXlsx(narrow, EXCEL_ROWS);
  log('read limits: writing 1,048,575 invoice lines as .xlsx and .csv…');
  await writeInvoicesXlsx(invoices, Math.ceil((EXCEL_ROWS - 1) / 5), 5);
  await writeInvoicesCsvStream(csv, EXCEL_ROWS - 1);
  await writeStrayQuoteCsv(csv, strayQuote);
  log('read limits: writing a zip bomb (1 GiB of zeros, its directory saying 1,000 bytes)…');
  const { data, crc } = await deflatedZeros(1024);
  await writeFile(bomb, zipOf('xl/worksheets/sheet1.xml', data, crc, 1000));
  return [
    { file: narrow, what: '.xlsx, 1,048,576 rows × 1 column', ...HOSTILE_LIMITS },
    { file: invoices, what: '.xlsx, 1,048,576 rows of invoices (9 columns)', ...HOSTILE_LIMITS },
    { file: csv, what: '.csv, 1,048,576 rows of invoices', ...HOSTILE_LIMITS },
    { file: strayQuote, what: '.csv, the same with a stray quote in its first line of data', ...HOSTILE_LIMITS },
    {
      file: bomb,
      what: 'zip bomb: 1 GiB of zeros in a 1 MB .xlsx, its directory understating it',
      ...HOSTILE_LIMITS,
    },
    ...(await writeIssue23Files()),
  ];
}

/** Runs bench 2b and returns its figures. */
export async function benchReadLimits(): Promise<{ figures: Figure[]; runs: LimitRun[] }> {
  const files = await writeHostileFiles();
  const runs: LimitRun[] = [];
  for (const { file, what, peakMb, ms } of files) {
    const report = await runChild('read-limited', { file });
    const d = report.details as { bytes: number; refused?: string; message?: string; rows?: number };
    runs.push({
      file,
      what,
      limits: ms === undefined ? { peakMb } : { peakMb, ms },
      bytes: d.bytes,
      ms: report.ms,
      peakMb: report.peakMb,
      outcome: d.refused ? `refused (${d.refused}): ${d.message}` : `read: ${d.rows} rows`,
    });
    log(
      `read limits: ${what}: ${runs.at(-1)!.outcome.slice(0, 160)} in ${Math.round(report.ms)} ms, peak ${Math.round(report.peakMb)} MB`,
    );
  }
  const figures = runs.flatMap((run) => {
    const note = `${(run.bytes / 2 ** 20).toFixed(1)} MB file, ${run.outcome.startsWith('refused') ? `refused (${run.outcome.slice(9, run.outcome.indexOf(')'))})` : run.outcome} in ${Math.round(run.ms).toLocaleString('en-AU')} ms`;
    const peak = figure({
      bench: 'read',
      case: `hostile file, ${run.what}: peak memory`,
      measured: run.peakMb,
      unit: 'MB',
      baseline: null,
      baselineLabel: '',
      target: { kind: 'max', value: run.limits.peakMb },
      note,
    });
    if (run.limits.ms === undefined) return [peak];
    const time = figure({
      bench: 'read',
      case: `hostile file, ${run.what}: time`,
      measured: run.ms,
      unit: 'ms',
      baseline: null,
      baselineLabel: '',
      target: { kind: 'max', value: run.limits.ms },
      note,
    });
    return [peak, time];
  });
  return { figures, runs };
}
