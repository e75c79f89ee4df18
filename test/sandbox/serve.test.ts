import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, parseSandboxArgs } from '../../sandbox/args.ts';
import { SandboxOptionError } from '../../sandbox/index.ts';
import { RED_GUM, WILLOW, WILLOW_TOKEN, orgPath, receiptBody, request } from './helpers.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Starts `tsx sandbox/serve.ts ARGS`; resolves with the base URL from its banner (or its exit). */
function serve(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/serve.ts', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /listening on (http:\/\/\S+)/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    void exited.then((code) => reject(new Error(`exited ${code}: ${stderr}`)));
  });
  url.catch(() => {}); // runs that are expected to exit never print a URL
  return { child, url, exited, output: () => ({ stdout, stderr }) };
}

describe('sandbox/serve.ts', () => {
  it('serves the demo seed, prints the base URL and the demo tokens, and stops on SIGINT', async () => {
    const run = serve(['--port', '0']);
    const url = await run.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const answer = await request(url, 'GET', '/api/organisations', { token: WILLOW_TOKEN });
    expect(answer.body.data.map((o: { name: string }) => o.name).sort()).toEqual([
      'Red Gum Grazing',
      'Willow Creek Pastoral Co',
    ]);
    const receipts = await request(url, 'GET', orgPath(WILLOW, 'receipts'), { token: WILLOW_TOKEN });
    expect(receipts.body.meta.total_count).toBeGreaterThan(20);
    const { stdout } = run.output();
    expect(stdout).toContain('demo-token-willow');
    expect(stdout).toContain('demo-token-banksia');
    expect(stdout).toContain('Red Gum Grazing (no shed subscription)');
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  });

  it('keeps --data across runs and takes the variant switches', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'shed-serve-'));
    try {
      const file = join(dir, 'state.json');
      const first = serve(['--port', '0', '--data', file, '--count-name', 'both', '--storage-fields', 'example']);
      const url = await first.url;
      expect(first.output().stdout).toContain(`kept in ${file}`);
      const storages = await request(url, 'GET', orgPath(WILLOW, 'storages'), { token: WILLOW_TOKEN });
      expect(Object.keys(storages.body.data[0]).sort()).toEqual(['activated_at', 'active', 'id', 'name']);
      expect(storages.body.meta.total_entries).toBe(storages.body.meta.total_count);
      const created = (
        await request(url, 'POST', orgPath(WILLOW, 'receipts'), { token: WILLOW_TOKEN, body: receiptBody() })
      ).body;
      first.child.kill('SIGINT');
      expect(await first.exited).toBe(0);
      const saved = JSON.parse(await readFile(file, 'utf8'));
      expect(saved.receipts.map((r: { id: string }) => r.id)).toContain(created.id);

      const second = serve(['--port', '0', '--data', file]);
      const again = await second.url;
      const fetched = await request(again, 'GET', `/api/shed/receipts/${created.id}`, { token: WILLOW_TOKEN });
      expect(fetched.body).toEqual(created);
      expect((await request(again, 'GET', orgPath(RED_GUM, 'storages'), { token: WILLOW_TOKEN })).status).toBe(403);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('prints the usage for --help, and exits 2 for bad options', async () => {
    const help = serve(['--help']);
    expect(await help.exited).toBe(0);
    expect(help.output().stdout).toContain('--drop-rate');
    for (const args of [['--bogus'], ['--port', 'eighty'], ['--failure-rate', '3'], ['--count-name', 'tally']]) {
      const run = serve(args);
      expect(await run.exited, args.join(' ')).toBe(2);
      expect(run.output().stderr).toContain('Usage:');
    }
  });
});

describe('parseSandboxArgs', () => {
  it('maps every option to SandboxOptions', () => {
    const options = parseSandboxArgs([
      '--port',
      '0',
      '--host',
      '0.0.0.0',
      '--data',
      'state.json',
      '--no-history',
      '--latency',
      '20',
      '--jitter',
      '5',
      '--failure-rate',
      '0.1',
      '--rate-limit',
      '50',
      '--retry-after',
      '3',
      '--drop-rate',
      '0.05',
      '--fault-seed',
      '9',
      '--storage-fields',
      'mixed',
      '--count-name',
      'none',
      '--quiet',
      '--now',
      '2026-03-01T00:00:00Z',
    ]);
    expect(options).not.toBe('help');
    if (options === 'help') return;
    expect(options).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      dataFile: 'state.json',
      seed: 'demo',
      history: false,
      quiet: true,
      faults: {
        latencyMs: 20,
        jitterMs: 5,
        failureRate: 0.1,
        dropAfterCommitRate: 0.05,
        seed: 9,
        rateLimit: { requestsPerSecond: 50, retryAfterSeconds: 3 },
      },
      variants: { storageFields: 'mixed', countName: 'none' },
    });
    expect(Math.abs(options.now!().getTime() - Date.parse('2026-03-01T00:00:00Z'))).toBeLessThan(5000);
  });

  it('defaults to port 4010, the demo seed with history, and no faults', () => {
    const options = parseSandboxArgs([]);
    expect(options).toMatchObject({ port: DEFAULT_PORT, seed: 'demo', history: true, quiet: false });
    expect(parseSandboxArgs(['--empty'])).toMatchObject({ seed: 'empty' });
    expect(parseSandboxArgs(['-h'])).toBe('help');
  });

  it('refuses unknown options, positionals and non-numbers with SandboxOptionError', () => {
    for (const args of [['--bogus'], ['extra'], ['--latency', 'slow'], ['--port', ''], ['--now', 'tomorrow']]) {
      expect(() => parseSandboxArgs(args), args.join(' ')).toThrow(SandboxOptionError);
    }
  });
});
