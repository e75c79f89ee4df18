// The linter: typescript-eslint's recommended rules, no import cycles (type imports included), the layer rules, and a
// warning for functions longer than a screen. Run by `npm test` (`npm run lint`) with no warning
// allowed: a function kept long says why, in an `eslint-disable-next-line ... -- reason` above it.
import { builtinModules } from 'node:module';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import shed from './scripts/lint/import-cycles.js';

/** Node's built-in modules, bare (`fs`, `fs/promises`) and with the `node:` prefix. */
const NODE_BUILTINS = { paths: builtinModules.filter((name) => !name.startsWith('_')), patterns: ['node:*'] };

/**
 * The layer rules: `import-x/no-restricted-paths` zones (by resolved path, type imports included)
 * and `no-restricted-imports` (packages and Node built-ins), each with the rule as its message.
 */
const CORE = 'shared/ is the pure core, for the browser and Node: it imports nothing from the faces (batch/, addin/), the sandbox, Node built-ins, exceljs, papaparse or office-js; the face passes in what the core needs.';
const PANE = 'addin/ runs in Excel\'s browser: it imports nothing from the CLI (batch/) or Node (its Node tools live in addin/replay/, addin/manifest/, addin/vite/); put a shared rule in shared/.';
const CLI = 'batch/ (the CLI) imports nothing from the add-in (addin/); put a shared rule in shared/.';
const ROOT = import.meta.dirname;

/**
 * Files allowed in an import cycle (none: shared/kinds removed the last ones); shed/no-import-cycle
 * reports a file left here once its cycle is gone.
 */
const KNOWN_CYCLES = [];

/** `no-restricted-imports` options forbidding Node built-ins and `packages`, saying `message`. */
function restrictImports(message, packages = []) {
  return {
    paths: [...NODE_BUILTINS.paths, ...packages].map((name) => ({ name, message })),
    patterns: [{ group: [...NODE_BUILTINS.patterns, ...packages.map((name) => `${name}/*`)], message }],
  };
}

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'out/**', 'bench/tmp/**', 'coverage/**'] },
  // A disable comment that no longer disables anything fails, so the named exceptions stay true.
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  ...tseslint.configs.recommended,
  {
    // Type-aware rules: a promise nobody awaits or catches, a promise where a callback's result is
    // ignored (an event handler), a switch over a union (an error code) that misses a member.
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: ROOT } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    files: ['**/*.ts'],
    plugins: { 'import-x': importX, shed },
    // Our imports name their .ts files; the node resolver finds them so the cycle rule can follow them.
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.js'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/extensions': ['.ts', '.js'],
    },
    rules: {
      // No cycles, type imports included (import-x/no-cycle cannot count them: see scripts/lint/import-cycles.js).
      'shed/no-import-cycle': ['error', { root: ROOT, folders: ['shared', 'batch', 'addin', 'sandbox', 'bench', 'scripts', 'test'], allow: KNOWN_CYCLES }],
      // A screen: 80 lines of at most 120 columns (.prettierrc.json).
      'max-lines-per-function': ['warn', { max: 80, skipBlankLines: true, skipComments: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    // Tests: long `describe` bodies are lists of cases; fakes of untyped libraries use `any`.
    files: ['test/**/*.ts'],
    rules: {
      'max-lines-per-function': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: [{ target: './shared', from: ['./batch', './addin', './sandbox'], message: CORE }] }],
      'no-restricted-imports': ['error', restrictImports(CORE, ['exceljs', 'papaparse', '@microsoft/office-js', 'office-addin-mock'])],
      'no-restricted-globals': ['error', ...['Office', 'Excel', 'OfficeExtension', 'process', 'Buffer'].map((name) => ({ name, message: CORE }))],
    },
  },
  {
    files: ['addin/**/*.ts'],
    ignores: ['addin/replay/**', 'addin/manifest/**', 'addin/vite/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: [{ target: './addin', from: './batch', message: PANE }] }],
      'no-restricted-imports': ['error', restrictImports(PANE)],
    },
  },
  {
    files: ['batch/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: [{ target: './batch', from: './addin', message: CLI }] }],
    },
  },
);
