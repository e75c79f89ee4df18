// Runs `importCommand` against a sandbox the way the CLI would, keeping what it printed.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importCommand } from '../../batch/commands/import/index.ts';
import type { ImportOptions } from '../../batch/commands/import/options.ts';
import { memoryIO } from '../../batch/ui/io.ts';

export async function runImportCli(
  baseUrl: string,
  options: Omit<ImportOptions, 'io' | 'baseUrl' | 'token' | 'org'> & {
    token?: string;
    org?: string;
    env?: NodeJS.ProcessEnv;
  },
) {
  const { env, ...rest } = options;
  const io = memoryIO(env);
  const summary = await importCommand({
    baseUrl,
    token: options.token ?? 'demo-token-willow',
    org: options.org ?? 'Willow Creek Pastoral Co',
    io,
    // No profiles unless a test brings its own: the machine's saved profiles must not change a test.
    profilesDir: '/nonexistent/shed-sheets-test-profiles',
    // Tests write a CSV a moment before importing it: no settling interval unless a test asks for one
    // (the interval itself: test/batch/read/bad-files.test.ts, import-mapping-roundtrip.test.ts).
    settleMs: 0,
    // A fresh, empty recipes folder per run unless a test brings its own: what one test's run learns
    // must not change another's (a shared path would be created by the first run that learns).
    recipesDir: mkdtempSync(join(tmpdir(), 'shed-test-recipes-')),
    ...rest,
  });
  return { summary, io };
}
