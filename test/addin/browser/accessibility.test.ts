/**
 * The task pane as the store's review checks it, in headless Chromium on the memory host against the
 * sandbox: axe-core on every screen (first run, Connect, Import after Validate, Export, Template) with
 * zero violations of any impact; the whole of it driven from the keyboard alone; Windows high-contrast
 * mode (forced colours) and a 320 px wide pane without sideways scrolling. Screenshots go to
 * test/tmp/screenshots/ (addin-a11y-*.png).
 */
import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridRows, type MemoryInit } from '../../../addin/app/memory-host.ts';
import { readGrid } from '../../../batch/read/index.ts';
import { startSandbox, type RunningSandbox } from '../../../sandbox/index.ts';
import { NO_CHROMIUM, buildAddin, findChromium, launchChromium, openPane, serveStatic } from './harness.ts';

const chromiumPath = findChromium();
if (!chromiumPath) console.warn(NO_CHROMIUM);
const SHOTS = join('test', 'tmp', 'screenshots');
const AXE = readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
const TABS = ['Connect', 'Import', 'Export', 'Template'] as const;

/** axe-core's violations on the page as it is now: rule, impact and the elements, one line each. */
async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<any> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return (result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[]).map(
      (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
  });
  return violations;
}

async function showTab(page: Page, name: (typeof TABS)[number]): Promise<void> {
  await page.getByRole('tab', { name }).click();
  await page.waitForSelector(`#panel-${name.toLowerCase()}:not([hidden])`);
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, `addin-a11y-${name}.png`), fullPage: true });
  // `npm run addin:screenshots` keeps the first-run screen in docs/, beside the other pane pictures.
  if (process.env.UPDATE_SCREENSHOTS && name === 'first-run') {
    await page.screenshot({ path: join('docs', 'addin-first-run.png'), fullPage: true });
  }
}

/** The id (or tag) of the focused element. */
const focused = (page: Page) => page.evaluate(() => document.activeElement?.id || document.activeElement?.tagName);

/** Presses Tab until the element `id` has the focus; fails after `max` presses. */
async function tabTo(page: Page, id: string, max = 30): Promise<void> {
  for (let i = 0; i < max; i++) {
    if ((await focused(page)) === id) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`#${id} never took the focus in ${max} presses of Tab (last: ${await focused(page)})`);
}

describe.skipIf(!chromiumPath)('the task pane for the store review: axe-core, keyboard, high contrast, 320 px', () => {
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
    const grid = await readGrid('examples/supplier-invoices.xlsx');
    const init: MemoryInit = {
      name: 'supplier-invoices.xlsx',
      active: grid.sheet,
      sheets: [{ name: grid.sheet, rows: gridRows(grid) }],
    };
    ({ page, errors } = await openPane(browser, site.url, init));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([site?.close(), sandbox?.close(), built?.remove()]);
  });

  it('first run: the welcome says what shed does, what it needs and how to sign in and out; axe finds nothing', async () => {
    expect(await page.isVisible('#welcome')).toBe(true);
    const welcome = (await page.textContent('#welcome')) ?? '';
    expect(welcome).toContain('imports supplier invoices');
    expect(welcome).toContain('What it needs');
    expect(welcome).toContain('Sign out forgets it');
    expect(await axeViolations(page)).toEqual([]);
    await shoot(page, 'first-run');
  });

  it('from the keyboard alone: Tab reaches the form, Enter connects, arrows move between the tabs', async () => {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await tabTo(page, 'tab-connect');
    await tabTo(page, 'base-url');
    await page.keyboard.type(sandbox.url);
    await tabTo(page, 'token');
    await page.keyboard.type('demo-token-willow');
    await page.keyboard.press('Enter');
    // The token sees two organisations: Tab into the choice; Space chooses the focused one, an arrow the next.
    await expect.poll(() => page.textContent('#connect-status')).toContain('choose one');
    const focusedName = () => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name);
    for (let i = 0; i < 10 && (await focusedName()) !== 'organisation'; i++) await page.keyboard.press('Tab');
    const focusedLabel = () => page.evaluate(() => document.activeElement?.parentElement?.textContent?.trim());
    await page.keyboard.press((await focusedLabel()) === 'Willow Creek Pastoral Co' ? 'Space' : 'ArrowDown');
    await expect.poll(() => page.textContent('#connection-badge')).toBe('Willow Creek Pastoral Co');
    // The choice is disabled while the organisation loads; the focus is given back to it after.
    await expect.poll(focusedLabel).toBe('Willow Creek Pastoral Co');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await tabTo(page, 'tab-connect');
    await page.keyboard.press('ArrowRight');
    expect(await focused(page)).toBe('tab-import');
    expect(await page.isVisible('#panel-import')).toBe(true);
    // Validate, reached with Tab and pressed with Enter, lists the refused invoices' problems.
    await tabTo(page, 'validate', 60);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#import-problems li').count(), { timeout: 20_000 }).toBeGreaterThan(0);
  });

  it('axe-core finds no violation, of any impact, on any screen', async () => {
    const found: Record<string, string[]> = {};
    for (const tab of TABS) {
      await showTab(page, tab);
      found[tab] = await axeViolations(page);
      await shoot(page, tab.toLowerCase());
    }
    expect(found).toEqual({ Connect: [], Import: [], Export: [], Template: [] });
  });

  it('in Windows high-contrast mode (forced colours) every screen still passes axe and shows the selected tab', async () => {
    await page.emulateMedia({ forcedColors: 'active' });
    try {
      for (const tab of TABS) {
        await showTab(page, tab);
        expect(await axeViolations(page), tab).toEqual([]);
        await shoot(page, `forced-colors-${tab.toLowerCase()}`);
      }
      // The selected tab's bar is drawn in the system's Highlight colour, not replaced by Canvas.
      const [marker, highlight] = await page.evaluate(() => {
        const probe = document.body.appendChild(document.createElement('span'));
        probe.style.color = 'Highlight';
        const colour = getComputedStyle(probe).color;
        probe.remove();
        const tab = document.querySelector('[role="tab"][aria-selected="true"]')!;
        return [getComputedStyle(tab, '::after').backgroundColor, colour];
      });
      expect(marker).toBe(highlight);
    } finally {
      await page.emulateMedia({ forcedColors: 'none' });
    }
  });

  it('at 320 px wide nothing needs scrolling sideways, on any screen', async () => {
    await page.setViewportSize({ width: 320, height: 720 });
    const wide: Record<string, number> = {};
    for (const tab of TABS) {
      await showTab(page, tab);
      wide[tab] = await page.evaluate(() => document.documentElement.scrollWidth);
      await shoot(page, `320-${tab.toLowerCase()}`);
    }
    expect(wide).toEqual({ Connect: 320, Import: 320, Export: 320, Template: 320 });
  });

  it('the page ran without console errors', () => {
    expect(errors).toEqual([]);
  });
});
