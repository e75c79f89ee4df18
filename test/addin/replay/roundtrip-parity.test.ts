/**
 * The round trip on both faces: a sheet imported (two receipts created, one refused), then corrected
 * where each face keeps its results (the CLI's results workbook, the pane's own sheet after its run:
 * a quantity changed, the refused product fixed, a line deleted, the rows sorted by Product) and
 * imported again. Both faces send the same second-run requests and give every row the same outcome
 * (a sheet that writes the invoice number on every line: sorted, each line still finds its invoice).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { importCommand } from '../../../batch/commands/import/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { replayImport } from '../../../addin/replay/replay-import.ts';
import { rowOutcomes, type RowOutcome } from '../../../shared/import/import-sheet.ts';
import { startSandbox, type RecordedWrite } from '../../../sandbox/index.ts';
import { EXAMPLE_HEADER } from '../../support/example-header.ts';

const ORG = 'Willow Creek Pastoral Co';
const TOKEN = 'demo-token-willow';
const HEADER = [...EXAMPLE_HEADER];
const ROWS: (string | number)[][] = [
  ['RT-1', 'Farmco Rural Supplies', '3/02/2026', 'Main Chemical Shed', 'Glyfos 540', 4, 20, 'L', 185],
  ['RT-1', 'Farmco Rural Supplies', '3/02/2026', 'Main Chemical Shed', 'Amine 625', 2, 20, 'L', 142.5],
  ['RT-1', 'Farmco Rural Supplies', '3/02/2026', 'Main Chemical Shed', 'Wetter 1000', 1, 5, 'L', 38.9],
  ['RT-2', 'Southern Cross Fertilisers', '4/02/2026', 'Fertiliser Bunker', 'MAP Granular', 2, 1000, 'kg', 980],
  ['RT-3', 'Riverina Ag Chemicals', '5/02/2026', 'Main Chemical Shed', 'Glyfos 450', 2, 20, 'L', 180],
];

// Record and line item ids are each sandbox's own; product, alias and storage ids are the catalogue's.
const normalise = (w: RecordedWrite) =>
  `${w.method} ${w.path.replace(/[0-9a-f-]{36}/g, ':id')} ${(w.body ?? '').replace(/"id":"[0-9a-f-]{36}"/g, '"id":":id"')}`;

async function writeSheet(path: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Invoices');
  [HEADER, ...ROWS].forEach((cells, r) => cells.forEach((c, i) => (ws.getRow(r + 1).getCell(i + 1).value = c)));
  await wb.xlsx.writeFile(path);
}

/** The bookkeeper's edits, on whichever workbook holds the results: the same on both faces. */
async function edit(path: string, out: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const ws = wb.worksheets[0]!;
  const width = ws.getRow(1).cellCount;
  const rows = Array.from({ length: ROWS.length }, (_, i) =>
    Array.from({ length: width }, (_, c) => ws.getRow(i + 2).getCell(c + 1).value),
  )
    .filter((row) => row[4] !== 'Wetter 1000') // a line deleted
    .map((row) => (row[4] === 'Amine 625' ? row.with(5, 3) : row)) // a quantity corrected
    .map((row) => (row[4] === 'Glyfos 450' ? row.with(4, 'Glyfos 540') : row)) // the refused product fixed
    .sort((a, b) => String(a[4]).localeCompare(String(b[4]))); // sorted by Product
  for (let r = 2; r <= ROWS.length + 1; r += 1)
    for (let c = 1; c <= width; c += 1) ws.getRow(r).getCell(c).value = rows[r - 2]?.[c - 1] ?? null;
  await wb.xlsx.writeFile(out);
}

type Run = { writes: string[]; rows: RowOutcome[] | null; exit: number };

async function cliTwice(dir: string): Promise<Run> {
  const sandbox = await startSandbox({ quiet: true, recordWrites: true });
  try {
    const run = async (file: string) => {
      let rows: RowOutcome[] | null = null;
      const summary = await importCommand({
        kind: 'receipts',
        file,
        baseUrl: sandbox.url,
        token: TOKEN,
        org: ORG,
        io: memoryIO(),
        profilesDir: '/nonexistent/shed-sheets-test-profiles',
        recipesDir: join(dir, 'recipes'),
        settleMs: 0,
        onReport: (report) => (rows = rowOutcomes(report)),
      });
      return { rows, exit: summary.exitCode };
    };
    const sheet = join(dir, 'invoices.xlsx');
    await writeSheet(sheet);
    await run(sheet);
    const before = sandbox.stats.writeLog.length;
    const edited = join(dir, 'edited.xlsx');
    await edit(join(dir, 'invoices.results.xlsx'), edited);
    const second = await run(edited);
    return { writes: sandbox.stats.writeLog.slice(before).map(normalise).sort(), ...second };
  } finally {
    await sandbox.close();
  }
}

async function paneTwice(dir: string): Promise<Run> {
  const sandbox = await startSandbox({ quiet: true, recordWrites: true });
  try {
    const sheet = join(dir, 'pane.xlsx');
    await writeSheet(sheet);
    const after = join(dir, 'pane-after.xlsx');
    await replayImport({ file: sheet, baseUrl: sandbox.url, token: TOKEN, org: ORG, kind: 'receipts', out: after });
    const before = sandbox.stats.writeLog.length;
    const edited = join(dir, 'pane-edited.xlsx');
    await edit(after, edited);
    const second = await replayImport({ file: edited, baseUrl: sandbox.url, token: TOKEN, org: ORG, kind: 'receipts' });
    return {
      writes: sandbox.stats.writeLog.slice(before).map(normalise).sort(),
      rows: second.rowOutcomes,
      exit: second.exitCode,
    };
  } finally {
    await sandbox.close();
  }
}

describe('the round trip on both faces', () => {
  it('the corrected, sorted results import alike from the CLI and the pane', { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-roundtrip-parity-'));
    const cli = await cliTwice(dir);
    const pane = await paneTwice(dir);
    expect(cli.writes.length).toBeGreaterThan(0);
    expect(pane.writes).toEqual(cli.writes);
    expect(pane.rows).toEqual(cli.rows);
    expect(pane.exit).toBe(cli.exit);
  });
});
