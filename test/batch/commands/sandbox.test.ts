import { describe, expect, it } from 'vitest';
import { sandboxCommand } from '../../../batch/commands/sandbox/index.ts';
import { memoryIO } from '../../../batch/ui/io.ts';

describe('shed sandbox', () => {
  it('takes the switches of npm run sandbox and serves until told to stop', async () => {
    let stop!: () => void;
    const until = new Promise<void>((resolve) => (stop = resolve));
    const logs: string[] = [];
    const original = { log: console.log, error: console.error };
    console.log = (...args: unknown[]) => void logs.push(args.join(' '));
    // The seed's warnings (the demo catalogue's repeated alias ids) are the sandbox's to print, not the test output's.
    console.error = (...args: unknown[]) => void logs.push(args.join(' '));
    const running = sandboxCommand({
      args: ['--port', '0', '--count-name', 'both', '--no-history'],
      io: memoryIO(),
      until,
    });
    try {
      let url: string | undefined;
      for (let i = 0; i < 100 && !url; i++) {
        await new Promise((r) => setTimeout(r, 20));
        url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(logs.join('\n'))?.[1];
      }
      expect(url).toBeDefined();
      const body = await (
        await fetch(`${url}/api/shed/organisations/ede38da7-48e1-5f55-9b3c-e4a7e07af966/storages`, {
          headers: { Authorization: 'Bearer demo-token-willow' },
        })
      ).json();
      expect(body.meta).toMatchObject({ total_entries: 5, total_count: 5 });
    } finally {
      console.log = original.log;
      console.error = original.error;
      stop();
      await running;
    }
  });

  it('refuses a bad switch with the usage (exit 2)', async () => {
    await expect(sandboxCommand({ args: ['--port', 'x'], io: memoryIO() })).rejects.toMatchObject({
      category: 'usage',
    });
  });
});
