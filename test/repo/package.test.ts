import { spawn, execFile } from 'node:child_process';
import { copyFile, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox/index.ts';
import { listAll } from '../support/service.ts';
import { WILLOW } from '../support/catalogue.ts';

const run = promisify(execFile);
const pkg = JSON.parse(await (await import('node:fs/promises')).readFile('package.json', 'utf8')) as {
  version: string;
};

/** The environment of a child npm or shed: no npm_* variables inherited from `npm test`, no saved config. */
function cleanEnv(dir: string): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.toLowerCase().startsWith('npm_')));
  return { ...env, SHED_CONFIG: join(dir, 'config.json'), npm_config_update_notifier: 'false', NO_COLOR: '1' };
}

// Builds the package as `npm pack` does (prepack compiles dist/cli), installs it globally into an
// empty prefix (dependencies only, from the npm cache where it can) and runs what it installed.
describe('the npm package', () => {
  let dir = '';
  let shed = '';
  let files: string[] = [];
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'shed-package-'));
    const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], { env: cleanEnv(dir) });
    const packed = JSON.parse(stdout.slice(stdout.indexOf('['))) as { filename: string; files: { path: string }[] }[];
    files = packed[0]!.files.map((f) => f.path);
    const prefix = join(dir, 'prefix');
    await run(
      'npm',
      [
        'install',
        '--global',
        '--prefix',
        prefix,
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        join(dir, packed[0]!.filename),
      ],
      { env: cleanEnv(dir), maxBuffer: 16 * 1024 * 1024 },
    );
    shed = join(prefix, 'bin', 'shed');
    sandbox = await startSandbox({ port: 0, quiet: true });
  }, 180_000);
  afterAll(async () => {
    await sandbox?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('holds only what runs: the bin, the compiled CLI and the demo catalogue, no TypeScript, tests or docs', () => {
    expect(files).toContain('batch/bin/shed.js');
    expect(files).toContain('dist/cli/run.js');
    expect(files).toContain('dist/examples/demo-catalogue.json');
    expect(files.filter((f) => f.endsWith('.ts'))).toEqual([]);
    expect(files.filter((f) => /^(test|docs|bench|addin|shared|sandbox|scripts)\//.test(f))).toEqual([]);
    expect(
      files.filter((f) => f.startsWith('dist/') && !/^dist\/(cli\/([^/]+\.js|help\.txt)|examples\/)/.test(f)),
    ).toEqual([]);
  });

  it('installs without dev dependencies: no TypeScript loader beside it', async () => {
    const modules = await readdir(join(dir, 'prefix', 'lib', 'node_modules', 'shed-sheets', 'node_modules'));
    expect(modules).toContain('commander');
    expect(modules).not.toContain('tsx');
    expect(modules).not.toContain('vitest');
  });

  it('prints its version and its help', async () => {
    const version = await run(shed, ['--version'], { env: cleanEnv(dir) });
    expect(version.stdout.trim()).toBe(pkg.version);
    const help = await run(shed, ['--help'], { env: cleanEnv(dir) });
    expect(help.stdout).toMatch(/^Usage: shed \[options\] \[command\]/);
    for (const command of ['login', 'orgs', 'import', 'export', 'template', 'sync', 'undo', 'sandbox']) {
      expect(help.stdout).toContain(`  ${command}`);
    }
  });

  it('imports the example workbook into the sandbox', async () => {
    const file = join(dir, 'supplier-invoices.xlsx');
    await copyFile('examples/supplier-invoices.xlsx', file);
    const before = (await listAll(sandbox!.url, WILLOW, 'receipts')).length;
    const result = await new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
      const child = spawn(shed, ['import', 'receipts', file, '--base-url', sandbox!.url, '--org', WILLOW], {
        env: { ...cleanEnv(dir), SHED_TOKEN: 'demo-token-willow' },
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (c) => (out += c));
      child.stderr.on('data', (c) => (err += c));
      child.on('close', (code) => resolve({ code, out, err }));
    });
    expect(result.out + result.err).toContain('11 receipts created; 6 receipts refused');
    expect((await listAll(sandbox!.url, WILLOW, 'receipts')).length).toBe(before + 11);
    expect((await stat(join(dir, 'supplier-invoices.results.xlsx'))).size).toBeGreaterThan(0);
  });

  it('runs the sandbox with the demo catalogue it ships', async () => {
    const child = spawn(shed, ['sandbox', '--port', '0'], { env: cleanEnv(dir) });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (c) => {
          out += c;
          const found = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
          if (found) resolve(found[0]);
        });
        child.on('close', (code) => reject(new Error(`shed sandbox exited with ${code}: ${out}`)));
      });
      expect((await listAll(url, WILLOW, 'receipts')).length).toBeGreaterThan(0);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
