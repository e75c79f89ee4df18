/**
 * The two faces give the same result for the same workbook: for every workbook fixture the CLI
 * imports, the CLI (`importCommand`) and the task pane's own path (`replayImport`: its controllers
 * and office-js adapter over the workbook-backed Excel) each import into a fresh sandbox; both must
 * send the same write requests (bodies compared order-independently), give every row the same
 * status and problem codes, and end with the same exit status. Files the pane cannot open (.xls,
 * .ods, CSV) are given to it as the .xlsx the CLI's reader reads them as.
 */
import { copyFile, mkdir, mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitStatusFor } from '../../../batch/cli/exit-status.ts';
import { importCommand } from '../../../batch/commands/import/index.ts';
import { readGrid } from '../../../batch/read/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { replayImport } from '../../../addin/replay/replay-import.ts';
import { rowOutcomes, type RowOutcome } from '../../../shared/import/import-sheet.ts';
import type { CellValue, Grid } from '../../../shared/sheet/grid.ts';
import type { ImportKind } from '../../../shared/kinds/index.ts';
import { startSandbox, type RecordedWrite } from '../../../sandbox/index.ts';
import { generateInvoices, writeInvoicesXlsx } from '../../support/generate-invoices.ts';
import { SUPPLIER_SHEETS } from '../../support/supplier-sheets.ts';
import { EXAMPLE_HEADER } from '../../support/example-header.ts';

const ORG = 'Willow Creek Pastoral Co';
const TOKEN = 'demo-token-willow';
const EXAMPLES = new URL('../../../examples/', import.meta.url).pathname;
const FIXTURES = new URL('../../fixtures/workbooks/', import.meta.url).pathname;

/** One workbook both faces import: the CLI's file, the pane's .xlsx (the same file when it is one). */
interface Case {
  name: string;
  kind: ImportKind;
  cliFile: string;
  paneFile: string;
}

/** What one face did: its writes (normalised, sorted), each row's outcome, its exit status. */
interface FaceRun {
  writes: string[];
  rows: RowOutcome[] | null;
  exitCode: number;
}

let dir: string;
const cases: Case[] = [];

/** A write as compared: ids in the path made generic, the body's keys sorted. */
function normalise(write: RecordedWrite): string {
  const path = write.path.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ':id');
  const sortKeys = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sortKeys)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([k, v]) => [k, sortKeys(v)]),
          )
        : value;
  const body = write.body ? JSON.stringify(sortKeys(JSON.parse(write.body))) : '';
  return `${write.method} ${path} ${body}`;
}

/** Writes rows (row 1 first) as a one-sheet .xlsx; dates as date cells, hidden rows hidden. */
async function writeRows(
  path: string,
  sheet: string,
  rows: { rowNumber: number; cells: CellValue[]; hidden?: boolean }[],
): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(sheet);
  for (const row of rows) {
    const target = ws.getRow(row.rowNumber);
    row.cells.forEach((cell, i) => {
      if (cell === null) return;
      const c = target.getCell(i + 1);
      c.value = cell;
      if (cell instanceof Date)
        c.numFmt = cell.getUTCHours() || cell.getUTCMinutes() ? 'dd/mm/yyyy hh:mm' : 'dd/mm/yyyy';
    });
    if (row.hidden) target.hidden = true;
  }
  await wb.xlsx.writeFile(path);
}

/** The .xlsx the pane opens for a file it cannot: the grid the CLI's reader reads, written back. */
async function asXlsx(file: string): Promise<string> {
  const grid: Grid = await readGrid(file);
  const out = join(dir, `${basename(file)}.xlsx`);
  await writeRows(out, grid.sheet.slice(0, 31), grid.rows);
  return out;
}

/** Sheets of invoices that are wrong in ways each face must refuse alike. */
function wrongSheets(): { name: string; rows: CellValue[][] }[] {
  const header = [...EXAMPLE_HEADER, 'Line Total'];
  const line = (
    inv: string,
    date: CellValue,
    extra: Partial<Record<'storage' | 'product' | 'qty' | 'unit' | 'price' | 'total', CellValue>> = {},
  ) => [
    inv,
    'Farmco Rural Supplies',
    date,
    extra.storage ?? 'Main Chemical Shed',
    extra.product ?? 'Glyfos 540',
    extra.qty ?? 4,
    20,
    extra.unit ?? 'L',
    extra.price ?? 185,
    extra.total ?? null,
  ];
  return [
    {
      name: 'wrong-cells',
      rows: [
        header,
        line('W-1', '3/02/2026'),
        line('W-2', '4/02/2026', { product: 'Glyfos 450' }),
        line('W-3', '5/02/2026', { qty: -5 }),
        line('W-4', '31/02/2026'),
        line('W-5', '6/02/2026', { storage: 'Old Shearing Shed' }),
        line('W-6', '7/02/2026', { unit: 'drum' }),
        line('W-7', '8/02/2026', { total: 999 }),
        line('W-8', '9/02/2026', { product: 'Wetter' }),
      ],
    },
    {
      name: 'month-first-dates',
      rows: [header, line('M-1', '03/14/2026'), line('M-2', '03/04/2026'), line('M-3', '2026-03-05')],
    },
    {
      name: 'gst-inclusive-unclaimed',
      rows: [
        [
          'Invoice No',
          'Supplier',
          'Date Received',
          'Deliver To',
          'Product',
          'Qty',
          'Pack Size',
          'Unit',
          'Unit Price (inc GST)',
        ],
        line('G-1', '3/02/2026').slice(0, 9),
      ],
    },
    { name: 'header-only', rows: [header] },
  ];
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shed-parity-'));
  const add = (name: string, kind: ImportKind, cliFile: string, paneFile = cliFile) =>
    cases.push({ name, kind, cliFile, paneFile });
  add('examples/supplier-invoices.xlsx', 'receipts', join(EXAMPLES, 'supplier-invoices.xlsx'));
  for (const other of ['supplier-invoices.xls', 'supplier-invoices.ods', 'supplier-invoices-april.csv']) {
    add(`examples/${other}`, 'receipts', join(EXAMPLES, other), await asXlsx(join(EXAMPLES, other)));
  }
  add(
    'examples/supplier-returns.csv',
    'returns',
    join(EXAMPLES, 'supplier-returns.csv'),
    await asXlsx(join(EXAMPLES, 'supplier-returns.csv')),
  );
  for (const [i, sheet] of SUPPLIER_SHEETS.entries()) {
    const file = join(dir, `supplier-sheet-${String(i + 1).padStart(2, '0')}.xlsx`);
    await writeRows(
      file,
      'Invoices',
      sheet.rows.map((cells, r) => ({ rowNumber: r + 1, cells })),
    );
    add(`supplier sheet: ${sheet.name}`, sheet.kind ?? 'receipts', file);
  }
  for (const sheet of wrongSheets()) {
    const file = join(dir, `${sheet.name}.xlsx`);
    await writeRows(
      file,
      'Invoices',
      sheet.rows.map((cells, r) => ({ rowNumber: r + 1, cells })),
    );
    add(`wrong data: ${sheet.name}`, 'receipts', file);
  }
  const generated = join(dir, 'generated-30.xlsx');
  await writeInvoicesXlsx(generated, generateInvoices(30, 3, 11, 'PAR-'));
  add('30 generated invoices', 'receipts', generated);
  // The workbook model's fixtures: hidden and filtered rows, a table, merged cells, 1904, a two-row header.
  const fixtures = await readdir(FIXTURES).catch(() => [] as string[]);
  for (const name of fixtures.filter((n) => extname(n) === '.xlsx').sort())
    add(`fixture ${name}`, 'receipts', join(FIXTURES, name));
});

/** Imports `file` with the CLI into a fresh sandbox. */
async function runCli(c: Case): Promise<FaceRun> {
  const sandbox = await startSandbox({ quiet: true, recordWrites: true });
  const work = await mkdtemp(join(dir, 'cli-'));
  const file = join(work, basename(c.cliFile));
  await copyFile(c.cliFile, file);
  let rows: RowOutcome[] | null = null;
  let exitCode: number;
  try {
    const summary = await importCommand({
      kind: c.kind,
      file,
      baseUrl: sandbox.url,
      token: TOKEN,
      org: ORG,
      io: memoryIO(),
      profilesDir: '/nonexistent/shed-sheets-test-profiles',
      onReport: (report) => (rows = rowOutcomes(report)),
    });
    exitCode = summary.exitCode;
  } catch (error) {
    exitCode = exitStatusFor(error);
  } finally {
    await sandbox.close();
  }
  return { writes: sandbox.stats.writeLog.map(normalise).sort(), rows, exitCode };
}

/** Imports `file` with the task pane's own path into a fresh sandbox. */
async function runPane(c: Case): Promise<FaceRun> {
  const sandbox = await startSandbox({ quiet: true, recordWrites: true });
  const work = await mkdtemp(join(dir, 'pane-'));
  await mkdir(work, { recursive: true });
  const file = join(work, basename(c.paneFile));
  await copyFile(c.paneFile, file);
  let run: FaceRun;
  try {
    const outcome = await replayImport({
      file,
      baseUrl: sandbox.url,
      token: TOKEN,
      org: ORG,
      kind: c.kind,
      out: join(work, 'after.xlsx'),
    });
    run = { writes: [], rows: outcome.rowOutcomes, exitCode: outcome.exitCode };
  } catch (error) {
    run = { writes: [], rows: null, exitCode: exitStatusFor(error) };
  } finally {
    await sandbox.close();
  }
  return { ...run, writes: sandbox.stats.writeLog.map(normalise).sort() };
}

afterAll(async () => {
  // Temporary files only: nothing of the repository is written.
});

describe('the CLI and the task pane import every workbook fixture alike', () => {
  it('has at least 40 workbooks', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
  });

  it(
    'sends the same requests, gives every row the same status and problem codes, and exits alike',
    { timeout: 600_000 },
    async () => {
      const differences: string[] = [];
      let sent = 0;
      for (const c of cases) {
        const cli = await runCli(c);
        const pane = await runPane(c);
        sent += cli.writes.length;
        if (cli.exitCode !== pane.exitCode)
          differences.push(`${c.name}: exit ${cli.exitCode} (CLI) vs ${pane.exitCode} (pane)`);
        if (JSON.stringify(cli.writes) !== JSON.stringify(pane.writes)) {
          differences.push(
            `${c.name}: ${cli.writes.length} writes (CLI) vs ${pane.writes.length} (pane); first CLI write not sent by the pane: ${cli.writes.find((w) => !pane.writes.includes(w)) ?? '—'}; first pane write not sent by the CLI: ${pane.writes.find((w) => !cli.writes.includes(w)) ?? '—'}`,
          );
        }
        if (JSON.stringify(cli.rows) !== JSON.stringify(pane.rows)) {
          const paneRows = new Map((pane.rows ?? []).map((r) => [r.rowNumber, r]));
          const first = (cli.rows ?? []).find((r) => JSON.stringify(paneRows.get(r.rowNumber)) !== JSON.stringify(r));
          differences.push(
            `${c.name}: rows differ, e.g. CLI ${JSON.stringify(first ?? cli.rows)} vs pane ${JSON.stringify(first ? paneRows.get(first.rowNumber) : pane.rows)}`,
          );
        }
      }
      expect(differences).toEqual([]);
      // A comparison of two runs that sent nothing would prove nothing.
      expect(sent).toBeGreaterThan(100);
    },
  );
});
