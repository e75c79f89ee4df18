/**
 * The pane's Recipes and E-invoices tabs in headless Chromium against the sandbox over real HTTP (memory
 * host): recipes imported from a `shed recipes export` file, listed with their learned entries, one
 * removed and the removal undone; two e-invoices chosen (one refused with the core's words), imported
 * into a sheet named after the invoice. Screenshots `addin-recipes.png` and `addin-einvoices.png` go to
 * test/tmp/screenshots/, or to docs/ with UPDATE_SCREENSHOTS=1 (`npm run addin:screenshots`).
 */
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../../sandbox/index.ts';
import { recipeBundleJson } from '../../../shared/suppliers/recipe-bundle.ts';
import { newRecipe, type SupplierRecipe } from '../../../shared/suppliers/recipe.ts';
import { WILLOW, productIds, storageId } from '../../support/catalogue.ts';
import { NO_CHROMIUM, buildAddin, findChromium, launchChromium, openPane, serveStatic } from './harness.ts';

const chromiumPath = findChromium();
if (!chromiumPath) console.warn(NO_CHROMIUM);
const SHOTS = process.env.UPDATE_SCREENSHOTS === '1' ? 'docs' : join('test', 'tmp', 'screenshots');
const EINVOICES = new URL('../../fixtures/einvoices/', import.meta.url).pathname;

function recipes(): SupplierRecipe[] {
  const farmco =
    newRecipe('Farmco Rural Supplies Pty Ltd', 'ABN 47 555 222 000') ?? newRecipe('Farmco Rural Supplies')!;
  const learned = (text: string, name: string, from: string, learnedAt: string) => ({
    text,
    productId: productIds(name).product_id,
    productName: name,
    learnedAt,
    from,
  });
  return [
    {
      ...farmco,
      storage: 'Main Chemical Shed',
      gst: { mode: 'exclusive', rate: '0.1' },
      nonStock: ['Freight', 'drumMUSTER levy'],
      products: [
        learned('Glyfos 450 20L', 'Glyfos 540', 'invoices-jan.results.xlsx', '2026-01-31'),
        learned('MAP GRAN 1T BULKA', 'MAP Granular', 'invoices-jan.results.xlsx', '2026-01-31'),
      ],
      storages: [
        {
          text: 'Main Shed',
          storageId: storageId('Main Chemical Shed'),
          storageName: 'Main Chemical Shed',
          learnedAt: '2026-02-03',
          from: 'invoices-feb.results.xlsx',
        },
      ],
    },
    {
      ...newRecipe('Tasman Ag Supplies')!,
      products: [learned('Glyphosate 540 (20L)', 'Glyfos 540', 'tasman-feb.results.xlsx', '2026-02-28')],
    },
  ];
}

describe.skipIf(!chromiumPath)('the Recipes and E-invoices tabs in Chromium', () => {
  let sandbox: RunningSandbox;
  let site: Awaited<ReturnType<typeof serveStatic>>;
  let built: Awaited<ReturnType<typeof buildAddin>>;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    [sandbox, built, browser] = await Promise.all([
      startSandbox({ port: 0, quiet: true }),
      buildAddin(),
      launchChromium(chromiumPath!),
    ]);
    site = await serveStatic(built.dir);
    ({ page, errors } = await openPane(browser, site.url, {
      name: 'invoices.xlsx',
      sheets: [{ name: 'Notes', rows: [['E-invoices of February']] }],
      settings: { 'shed.baseUrl': sandbox.url, 'shed.organisationId': WILLOW },
    }));
    await page.getByRole('tab', { name: 'Connect' }).click();
    await page.fill('#token', 'demo-token-willow');
    await page.click('#connect');
    await page.waitForFunction(
      () => document.querySelector('#connection-badge')?.textContent === 'Willow Creek Pastoral Co',
    );
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.close(), sandbox?.close(), built?.remove()]);
  });

  it('Recipes: imports an export file, lists the learned entries, removes one and undoes it', async () => {
    await page.getByRole('tab', { name: 'Recipes' }).click();
    await page.setInputFiles('#recipes-import', {
      name: 'shed-recipes.json',
      mimeType: 'application/json',
      buffer: Buffer.from(recipeBundleJson(recipes())),
    });
    await expect.poll(() => page.textContent('#recipes-status')).toMatch(/^Imported 2 recipes from shed-recipes.json/);
    const list = () => page.textContent('#recipes-list');
    expect(await list()).toContain('Glyfos 450 20L');
    expect(await list()).toContain('learned 2026-01-31 from invoices-jan.results.xlsx');
    await page
      .getByRole('button', { name: "Remove 'MAP GRAN 1T BULKA' from the recipe of Farmco Rural Supplies Pty Ltd" })
      .click();
    await expect.poll(list).not.toContain('MAP GRAN 1T BULKA');
    await page.click('#recipes-undo');
    await expect.poll(list).toContain('MAP GRAN 1T BULKA');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SHOTS, 'addin-recipes.png'), fullPage: true });
    expect(errors).toEqual([]);
  });

  it('E-invoices: refuses a file that does not add up, offers the embedded PDF, imports the other into a sheet named after it', async () => {
    await page.getByRole('tab', { name: 'E-invoices' }).click();
    const file = async (name: string) => ({
      name,
      mimeType: 'application/xml',
      buffer: await readFile(join(EINVOICES, name)),
    });
    await page.setInputFiles('#einvoice-files', [await file('farm-invoice.xml'), await file('unbalanced-invoice.xml')]);
    await expect.poll(() => page.textContent('#einvoice-previews')).toContain('Invoice RA-20417');
    expect(await page.textContent('#einvoice-previews')).toContain('unbalanced-invoice.xml: ');
    // The embedded PDF, offered under the name the CLI saves it as, its bytes as the invoice carries them.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Save PDF (RA-20417.pdf)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('RA-20417.pdf');
    const saved = await readFile((await download.path())!);
    expect(saved.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await page.selectOption('#einvoice-storage', 'Main Chemical Shed');
    await page.click('#einvoice-import');
    await expect
      .poll(() => page.textContent('#einvoice-status'))
      .toBe("RA-20417: 1 receipt: 1 created. Results on sheet 'RA-20417'.");
    const names = await page.evaluate(() => window.__shedMemoryWorkbook!.sheetNames());
    expect(names).toContain('RA-20417');
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SHOTS, 'addin-einvoices.png'), fullPage: true });
    expect(errors).toEqual([]);
  });
});
