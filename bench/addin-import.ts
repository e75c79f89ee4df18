/**
 * Bench 5b, the pane's import: the task pane's own import path (ImportController over the office-js
 * adapter, ExcelWorkbook, on the fake Excel of the adapter's tests) imports 5,000 invoices of 10 lines
 * from a 50,000-row sheet into a sandbox in its own process, the results written back while the
 * records are sent, as in the pane. Every `context.sync()` is counted with what it carried (the
 * adapter's estimates of request and response bytes, and the fake's JSON size of each request).
 * Figures: full reads of the sheet during the import (ideal 1), the key-cell re-reads of the
 * write-back (never the whole sheet: the columns they read), syncs, the largest payload against 5 MB,
 * bytes, time. Nothing timed is asserted; a run that leaves any row without its result fails.
 */
import { ConnectController } from '../addin/app/connect.ts';
import { ImportController } from '../addin/app/import.ts';
import { memoryTokenStore } from '../addin/app/token-store.ts';
import type { SyncReport } from '../addin/excel/excel-batch.ts';
import { ExcelWorkbook } from '../addin/excel/excel-workbook.ts';
import type { ReadOptions, RowSpan } from '../addin/excel/workbook-port.ts';
import type { Grid, SheetRow } from '../shared/sheet/grid.ts';
import { FakeExcel, officeWith } from '../test/addin/excel/excel-fake.ts';
import { PAYLOAD_LIMIT_BYTES } from './addin.ts';
import { WILLOW_NAME, WILLOW_TOKEN } from './catalogue.ts';
import { figure, log, timed, type Figure } from './measure.ts';
import { startSandboxProcess } from './sandbox-process.ts';
import { INVOICE_HEADERS, invoiceLines } from './workbooks.ts';

export const PANE_INVOICES = Number(process.env.BENCH_PANE_INVOICES ?? 5_000);
export const PANE_LINES_EACH = 10;

/** Excel's serial day of a UTC date (1900 date system). */
const serial = (date: Date) => (date.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000;

/** The adapter, counting its reads: whole-sheet reads, and key-cell reads (of a batch's rows, or of the key columns over the sheet). */
class CountingWorkbook extends ExcelWorkbook {
  sheetReads = 0;
  readonly columnReads: { columns: number; spans: number; whole: boolean }[] = [];
  override readSheet(name?: string, options?: ReadOptions): Promise<Grid> {
    this.sheetReads += 1;
    return super.readSheet(name, options);
  }
  override readColumns(sheet: string, columns: readonly number[], rows?: readonly RowSpan[]): Promise<SheetRow[]> {
    this.columnReads.push({ columns: columns.length, spans: rows?.length ?? 0, whole: rows === undefined });
    return super.readColumns(sheet, columns, rows);
  }
}

/** The fake Excel holding the invoices' sheet: header on row 1, dates as date-formatted serials. */
function invoiceWorkbook(): FakeExcel {
  const values: unknown[][] = [INVOICE_HEADERS];
  const formats: unknown[][] = [INVOICE_HEADERS.map(() => 'General')];
  for (const line of invoiceLines(PANE_INVOICES, PANE_LINES_EACH, 'PANE')) {
    values.push(line.map((v) => (v instanceof Date ? serial(v) : (v ?? ''))));
    formats.push(line.map((v) => (v instanceof Date ? 'dd/mm/yyyy' : 'General')));
  }
  return new FakeExcel({ sheets: [{ name: 'Invoices', values, formats }] });
}

/** The pane's controller, connected to the sandbox over the adapter, the sheet read and mapped. */
async function openPane(workbook: CountingWorkbook, url: string): Promise<ImportController> {
  const connect = new ConnectController({ workbook, tokens: memoryTokenStore() });
  await connect.connect(url, WILLOW_TOKEN);
  if (!connect.session()) await connect.selectOrganisation(WILLOW_NAME);
  const importer = new ImportController({ workbook, session: () => connect.session() });
  await importer.refresh();
  return importer;
}

const paneFigure = (f: Omit<Parameters<typeof figure>[0], 'bench'>): Figure =>
  figure({ bench: 'addin', ...f } as Parameters<typeof figure>[0]);

/** The figures of one measured import: full reads, key-cell reads, syncs, bytes, the largest payload. */
function paneFigures(
  workbook: CountingWorkbook,
  reports: readonly SyncReport[],
  syncs: readonly { bytes: number }[],
  ms: number,
  statusText: string,
): { figures: Figure[]; details: Record<string, unknown> } {
  const rows = PANE_INVOICES * PANE_LINES_EACH;
  const largestRequest = Math.max(...syncs.map((s) => s.bytes));
  const largestResponse = Math.max(...reports.map((r) => r.responseBytes));
  const largest = Math.max(largestRequest, largestResponse);
  const bytes = reports.reduce((sum, r) => sum + r.requestBytes + r.responseBytes, 0);
  const keyReads = workbook.columnReads;
  const keyColumns = Math.max(0, ...keyReads.map((r) => r.columns));
  const keyBytes = reports.filter((r) => r.operation === 'readColumns').reduce((sum, r) => sum + r.responseBytes, 0);
  const sheetBytes = reports.filter((r) => r.operation === 'readSheet').reduce((sum, r) => sum + r.responseBytes, 0);
  const byOperation = reports.reduce<Record<string, number>>(
    (acc, r) => ({ ...acc, [r.operation]: (acc[r.operation] ?? 0) + 1 }),
    {},
  );
  const label = `pane import ${PANE_INVOICES.toLocaleString('en-AU')} invoices / ${rows.toLocaleString('en-AU')} rows`;
  const figures: Figure[] = [
    paneFigure({
      case: `${label}: full reads of the sheet`,
      measured: workbook.sheetReads,
      unit: 'x',
      baseline: 1,
      baselineLabel: 'ideal: one, at the start of the run',
      target: { kind: 'ratio-max', value: 1 },
      note: `${Math.round(ms).toLocaleString('en-AU')} ms in all; ${statusText}`,
    }),
    paneFigure({
      case: `${label}: write-back key-cell reads`,
      measured: keyReads.length,
      unit: 'x',
      baseline: null,
      baselineLabel: `${keyReads.filter((r) => !r.whole).length} of a batch's rows, ${keyReads.filter((r) => r.whole).length} of the key columns over the sheet; ${keyColumns} key columns of ${INVOICE_HEADERS.length + 5} (the result header's 5 on the header row only)`,
      target: null,
      note: `${keyBytes.toLocaleString('en-AU')} bytes read back, against ${sheetBytes.toLocaleString('en-AU')} for the one full read`,
    }),
    paneFigure({
      case: `${label}: context.sync calls`,
      measured: syncs.length,
      unit: 'syncs',
      baseline: null,
      baselineLabel: Object.entries(byOperation)
        .map(([op, n]) => `${op} ${n}`)
        .join(', '),
      target: null,
      note: `${bytes.toLocaleString('en-AU')} bytes estimated in all (requests and responses)`,
    }),
    paneFigure({
      case: `${label}: largest payload of one sync`,
      measured: largest,
      unit: 'bytes',
      baseline: PAYLOAD_LIMIT_BYTES,
      baselineLabel: 'Excel on the web limit 5 MB',
      target: { kind: 'ratio-max', value: 1 },
      note: `largest request ${largestRequest.toLocaleString('en-AU')} B (fake's JSON), largest response ${largestResponse.toLocaleString('en-AU')} B (adapter's estimate)`,
    }),
  ];
  return {
    figures,
    details: { ms, byOperation, keyReads, syncs: syncs.length, largestRequest, largestResponse, bytes },
  };
}

/** Runs bench 5b and returns its figures. */
export async function benchAddinImport(): Promise<{ figures: Figure[]; details: Record<string, unknown> }> {
  const rows = PANE_INVOICES * PANE_LINES_EACH;
  log(
    `add-in import: ${PANE_INVOICES} invoices (${rows} rows) through the pane's import, the adapter and the fake Excel, into a sandbox…`,
  );
  const fake = invoiceWorkbook();
  const sandbox = await startSandboxProcess({ kind: 'demo', history: false });
  try {
    const reports: SyncReport[] = [];
    const workbook = new CountingWorkbook({
      excel: fake.host,
      requirements: officeWith('1.17').context.requirements,
      onSync: (r) => reports.push(r),
    });
    const importer = await openPane(workbook, sandbox.url);
    // From here on, the import only: the sheet is read at its start, as the pane does on every run.
    reports.length = 0;
    workbook.sheetReads = 0;
    const syncsBefore = fake.okSyncs.length;
    const { ms } = await timed(() => importer.start());
    const status = importer.store.get().status;
    const sheet = fake.sheet('Invoices').values;
    const missing = sheet
      .slice(1)
      .filter((r) => r[9] !== 'created' || typeof r[10] !== 'string' || r[10] === '').length;
    if (missing > 0)
      throw new Error(`add-in import: ${missing} rows without their result (${status?.text ?? 'no status'})`);
    const syncs = fake.okSyncs.slice(syncsBefore);
    const { figures, details } = paneFigures(workbook, reports, syncs, ms, status?.text ?? '');
    return { figures, details: { ...details, status } };
  } finally {
    await sandbox.close();
  }
}
