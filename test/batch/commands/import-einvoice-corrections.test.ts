// An e-invoice's results workbook is the correction route (issues 21, 22): its product names fixed and
// re-imported, it creates the receipt once (a second re-import changes nothing), the supplier's recipe
// learns the seller's item codes, and next month's e-invoice (same codes, other names) imports with no
// hand edits. The same invoice imported again (as UBL under another results name, or as a spreadsheet)
// is `unchanged`, exit 0.
import { mkdir, mkdtemp, readFile, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { einvoiceSheet } from '../../../shared/einvoice/to-grid.ts';
import { newRecipe, recipeFileName, recipeJson } from '../../../shared/suppliers/recipe.ts';
import { WILLOW, productIds } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';
import { ublDocument, type UblLine } from '../../support/ubl.ts';

const KIEWA = { name: 'Kiewa Valley Agri Pty Ltd', abn: '51824753556' };

/** A recipes folder holding Kiewa's recipe with only its default storage (an invoice names no shed). */
async function recipesIn(dir: string): Promise<string> {
  const folder = join(dir, 'recipes');
  await mkdir(folder, { recursive: true });
  const recipe = { ...newRecipe('Kiewa Agri', '51 824 753 556')!, storage: 'Main Chemical Shed' };
  await writeFile(join(folder, recipeFileName(recipe.supplier.key)), recipeJson(recipe));
  return folder;
}

/** Rewrites the Product cells of a results workbook's rows (by the row's current product text). */
async function fixProducts(path: string, fixes: Record<string, string>): Promise<void> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const sheet = book.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  const product = headers.indexOf('Product');
  sheet.eachRow((row, n) => {
    const now = String(row.getCell(product).value ?? '');
    if (n > 1 && fixes[now]) row.getCell(product).value = fixes[now];
  });
  await book.xlsx.writeFile(path);
}

/** Rows of the first sheet of a workbook as objects by header. */
async function workbookRows(path: string): Promise<Record<string, string>[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const sheet = book.worksheets[0]!;
  const headers = Array.from(sheet.getRow(1).values as unknown[], (v) => String(v ?? ''));
  const rows: Record<string, string>[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = row.values as unknown[];
    rows.push(Object.fromEntries(headers.map((h, i) => [h, String(values[i] ?? '')])));
  });
  return rows;
}

const MONTH_1: UblLine[] = [
  { unit: 'LTR', qty: '40', name: 'GLYPHO BULK 450', code: 'GLY-450', price: '6.50' },
  { unit: 'LTR', qty: '20', name: 'AMN HERB SELECTIVE', code: 'AMN-625', price: '8.00' },
];
const MONTH_2: UblLine[] = [
  { unit: 'LTR', qty: '60', name: 'Glyphosate 450 new label', code: 'GLY-450', price: '6.40' },
  { unit: 'LTR', qty: '10', name: 'Amine selective herbicide', code: 'AMN-625', price: '8.10' },
];

describe('an e-invoice corrected through its results workbook', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  beforeEach(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true, recordWrites: true });
  });
  afterEach(async () => {
    await sandbox?.close();
  });

  it('creates the receipt once, learns the item codes, and next month imports with no hand edits', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-einvoice-fix-'));
    const recipesDir = await recipesIn(dir);
    const march = join(dir, 'kv-1001.xml');
    await writeFile(march, ublDocument('KV-1001', KIEWA, MONTH_1));
    const first = await runImportCli(sandbox.url, { kind: 'receipts', file: march, recipesDir });
    expect(first.summary.exitCode).toBe(1);
    expect(first.summary.records.created).toBe(0);

    const results = join(dir, 'kv-1001.results.xlsx');
    await fixProducts(results, { 'GLYPHO BULK 450': 'Glyfos 540', 'AMN HERB SELECTIVE': 'Amine 625' });
    const fixed = await runImportCli(sandbox.url, { kind: 'receipts', file: results, recipesDir });
    expect(fixed.summary.exitCode).toBe(0);
    expect(fixed.summary.records.created).toBe(1);
    expect(fixed.summary.recipes.learned).toEqual([
      "Kiewa Agri: 'GLYPHO BULK 450' (item code GLY-450) → Glyfos 540 (row 2)",
      "Kiewa Agri: 'AMN HERB SELECTIVE' (item code AMN-625) → Amine 625 (row 3)",
    ]);
    const [json] = (await readdir(recipesDir)).filter((f) => f.endsWith('.json'));
    const saved = JSON.parse(await readFile(join(recipesDir, json!), 'utf8'));
    expect(saved.products.map((p: { code?: string }) => p.code)).toEqual(['GLY-450', 'AMN-625']);

    // Re-imported once more, the corrected workbook changes nothing: exactly once.
    const writes = sandbox.stats.writeLog.length;
    const again = await runImportCli(sandbox.url, { kind: 'receipts', file: results, recipesDir });
    expect(again.summary.exitCode).toBe(0);
    expect(again.summary.rows.unchanged).toBe(2);
    expect(sandbox.stats.writeLog.length).toBe(writes);

    // Versions checked: a receipt changed in the service since is a conflict, not overwritten.
    const created = (await listAll(sandbox.url, WILLOW, 'receipts')).find((r) =>
      String(r.notes ?? '').includes('KV-1001'),
    )!;
    const changed = await fetch(`${sandbox.url}/api/shed/organisations/${WILLOW}/receipts/${created.id}`, {
      method: 'PATCH',
      headers: { Authorization: 'Bearer demo-token-willow', 'Content-Type': 'application/json' },
      body: JSON.stringify({ notes: 'Invoice KV-1001; checked by phone' }),
    });
    expect(changed.status).toBe(200);
    await fixProducts(results, { 'Amine 625': 'Glyfos 540' });
    const late = await runImportCli(sandbox.url, { kind: 'receipts', file: results, recipesDir });
    expect([late.summary.exitCode, late.summary.records.conflict]).toEqual([1, 1]);
    expect(sandbox.stats.writeLog.length).toBe(writes + 1);

    const april = join(dir, 'kv-1002.xml');
    await writeFile(april, ublDocument('KV-1002', KIEWA, MONTH_2, { date: '2026-04-02' }));
    const next = await runImportCli(sandbox.url, { kind: 'receipts', file: april, recipesDir });
    expect(next.summary.exitCode).toBe(0);
    expect(next.summary.records.created).toBe(1);
    const receipt = (await listAll(sandbox.url, WILLOW, 'receipts')).find((r) =>
      String(r.notes ?? '').includes('KV-1002'),
    );
    expect((receipt?.line_items as { product_id: string }[]).map((l) => l.product_id)).toEqual([
      productIds('Glyfos 540').product_id,
      productIds('Amine 625').product_id,
    ]);
    const rows = await workbookRows(join(dir, 'kv-1002.results.xlsx'));
    expect(rows[0]!.Message).toContain("'Glyphosate 450 new label' (item code GLY-450) → Glyfos 540: learned");
  });

  it("a credit note's results workbook teaches the item code too: the next credit note returns by it", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-credit-fix-'));
    const recipesDir = await recipesIn(dir);
    const first = join(dir, 'kc-1.xml');
    await writeFile(first, ublDocument('KC-1', KIEWA, [MONTH_1[0]!], { credit: true }));
    const refused = await runImportCli(sandbox.url, { kind: 'returns', file: first, recipesDir });
    expect([refused.summary.kind, refused.summary.exitCode, refused.summary.records.created]).toEqual([
      'returns',
      1,
      0,
    ]);
    const results = join(dir, 'kc-1.results.xlsx');
    await fixProducts(results, { 'GLYPHO BULK 450': 'Glyfos 540' });
    const fixed = await runImportCli(sandbox.url, { kind: 'returns', file: results, recipesDir });
    expect([fixed.summary.exitCode, fixed.summary.records.created]).toEqual([0, 1]);
    expect(fixed.summary.recipes.learned).toEqual([
      "Kiewa Agri: 'GLYPHO BULK 450' (item code GLY-450) → Glyfos 540 (row 2)",
    ]);

    const next = join(dir, 'kc-2.xml');
    await writeFile(next, ublDocument('KC-2', KIEWA, [MONTH_2[0]!], { credit: true, date: '2026-04-09' }));
    const month2 = await runImportCli(sandbox.url, { kind: 'returns', file: next, recipesDir });
    expect([month2.summary.exitCode, month2.summary.records.created]).toEqual([0, 1]);
    const made = (await listAll(sandbox.url, WILLOW, 'returns')).find((r) => r.reference === 'KC-2/1');
    expect(made).toMatchObject({ product_id: productIds('Glyfos 540').product_id, amount_value: '60' });
  });

  it('the same invoice again, as UBL under another results name or as a spreadsheet, is unchanged: exit 0', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-einvoice-twice-'));
    const recipesDir = await recipesIn(dir);
    const lines: UblLine[] = [{ unit: 'LTR', qty: '40', name: 'Glyfos 540', code: 'GLY-450', price: '6.50' }];
    const file = join(dir, 'kv-2001.xml');
    await writeFile(file, ublDocument('KV-2001', KIEWA, lines));
    const first = await runImportCli(sandbox.url, { kind: 'receipts', file, recipesDir });
    expect(first.summary.records.created).toBe(1);
    const writes = sandbox.stats.writeLog.length;

    const twice = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file,
      recipesDir,
      results: join(dir, 'again.results.xlsx'),
    });
    expect([twice.summary.exitCode, twice.summary.rows.unchanged]).toEqual([0, 1]);

    const sheet = einvoiceSheet(await readFile(file), 'kv-2001.xml');
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('Invoices');
    for (const row of sheet.grid.rows)
      ws.getRow(row.rowNumber).values = row.cells.map((c) => c ?? undefined) as ExcelJS.CellValue[];
    await book.xlsx.writeFile(join(dir, 'kv-2001.xlsx'));
    const asSheet = await runImportCli(sandbox.url, { kind: 'receipts', file: join(dir, 'kv-2001.xlsx'), recipesDir });
    expect([asSheet.summary.exitCode, asSheet.summary.rows.unchanged]).toEqual([0, 1]);
    expect(sandbox.stats.writeLog.length).toBe(writes);
  });
});
