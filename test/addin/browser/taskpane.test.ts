/**
 * The task pane in headless Chromium (playwright-core driving Debian's chromium) against the sandbox
 * over real HTTP, on the memory host (an in-memory workbook behind the same WorkbookPort as Excel):
 * Connect, Import of examples/supplier-invoices.xlsx (with its six refused invoices), Export,
 * Template. A screenshot of each screen goes to test/tmp/screenshots/, or to docs/ with
 * UPDATE_SCREENSHOTS=1 (`npm run addin:screenshots`). Without Chromium the tests are skipped, loudly.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridRows } from '../../../addin/app/memory-host.ts';
import type { MemoryInit } from '../../../addin/app/memory-host.ts';
import { readGrid } from '../../../batch/read/index.ts';
import { startSandbox, type RunningSandbox } from '../../../sandbox/index.ts';
import { WILLOW } from '../../support/catalogue.ts';
import { listAll } from '../../support/service.ts';
import {
  NO_CHROMIUM,
  OFFICE_JS_URL,
  OFFICE_STUB,
  PANE,
  buildAddin,
  findChromium,
  launchChromium,
  openPane,
  serveStatic,
} from './harness.ts';

const chromiumPath = findChromium();
if (!chromiumPath) console.warn(NO_CHROMIUM);

const SHOTS = process.env.UPDATE_SCREENSHOTS === '1' ? 'docs' : join('test', 'tmp', 'screenshots');

/** Cells of the memory workbook's sheet, as JSON (dates as ISO strings). */
async function sheetCells(page: Page, sheet: string): Promise<unknown[][]> {
  return page.evaluate((name) => JSON.parse(JSON.stringify(window.__shedMemoryWorkbook!.sheet(name).cells)), sheet);
}

async function shoot(page: Page, name: string): Promise<Buffer> {
  await page.evaluate(() => window.scrollTo(0, 0));
  return page.screenshot({ path: join(SHOTS, `addin-${name}.png`), fullPage: true });
}

/**
 * Connects a pane opened on a workbook that names the sandbox (and Willow Creek) in its settings,
 * then reads its sheet on the Import tab. A new browser context has no token saved yet.
 */
async function connectAndRead(pane: Page, baseUrl: string): Promise<void> {
  await pane.getByRole('tab', { name: 'Connect' }).click();
  await pane.fill('#base-url', baseUrl);
  await pane.fill('#token', 'demo-token-willow');
  await pane.click('#connect');
  await expect.poll(() => pane.textContent('#connection-badge')).toBe('Willow Creek Pastoral Co');
  await pane.getByRole('tab', { name: 'Import' }).click();
  await pane.click('#import-reread');
}

/**
 * A workbook of `count` one-line Farmco invoices `PREFIX-1`…, one a day of `month`, naming the
 * sandbox and Willow Creek in its settings.
 */
function invoiceWorkbook(name: string, prefix: string, count: number, month: number, baseUrl: string): MemoryInit {
  const rows: MemoryInit['sheets'][number]['rows'] = [
    ['Invoice No', 'Supplier', 'Date Received', 'Deliver To', 'Product', 'Qty', 'Pack Size', 'Unit', 'Price ex GST'],
  ];
  for (let i = 1; i <= count; i++)
    rows.push([
      `${prefix}-${i}`,
      'Farmco Rural Supplies',
      `${i}/${String(month).padStart(2, '0')}/2026`,
      'Main Chemical Shed',
      'Glyfos 540',
      i,
      20,
      'L',
      185,
    ]);
  return {
    name,
    sheets: [{ name: 'Invoices', rows }],
    settings: { 'shed.baseUrl': baseUrl, 'shed.organisationId': WILLOW },
  };
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe.skipIf(!chromiumPath)('the task pane in Chromium against the sandbox', () => {
  let sandbox: RunningSandbox;
  let site: Awaited<ReturnType<typeof serveStatic>>;
  let built: Awaited<ReturnType<typeof buildAddin>>;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let receiptsBefore: number;

  beforeAll(async () => {
    await mkdir(SHOTS, { recursive: true });
    [sandbox, built, browser] = await Promise.all([
      startSandbox({ port: 0, quiet: true }),
      buildAddin(),
      launchChromium(chromiumPath!),
    ]);
    site = await serveStatic(built.dir);
    const grid = await readGrid('examples/supplier-invoices.xlsx');
    const init: MemoryInit = {
      name: 'supplier-invoices.xlsx',
      active: grid.sheet,
      sheets: [{ name: grid.sheet, rows: gridRows(grid) }],
    };
    ({ page, errors } = await openPane(browser, site.url, init));
    receiptsBefore = (await listAll(sandbox.url, WILLOW, 'receipts')).length;
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.close(), sandbox?.close(), built?.remove()]);
  });

  it('Connect: checks the token, lists the organisations, keeps the token out of the workbook', async () => {
    await page.fill('#base-url', sandbox.url);
    await page.fill('#token', 'demo-token-willow');
    await page.click('#connect');
    await page.getByRole('radio', { name: 'Willow Creek Pastoral Co' }).check();
    await expect
      .poll(() => page.textContent('#connect-status'))
      .toMatch(/^Connected to Willow Creek Pastoral Co: \d+ storages, \d+ product aliases\.$/);
    expect(await page.textContent('#connection-badge')).toBe('Willow Creek Pastoral Co');
    expect(await page.inputValue('#token')).toBe('');

    const stored = await page.evaluate(() => ({ ...window.localStorage }));
    expect(Object.values(stored)).toEqual(['demo-token-willow']);
    const settings = await page.evaluate(() => Object.fromEntries(window.__shedMemoryWorkbook!.settings));
    expect(settings['shed.baseUrl']).toBe(sandbox.url);
    expect(settings['shed.organisationId']).toBe(WILLOW);
    expect(JSON.stringify(settings)).not.toContain('demo-token');

    const shot = await shoot(page, 'connect');
    expect(pngSize(shot).width).toBe(PANE.width * PANE.deviceScaleFactor);
  });

  it('Import: maps the sheet, Validate marks the refused invoices, Import creates the 11 good ones', async () => {
    await page.getByRole('tab', { name: 'Import' }).click();
    await expect.poll(() => page.textContent('#mapping-summary')).toContain('header row 4');
    await page.click('#mapping-box summary');
    expect(await page.isVisible('#map-storage')).toBe(true);
    expect(await page.inputValue('#map-storage')).toBe('3');
    expect(await page.inputValue('#map-product')).toBe('5');

    await page.click('#validate');
    await expect
      .poll(() => page.textContent('#import-status'), { timeout: 20_000 })
      .toMatch(/^Checked, nothing sent: 17 receipts: /);
    const checked = (await page.textContent('#import-status'))!;
    expect(checked).toContain('11 would create');
    expect(checked).toContain('6 refused (12 rows invalid)');
    expect((await listAll(sandbox.url, WILLOW, 'receipts')).length).toBe(receiptsBefore);
    const problems = await page.locator('#import-problems li').allTextContents();
    expect(problems).toContain(
      "Row 22, F: Product: no product or alias named 'Glyfos 450'; closest: 'Glyfos 540' (invoice INV-40412 not sent)",
    );
    const marks = await page.evaluate(() => {
      const sheet = window.__shedMemoryWorkbook!.sheet('Invoices');
      return { fills: sheet.fills, notes: Object.fromEntries(sheet.notes) };
    });
    expect(marks.fills).toEqual(expect.arrayContaining(['F21:F22', 'D24', 'G31', 'C32', 'B43']));
    expect(marks.notes.F22).toMatch(/^Shed Sheets: Product: no product or alias named 'Glyfos 450'/);

    await page.click('#import');
    await expect.poll(() => page.textContent('#import-status'), { timeout: 30_000 }).toMatch(/^17 receipts: /);
    const done = (await page.textContent('#import-status'))!;
    expect(done).toContain('11 created');
    expect(done).toContain('6 refused (12 rows invalid)');
    expect(done).toContain('Results are in columns M–R.');

    const receipts = await listAll(sandbox.url, WILLOW, 'receipts');
    expect(receipts.length).toBe(receiptsBefore + 11);
    const cells = await sheetCells(page, 'Invoices');
    expect(cells[3]!.slice(12, 17)).toEqual(['Status', 'Record ID', 'Sequence', 'Line Item ID', 'Message']);
    const row5 = cells[4]!;
    expect(row5[12]).toBe('created');
    const created = receipts.find((r) => r.id === row5[13]);
    expect(created).toMatchObject({ order_number: 'PO-1001', sequence: row5[14] });
    expect(created.line_items[0].id).toBe(row5[15]);
    expect(cells[21]![12]).toBe('invalid');
    expect(cells[21]![16]).toMatch(/Glyfos 450/);
    expect(receipts.some((r) => r.order_number === 'PO-1018')).toBe(false);

    await shoot(page, 'import');
  });

  it('Import again: nothing is sent twice (the sheet now carries the Record IDs)', async () => {
    await page.click('#import');
    await expect
      .poll(() => page.textContent('#import-status'), { timeout: 30_000 })
      .toMatch(/^17 receipts: 11 unchanged, 6 refused/);
    expect((await listAll(sandbox.url, WILLOW, 'receipts')).length).toBe(receiptsBefore + 11);
  });

  it('Reading options: the date order, the time zone, prices including GST, invoices the service holds', async () => {
    await page.click('#reading-options summary');
    expect(await page.isChecked('#prices-include-gst')).toBe(false);
    expect(await page.isChecked('#allow-duplicates')).toBe(false);
    await shoot(page, 'import-reading-options');
    await page.click('#reading-options summary');
  });

  it('Import: an edited column is saved in the workbook as a mapping; Detect again forgets it', async () => {
    await page.selectOption('#map-notes', '');
    const key = 'shed.mapping.receipts.Invoices';
    await expect
      .poll(() => page.evaluate((k) => window.__shedMemoryWorkbook!.settings.get(k) ?? '', key))
      .toContain('"notes":null');
    expect(await page.inputValue('#map-notes')).toBe('');
    await page.click('#mapping-reset');
    await expect.poll(() => page.inputValue('#map-notes')).toBe('11');
    expect(await page.evaluate((k) => window.__shedMemoryWorkbook!.settings.get(k), key)).toBe('');
  });

  it('Export: movements of a date range go into new sheets holding tables', async () => {
    await page.getByRole('tab', { name: 'Export' }).click();
    expect(await page.inputValue('#export-dataset')).toBe('movements');
    await page.fill('#export-from', '2026-01-01');
    await page.fill('#export-to', '2026-03-31');
    await page.selectOption('#export-storage', { label: 'Main Chemical Shed' });
    await page.click('#export');
    await expect
      .poll(() => page.textContent('#export-status'), { timeout: 30_000 })
      .toMatch(/^Wrote \d+ rows of movements to sheets 'Movements' and 'Summary'\.$/);
    const movements = await sheetCells(page, 'Movements');
    expect(movements[0]!.slice(0, 5)).toEqual(['Date', 'Type', 'Sequence', 'Storage', 'Product']);
    const rows = movements.slice(1);
    expect(rows.length).toBeGreaterThanOrEqual(14); // the 14 lines of the imported Main Chemical Shed invoices, at least
    expect(new Set(rows.map((r) => r[3]))).toEqual(new Set(['Main Chemical Shed']));
    for (const row of rows) expect(String(row[0]) >= '2026-01-01' && String(row[0]) <= '2026-03-31T23:59').toBe(true);
    expect(rows.some((r) => r[4] === 'Glyphosate 540 g/L' || r[5] === 'Glyfos 540')).toBe(true);
    expect(typeof rows[0]![9]).toBe('number');
    const table = await page.evaluate(() => window.__shedMemoryWorkbook!.sheet('Movements').table?.map((c) => c.type));
    expect(table?.[0]).toBe('date');
    await shoot(page, 'export');
  });

  it('Template: adds a receipts sheet with drop-down lists of unlocked storages, products and units', async () => {
    await page.getByRole('tab', { name: 'Template' }).click();
    await page.click('#template');
    await expect
      .poll(() => page.textContent('#template-status'))
      .toMatch(/^Added sheet 'Receipts' with drop-down lists: Storage \(\d+\), Product \(\d+\), Unit \(5\)\.$/);
    const template = await page.evaluate(() => {
      const sheet = window.__shedMemoryWorkbook!.sheet('Receipts');
      return { header: sheet.cells[0], lists: Object.fromEntries(sheet.lists) };
    });
    expect(template.header).toEqual([
      'Invoice No',
      'Supplier',
      'Date Received',
      'Storage',
      'PO Number',
      'Product',
      'Qty',
      'Pack Size',
      'Unit',
      'Price ex GST',
      'Notes',
    ]);
    expect(template.lists[3]).toContain('Main Chemical Shed');
    expect(template.lists[3]).not.toContain('Old Shearing Shed');
    expect(template.lists[5]).toContain('Glyfos 540');
    expect(template.lists[5]).not.toContain('Wetter');
    expect(template.lists[8]).toEqual(['l', 'ml', 'kg', 'g', 't']);
    await shoot(page, 'template');
  });

  it('tabs follow the keyboard: arrows, Home and End move the selection and show the panel', async () => {
    // The last tab (Recipes) wraps round to the first.
    await page.getByRole('tab', { name: 'Recipes' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('tab-connect');
    expect(await page.isVisible('#panel-connect')).toBe(true);
    expect(await page.isHidden('#panel-recipes')).toBe(true);
    await page.keyboard.press('End');
    expect(await page.getAttribute('#tab-recipes', 'aria-selected')).toBe('true');
    await page.keyboard.press('Home');
    expect(await page.getAttribute('#tab-connect', 'aria-selected')).toBe('true');
    expect(await page.getAttribute('#tab-import', 'tabindex')).toBe('-1');
  });

  it('the page ran without console errors', () => {
    expect(errors).toEqual([]);
  });

  it('reopened on a workbook that names the service, it reconnects with the saved token and opens Import', async () => {
    const again = await page.context().newPage();
    await again.route(OFFICE_JS_URL, (route) => route.fulfill({ contentType: 'text/javascript', body: OFFICE_STUB }));
    const init: MemoryInit = {
      sheets: [{ name: 'Sheet1', rows: [] }],
      settings: { 'shed.baseUrl': sandbox.url, 'shed.organisationId': WILLOW },
    };
    await again.addInitScript((workbook) => {
      (window as unknown as { __shedMemoryInit: unknown }).__shedMemoryInit = workbook;
    }, init);
    await again.goto(`${site.url}/taskpane.html?host=memory`);
    await again.waitForSelector('body[data-ready="true"]');
    expect(await again.textContent('#connection-badge')).toBe('Willow Creek Pastoral Co');
    expect(await again.getAttribute('#tab-import', 'aria-selected')).toBe('true');
    expect(await again.inputValue('#base-url')).toBe(sandbox.url);
    expect(await again.getAttribute('#token', 'placeholder')).toBe('Saved on this computer');
    await again.close();
  });

  it('Import: columns no header names are found by their values, and the mapping says so', async () => {
    const docket: MemoryInit = {
      name: 'dockets.xlsx',
      sheets: [
        {
          name: 'Dockets',
          rows: [
            ['Docket', 'Supplier', 'Delivered On', 'Paddock', 'Goods', 'Qty', 'Size', 'Unit', 'Price'],
            ['D-90', 'Farmco Rural Supplies', '2/03/2026', 'Main Chemical Shed', 'Glyfos 540', 2, 20, 'L', 185],
            ['D-90', 'Farmco Rural Supplies', '2/03/2026', 'Main Chemical Shed', 'Amine 625', 1, 20, 'L', 142.5],
          ],
        },
      ],
      settings: { 'shed.baseUrl': sandbox.url, 'shed.organisationId': WILLOW },
    };
    const { page: pane } = await openPane(browser, site.url, docket);
    await connectAndRead(pane, sandbox.url);
    await expect.poll(() => pane.inputValue('#map-product')).toBe('4');
    await pane.click('#mapping-box summary');
    expect(await pane.inputValue('#map-storage')).toBe('3');
    expect(await pane.locator('label[for="map-product"] .found-by').textContent()).toBe(' · by its values');
    expect(await pane.getAttribute('label[for="map-product"]', 'title')).toBe(
      'Column E · found by its values: 2 of 2 values are known products (medium)',
    );
    expect(await pane.locator('label[for="map-quantity"] .found-by').count()).toBe(0);
    await shoot(pane, 'import-by-values');
    await pane.close();
  });

  it('Cancel: the records it kept back say "not sent", and the focus stays in the pane', async () => {
    const init = invoiceWorkbook('cancel.xlsx', 'BCAN', 12, 2, sandbox.url);
    const { page: pane } = await openPane(browser, site.url, init);
    await connectAndRead(pane, sandbox.url);
    await expect.poll(() => pane.textContent('#mapping-summary')).toContain('header row 1');
    // Slow enough answers that Cancel, pressed once records are on their way, lands before the last is sent, even on a busy machine.
    sandbox.setFaults({ latencyMs: 600 });
    try {
      await pane.click('#import');
      // Once records are on their way (Cancel is there from the reading of the sheet on).
      await pane.waitForSelector('#import-progress-box:not([hidden])');
      await pane.focus('#import-cancel');
      await pane.keyboard.press('Enter');
      await expect
        .poll(() => pane.textContent('#import-status'), { timeout: 20_000 })
        .toMatch(/^Cancelled: 12 receipts: \d+ created, \d+ not sent\./);
    } finally {
      sandbox.setFaults({});
    }
    expect(await pane.evaluate(() => document.activeElement?.id)).toBe('import-status');
    const statuses = await pane.evaluate(() =>
      window
        .__shedMemoryWorkbook!.sheet('Invoices')
        .cells.slice(1)
        .map((r) => r[9]),
    );
    expect(statuses.every((s) => s === 'created' || s === 'not sent')).toBe(true);
    expect(statuses).toContain('not sent');
    await pane.close();
  });

  it('Connect to a service that is down: plain words, the request behind Details', async () => {
    const { page: pane } = await openPane(browser, site.url, { sheets: [{ name: 'Sheet1', rows: [] }] });
    await pane.fill('#base-url', 'http://127.0.0.1:9');
    await pane.fill('#token', 'demo-token-willow');
    await pane.click('#connect');
    await expect
      .poll(() => pane.locator('#connect-status').evaluate((n) => n.firstChild?.textContent ?? ''), { timeout: 20_000 })
      .toMatch(/^Cannot reach the service\./);
    expect(await pane.isVisible('#connect-status details summary')).toBe(true);
    expect(await pane.isVisible('#connect-status details p')).toBe(false);
    await pane.click('#connect-status details summary');
    expect(await pane.textContent('#connect-status details p')).toMatch(
      /^Could not reach the service.*GET .*\/api\/organisations/,
    );
    expect(await pane.textContent('#connect-status')).not.toContain('demo-token');
    await shoot(pane, 'connect-down');
    await pane.close();
  });

  it('closing the pane mid-import loses no id: reopened, the journal in IndexedDB gives each sent invoice back its id', async () => {
    const INVOICES = 30;
    const init = invoiceWorkbook('journal.xlsx', 'JRN', INVOICES, 4, sandbox.url);
    const { page: pane } = await openPane(browser, site.url, init);
    const connect = async () => {
      await connectAndRead(pane, sandbox.url);
      await expect.poll(() => pane.textContent('#mapping-summary')).toContain('header row 1');
    };
    const ours = async () =>
      (await listAll(sandbox.url, WILLOW, 'receipts')).filter((r) => /^Invoice JRN-/.test(r.notes ?? ''));
    await connect();
    // Slow answers (30 invoices, IMPORT_CONCURRENCY at a time: about 5 s), so the pane is surely closed
    // half-way, even on a busy machine and with intents journalled ahead of their turn. The sandbox's own count is watched: a list request would wait out the latency too.
    const writesBefore = sandbox.stats.writes;
    sandbox.setFaults({ latencyMs: 1_000 });
    try {
      await pane.click('#import');
      await expect
        .poll(() => sandbox.stats.writes - writesBefore, { timeout: 20_000, interval: 20 })
        .toBeGreaterThanOrEqual(2);
      // The pane is closed while the import runs: the rest of the invoices are not sent.
      await pane.reload();
      await pane.waitForSelector('body[data-ready="true"]');
    } finally {
      sandbox.setFaults({});
    }
    const sentBefore = (await ours()).length;
    expect(sentBefore).toBeLessThan(INVOICES);
    await connect();
    await pane.click('#import');
    await expect
      .poll(() => pane.textContent('#import-status'), { timeout: 30_000 })
      .toMatch(new RegExp(`^${INVOICES} receipts: `));
    expect(await pane.textContent('#import-status')).toMatch(
      new RegExp(`^${INVOICES} receipts: ${INVOICES} created\\.`),
    );
    const made = await ours();
    expect(made).toHaveLength(INVOICES);
    const cells = await pane.evaluate(() =>
      window
        .__shedMemoryWorkbook!.sheet('Invoices')
        .cells.slice(1)
        .map((r) => [r[0], r[9], r[10]]),
    );
    for (const [invoice, status, id] of cells as [string, string, string][]) {
      expect(status).toBe('created');
      expect(made.find((r) => r.id === id)?.notes).toBe(`Invoice ${invoice}`);
    }
    await pane.close();
  });

  it('a sheet whose headers it does not know: the pane asks for the header row, then each column is picked', async () => {
    const init: MemoryInit = {
      name: 'lieferung.xlsx',
      sheets: [
        {
          name: 'Lieferung',
          rows: [
            ['Rechnung', 'Lieferant', 'Datum', 'Lager', 'Artikel', 'Menge', 'Gebinde', 'Einheit', 'Preis'],
            ['DE-9', 'Farmco Rural Supplies', '11/03/2026', 'Main Chemical Shed', 'Glyfos 540', 2, 20, 'L', 185],
          ],
        },
      ],
      settings: { 'shed.baseUrl': sandbox.url, 'shed.organisationId': WILLOW },
    };
    const { page: pane } = await openPane(browser, site.url, init);
    await connectAndRead(pane, sandbox.url);
    await expect.poll(() => pane.isVisible('#header-row-box')).toBe(true);
    expect(await pane.textContent('#mapping-problem')).toMatch(
      /^No row near the top reads as column headers the add-in knows/,
    );
    await pane.fill('#header-row', '1');
    await pane.click('#header-row-use');
    await expect.poll(() => pane.textContent('#mapping-summary')).toContain('header row 1');
    expect(await pane.isVisible('#header-row-box')).toBe(false);
    // The mapping opens by itself while a required column is missing.
    expect(await pane.getAttribute('#mapping-box', 'open')).not.toBeNull();
    await pane.selectOption('#map-supplier', '1');
    await expect.poll(() => pane.inputValue('#map-supplier')).toBe('1');
    // Dates, storages and products were found by their values; the numbers are for the bookkeeper to pick.
    expect(await pane.textContent('#mapping-problem')).toMatch(
      /^No column for 'Qty', 'Pack Size', 'Price ex GST' in row 1/,
    );
    await shoot(pane, 'import-header-row');
    await pane.close();
  });

  it('Sign out: the token is gone from the add-in storage, and the first-run screen is back', async () => {
    await page.getByRole('tab', { name: 'Connect' }).click();
    expect(await page.isVisible('#welcome')).toBe(false);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect
      .poll(() => page.textContent('#connect-status'))
      .toBe('Signed out: the token is forgotten on this computer.');
    expect(await page.isVisible('#welcome')).toBe(true);
    // No token is left; the mappings kept for sheets with the same headers stay (they hold no secret).
    const kept = await page.evaluate(() => Object.keys(window.localStorage));
    expect(kept.filter((key) => key.includes('token'))).toEqual([]);
    expect(kept.every((key) => key.startsWith('shed-sheets.profile:'))).toBe(true);
    expect(await page.textContent('#connection-badge')).toBe('Not connected');
  });

  it('outside Excel and without ?host=memory it says how to run it', async () => {
    const other = await browser.newPage();
    await other.route(OFFICE_JS_URL, (route) => route.fulfill({ contentType: 'text/javascript', body: OFFICE_STUB }));
    await other.goto(`${site.url}/taskpane.html`);
    await other.waitForSelector('body[data-ready="error"]');
    expect(await other.textContent('#boot-error')).toMatch(
      /it runs inside Excel\. Sideload manifest\.xml .*\?host=memory/,
    );
    await other.close();
  });
});
