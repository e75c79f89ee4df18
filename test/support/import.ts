// Runs `importCommand` against a sandbox the way the CLI would, keeping what it printed.
import { importCommand } from '../../batch/commands/import/index.ts';
import type { ImportOptions } from '../../batch/commands/import/options.ts';
import { memoryIO } from '../../batch/ui/io.ts';

export async function runImportCli(
  baseUrl: string,
  options: Omit<ImportOptions, 'io' | 'baseUrl' | 'token' | 'org'> & { token?: string },
) {
  const io = memoryIO();
  const summary = await importCommand({
    baseUrl,
    token: options.token ?? 'demo-token-willow',
    org: 'Willow Creek Pastoral Co',
    io,
    // No profiles unless a test brings its own: the machine's saved profiles must not change a test.
    profilesDir: '/nonexistent/shed-sheets-test-profiles',
    // Tests write a CSV a moment before importing it: no settling interval unless a test asks for one
    // (the interval itself: test/batch/read/bad-files.test.ts, import-mapping-roundtrip.test.ts).
    settleMs: 0,
    recipesDir: '/nonexistent/shed-sheets-test-recipes',
    ...options,
  });
  return { summary, io };
}
