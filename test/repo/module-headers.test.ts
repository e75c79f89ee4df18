// Every module says its job before its first import: a header comment (`/** … */` or `//`) on each
// non-test .ts file of the source folders. An index.ts that only re-exports is exempt.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const FOLDERS = ['shared', 'batch', 'addin', 'sandbox', 'scripts', 'bench'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'tmp') return [];
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : [];
  });
}

/** Whether the text, after a shebang line and blank lines, opens with a comment. */
function opensWithComment(text: string): boolean {
  return /^(?:#![^\n]*\n)?\s*(?:\/\*|\/\/)/.test(text);
}

/** Whether the text is nothing but `export … from '…';` statements (a barrel), comments aside. */
function onlyReExports(text: string): boolean {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  return /^(?:\s*export\s+(?:type\s+)?(?:\*|\{[^}]*\})\s+from\s+'[^']+';)+\s*$/.test(code);
}

describe('module headers', () => {
  it('tells a module with a header from one without, and a barrel from a module', () => {
    expect(opensWithComment('/** Reads things. */\nimport x from "x";')).toBe(true);
    expect(opensWithComment('#!/usr/bin/env node\n// Runs.\nimport x from "x";')).toBe(true);
    expect(opensWithComment("import { z } from 'zod';\n/** A schema. */\nexport const s = z.string();")).toBe(false);
    expect(onlyReExports("export * from './a.ts';\nexport { b, type C } from './b.ts';\n")).toBe(true);
    expect(onlyReExports("export * from './a.ts';\nexport const c = 1;\n")).toBe(false);
  });

  it('every module of the source folders opens with a comment saying its job', () => {
    const missing = FOLDERS.flatMap(sources).filter((path) => {
      const text = readFileSync(path, 'utf8');
      return !opensWithComment(text) && !(path.endsWith('index.ts') && onlyReExports(text));
    });
    expect(missing).toEqual([]);
  });
});
