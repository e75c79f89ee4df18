/** Types of import-cycles.js (the project's ESLint plugin, plain JS so eslint.config.js loads it as is). */
import type { ESLint, Rule } from 'eslint';

/** The files a module's text imports: relative specifiers, resolved to existing files. */
export function importsOf(file: string, text: string): string[];
/** Every file in an import cycle, mapped to all the files of its cycle (strongly connected component). */
export function cycleComponents(graph: Map<string, string[]>): Map<string, string[]>;
/** The rule `shed/no-import-cycle`. */
export const noImportCycle: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
