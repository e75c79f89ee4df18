import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { main } from '../../../batch/cli/main.ts';
import { memoryIO } from '../../../batch/ui/io.ts';

/** Every module `batch/cli/run.ts` loads before any command runs: its static imports, followed. */
async function loadedAtStart(): Promise<string[]> {
  const result = await build({
    entryPoints: ['batch/cli/run.ts'],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    splitting: true,
    outdir: 'out/start-up',
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = result.metafile.inputs;
  const seen = new Set(['batch/cli/run.ts']);
  const queue = ['batch/cli/run.ts'];
  while (queue.length) {
    for (const edge of inputs[queue.shift()!]?.imports ?? []) {
      if (edge.kind === 'import-statement' && !seen.has(edge.path)) {
        seen.add(edge.path);
        queue.push(edge.path);
      }
    }
  }
  return [...seen];
}

describe('what `shed --help` and `shed --version` load', () => {
  it('is the command tree and commander only: no schema library, workbook reader or HTTP client', async () => {
    const loaded = await loadedAtStart();
    const packages = loaded.filter((path) => !path.startsWith('.') && !path.includes('/') && !path.startsWith('node:'));
    expect(packages).toEqual(['commander']);
    expect(
      loaded.filter((path) =>
        /^(shared\/(schemas|client\/(?!concurrency)|sheet\/(?!values\/default))|batch\/(commands|read|write|mirror\/mirror-file))/.test(
          path,
        ),
      ),
    ).toEqual([]);
  });
});

describe('shed --version', () => {
  it("prints package.json's version and exits 0", async () => {
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    for (const flag of ['--version', '-V']) {
      const io = memoryIO({});
      expect(await main(['node', 'shed', flag], io)).toBe(0);
      expect(io.stdout.join('')).toBe(`${version}\n`);
    }
  });
});
