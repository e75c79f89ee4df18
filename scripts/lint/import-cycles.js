// @ts-check
/**
 * The lint rule `shed/no-import-cycle`: no module may reach itself through imports, type-only imports,
 * re-exports and dynamic `import()` included. `import-x/no-cycle` (4.18) always skips `import type`,
 * and a type-only cycle still ties two folders together (issue 24: four such groups were missed).
 *
 * How: the project's import graph is read once per lint run with TypeScript's own import scanner
 * (`ts.preProcessFile`, no type check) over every `.ts` file under `folders`; its strongly connected
 * components are the cycles. Each import of a linted file that stays inside its component is reported
 * with one path of the cycle. Only relative imports are followed (a package cannot import us back).
 *
 * Options: `{ root, folders, allow }`: `root` the repository's root (absolute), `folders` the folders
 * under it to read, `allow` paths relative to `root` of files whose cycles are known and being removed
 * (a file listed that is no longer in a cycle is reported, so the allowance cannot outlive the cycle).
 * The graph is cached per `root` for the process: a long-running editor server sees other files' imports
 * as they were when it started, the linted file's own as they are now.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Folder names never read (dependencies, build output, scratch). */
const SKIPPED = new Set(['node_modules', 'dist', 'out', 'tmp', 'coverage', '.git']);

/** @typedef {{ root: string; folders: string[]; allow?: string[] }} Options */
/** @typedef {Map<string, string[]>} Graph  absolute file → the absolute files it imports */

/** @type {Map<string, { graph: Graph; component: Map<string, string[]> }>} */
const cache = new Map();

/**
 * The files a module's text imports (relative specifiers only, resolved to existing files; a `.js`
 * specifier falls back to its `.ts`).
 * @param {string} file absolute path
 * @param {string} text its source
 * @returns {string[]}
 */
export function importsOf(file, text) {
  const found = [];
  for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
    if (!fileName.startsWith('.')) continue;
    let target = path.resolve(path.dirname(file), fileName);
    if (!existsSync(target) && target.endsWith('.js')) target = `${target.slice(0, -3)}.ts`;
    if (existsSync(target) && statSync(target).isFile()) found.push(target);
  }
  return found;
}

/**
 * Every `.ts` file under `dir`, recursively, skipping {@link SKIPPED} folders.
 * @param {string} dir
 * @param {string[]} into
 * @returns {string[]}
 */
function tsFiles(dir, into = []) {
  if (!existsSync(dir)) return into;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && !SKIPPED.has(entry.name)) tsFiles(full, into);
    else if (entry.isFile() && entry.name.endsWith('.ts')) into.push(full);
  }
  return into;
}

/**
 * The strongly connected components of `graph` with more than one file (Tarjan's algorithm, iterative
 * so a deep chain cannot overflow the stack), each as a map from every member to its whole component.
 * @param {Graph} graph
 * @returns {Map<string, string[]>}
 */
export function cycleComponents(graph) {
  /** @type {Map<string, number>} */ const index = new Map();
  /** @type {Map<string, number>} */ const low = new Map();
  /** @type {string[]} */ const stack = [];
  const onStack = new Set();
  /** @type {Map<string, string[]>} */ const component = new Map();
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    /** @type {{ node: string; next: number }[]} */ const work = [{ node: start, next: 0 }];
    index.set(start, index.size);
    low.set(start, index.get(start) ?? 0);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = /** @type {{ node: string; next: number }} */ (work[work.length - 1]);
      const deps = (graph.get(frame.node) ?? []).filter((d) => graph.has(d));
      if (frame.next < deps.length) {
        const dep = /** @type {string} */ (deps[frame.next++]);
        if (!index.has(dep)) {
          index.set(dep, index.size);
          low.set(dep, index.get(dep) ?? 0);
          stack.push(dep);
          onStack.add(dep);
          work.push({ node: dep, next: 0 });
        } else if (onStack.has(dep)) {
          low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(dep) ?? 0));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      /** @type {string[]} */ const members = [];
      let member;
      do {
        member = /** @type {string} */ (stack.pop());
        onStack.delete(member);
        members.push(member);
      } while (member !== frame.node);
      if (members.length > 1) for (const m of members) component.set(m, members);
    }
  }
  return component;
}

/**
 * The project's import graph and its cycles, read once per root and folder list.
 * @param {Options} options
 */
function projectCycles(options) {
  const key = `${options.root}\n${options.folders.join('\n')}`;
  let known = cache.get(key);
  if (!known) {
    /** @type {Graph} */ const graph = new Map();
    for (const folder of options.folders) {
      for (const file of tsFiles(path.resolve(options.root, folder))) graph.set(file, importsOf(file, readFileSync(file, 'utf8')));
    }
    known = { graph, component: cycleComponents(graph) };
    cache.set(key, known);
  }
  return known;
}

/**
 * One shortest path from `from` back to `to` through `members` (breadth first), both ends included.
 * @param {Graph} graph
 * @param {string} from
 * @param {string} to
 * @param {Set<string>} members
 * @returns {string[]}
 */
function pathBack(graph, from, to, members) {
  /** @type {Map<string, string | null>} */ const came = new Map([[from, null]]);
  const queue = [from];
  while (queue.length > 0) {
    const at = /** @type {string} */ (queue.shift());
    if (at === to) break;
    for (const next of graph.get(at) ?? []) {
      if (members.has(next) && !came.has(next)) {
        came.set(next, at);
        queue.push(next);
      }
    }
  }
  /** @type {string[]} */ const route = [];
  for (let at = /** @type {string | null | undefined} */ (to); at != null; at = came.get(at)) route.unshift(at);
  return route;
}

/**
 * Whether an import or export declaration brings in types only (`import type`, or every name `type`).
 * @param {unknown} node
 */
function isTypeOnly(node) {
  const decl = /** @type {{ importKind?: string; exportKind?: string; specifiers?: { importKind?: string; exportKind?: string }[] }} */ (node);
  if (decl.importKind === 'type' || decl.exportKind === 'type') return true;
  const names = decl.specifiers ?? [];
  return names.length > 0 && names.every((s) => s.importKind === 'type' || s.exportKind === 'type');
}

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          folders: { type: 'array', items: { type: 'string' } },
          allow: { type: 'array', items: { type: 'string' } },
        },
        required: ['root', 'folders'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle: 'Import cycle{{kind}}: {{route}}. Move what both sides need into a module that imports neither.',
      staleAllowance: '{{file}} is no longer in an import cycle: remove it from the `allow` list of shed/no-import-cycle.',
    },
  },
  create(context) {
    const options = /** @type {Options} */ (context.options[0]);
    const file = context.physicalFilename;
    const { graph, component } = projectCycles(options);
    const relative = path.relative(options.root, file).split(path.sep).join('/');
    // The linted file's own imports as they are now (an editor may hold unsaved text).
    const own = importsOf(file, context.sourceCode.text);
    const members = component.get(file);
    const inCycle = members ? own.some((target) => members.includes(target)) : false;
    const allowed = (options.allow ?? []).includes(relative);
    return {
      Program(node) {
        if (allowed && !inCycle) context.report({ node, messageId: 'staleAllowance', data: { file: relative } });
      },
      'ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration, ImportExpression'(node) {
        const source = /** @type {{ source?: { type: string; value?: unknown } | null }} */ (node).source;
        if (!members || allowed || !source || source.type !== 'Literal' || typeof source.value !== 'string') return;
        const [target] = importsOf(file, `import '${source.value}';`);
        if (!target || !members.includes(target)) return;
        const route = pathBack(graph, target, file, new Set(members));
        const kind = isTypeOnly(node) ? ' (through a type import)' : '';
        const names = [file, ...route].map((f) => path.relative(options.root, f).split(path.sep).join('/'));
        context.report({ node: /** @type {import('estree').Node} */ (source), messageId: 'cycle', data: { kind, route: names.join(' → ') } });
      },
    };
  },
};

/** The project's own ESLint plugin (`shed/...` rules). */
export default { meta: { name: 'shed' }, rules: { 'no-import-cycle': noImportCycle } };
