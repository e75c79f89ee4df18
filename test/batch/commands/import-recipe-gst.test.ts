// A supplier recipe's GST (and its lines that are not stock) is that supplier's, never another's:
// - a profile saved on a run where Riverina's recipe took GST off keeps only what the user and the
//   mapping said, so Farmco's sheet with the same headers, which uses that profile, is read ex GST
//   (before, the profile said "prices_include_gst": true and Farmco's 100 was sent as 90.91);
// - a sheet holding Riverina's invoices and Farmco's (no GST rule) is refused before anything is sent:
//   one price column cannot be read both ways (before, Riverina's rule took GST off Farmco's prices too,
//   100 sent as 90.91); --prices-include-gst says how the whole sheet reads, and it imports;
// - a price column headed ex GST says how the sheet reads whatever a recipe says (before, Riverina's
//   recipe made the import refuse it as "told prices include GST", a flag the user never passed);
// - a note typed in the Supplier column ('Note: back order to follow', no quantity) is no supplier:
//   Riverina's sheet with one imports with its recipe's GST.
// - Farmco's rows filtered out (the bookkeeper imports Riverina's invoices only) are not imported, so
//   their supplier does not count: Riverina's visible invoice imports with its recipe's GST.
// Real CSV and .xlsx (exceljs), the sandbox over HTTP, recipe and profile folders of the test's own.
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { newRecipe, recipeFileName, recipeJson } from '../../../shared/suppliers/recipe.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { MappingError } from '../../../shared/sheet/mapping-error.ts';
import { runImportCli } from '../../support/import.ts';
import { useSandboxFolder } from '../../support/sandbox-folder.ts';
import { listAll } from '../../support/service.ts';

const HEAD = 'Invoice No,Supplier,Date,Shed,Product,Qty,Size,Unit,Unit Price';
const LINE = (invoice: string, supplier: string, price: string, product = 'Glyfos 540') =>
  `${invoice},${supplier},3/2/2026,Main Chemical Shed,${product},1,20,L,${price}`;

describe("a supplier recipe's GST and lines not stock stay that supplier's", () => {
  const setUp = useSandboxFolder('recipe-gst');
  let recipesDir = '';
  let profilesDir = '';
  beforeAll(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-recipe-gst-'));
    recipesDir = join(dir, 'recipes');
    profilesDir = join(dir, 'profiles');
    await mkdir(recipesDir);
    const recipe = { ...newRecipe('Riverina Ag Chemicals')!, gst: { mode: 'inclusive' as const, rate: '0.1' } };
    recipe.nonStock = ['Levy'];
    await writeFile(join(recipesDir, recipeFileName(recipe.supplier.key)), recipeJson(recipe));
  });
  const costsOf = async (invoice: string) =>
    (await listAll(setUp.sandbox.url, WILLOW, 'receipts'))
      .filter((r: { notes: string | null }) => (r.notes ?? '').includes(invoice))
      .flatMap((r: { line_items: { pack_cost: string }[] }) => r.line_items.map((l) => l.pack_cost));

  it("a profile saved while Riverina's recipe applied does not carry its GST to Farmco's sheet", async () => {
    const riverina = await setUp.csv('riverina.csv', [HEAD, LINE('RG-1', 'Riverina Ag Chemicals', '110')]);
    const first = await runImportCli(setUp.sandbox.url, {
      kind: 'receipts',
      file: riverina,
      recipesDir,
      profilesDir,
      saveProfile: 'monthly',
    });
    expect(first.summary.records.created).toBe(1);
    expect(await costsOf('RG-1')).toEqual(['100']);
    const profile = JSON.parse(await readFile(join(profilesDir, 'monthly.json'), 'utf8'));
    expect(profile.prices_include_gst).toBeUndefined();
    expect(profile.skip_lines).toBeUndefined();

    const farmco = await setUp.csv('farmco.csv', [HEAD, LINE('FG-1', 'Farmco Rural Supplies', '100')]);
    const next = await runImportCli(setUp.sandbox.url, { kind: 'receipts', file: farmco, recipesDir, profilesDir });
    expect(next.io.stderr.join('\n')).toContain("Using profile 'monthly'");
    expect(next.summary.records.created).toBe(1);
    expect(await costsOf('FG-1')).toEqual(['100']);
  });

  it("refuses a sheet of Riverina's and Farmco's invoices when only Riverina's recipe says how its prices read", async () => {
    const file = await setUp.csv('both.csv', [
      HEAD,
      LINE('RG-2', 'Riverina Ag Chemicals', '110'),
      LINE('FG-2', 'Farmco Rural Supplies', '100'),
    ]);
    const error = await runImportCli(setUp.sandbox.url, { kind: 'receipts', file, recipesDir }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MappingError);
    expect((error as MappingError).code).toBe('gst_basis');
    expect((error as MappingError).message).toContain(
      'the recipe of Riverina Ag Chemicals says its prices include GST at 10%, but Farmco Rural Supplies (row 3) has no GST rule',
    );
    expect((error as MappingError).remedies).toEqual([{ code: 'prices_include_gst' }]);
    expect(await costsOf('FG-2')).toEqual([]);
    expect(await costsOf('RG-2')).toEqual([]);

    const told = await runImportCli(setUp.sandbox.url, { kind: 'receipts', file, recipesDir, pricesIncludeGst: true });
    expect(told.summary.records.created).toBe(2);
    expect(await costsOf('FG-2')).toEqual(['90.91']);
  });

  it("reads a column headed 'Price ex GST' as excluding GST whatever Riverina's recipe says", async () => {
    const file = await setUp.csv('ex.csv', [
      HEAD.replace('Unit Price', 'Price ex GST'),
      LINE('RG-3', 'Riverina Ag Chemicals', '110'),
      LINE('FG-3', 'Farmco Rural Supplies', '100'),
    ]);
    const run = await runImportCli(setUp.sandbox.url, { kind: 'receipts', file, recipesDir });
    expect(run.summary.records.created).toBe(2);
    expect(await costsOf('RG-3')).toEqual(['110']);
    expect(await costsOf('FG-3')).toEqual(['100']);
  });

  it("takes a note in the Supplier column for no supplier: Riverina's recipe still says how its prices read", async () => {
    const file = await setUp.csv('note.csv', [
      HEAD,
      LINE('RG-4', 'Riverina Ag Chemicals', '110'),
      ',Note: back order to follow,,,,,,,',
    ]);
    const run = await runImportCli(setUp.sandbox.url, { kind: 'receipts', file, recipesDir });
    expect(run.summary.records.created).toBe(1);
    expect(await costsOf('RG-4')).toEqual(['100']);
  });

  it("leaves Farmco's rows hidden by a filter out of the question: Riverina's invoice imports with its GST", async () => {
    const file = (await setUp.csv('filtered.csv', [''])).replace('filtered.csv', 'filtered.xlsx');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Invoices');
    const rows = [HEAD, LINE('RG-5', 'Riverina Ag Chemicals', '110'), LINE('FG-5', 'Farmco Rural Supplies', '100')];
    rows.forEach((line, r) =>
      line.split(',').forEach((cell, c) => {
        ws.getRow(r + 1).getCell(c + 1).value = /^\d+$/.test(cell) ? Number(cell) : cell;
      }),
    );
    ws.getRow(3).hidden = true;
    await wb.xlsx.writeFile(file);
    const run = await runImportCli(setUp.sandbox.url, { kind: 'receipts', file, recipesDir });
    expect(run.summary.records.created).toBe(1);
    expect(await costsOf('RG-5')).toEqual(['100']);
    expect(await costsOf('FG-5')).toEqual([]);
  });
});
