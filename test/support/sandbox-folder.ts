// A sandbox on a random port and a temp folder for a describe block's CSV files: started before its
// tests, closed after them.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startSandbox } from '../../sandbox/index.ts';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

/**
 * Starts a sandbox and makes a temp folder (`shed-PREFIX-…`) for the calling describe block.
 * `csv(name, lines)` writes a CSV of `lines` joined by CRLF into the folder and returns its path.
 */
export function useSandboxFolder(prefix: string): {
  readonly sandbox: Sandbox;
  csv(name: string, lines: readonly string[]): Promise<string>;
} {
  let sandbox: Sandbox | undefined;
  let dir = '';
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, quiet: true });
    dir = await mkdtemp(join(tmpdir(), `shed-${prefix}-`));
  });
  afterAll(async () => {
    await sandbox?.close();
  });
  return {
    get sandbox() {
      if (!sandbox) throw new Error('the sandbox starts in beforeAll: use it inside a test');
      return sandbox;
    },
    async csv(name, lines) {
      const file = join(dir, name);
      await writeFile(file, lines.join('\r\n'));
      return file;
    },
  };
}
