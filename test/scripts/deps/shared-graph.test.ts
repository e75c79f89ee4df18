// The dependency graph of the source tree (scripts/deps/shared-graph.ts): shared/ has no folder-level
// cycle (the kinds of import on the ground floor, importing nothing else of shared/), and no module
// anywhere imports itself round a cycle, type imports included.
import { describe, expect, it } from 'vitest';
import {
  SOURCE_DIRS,
  cycles,
  importsOf,
  moduleAdjacency,
  moduleEdges,
  sharedFolder,
  sharedFolderGraph,
} from '../../../scripts/deps/shared-graph.ts';

const edges = moduleEdges(SOURCE_DIRS);
const sharedGraph = sharedFolderGraph(edges.filter((e) => e.from.startsWith('shared/')));

describe('the graph reader', () => {
  it('reads runtime, type-only, re-exported and dynamic imports of relative paths', () => {
    const text = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      "import { type C, type D } from './c.ts';",
      "import { type E, f } from './e.ts';",
      "export { g } from './g.ts';",
      "export type { H } from './h.ts';",
      "import pLimit from 'p-limit';",
      "const i = await import('./i.ts');",
      "let j: import('./j.ts').J;",
    ].join('\n');
    expect(importsOf('x.ts', text)).toEqual([
      { specifier: './a.ts', typeOnly: false },
      { specifier: '../b.ts', typeOnly: true },
      { specifier: './c.ts', typeOnly: true },
      { specifier: './e.ts', typeOnly: false },
      { specifier: './g.ts', typeOnly: false },
      { specifier: './h.ts', typeOnly: true },
      { specifier: './i.ts', typeOnly: false },
      { specifier: './j.ts', typeOnly: true },
    ]);
  });

  it('finds cycles, a module importing itself among them, and none in a layered graph', () => {
    const adjacency = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
    ]);
    expect(cycles(adjacency)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(
      cycles(
        new Map([
          ['a', ['b', 'c']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('groups shared/ by its first folder; files directly in shared/ are "."', () => {
    expect(sharedFolder('shared/import/receipts/plan.ts')).toBe('import');
    expect(sharedFolder('shared/index.ts')).toBe('.');
    expect(sharedFolder('batch/cli/run.ts')).toBeUndefined();
  });

  it('sees the tree: shared/ modules import across folders (the graph is not empty)', () => {
    expect(sharedGraph.get('import')?.has('kinds')).toBe(true);
    expect(sharedGraph.get('sheet')?.has('kinds')).toBe(true);
  });
});

describe('the layers of shared/', () => {
  it('no folder of shared/ imports another that imports it back, type imports included', () => {
    const arrows = (from: string) => [...(sharedGraph.get(from)?.keys() ?? [])];
    const found = cycles(new Map([...sharedGraph.keys()].map((folder) => [folder, arrows(folder)])));
    const why = found.map((cycle) =>
      cycle.flatMap((from) =>
        (sharedGraph.get(from) ? [...sharedGraph.get(from)!].filter(([to]) => cycle.includes(to)) : []).flatMap(
          ([, via]) => via.map((e) => `${e.from} → ${e.to}`),
        ),
      ),
    );
    expect(why).toEqual([]);
  });

  it('shared/kinds/ is the ground floor: it imports nothing of shared/ outside itself', () => {
    expect([...(sharedGraph.get('kinds')?.keys() ?? [])]).toEqual([]);
  });
});

describe('modules', () => {
  it('no cycle among the modules of shared/, batch/, addin/ and sandbox/, type imports included', () => {
    expect(cycles(moduleAdjacency(edges, true))).toEqual([]);
  });
});
