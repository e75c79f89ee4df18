// shed/no-import-cycle over real files on disk, linted by ESLint: a cycle through `import type` is
// reported (import-x/no-cycle lets it pass), with its route; a known cycle may be allowed, and an
// allowance that outlives its cycle is reported.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import shed, { cycleComponents } from '../../../scripts/lint/import-cycles.js';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'shed-cycles-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Writes `files` under the temporary root and lints them all with the rule; messages per file. */
async function lint(files: Record<string, string>, allow: string[] = []): Promise<Record<string, string[]>> {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { shed },
        rules: { 'shed/no-import-cycle': ['error', { root, folders: ['.'], allow }] },
      },
    ],
  });
  const results = await eslint.lintFiles(Object.keys(files));
  return Object.fromEntries(results.map((r) => [r.filePath.slice(root.length + 1), r.messages.map((m) => m.message)]));
}

describe('shed/no-import-cycle', () => {
  it('reports a cycle that runs through a type-only import, naming its route', async () => {
    const messages = await lint({
      'a.ts': "import type { B } from './b.ts';\nexport interface A { b?: B }\n",
      'b.ts': "import { c } from './c.ts';\nexport interface B { c: typeof c }\n",
      'c.ts': "import type { A } from './a.ts';\nexport const c: A | null = null;\n",
    });
    expect(messages['a.ts']).toEqual([
      'Import cycle (through a type import): a.ts → b.ts → c.ts → a.ts. Move what both sides need into a module that imports neither.',
    ]);
    expect(messages['b.ts']).toEqual([
      'Import cycle: b.ts → c.ts → a.ts → b.ts. Move what both sides need into a module that imports neither.',
    ]);
    expect(messages['c.ts']).toHaveLength(1);
  });

  it('says nothing of imports that run one way, or of a re-export chain without a way back', async () => {
    const messages = await lint({
      'a.ts': "import type { B } from './b.ts';\nexport type A = B;\n",
      'b.ts': "export type { C as B } from './c.ts';\n",
      'c.ts': 'export interface C { n: number }\n',
    });
    expect(messages).toEqual({ 'a.ts': [], 'b.ts': [], 'c.ts': [] });
  });

  it('counts re-exports and dynamic imports as edges of a cycle', async () => {
    const messages = await lint({
      'a.ts': "export * from './b.ts';\nexport const a = 1;\n",
      'b.ts': "export const b = () => import('./a.ts');\n",
    });
    expect(messages['a.ts']).toHaveLength(1);
    expect(messages['b.ts']).toHaveLength(1);
  });

  it('lets a listed file keep its known cycle, and reports a listed file whose cycle is gone', async () => {
    const cycle = {
      'a.ts': "import type { B } from './b.ts';\nexport type A = B | 1;\n",
      'b.ts': "import type { A } from './a.ts';\nexport type B = A | 2;\n",
      'c.ts': 'export const c = 3;\n',
    };
    const messages = await lint(cycle, ['a.ts', 'b.ts', 'c.ts']);
    expect(messages['a.ts']).toEqual([]);
    expect(messages['b.ts']).toEqual([]);
    expect(messages['c.ts']).toEqual([
      'c.ts is no longer in an import cycle: remove it from the `allow` list of shed/no-import-cycle.',
    ]);
  });
});

describe('cycleComponents', () => {
  it('finds every file of each cycle and leaves out files outside any', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', ['e']],
      ['e', ['d']],
      ['f', ['a']],
    ]);
    const components = cycleComponents(graph);
    expect([...components.keys()].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect([...components.get('a')!].sort()).toEqual(['a', 'b', 'c']);
    expect([...components.get('e')!].sort()).toEqual(['d', 'e']);
  });

  it('walks a chain of 20,000 modules without overflowing the stack', () => {
    const graph = new Map(Array.from({ length: 20_000 }, (_, i) => [`m${i}`, [`m${(i + 1) % 20_000}`]]));
    expect(cycleComponents(graph).get('m0')).toHaveLength(20_000);
  });
});
