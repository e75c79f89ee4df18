/**
 * Builds the `shed` CLI for the npm package: `batch/cli/run.ts` bundled by esbuild into plain
 * JavaScript in `dist/cli/` (ES modules, one chunk per lazily loaded command, so `shed --help` loads
 * only the command tree), with the package's dependencies left as imports of `node_modules`. The demo
 * catalogue `shed sandbox` seeds from is copied to `dist/examples/`, where the bundled sandbox looks
 * for it (`../examples/demo-catalogue.json` beside its chunk). Run by `npm pack` (`prepack`) and
 * `npm run build:cli`; Node only.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';

/** The repository's root. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** Where the built CLI goes; batch/bin/shed.js runs `run.js` from here in an installed package. */
export const CLI_OUT_DIR = join(REPO_ROOT, 'dist/cli');

/** Where the build keeps `shed --help`'s text; batch/bin/shed.js prints it without loading the program. */
export const HELP_FILE = 'help.txt';

/**
 * Runs the built program's own `shed --help` (standard output not a terminal, so commander wraps at
 * 80 columns) and keeps what it prints in `dist/cli/help.txt`. Throws when the program fails.
 */
async function writeHelp(outdir: string): Promise<void> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'COLUMNS'));
  const { stdout } = await promisify(execFile)(process.execPath, [join(outdir, 'run.js'), '--help'], { env });
  await writeFile(join(outdir, HELP_FILE), stdout);
}

/**
 * Writes `dist/cli/run.js` and its chunks, `dist/cli/help.txt` (the top-level help), and `dist/examples/demo-catalogue.json`; the old
 * `dist/cli` is removed first. Returns the size in bytes of the files written (esbuild's metafile).
 * Throws esbuild's error when the sources do not build.
 */
export async function buildCli(root: string = REPO_ROOT): Promise<number> {
  const outdir = join(root, 'dist/cli');
  await rm(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['batch/cli/run.ts'],
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    packages: 'external',
    // Chunks beside run.js: every file of the bundle is two folders below the package's root, as
    // batch/cli/version.ts is, so its `../../package.json` still names the package's own.
    chunkNames: '[name]-[hash]',
    metafile: true,
    logLevel: 'warning',
    legalComments: 'none',
  });
  await writeHelp(outdir);
  const examples = join(root, 'dist/examples');
  await mkdir(examples, { recursive: true });
  await copyFile(join(root, 'examples/demo-catalogue.json'), join(examples, 'demo-catalogue.json'));
  return Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const bytes = await buildCli();
  process.stdout.write(`Built the shed CLI into dist/cli (${Math.round(bytes / 1024)} kB)\n`);
}
