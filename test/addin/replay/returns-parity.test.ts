/**
 * A returns sheet typed by hand on both faces: a negative amount, a unit its product is not kept in, an
 * alias, an ambiguous alias, the same return twice, and a row hidden by hand. The CLI and the pane's
 * import path send the same requests, give every row the same status and problem codes, and exit alike.
 */
import { copyFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { importCommand } from '../../../batch/commands/import/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { replayImport } from '../../../addin/replay/replay-import.ts';
import { rowOutcomes, type RowOutcome } from '../../../shared/import/import-sheet.ts';
import { startSandbox, type RecordedWrite } from '../../../sandbox/index.ts';

const ORG = 'Willow Creek Pastoral Co';
const TOKEN = 'demo-token-willow';
const HEADER = ['Date', 'Return To', 'From Shed', 'Product', 'Amount', 'Unit', 'Credit Note'];
const ROW = (product: string, amount: string | number, unit: string, note: string) => [
  '3/03/2026',
  'Farmco Rural Supplies',
  'Main Chemical Shed',
  product,
  amount,
  unit,
  note,
];
const ROWS = [
  ROW('Glyfos 540', 20, 'L', 'CN-P1'),
  ROW('Glyfos 540', -20, 'L', 'CN-P2'),
  ROW('Knockdown Max 540', '20 kg', '', 'CN-P3'),
  ROW('Wetter', 5, 'L', 'CN-P4'),
  ROW('Bifen 100', 5, 'L', 'CN-P5'),
  ROW('Bifen 100', 5, 'L', 'CN-P5'),
  ROW('Amine 625', 10, 'L', 'CN-P6'), // hidden by hand: left out by both
];

const normalise = (w: RecordedWrite) => `${w.method} ${w.path.replace(/[0-9a-f-]{36}/g, ':id')} ${w.body ?? ''}`;

async function writeSheet(path: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Returns');
  [HEADER, ...ROWS].forEach((cells, r) => cells.forEach((c, i) => (ws.getRow(r + 1).getCell(i + 1).value = c)));
  ws.getRow(ROWS.length + 1).hidden = true;
  await wb.xlsx.writeFile(path);
}

type Run = { writes: string[]; rows: RowOutcome[] | null; exit: number };

async function cli(file: string): Promise<Run> {
  const sandbox = await startSandbox({ quiet: true, recordWrites: true });
  try {
    let rows: RowOutcome[] | null = null;
    const summary = await importCommand({
      kind: 'returns',
      file,
      baseUrl: sandbox.url,
      token: TOKEN,
      org: ORG,
      io: memoryIO(),
      profilesDir: '/nonexistent/shed-sheets-test-profiles',
      settleMs: 0,
      onReport: (report) => (rows = rowOutcomes(report)),
    });
    return { writes: sandbox.stats.writeLog.map(normalise).sort(), rows, exit: summary.exitCode };
  } finally {
    await sandbox.close();
  }
}

async function pane(file: string): Promise<Run> {
  const sandbox = await startSandbox({ quiet: true, recordWrites: true });
  try {
    const outcome = await replayImport({ file, baseUrl: sandbox.url, token: TOKEN, org: ORG, kind: 'returns' });
    return { writes: sandbox.stats.writeLog.map(normalise).sort(), rows: outcome.rowOutcomes, exit: outcome.exitCode };
  } finally {
    await sandbox.close();
  }
}

describe('a returns sheet typed by hand: the CLI and the pane alike', () => {
  it('sends the same returns and refuses the same rows for the same reasons', { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-returns-parity-'));
    const sheet = join(dir, 'returns.xlsx');
    await writeSheet(sheet);
    const fromCli = await cli(sheet);
    const paneFile = join(dir, 'pane.xlsx');
    await copyFile(sheet, paneFile);
    const fromPane = await pane(paneFile);
    const byRow = Object.fromEntries((fromCli.rows ?? []).map((r) => [r.rowNumber, [r.status, ...r.codes]]));
    expect(byRow).toEqual({
      2: ['created'],
      3: ['invalid', 'negative_amount'],
      4: ['invalid', 'unit_not_kept'],
      5: ['invalid', 'ambiguous_product'],
      6: ['created'],
      7: ['duplicate'],
    });
    expect(fromCli.writes).toHaveLength(2);
    expect(fromPane.writes).toEqual(fromCli.writes);
    expect(fromPane.rows).toEqual(fromCli.rows);
    expect(fromPane.exit).toBe(fromCli.exit);
  });
});
