/**
 * The Vite configuration of the Excel add-in (`npm run build`, the dev server): the task pane page
 * `addin/taskpane/taskpane.html` built into `dist/addin/taskpane.html` (and the support page, support.html), the manifest's icons copied to
 * `dist/addin/assets/`, relative asset URLs (so the build can be served under any base path, e.g.
 * https://addin.example.com/shed/), and the dev server on https://localhost:3000 (the URL
 * manifest.xml points at) with the certificates of office-addin-dev-certs.
 * Node only (the config side of Vite); vite.config.ts and the browser tests use it.
 */
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, ServerOptions, UserConfig } from 'vite';

/** The repository's root. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** The task pane's source folder: Vite's root for the add-in. */
export const TASKPANE_ROOT = join(REPO_ROOT, 'addin/taskpane');
/** The icons manifest.xml names (`assets/icon-{16,32,64,80}.png`). */
export const ASSETS_DIR = join(REPO_ROOT, 'addin/assets');
/** Where `npm run build` writes the add-in: serve this folder at the add-in's base URL. */
export const ADDIN_OUT_DIR = join(REPO_ROOT, 'dist/addin');
/** The dev server's port: manifest.xml's URLs are https://localhost:3000/ (addin/manifest/manifest-url.ts). */
export const DEV_PORT = 3000;

/** Options of {@link addinConfig}. */
export interface AddinConfigOptions {
  /** Output folder (default {@link ADDIN_OUT_DIR}; the browser tests build into a temporary one). */
  outDir?: string;
  /** `https` options for the dev server; default: the office-addin-dev-certs certificates when found. */
  https?: ServerOptions['https'] | null;
}

/**
 * The add-in's build and dev-server settings. Vite's `root` is the task pane folder, so the page is
 * `taskpane.html` at the top of the build, as the manifest expects.
 */
export async function addinConfig(command: 'build' | 'serve', options: AddinConfigOptions = {}): Promise<UserConfig> {
  const https = options.https === undefined ? (command === 'serve' ? await devCertificates() : null) : options.https;
  return {
    root: TASKPANE_ROOT,
    base: './',
    publicDir: false,
    plugins: [addinAssets()],
    build: {
      outDir: options.outDir ?? ADDIN_OUT_DIR,
      emptyOutDir: true,
      target: 'es2022',
      sourcemap: true,
      // exceljs (about 930 kB) is a chunk of its own, loaded only on the memory host to open a workbook;
      // the task pane's entry stays small (test/addin/browser/memory-workbook.test.ts checks it).
      chunkSizeWarningLimit: 1_000,
      // support.html: the manifest's SupportUrl and Get Started page (a page of text, no script).
      rolldownOptions: {
        input: { taskpane: join(TASKPANE_ROOT, 'taskpane.html'), support: join(TASKPANE_ROOT, 'support.html') },
      },
    },
    server: {
      port: DEV_PORT,
      strictPort: true,
      ...(https ? { https } : {}),
      // The shared core lives outside Vite's root.
      fs: { allow: [REPO_ROOT] },
    },
    preview: { port: DEV_PORT, strictPort: true, ...(https ? { https } : {}) },
  };
}

/**
 * Serves `addin/assets/*.png` at `/assets/` in development and writes them to `assets/` in the
 * build, where manifest.xml looks for the icons.
 */
export function addinAssets(): Plugin {
  return {
    name: 'shed-addin-assets',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const match = /^\/assets\/(icon-\d+\.png)(\?.*)?$/.exec(req.url ?? '');
        if (!match) return next();
        // A file that cannot be read is left to the next middleware (a 404): the promise never rejects.
        void readFile(join(ASSETS_DIR, match[1]!)).then(
          (bytes) => {
            res.setHeader('Content-Type', 'image/png');
            res.end(bytes);
          },
          () => next(),
        );
      });
    },
    async generateBundle() {
      for (const name of (await readdir(ASSETS_DIR)).filter((n) => n.endsWith('.png'))) {
        this.emitFile({ type: 'asset', fileName: `assets/${name}`, source: await readFile(join(ASSETS_DIR, name)) });
      }
    },
  };
}

/**
 * The dev server's https options: from office-addin-dev-certs (which makes and trusts a localhost
 * certificate on first use, asking for permission) when that package is installed, else from the
 * certificate files it leaves in ~/.office-addin-dev-certs, else none (plain http, with a warning:
 * Office will not load the add-in then; run `npx office-addin-dev-certs install`).
 */
export async function devCertificates(): Promise<ServerOptions['https'] | null> {
  try {
    const require = createRequire(import.meta.url);
    const certs = require('office-addin-dev-certs') as {
      getHttpsServerOptions(): Promise<{ ca: Buffer; key: Buffer; cert: Buffer }>;
    };
    return await certs.getHttpsServerOptions();
  } catch (error) {
    const dir = join(homedir(), '.office-addin-dev-certs');
    const files = { key: join(dir, 'localhost.key'), cert: join(dir, 'localhost.crt'), ca: join(dir, 'ca.crt') };
    if (existsSync(files.key) && existsSync(files.cert)) {
      return {
        key: await readFile(files.key),
        cert: await readFile(files.cert),
        ...(existsSync(files.ca) ? { ca: await readFile(files.ca) } : {}),
      };
    }
    const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
    console.warn(
      `No development certificate (${why}): serving over plain http. Office loads add-ins over https only: ` +
        'run `npx office-addin-dev-certs install` and start again.',
    );
    return null;
  }
}
