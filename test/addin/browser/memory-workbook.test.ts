/**
 * The memory host on a real workbook, in headless Chromium: `taskpane.html?host=memory&workbook=URL`
 * and the page's file picker open an .xlsx into the in-memory workbook (read in the browser by
 * exceljs's browser build, loaded by dynamic import), which reads to the same grid as the CLI; the
 * add-in's own entry script does not carry exceljs. Without Chromium the tests are skipped, loudly.
 */
import { copyFile, mkdir, readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readGrid } from '../../../batch/read/index.ts';
import {
  NO_CHROMIUM,
  OFFICE_JS_URL,
  OFFICE_STUB,
  buildAddin,
  findChromium,
  launchChromium,
  serveStatic,
} from './harness.ts';

const chromiumPath = findChromium();
if (!chromiumPath) console.warn(NO_CHROMIUM);

const EXAMPLE = 'examples/supplier-invoices.xlsx';
const FILTERED = 'test/fixtures/workbooks/table-filtered.xlsx';
/** A string of exceljs's own code (the part it writes into every workbook), in no module of the pane. */
const EXCELJS_MARKER = 'xl/sharedStrings.xml';

/** The CLI's grid of a file, as JSON carries it (dates as ISO text), for comparing with the page's. */
async function cliGrid(file: string): Promise<unknown> {
  const {
    format: _format,
    warnings: _warnings,
    sheetNames: _names,
    csv: _csv,
    snapshot: _snapshot,
    ...grid
  } = await readGrid(file);
  return JSON.parse(JSON.stringify(grid));
}

/** The memory workbook's grid of its active sheet, as JSON. */
function pageGrid(page: Page): Promise<unknown> {
  return page.evaluate(async () => JSON.parse(JSON.stringify(await window.__shedMemoryWorkbook!.readSheet())));
}

describe.skipIf(!chromiumPath)('the memory host opens a real workbook', () => {
  let built: Awaited<ReturnType<typeof buildAddin>>;
  let site: Awaited<ReturnType<typeof serveStatic>>;
  let browser: Browser;

  beforeAll(async () => {
    [built, browser] = await Promise.all([buildAddin(), launchChromium(chromiumPath!)]);
    await mkdir(join(built.dir, 'books'));
    await copyFile(EXAMPLE, join(built.dir, 'books', 'supplier-invoices.xlsx'));
    site = await serveStatic(built.dir);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.close(), built?.remove()]);
  });

  /** Opens the page at `query` on the memory host (office.js stubbed); requests and errors collected. */
  async function open(query: string): Promise<{ page: Page; requests: string[]; errors: string[] }> {
    const page = await browser.newPage();
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.route(OFFICE_JS_URL, (route) =>
      route.fulfill({ status: 200, contentType: 'text/javascript', body: OFFICE_STUB }),
    );
    await page.goto(`${site.url}/taskpane.html?host=memory${query}`);
    await page.waitForSelector('body[data-ready]');
    return { page, requests, errors };
  }

  it('keeps exceljs out of the add-in’s entry script: it is a chunk of its own, loaded only by the memory host', async () => {
    const html = await readFile(join(built.dir, 'taskpane.html'), 'utf8');
    const entries = [...html.matchAll(/<script type="module"[^>]*src="\.\/([^"]+)"/g)].map((m) => m[1]!);
    expect(entries).toHaveLength(1);
    expect(await readFile(join(built.dir, entries[0]!), 'utf8')).not.toContain(EXCELJS_MARKER);
    expect(html).not.toMatch(/exceljs/i);
    const chunks = await readdir(join(built.dir, 'assets'));
    const withExcelJs: string[] = [];
    for (const chunk of chunks.filter((c) => c.endsWith('.js')))
      if ((await readFile(join(built.dir, 'assets', chunk), 'utf8')).includes(EXCELJS_MARKER)) withExcelJs.push(chunk);
    expect(withExcelJs).toHaveLength(1);

    const { page, requests } = await open('');
    expect(requests.some((url) => url.endsWith(withExcelJs[0]!))).toBe(false); // the sample workbook needs no exceljs
    await page.close();
  });

  it('?workbook=URL opens examples/supplier-invoices.xlsx: the same grid as the CLI reads', async () => {
    const { page, errors } = await open('&workbook=books/supplier-invoices.xlsx');
    expect(await page.evaluate(() => document.body.dataset.ready)).toBe('true');
    expect(await page.evaluate(() => window.__shedMemoryWorkbook!.name)).toBe('supplier-invoices.xlsx');
    expect(await pageGrid(page)).toEqual(await cliGrid(EXAMPLE));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the file picker opens a workbook of the user’s own, hidden and filtered rows as the CLI reads them', async () => {
    const { page, errors } = await open('');
    expect(await page.isVisible('#memory-open')).toBe(true);
    await page.setInputFiles('#memory-open', FILTERED);
    await expect.poll(() => page.textContent('#memory-status')).toMatch(/Opened table-filtered\.xlsx/);
    const grid = (await pageGrid(page)) as { rows: { rowNumber: number; hidden?: boolean; filtered?: boolean }[] };
    expect(grid).toEqual(await cliGrid(FILTERED));
    expect(grid.rows.filter((r) => r.hidden).map((r) => [r.rowNumber, r.filtered === true])).toEqual([
      [2, false],
      [8, true],
      [9, true],
    ]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a workbook URL that is not there stops the page with the reason', async () => {
    const { page } = await open('&workbook=books/missing.xlsx');
    expect(await page.evaluate(() => document.body.dataset.ready)).toBe('error');
    expect(await page.textContent('#boot-error')).toMatch(
      /books\/missing\.xlsx could not be fetched: the server answered 404/,
    );
    await page.close();
  });
});
