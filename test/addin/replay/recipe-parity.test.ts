/**
 * The same supplier recipe gives identical requests from the CLI (its recipes folder) and from the task
 * pane (its own copy, addin/app/recipe-store.ts, over the pane's import path `replayImport`): a learned
 * product, a default storage and a line that is not stock, each applied by both faces alike. And a
 * correction re-imported teaches both faces' recipes the same entry.
 */
import { copyFile, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { importCommand } from '../../../batch/commands/import/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { replayImport } from '../../../addin/replay/replay-import.ts';
import { memoryStorageAsync, PaneRecipeStore } from '../../../addin/app/recipe-store.ts';
import { rowOutcomes, type RowOutcome } from '../../../shared/import/import-sheet.ts';
import {
  parseRecipe,
  recipeFileName,
  recipeJson,
  newRecipe,
  type SupplierRecipe,
} from '../../../shared/suppliers/recipe.ts';
import { startSandbox, type RecordedWrite } from '../../../sandbox/index.ts';
import { productIds } from '../../support/catalogue.ts';
import { EXAMPLE_HEADER } from '../../support/example-header.ts';

const ORG = 'Willow Creek Pastoral Co';
const TOKEN = 'demo-token-willow';
const HEADER = [...EXAMPLE_HEADER];

const normalise = (w: RecordedWrite) => `${w.method} ${w.path.replace(/[0-9a-f-]{36}/g, ':id')} ${w.body ?? ''}`;

function farmcoRecipe(): SupplierRecipe {
  const recipe = newRecipe('Farmco Rural Supplies')!;
  return {
    ...recipe,
    storage: 'Main Chemical Shed',
    nonStock: ['Freight'],
    products: [
      {
        text: 'Glyfos 450 20L',
        productId: productIds('Glyfos 540').product_id,
        productName: 'Glyfos 540',
        learnedAt: '2026-01-31',
        from: 'invoices-jan.results.xlsx',
      },
    ],
  };
}

async function writeSheet(path: string, rows: (string | number | null)[][]): Promise<void> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Invoices');
  rows.forEach((cells, r) => cells.forEach((c, i) => c !== null && (ws.getRow(r + 1).getCell(i + 1).value = c)));
  await wb.xlsx.writeFile(path);
}

/** Sets a cell of the first sheet (1-based row, header named column) and saves the file. */
async function fixCell(path: string, row: number, header: string, value: string): Promise<void> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const ws = wb.worksheets[0]!;
  const column = (ws.getRow(1).values as unknown[]).findIndex((v) => v === header);
  ws.getRow(row).getCell(column).value = value;
  await wb.xlsx.writeFile(path);
}

async function cli(
  file: string,
  recipesDir: string,
): Promise<{ writes: string[]; rows: RowOutcome[] | null; exit: number }> {
  const sandbox = await startSandbox({ quiet: true, recordWrites: true });
  let rows: RowOutcome[] | null = null;
  try {
    const summary = await importCommand({
      kind: 'receipts',
      file,
      baseUrl: sandbox.url,
      token: TOKEN,
      org: ORG,
      io: memoryIO(),
      profilesDir: '/nonexistent/shed-sheets-test-profiles',
      recipesDir,
      settleMs: 0,
      onReport: (report) => (rows = rowOutcomes(report)),
    });
    return { writes: sandbox.stats.writeLog.map(normalise).sort(), rows, exit: summary.exitCode };
  } finally {
    await sandbox.close();
  }
}

async function pane(file: string, recipes: PaneRecipeStore, out?: string) {
  const sandbox = await startSandbox({ quiet: true, recordWrites: true });
  try {
    const outcome = await replayImport({
      file,
      baseUrl: sandbox.url,
      token: TOKEN,
      org: ORG,
      kind: 'receipts',
      recipes,
      ...(out ? { out } : {}),
    });
    return { writes: sandbox.stats.writeLog.map(normalise).sort(), rows: outcome.rowOutcomes, exit: outcome.exitCode };
  } finally {
    await sandbox.close();
  }
}

describe('supplier recipes: the CLI and the pane alike', () => {
  it('the same recipe gives identical requests and row outcomes from both faces', { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-recipe-parity-'));
    const sheet = join(dir, 'farmco-feb.xlsx');
    await writeSheet(sheet, [
      HEADER,
      ['FR-201', 'Farmco Rural Supplies Pty Ltd', '3/02/2026', null, 'Glyfos 450 20L', 4, 20, 'L', 185],
      ['FR-201', 'Farmco Rural Supplies Pty Ltd', '3/02/2026', null, 'Freight', 1, null, null, 45],
      ['FR-202', 'FARMCO RURAL SUPPLIES LTD', '10/02/2026', null, 'MAP Granular', 2, 1000, 'kg', 980],
    ]);
    const recipesDir = join(dir, 'recipes');
    await mkdir(recipesDir);
    const recipe = farmcoRecipe();
    await writeFile(join(recipesDir, recipeFileName(recipe.supplier.key)), recipeJson(recipe));
    const store = new PaneRecipeStore(memoryStorageAsync());
    await store.replaceAll([recipe]);

    const fromCli = await cli(sheet, recipesDir);
    const paneFile = join(dir, 'pane.xlsx');
    await copyFile(sheet, paneFile);
    const fromPane = await pane(paneFile, store);
    expect(fromCli.rows?.[0]).toMatchObject({ status: 'created', codes: ['learned_product', 'recipe_storage'] });
    expect(fromCli.exit).toBe(0);
    expect(fromCli.writes).toHaveLength(2);
    expect(fromCli.writes.join('\n')).toContain(productIds('Glyfos 540').product_id);
    expect(fromPane.writes).toEqual(fromCli.writes);
    expect(fromPane.rows).toEqual(fromCli.rows);
    expect(fromPane.exit).toBe(fromCli.exit);
  });

  it('a corrected name re-imported teaches both faces the same entry', { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-recipe-learn-'));
    const rows = [
      HEADER,
      ['TR-9', 'Tasman Ag Supplies', '3/02/2026', 'Main Chemical Shed', 'Glyfos Premium 20L', 4, 20, 'L', 185],
    ];
    // The CLI: import (refused), fix the results file, import the results file.
    const cliSheet = join(dir, 'tasman.xlsx');
    await writeSheet(cliSheet, rows);
    const recipesDir = join(dir, 'recipes');
    const first = await cli(cliSheet, recipesDir);
    expect(first.exit).toBe(1);
    const results = join(dir, 'tasman.results.xlsx');
    await fixCell(results, 2, 'Product', 'Glyfos 540');
    const again = await cli(results, recipesDir);
    expect(again.exit).toBe(0);
    const [file] = await readdir(recipesDir).then((n) => n.filter((f) => f.endsWith('.json')));
    const learnedCli = parseRecipe(await readFile(join(recipesDir, file!), 'utf8'), file!);
    // The pane: import (refused, results written into the sheet), fix the cell, import again.
    const paneSheet = join(dir, 'pane.xlsx');
    await writeSheet(paneSheet, rows);
    const store = new PaneRecipeStore(memoryStorageAsync());
    const after = join(dir, 'pane-after.xlsx');
    expect((await pane(paneSheet, store, after)).exit).toBe(1);
    await fixCell(after, 2, 'Product', 'Glyfos 540');
    expect((await pane(after, store)).exit).toBe(0);
    const [learnedPane] = await store.load();
    const strip = (r: SupplierRecipe) => ({ ...r, products: r.products.map(({ from: _from, ...e }) => e) });
    expect(learnedCli.products).toHaveLength(1);
    expect(strip(learnedPane!)).toEqual(strip(learnedCli));
  });
});
