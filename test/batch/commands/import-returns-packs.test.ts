// Returns read packs through the pack engine as receipts do (issues 21, 22): a returns sheet's amount
// `2 x 20L`, a count of EA with the size in the product text, and a credit note's C62 line sized by its
// item name or the supplier's recipe; each conversion said in the row's Message. The sandbox over HTTP.
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { newRecipe, recipeFileName, recipeJson } from '../../../shared/suppliers/recipe.ts';
import { WILLOW, productIds } from '../../support/catalogue.ts';
import { runImportCli } from '../../support/import.ts';
import { listAll } from '../../support/service.ts';
import { ublDocument } from '../../support/ubl.ts';

const KIEWA = { name: 'Kiewa Valley Agri Pty Ltd', abn: '51824753556' };

describe('returns read packs through the pack engine', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  const returned = async (reference: string) =>
    (await listAll(sandbox.url, WILLOW, 'returns')).find((r) => r.reference === reference);

  it("a sheet's '2 x 20L' and '3' EA of 'Glyfos 540 20L' are litres, said; a weight for a volume is refused", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-return-packs-'));
    const file = join(dir, 'returns.csv');
    await writeFile(
      file,
      [
        'Date,Return To,From Shed,Product,Amount,Unit,Credit Note',
        '3/3/2026,Kiewa Agri,Main Chemical Shed,Glyfos 540,2 x 20L,,CN-P1',
        '3/3/2026,Kiewa Agri,Main Chemical Shed,Glyfos 540 20L,3,EA,CN-P2',
        '3/3/2026,Kiewa Agri,Main Chemical Shed,Glyfos 540 20L,2 x 25kg,,CN-P3',
      ].join('\r\n'),
    );
    const { summary } = await runImportCli(sandbox.url, { kind: 'returns', file });
    expect([summary.records.created, summary.rows.invalid]).toEqual([2, 1]);
    const glyfos = productIds('Glyfos 540').product_id;
    expect(await returned('CN-P1')).toMatchObject({ amount_value: '40', amount_unit: 'l', product_id: glyfos });
    expect(await returned('CN-P2')).toMatchObject({ amount_value: '60', amount_unit: 'l', product_id: glyfos });
    const rows = Papa.parse<Record<string, string>>(await readFile(join(dir, 'returns.results.csv'), 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(rows[0]!.Message).toContain('40 l = 2 × 20 l');
    expect(rows[1]!.Message).toContain("60 l = 3 × 20 l (pack size from the product text 'Glyfos 540 20L')");
    expect(rows[2]!.Status).toBe('invalid');
    expect(rows[2]!.Message).toMatch(/25 kg is a weight but this product is kept by volume/);
  });

  it("a credit note's C62 lines: sized by the item name, or by the supplier's recipe for EA", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-credit-packs-'));
    const recipesDir = join(dir, 'recipes');
    await mkdir(recipesDir);
    const recipe = {
      ...newRecipe('Kiewa Agri', '51 824 753 556')!,
      storage: 'Main Chemical Shed',
      packs: { each: '10 l' },
    };
    await writeFile(join(recipesDir, recipeFileName(recipe.supplier.key)), recipeJson(recipe));
    const file = join(dir, 'cn-77.xml');
    await writeFile(
      file,
      ublDocument(
        'CN-77',
        KIEWA,
        [
          { unit: 'C62', qty: '2', name: 'Glyfos 540 20L', price: '130.00' },
          { unit: 'EA', qty: '3', name: 'Amine 625', price: '80.00' },
        ],
        { credit: true },
      ),
    );
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, recipesDir });
    expect([summary.kind, summary.exitCode, summary.records.created]).toEqual(['returns', 0, 2]);
    // C62 and EA are units (UN/ECE Rec 20 counts): the Unit column is not doubted.
    expect(summary.warnings.filter((w) => w.includes('do not look like its header'))).toEqual([]);
    expect(await returned('CN-77/1')).toMatchObject({
      amount_value: '40',
      amount_unit: 'l',
      product_id: productIds('Glyfos 540').product_id,
    });
    expect(await returned('CN-77/2')).toMatchObject({
      amount_value: '30',
      amount_unit: 'l',
      product_id: productIds('Amine 625').product_id,
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(join(dir, 'cn-77.results.xlsx'));
    const sheet = book.worksheets[0]!;
    const message = (sheet.getRow(1).values as unknown[]).map(String).indexOf('Message');
    expect(String(sheet.getRow(2).getCell(message).value)).toContain(
      "40 l = 2 × 20 l (pack size from the product text 'Glyfos 540 20L')",
    );
    expect(String(sheet.getRow(3).getCell(message).value)).toContain(
      "30 l = 3 × 10 l (this supplier's pack convention for 'EA')",
    );

    // The same credit note again, under another results name: unchanged, exit 0, nothing sent.
    const again = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file,
      recipesDir,
      results: join(dir, 'again.results.xlsx'),
    });
    expect([again.summary.exitCode, again.summary.rows.unchanged, again.summary.records.created]).toEqual([0, 2, 0]);
  });
});
