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
    await expect(loginCommand({ baseUrl: sandbox.url, io, readToken: async () => 'not-a-token' })).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(stat(config)).rejects.toThrow();
  });
});
