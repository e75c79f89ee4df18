// Supplier recipes (issue 21) over the sandbox: a corrected results file teaches the supplier's recipe,
// next month's file imports with no hand edits and each learned row says so; a learned entry never
// overrides an exact name or alias; another supplier's recipe does not apply; forget, undo, export, import.
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox/index.ts';
import { recipesExportCommand } from '../../../batch/commands/recipes/export/index.ts';
import { recipesForgetCommand } from '../../../batch/commands/recipes/forget/index.ts';
import { recipesImportCommand } from '../../../batch/commands/recipes/import/index.ts';
import { recipesShowCommand } from '../../../batch/commands/recipes/show/index.ts';
import { recipesUndoCommand } from '../../../batch/commands/recipes/undo/index.ts';
import { loadRecipes } from '../../../batch/config/recipes.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { learnedDate } from '../../../shared/suppliers/recipe-apply.ts';
import { farmToday } from '../../../shared/import/recipe-step.ts';
import { runImportCli } from '../../support/import.ts';

const HEADER = 'Supplier,Invoice,Date Received,Deliver To,Product,Qty,Pack Size,Unit Price';
const csv = (...lines: string[]) => [HEADER, ...lines].join('\r\n');

/** The rows of a results CSV as objects (no quoted commas in these files but the Message's). */
async function resultRows(path: string): Promise<Record<string, string>[]> {
  const { default: Papa } = await import('papaparse');
  const parsed = Papa.parse<Record<string, string>>(await readFile(path, 'utf8'), {
    header: true,
    skipEmptyLines: true,
  });
  return parsed.data;
}

describe('supplier recipes', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  let recipesDir: string;
  const today = learnedDate(farmToday('Australia/Sydney'));
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-recipes-'));
    recipesDir = join(dir, 'recipes');
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('learns from a corrected results file; the next month imports with no hand edits, each learned row saying so', async () => {
    const oct = join(dir, 'invoices-oct.csv');
    await writeFile(
      oct,
      csv(
        'Farmco Rural Supplies,R-OCT-1,3/10/2026,Main Chemical Shed,Glyfos 450 20L,2,20 L,185.00',
        'Farmco Rural Supplies,R-OCT-1,,,Amine 625,1,20 L,142.50',
      ),
    );
    const first = await runImportCli(sandbox.url, { kind: 'receipts', file: oct, recipesDir });
    expect(first.summary.rows.invalid).toBe(2);
    const refused = join(dir, 'invoices-oct.results.csv');
    // The bookkeeper fixes the product cell only; the Message still says what was refused.
    const text = await readFile(refused, 'utf8');
    expect(text).toContain("no product or alias named 'Glyfos 450 20L'");
    await writeFile(refused, text.replace(',Glyfos 450 20L,', ',Glyfos 540,'));
    const fixed = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file: refused,
      results: join(dir, 'oct-fixed.results.csv'),
      recipesDir,
    });
    expect(fixed.summary.rows.created).toBe(2);
    expect(fixed.summary.recipes.learned).toEqual(["Farmco Rural Supplies: 'Glyfos 450 20L' → Glyfos 540 (row 2)"]);
    expect(fixed.io.stderr.join('\n')).toContain('1 correction learned, saved in');
    const { recipes } = await loadRecipes(recipesDir);
    expect(recipes).toHaveLength(1);
    expect(recipes[0]!.products[0]).toMatchObject({
      text: 'Glyfos 450 20L',
      productName: 'Glyfos 540',
      from: 'invoices-oct.results.csv',
    });

    const nov = join(dir, 'invoices-nov.csv');
    await writeFile(
      nov,
      csv(
        'FARMCO Rural Supplies Pty Ltd,R-NOV-1,3/11/2026,Main Chemical Shed,Glyfos 450 20L,3,20 L,185.00',
        'FARMCO Rural Supplies Pty Ltd,R-NOV-1,,,Amine 625,1,20 L,142.50',
      ),
    );
    const next = await runImportCli(sandbox.url, { kind: 'receipts', file: nov, recipesDir });
    expect(next.summary.exitCode).toBe(0);
    expect(next.summary.rows.created).toBe(2);
    expect(next.summary.recipes.rowsResolved).toBe(1);
    const rows = await resultRows(join(dir, 'invoices-nov.results.csv'));
    expect(rows[0]!.Message).toBe(`'Glyfos 450 20L' → Glyfos 540: learned ${today} from invoices-oct.results.csv`);
    expect(rows[1]!.Message ?? '').toBe('');
  });

  it("a product learned in one organisation does not apply in another: its ids are the first's", async () => {
    const file = join(dir, 'banksia.csv');
    await writeFile(file, csv('Farmco Rural Supplies,R-BNK-1,4/11/2026,Chem Store,Glyfos 450 20L,1,20 L,185.00'));
    const { summary } = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file,
      dryRun: true,
      recipesDir,
      token: 'demo-token-banksia',
      org: 'Banksia Downs Trust',
    });
    expect(summary.rows.invalid).toBe(1);
    expect(summary.problems[0]).toContain("no product or alias named 'Glyfos 450 20L'");
    expect(summary.recipes.rowsResolved).toBe(0);
  });

  it("another supplier's recipe does not apply: its rows are refused as before", async () => {
    const file = join(dir, 'riverina.csv');
    await writeFile(
      file,
      csv('Riverina Ag Chemicals,R-RIV-1,4/11/2026,Main Chemical Shed,Glyfos 450 20L,1,20 L,185.00'),
    );
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, dryRun: true, recipesDir });
    expect(summary.rows.invalid).toBe(1);
    expect(summary.problems[0]).toContain("no product or alias named 'Glyfos 450 20L'");
    expect(summary.recipes.rowsResolved).toBe(0);
  });

  it('a learned entry never overrides an exact product name or alias, nor an ambiguous alias', async () => {
    const own = join(dir, 'own.json');
    const entry = {
      productId: '00000000-0000-4000-8000-000000000000',
      productName: 'Amine 625',
      learnedAt: '2026-10-01',
      from: 'x.xlsx',
    };
    await writeFile(
      own,
      JSON.stringify({
        version: 1,
        supplier: { key: 'name:farmco rural supplies', displayName: 'Farmco Rural Supplies', names: [] },
        products: [
          { ...entry, text: 'Glyfos 540' },
          { ...entry, text: 'Wetter' },
        ],
      }),
    );
    const other = join(dir, 'override-recipes');
    await recipesImportCommand({ file: own, dir: other, io: memoryIO() });
    const file = join(dir, 'exact.csv');
    await writeFile(
      file,
      csv(
        'Farmco Rural Supplies,R-EX-1,5/11/2026,Main Chemical Shed,Glyfos 540,1,20 L,185.00',
        'Farmco Rural Supplies,R-EX-2,5/11/2026,Main Chemical Shed,Wetter,1,20 L,10.00',
      ),
    );
    const { summary } = await runImportCli(sandbox.url, { kind: 'receipts', file, dryRun: true, recipesDir: other });
    expect(summary.recipes.rowsResolved).toBe(0);
    expect(summary.records['would create']).toBe(1);
    expect(summary.problems.join('\n')).toContain("'Wetter' is ambiguous");
  });

  it('forget, undo (and undo again), export and import round trip', async () => {
    const io = memoryIO();
    const before = (await loadRecipes(recipesDir)).recipes;
    await recipesForgetCommand({ supplier: 'Farmco Rural Supplies', text: 'glyfos 450 20l', dir: recipesDir, io });
    expect((await loadRecipes(recipesDir)).recipes[0]!.products).toEqual([]);
    await recipesUndoCommand({ supplier: 'Farmco Rural Supplies', dir: recipesDir, io });
    expect((await loadRecipes(recipesDir)).recipes).toEqual(before);
    await recipesUndoCommand({ supplier: 'Farmco Rural Supplies', dir: recipesDir, io });
    expect((await loadRecipes(recipesDir)).recipes[0]!.products).toEqual([]);
    await recipesUndoCommand({ supplier: 'Farmco Rural Supplies', dir: recipesDir, io });

    await recipesForgetCommand({ supplier: 'Farmco Rural Supplies', dir: recipesDir, io });
    expect((await loadRecipes(recipesDir)).recipes).toEqual([]);
    await recipesUndoCommand({ supplier: 'Farmco Rural Supplies', dir: recipesDir, io });
    expect((await loadRecipes(recipesDir)).recipes).toEqual(before);

    const out = join(dir, 'shared.json');
    await recipesExportCommand({ out, dir: recipesDir, io });
    const elsewhere = join(dir, 'elsewhere');
    await recipesImportCommand({ file: out, dir: elsewhere, io });
    expect((await loadRecipes(elsewhere)).recipes).toEqual(before);
    expect((await readdir(elsewhere)).filter((n) => n.endsWith('.json'))).toEqual(['name-farmco-rural-supplies.json']);
    await writeFile(out, JSON.stringify({ version: 1, recipes: [{ version: 2 }] }));
    await expect(recipesImportCommand({ file: out, dir: elsewhere, io })).rejects.toMatchObject({
      code: 'invalid_recipe',
    });
  });
  it('a recipes folder that cannot be written: the run stands, the corrections are said learned but not saved', async () => {
    const blocked = join(dir, 'blocked-recipes');
    await mkdir(blocked);
    // A file where the folder of previous versions must go: every save fails (as root, chmod would not).
    await writeFile(join(blocked, '.previous'), 'not a folder');
    const file = join(dir, 'blocked.csv');
    await writeFile(
      file,
      csv('Farmco Rural Supplies,R-BLK-1,3/10/2026,Main Chemical Shed,Glyfos 450 20L,2,20 L,185.00'),
    );
    await runImportCli(sandbox.url, { kind: 'receipts', file, recipesDir: blocked });
    const refused = join(dir, 'blocked.results.csv');
    await writeFile(refused, (await readFile(refused, 'utf8')).replace(',Glyfos 450 20L,', ',Glyfos 540,'));
    const fixed = await runImportCli(sandbox.url, {
      kind: 'receipts',
      file: refused,
      results: join(dir, 'blocked-fixed.results.csv'),
      recipesDir: blocked,
    });
    expect(fixed.summary.rows.created).toBe(1);
    expect(fixed.summary.recipes.saved).toBeNull();
    expect(fixed.summary.recipes.notSaved).toMatch(/Cannot write the supplier recipe .*blocked-recipes.*\.previous/);
    expect(fixed.io.stderr.join('\n')).toContain('1 correction learned but NOT saved');
    expect((await loadRecipes(blocked)).recipes).toEqual([]);
    // Nothing learned is lost: the recipes are kept beside the results, as an export `recipes import` reads.
    const kept = join(dir, 'blocked.results.csv.recipes-not-saved.json');
    expect(fixed.summary.recipes.notSaved).toContain(
      `kept in ${kept}: once the folder can be written, run 'shed recipes import ${kept}'`,
    );
    await rm(join(blocked, '.previous'));
    await recipesImportCommand({ file: kept, dir: blocked, io: memoryIO() });
    const [restored] = (await loadRecipes(blocked)).recipes;
    expect(restored!.products.map((p) => [p.text, p.productName])).toEqual([['Glyfos 450 20L', 'Glyfos 540']]);
  });

  it('recipes commands refuse a folder that cannot be written with a typed error', async () => {
    const blocked = join(dir, 'blocked-import');
    await mkdir(blocked);
    await writeFile(join(blocked, '.previous'), 'not a folder');
    const file = join(dir, 'one-recipe.json');
    await writeFile(file, JSON.stringify({ version: 1, supplier: { key: 'name:farmco', displayName: 'Farmco' } }));
    await expect(recipesImportCommand({ file, dir: blocked, io: memoryIO() })).rejects.toMatchObject({
      code: 'recipes_unwritable',
    });
  });
  it('show names the organisation of each learned entry; forget of a text learned in two says it forgot both', async () => {
    const two = join(dir, 'two-orgs');
    const entry = { text: 'Glyfos Xtra', productName: 'Glyfos 540', learnedAt: '2026-11-03', from: 'a.csv' };
    const file = join(dir, 'two-orgs.json');
    await writeFile(
      file,
      JSON.stringify({
        version: 1,
        supplier: { key: 'name:farmco rural supplies', displayName: 'Farmco Rural Supplies' },
        products: [
          { ...entry, productId: 'p-willow', organisationId: 'org-willow' },
          { ...entry, productId: 'p-banksia', organisationId: 'org-banksia' },
        ],
      }),
    );
    await recipesImportCommand({ file, dir: two, io: memoryIO() });
    const shown = memoryIO();
    await recipesShowCommand({ supplier: 'Farmco Rural Supplies', dir: two, io: shown });
    expect(shown.stdout.filter((line) => line.includes("product 'Glyfos Xtra'"))).toEqual([
      "  product 'Glyfos Xtra' → Glyfos 540 (learned 3/11/2026 from a.csv, in organisation org-willow)",
      "  product 'Glyfos Xtra' → Glyfos 540 (learned 3/11/2026 from a.csv, in organisation org-banksia)",
    ]);
    const forgot = memoryIO();
    await recipesForgetCommand({ supplier: 'Farmco Rural Supplies', text: 'glyfos xtra', dir: two, io: forgot });
    expect(forgot.stderr.join('\n')).toContain(
      "Forgot 'glyfos xtra' (2 entries, learned in 2 organisations) of Farmco",
    );
  });
});
