/**
 * What the task pane's browser tests run on: Debian's Chromium driven by playwright-core, the add-in
 * built with Vite's JS API into a temporary folder and served over real HTTP on 127.0.0.1, office.js
 * replaced by a stub (the page runs outside Office, on the memory host: `?host=memory`).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { addinConfig } from '../../../addin/vite/addin-config.ts';
import type { MemoryInit } from '../../../addin/app/memory-host.ts';

/** The URL the page loads office.js from (taskpane.html), answered by {@link OFFICE_STUB} in tests. */
export const OFFICE_JS_URL = 'https://appsforoffice.microsoft.com/lib/1/hosted/office.js';

/**
 * A stand-in for office.js outside Office: `Office.onReady` answers at once with no host, as the
 * real office.js does in a plain browser; the memory host does not need more.
 */
export const OFFICE_STUB = `window.Office = {
  HostType: { Excel: 'Excel' },
  onReady(callback) { const info = { host: null, platform: null }; if (callback) callback(info); return Promise.resolve(info); },
  context: { requirements: { isSetSupported: () => false } },
};`;

/** The message printed when the browser tests cannot run. */
export const NO_CHROMIUM = 'Chromium not found: browser tests of the task pane skipped (apt-get install chromium)';

/** Debian's Chromium (or `CHROMIUM_PATH`), or null when neither is there. */
export function findChromium(): string | null {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    (p): p is string => Boolean(p),
  );
  return candidates.find((p) => existsSync(p)) ?? null;
}

/**
 * Launches headless Chromium in Australian English (date inputs read day first where Chromium has
 * that locale: Debian's chromium-l10n package; without it they read month first).
 */
export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    headless: true,
    args: ['--lang=en-AU'],
    env: { ...process.env, LANG: 'en_AU.UTF-8' },
  });
}

/** The add-in built into a temporary folder (deleted by `remove`). */
export async function buildAddin(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'shed-addin-'));
  await build({ configFile: false, logLevel: 'warn', ...(await addinConfig('build', { outDir: dir })) });
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.png': 'image/png',
  '.map': 'application/json',
};

/** Answers one request for a file under `dir`: 403 outside it, 404 when it cannot be read (a bad URL too). */
async function serveFile(dir: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^([/\\])+/, '');
    const file = join(dir, path);
    if (!file.startsWith(dir + sep) && file !== dir) return void res.writeHead(403).end();
    const body = await readFile(file);
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end('not found');
  }
}

/** Serves a folder over HTTP on 127.0.0.1 (port 0), as a web server would serve the built add-in. */
export async function serveStatic(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  // Every failure is answered inside (403, 404): the handler's promise never rejects.
  const server: Server = createServer((req, res) => void serveFile(dir, req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The size of the screenshots: a task pane (Excel's default is about 350 px wide), at twice the pixels. */
export const PANE = { width: 360, height: 720, deviceScaleFactor: 2 } as const;

/**
 * Opens the task pane on the memory host with `init` as its workbook, office.js stubbed, and
 * waits until it has started. Console errors and failed requests are collected in `errors`.
 */
export async function openPane(
  browser: Browser,
  siteUrl: string,
  init: MemoryInit,
): Promise<{ page: Page; errors: string[] }> {
  // An Australian bookkeeper's browser: dates in date inputs read day first.
  const context = await browser.newContext({
    viewport: { width: PANE.width, height: PANE.height },
    deviceScaleFactor: PANE.deviceScaleFactor,
    locale: 'en-AU',
    timezoneId: 'Australia/Sydney',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route(OFFICE_JS_URL, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: OFFICE_STUB }),
  );
  await page.addInitScript((workbook) => {
    (window as unknown as { __shedMemoryInit: unknown }).__shedMemoryInit = workbook;
  }, init);
  await page.goto(`${siteUrl}/taskpane.html?host=memory`);
  await page.waitForSelector('body[data-ready="true"]');
  return { page, errors };
}
