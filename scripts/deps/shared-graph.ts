/**
 * The dependency graph of the source tree, read with the TypeScript parser (every `import`, `export …
 * from` and `import()` of a relative path, type-only ones included and marked). Prints the folder-level
 * graph of `shared/` (one node per top-level folder: `client`, `export`, `import`, `kinds`, …; files
 * directly in `shared/` are `.`) and every cycle: between folders of `shared/`, and between modules
 * anywhere under the given roots (runtime or type-only). `npx tsx scripts/deps/shared-graph.ts`
 * prints it; test/scripts/deps/shared-graph.test.ts asserts there is no cycle. Node only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/** The repository's root. */
const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** One import of a module by another, both as paths relative to the repository's root (`shared/a/b.ts`). */
export interface ModuleEdge {
  from: string;
  to: string;
  /** Every import from `from` to `to` is `import type` / `export type` (erased at run time). */
  typeOnly: boolean;
}

/** The `.ts` files under `dir` (relative to the repository's root), skipping `node_modules` and `.d.ts`. */
export function sourceFiles(dir: string, root = REPO_ROOT): string[] {
  const out: string[] = [];
  const walk = (abs: string): void => {
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const path = join(abs, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(path);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
        out.push(relative(root, path).split(sep).join('/'));
      }
    }
  };
  walk(join(root, dir));
  return out.sort();
}

/** The relative imports of one source text: the specifier and whether it is type-only. */
export function importsOf(fileName: string, text: string): { specifier: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const allTypes =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!named &&
            ts.isNamedImports(named) &&
            named.elements.length > 0 &&
            named.elements.every((e) => e.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: allTypes });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const allTypes =
        node.isTypeOnly ||
        (!!clause &&
          ts.isNamedExports(clause) &&
          clause.elements.length > 0 &&
          clause.elements.every((e) => e.isTypeOnly));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: allTypes });
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) found.push({ specifier: arg.text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((i) => i.specifier.startsWith('.'));
}

/** The module-level edges among the files under `dirs` (imports leaving them are kept: `to` may lie outside). */
export function moduleEdges(dirs: readonly string[], root = REPO_ROOT): ModuleEdge[] {
  const edges = new Map<string, ModuleEdge>();
  for (const dir of dirs) {
    for (const file of sourceFiles(dir, root)) {
      for (const { specifier, typeOnly } of importsOf(file, readFileSync(join(root, file), 'utf8'))) {
        const target = join(dirname(file), specifier).split(sep).join('/');
        const to = target.endsWith('.ts') ? target : target.replace(/\.js$/, '') + '.ts';
        const key = `${file}\0${to}`;
        const seen = edges.get(key);
        edges.set(key, { from: file, to, typeOnly: (seen?.typeOnly ?? true) && typeOnly });
      }
    }
  }
  return [...edges.values()];
}

/** The folder of a file of `shared/` at the graph's level: its first folder under `shared/`, or `.`. */
export function sharedFolder(file: string): string | undefined {
  const parts = file.split('/');
  if (parts[0] !== 'shared') return undefined;
  return parts.length > 2 ? parts[1]! : '.';
}

/** The folder-level graph of `shared/`: folder → folders it imports (type-only imports included), with the modules that make each arrow. */
export function sharedFolderGraph(edges: readonly ModuleEdge[]): Map<string, Map<string, ModuleEdge[]>> {
  const graph = new Map<string, Map<string, ModuleEdge[]>>();
  for (const edge of edges) {
    const from = sharedFolder(edge.from);
    const to = sharedFolder(edge.to);
    if (!from || !to) continue;
    const out = graph.get(from) ?? new Map<string, ModuleEdge[]>();
    graph.set(from, out);
    if (from !== to) out.set(to, [...(out.get(to) ?? []), edge]);
  }
  return graph;
}

/** The strongly connected components of more than one node (or a node importing itself): the cycles, each sorted. */
export function cycles(adjacency: ReadonlyMap<string, Iterable<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const strongConnect = (node: string): void => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of adjacency.get(node) ?? []) {
      if (!indices.has(next)) {
        strongConnect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, indices.get(next)!));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = [...(adjacency.get(node) ?? [])].includes(node);
      if (component.length > 1 || selfLoop) found.push(component.sort());
    }
  };
  for (const node of adjacency.keys()) if (!indices.has(node)) strongConnect(node);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The adjacency of module edges (runtime only, or with type-only imports too). */
export function moduleAdjacency(edges: readonly ModuleEdge[], withTypes: boolean): Map<string, string[]> {
  const adjacency = new Map<string, string[]>();
  for (const edge of edges) {
    if (!withTypes && edge.typeOnly) continue;
    adjacency.set(edge.from, [...(adjacency.get(edge.from) ?? []), edge.to]);
  }
  return adjacency;
}

/** The directories whose modules are checked for cycles. */
export const SOURCE_DIRS = ['shared', 'batch', 'addin', 'sandbox'] as const;

function main(): void {
  const edges = moduleEdges(SOURCE_DIRS);
  const graph = sharedFolderGraph(edges.filter((e) => e.from.startsWith('shared/')));
  console.log('shared/ folder-level dependencies (type-only imports included; * = only type imports):');
  for (const folder of [...graph.keys()].sort()) {
    const targets = [...graph.get(folder)!.entries()].sort(([a], [b]) => a.localeCompare(b));
    console.log(
      `  ${folder} → ${targets.map(([to, via]) => (via.every((e) => e.typeOnly) ? `${to}*` : to)).join(', ') || '(nothing)'}`,
    );
  }
  const folderCycles = cycles(new Map([...graph].map(([from, out]) => [from, [...out.keys()]])));
  console.log(`Folder-level cycles in shared/: ${folderCycles.length ? '' : 'none'}`);
  for (const cycle of folderCycles) {
    console.log(`  ${cycle.join(' ↔ ')}`);
    for (const from of cycle) {
      for (const [to, via] of graph.get(from)!) {
        if (cycle.includes(to))
          for (const e of via) console.log(`    ${e.from} → ${e.to}${e.typeOnly ? ' (type)' : ''}`);
      }
    }
  }
  for (const withTypes of [false, true]) {
    const found = cycles(moduleAdjacency(edges, withTypes));
    console.log(
      `Module cycles in ${SOURCE_DIRS.join(', ')} (${withTypes ? 'type imports included' : 'runtime imports'}): ${found.length ? '' : 'none'}`,
    );
    for (const cycle of found) console.log(`  ${cycle.join(', ')}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
