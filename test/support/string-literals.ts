/**
 * The string and template literals of the TypeScript files under some folders (comments, imports
 * and exports left out), read with the TypeScript compiler's parser: what running code can say.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** One literal: its file (relative to the repository), 1-based line and text (a template's pieces one by one). */
export interface Literal {
  file: string;
  line: number;
  text: string;
}

/** The repository's root. */
const ROOT = new URL('../../', import.meta.url).pathname;

/** Every literal of the `.ts` files under `folders` (relative to the repository). */
export function stringLiterals(...folders: string[]): Literal[] {
  const literals: Literal[] = [];
  for (const folder of folders) {
    const files = (readdirSync(join(ROOT, folder), { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
    for (const name of files) {
      const file = join(folder, name);
      const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node): void => {
        if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isImportTypeNode(node)) return;
        if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) {
          literals.push({
            file,
            line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
            text: node.text,
          });
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
  }
  return literals;
}

/** Words of the command line: a flag (`--dry-run`), a `shed` command, or the FILE placeholder. */
export const CLI_WORDS = /--[a-z][a-z-]*|\bshed (?:login|orgs|import|export|template|sync|undo|sandbox)\b|\bFILE\b/;
