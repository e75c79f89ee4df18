/**
 * A supplier recipe that says the supplier's prices include GST is applied by both faces alike: the
 * pane's import path (`replayImport`, the Reading options' GST box left as the bookkeeper found it) sends
 * the same pack costs as the CLI. Before, the pane always passed its box's state as the user's choice,
 * so a recipe's GST was never used there: the CLI sent 185 ÷ 1.1 = 168.18, the pane 185, with no word.
 */
import { copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { importCommand } from '../../../batch/commands/import/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { replayImport } from '../../../addin/replay/replay-import.ts';
import { memoryStorageAsync, PaneRecipeStore } from '../../../addin/app/recipe-store.ts';
import { newRecipe, recipeFileName, recipeJson, type SupplierRecipe } from '../../../shared/suppliers/recipe.ts';
import { startSandbox, type RecordedWrite } from '../../../sandbox/index.ts';

const ORG = 'Willow Creek Pastoral Co';
const TOKEN = 'demo-token-willow';
const HEADER = [
  'Invoice No',
  'Supplier',
  'Date Received',
  'Deliver To',
  'Product',
  'Qty',
  'Pack Size',
  'Unit',
  'Unit Price',
];

const normalise = (w: RecordedWrite) => `${w.method} ${w.path.replace(/[0-9a-f-]{36}/g, ':id')} ${w.body ?? ''}`;
const costs = (writes: string[]) => writes.flatMap((w) => [...w.matchAll(/"pack_cost":"([^"]+)"/g)].map((m) => m[1]));

function riverinaRecipe(): SupplierRecipe {
  return { ...newRecipe('Riverina Ag Chemicals')!, gst: { mode: 'inclusive', rate: '0.1' } };
}

async function writeSheet(path: string, rows: (string | number | null)[][]): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Invoices');
  rows.forEach((cells, r) => cells.forEach((c, i) => c !== null && (ws.getRow(r + 1).getCell(i + 1).value = c)));
  await wb.xlsx.writeFile(path);
}

async function cli(file: string, recipesDir: string) {
  const sandbox = await startSandbox({ quiet: true, recordWrites: true });
  try {
    const io = memoryIO();
    const summary = await importCommand({
      kind: 'receipts',
      file,
      baseUrl: sandbox.url,
      token: TOKEN,
      org: ORG,
      io,
      profilesDir: '/nonexistent/shed-sheets-test-profiles',
      recipesDir,
      settleMs: 0,
    });
    return { writes: sandbox.stats.writeLog.map(normalise).sort(), exit: summary.exitCode, io };
  } finally {
    await sandbox.close();
  }
}

async function pane(file: string, recipes: PaneRecipeStore, pricesIncludeGst?: boolean) {
  const sandbox = await startSandbox({ quiet: true, recordWrites: true });
  try {
    const outcome = await replayImport({
      file,
      baseUrl: sandbox.url,
      token: TOKEN,
      org: ORG,
      kind: 'receipts',
      recipes,
      ...(pricesIncludeGst === undefined ? {} : { pricesIncludeGst }),
    });
    return { writes: sandbox.stats.writeLog.map(normalise).sort(), exit: outcome.exitCode };
  } finally {
    await sandbox.close();
  }
}

describe("a recipe's GST: the CLI and the pane alike", () => {
  it('both take GST off the prices of a supplier whose recipe says they include it', { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-recipe-gst-'));
    const sheet = join(dir, 'riverina-feb.xlsx');
    await writeSheet(sheet, [
      HEADER,
      ['RA-301', 'Riverina Ag Chemicals', '3/02/2026', 'Main Chemical Shed', 'Glyfos 540', 4, 20, 'L', 185],
    ]);
    const recipesDir = join(dir, 'recipes');
    await mkdir(recipesDir);
    const recipe = riverinaRecipe();
    await writeFile(join(recipesDir, recipeFileName(recipe.supplier.key)), recipeJson(recipe));
    const store = new PaneRecipeStore(memoryStorageAsync());
    await store.replaceAll([recipe]);

    const fromCli = await cli(sheet, recipesDir);
    const paneFile = join(dir, 'pane.xlsx');
    await copyFile(sheet, paneFile);
    const fromPane = await pane(paneFile, store);
    expect(fromCli.exit).toBe(0);
    expect(costs(fromCli.writes)).toEqual(['168.18']);
    expect(costs(fromPane.writes)).toEqual(costs(fromCli.writes));
    expect(fromPane.exit).toBe(fromCli.exit);
  });
});
