import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../batch/cli/main.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { startSandbox } from '../../../sandbox/index.ts';

const TOKEN = 'demo-token-willow';

describe('the shed command line', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  const run = async (args: string[], env: Record<string, string> = {}) => {
    const io = memoryIO({ SHED_CONFIG: join(dir, 'config.json'), SHED_RETRY_DELAY_MS: '10', ...env });
    const code = await main(['node', 'shed', ...args], io);
    return { code, out: io.stdout.join(''), err: io.stderr.join('') };
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-cli-'));
    await copyFile('examples/supplier-invoices.xlsx', join(dir, 'invoices.xlsx'));
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('`shed --help` works right after npm ci, through the bin script, with no build step', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['batch/bin/shed.js', '--help']);
    for (const command of ['login', 'orgs', 'import', 'export', 'template', 'sync', 'undo', 'sandbox'])
      expect(stdout).toContain(command);
  });

  it('exit 2 for usage errors, config errors and unreadable input, before anything is sent', async () => {
    const writes = sandbox.stats.writes;
    const conn = ['--base-url', sandbox.url, '--token', TOKEN, '--org', 'Willow Creek Pastoral Co'];
    expect((await run(['import', 'receipts'])).code).toBe(2); // missing FILE
    expect((await run(['import', 'receipts', join(dir, 'invoices.xlsx'), ...conn, '--concurrency', 'lots'])).code).toBe(
      2,
    );
    expect((await run(['import', 'receipts', join(dir, 'invoices.xlsx'), ...conn, '--date-order', 'DDMM'])).code).toBe(
      2,
    );
    expect((await run(['import', 'receipts', join(dir, 'invoices.xlsx')])).err).toMatch(/No service URL/);
    await writeFile(join(dir, 'empty.csv'), '');
    await writeFile(join(dir, 'fake.xlsx'), 'this is not a workbook at all');
    const empty = await run(['import', 'receipts', join(dir, 'empty.csv'), ...conn]);
    expect(empty.code).toBe(2);
    expect(empty.err).toMatch(/empty\.csv/);
    const fake = await run(['import', 'receipts', join(dir, 'fake.xlsx'), ...conn]);
    expect(fake.code).toBe(2);
    const sheet = await run(['import', 'receipts', join(dir, 'invoices.xlsx'), ...conn, '--sheet', 'March']);
    expect(sheet.code).toBe(2);
    expect(sheet.err).toMatch(/Invoices/);
    expect((await run(['import', 'receipts', join(dir, 'missing.xlsx'), ...conn])).code).toBe(2);
    expect(sandbox.stats.writes).toBe(writes);
  });

  it('exit 3 for a refused token or an unreachable service; exit 3 for an organisation without a subscription', async () => {
    const file = join(dir, 'invoices.xlsx');
    const bad = await run(['import', 'receipts', file, '--base-url', sandbox.url, '--token', 'wrong-token-123456']);
    expect(bad.code).toBe(3);
    expect(bad.err).not.toContain('wrong-token-123456');
    const down = await run(['orgs', '--base-url', 'http://127.0.0.1:9', '--token', TOKEN]);
    expect(down.code).toBe(3);
    const redGum = await run([
      'import',
      'receipts',
      file,
      '--base-url',
      sandbox.url,
      '--token',
      TOKEN,
      '--org',
      'Red Gum Grazing',
      '--results',
      join(dir, 'rg.results.xlsx'),
    ]);
    expect(redGum.code).toBe(3);
  });

  it('a refused connection names the method and the whole URL tried, and where the base URL is set', async () => {
    const closed = await startSandbox({ port: 0, quiet: true });
    const url = closed.url;
    await closed.close();
    const down = await run(['orgs', '--token', TOKEN], { SHED_BASE_URL: url });
    expect(down.code).toBe(3);
    expect(down.err).toContain(`Could not reach the service (ECONNREFUSED): GET ${url}/api/organisations`);
    expect(down.err).toContain('Is the service running at that address?');
    expect(down.err).toContain(
      'The base URL is given by --base-url or SHED_BASE_URL, else the one saved by shed login.',
    );
    expect(down.err).not.toContain(TOKEN);
  });

  it('`shed orgs` lists the organisations the token sees; flags beat the environment', async () => {
    const { code, out } = await run(['orgs'], { SHED_BASE_URL: sandbox.url, SHED_TOKEN: TOKEN });
    expect(code).toBe(0);
    expect(out).toMatch(/Willow Creek Pastoral Co/);
    expect(out).toMatch(/Red Gum Grazing/);
    const other = await run(['orgs', '--token', 'demo-token-banksia'], {
      SHED_BASE_URL: sandbox.url,
      SHED_TOKEN: TOKEN,
    });
    expect(other.out).toMatch(/Banksia Downs Trust/);
    expect(other.out).not.toMatch(/Willow/);
  });

  it('the token never appears in any output, results file or journal, on success or failure paths', async () => {
    const outputs: string[] = [];
    const file = join(dir, 'invoices.xlsx');
    const conn = ['--base-url', sandbox.url, '--org', 'Willow Creek Pastoral Co'];
    const env = { SHED_TOKEN: TOKEN };
    for (const args of [
      ['import', 'receipts', file, ...conn, '--json'],
      ['import', 'receipts', file, ...conn, '--dry-run'],
      ['import', 'receipts', file, '--base-url', sandbox.url, '--org', 'Red Gum Grazing'],
      ['import', 'receipts', file, '--base-url', sandbox.url, '--org', 'Nowhere Station'],
      ['orgs', '--base-url', 'http://127.0.0.1:9'],
    ]) {
      const r = await run(args, env);
      outputs.push(r.out, r.err);
    }
    sandbox.setFaults({ failureRate: 1 });
    const failing = await run(
      ['import', 'receipts', file, ...conn, '--results', join(dir, 'failing.results.xlsx')],
      env,
    );
    sandbox.setFaults({});
    outputs.push(failing.out, failing.err);
    expect(failing.code).not.toBe(0);
    for (const name of await readdir(dir)) {
      if (name.endsWith('.xlsx') || name.endsWith('.jsonl'))
        outputs.push((await readFile(join(dir, name))).toString('latin1'));
    }
    for (const text of outputs) expect(text).not.toContain(TOKEN);
  }, 60_000);
});
