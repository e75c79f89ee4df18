import { spawn } from 'node:child_process';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCommand } from '../../../batch/commands/login/index.ts';
import { orgsCommand } from '../../../batch/commands/orgs/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';
import { startSandbox } from '../../../sandbox/index.ts';

describe('shed login', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-login-'));
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('checks the token, saves it readable by the owner only, and never prints it', async () => {
    const config = join(dir, 'config.json');
    const io = memoryIO({ SHED_CONFIG: config, SHED_RETRY_DELAY_MS: '10' });
    await loginCommand({ baseUrl: sandbox.url, io, readToken: async () => 'demo-token-willow\n' });
    expect((await stat(config)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(config, 'utf8'))).toEqual({ baseUrl: sandbox.url, token: 'demo-token-willow' });
    expect([...io.stdout, ...io.stderr].join('')).not.toContain('demo-token-willow');
    expect(io.stderr.join('')).toMatch(/2 organisation\(s\): .*Willow Creek Pastoral Co/);
    // The saved config is then used: no flags, no environment.
    const orgs = await orgsCommand({ io: memoryIO({ SHED_CONFIG: config }) });
    expect(orgs.map((o) => o.name)).toContain('Willow Creek Pastoral Co');
  });

  it('saves nothing when the service refuses the token', async () => {
    const config = join(dir, 'refused.json');
    const io = memoryIO({ SHED_CONFIG: config, SHED_RETRY_DELAY_MS: '10' });
    await expect(
      loginCommand({ baseUrl: sandbox.url, io, readToken: async () => 'not-a-token' }),
    ).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(stat(config)).rejects.toThrow();
  });
});

/** Runs `shed login` as a user would, with the token typed on a pseudo-terminal or piped in. */
function runLogin(
  baseUrl: string,
  config: string,
  how: 'pipe' | 'terminal',
): Promise<{ code: number | null; output: string }> {
  const shed = `${JSON.stringify(process.execPath)} batch/bin/shed.js login --base-url ${baseUrl}`;
  // util-linux `script` gives the command a real pseudo-terminal; its own stdin feeds the keystrokes.
  const [command, args] =
    how === 'terminal'
      ? ['script', ['-qec', shed, '/dev/null']]
      : [process.execPath, ['batch/bin/shed.js', 'login', '--base-url', baseUrl]];
  const child = spawn(command as string, args as string[], {
    env: { ...process.env, SHED_CONFIG: config, SHED_TOKEN: '', SHED_BASE_URL: '' },
    stdio: 'pipe',
  });
  let output = '';
  let typed = false;
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    if (how === 'terminal' && !typed && output.includes('API token:')) {
      typed = true;
      child.stdin.write('demo-token-willow\r');
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  if (how === 'pipe') child.stdin.end('demo-token-willow\n');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    }),
  );
}

describe('shed login from the command line', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let dir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), 'shed-login-cli-'));
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it.each(['pipe', 'terminal'] as const)(
    'saves the token typed through a %s, without echoing it',
    async (how) => {
      const config = join(dir, `${how}.json`);
      const { code, output } = await runLogin(sandbox.url, config, how);
      expect(code, output).toBe(0);
      expect(JSON.parse(await readFile(config, 'utf8'))).toEqual({ baseUrl: sandbox.url, token: 'demo-token-willow' });
      expect(output).not.toContain('demo-token-willow');
      expect(output).toMatch(/Token accepted/);
    },
    40_000,
  );
});
