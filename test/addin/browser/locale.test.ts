/**
 * The pane's locale in headless Chromium: office.js stubbed with `Office.context.displayLanguage`
 * en-US, the pane reads ambiguous dates month first until the bookkeeper picks another locale on the
 * Connect tab (saved in the workbook). Without Chromium the tests are skipped, loudly.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemoryInit } from '../../../addin/app/memory-host.ts';
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

/** office.js's stand-in, with Office's display language set to `language`. */
const stubIn = (language: string) =>
  OFFICE_STUB.replace('context: {', `context: { displayLanguage: '${language}', contentLanguage: 'en-AU',`);

describe.skipIf(!chromiumPath)('the task pane in Office set to US English', () => {
  let browser: Browser;
  let site: Awaited<ReturnType<typeof serveStatic>>;
  let built: Awaited<ReturnType<typeof buildAddin>>;
  let page: Page;

  beforeAll(async () => {
    built = await buildAddin();
    site = await serveStatic(built.dir);
    browser = await launchChromium(chromiumPath!);
    page = await browser.newPage();
    expect(stubIn('en-US')).toContain("displayLanguage: 'en-US'");
    await page.route(OFFICE_JS_URL, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: stubIn('en-US') }),
    );
    const init: MemoryInit = { sheets: [{ name: 'Sheet1', rows: [['Date Received'], ['03/04/2026']] }] };
    await page.addInitScript((workbook) => {
      (window as unknown as { __shedMemoryInit: unknown }).__shedMemoryInit = workbook;
    }, init);
    await page.goto(`${site.url}/taskpane.html?host=memory`);
    await page.waitForSelector('body[data-ready="true"]');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await built?.remove();
  });

  it("follows Office's language: the choice names it and ambiguous dates read month first", async () => {
    expect(await page.inputValue('#pane-locale')).toBe('');
    expect(await page.textContent('#pane-locale option[value=""]')).toContain('United States');
    expect(await page.inputValue('#date-order')).toBe('MDY');
  });

  it('a locale picked on the Connect tab wins, is saved in the workbook, and turns the date order day first', async () => {
    await page.selectOption('#pane-locale', 'en-AU');
    await expect.poll(() => page.inputValue('#date-order')).toBe('DMY');
    const saved = await page.evaluate(() => window.__shedMemoryWorkbook!.getSetting('shed.locale'));
    expect(saved).toBe('en-AU');
  });
});
