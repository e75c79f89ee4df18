#!/usr/bin/env node
// The `shed` command. An installed package (no `.git` beside it) runs the compiled JavaScript of
// dist/cli/ (`npm pack` builds it: scripts/release/build-cli.ts); a clone runs the TypeScript sources
// through tsx's loader, so no build step is needed after `npm ci` and a stale dist/ is never run.
// In an installed package a bare `shed --version` or `shed --help` is answered here, without loading
// the program (issue 25: start-up within 150 ms): the version from package.json, as the program's
// own `--version` reads it (batch/cli/version.ts), and the help the build wrote from the program's
// own command tree (dist/cli/help.txt, made by `shed --help` at build time).
import { existsSync, readFileSync } from 'node:fs';

const root = new URL('../../', import.meta.url);
const built = new URL('dist/cli/run.js', root);
const installed = existsSync(built) && !existsSync(new URL('.git', root));
const [only, ...rest] = process.argv.slice(2);
const help = new URL('dist/cli/help.txt', root);

if (installed && rest.length === 0 && (only === '--version' || only === '-V')) {
  process.stdout.write(`${JSON.parse(readFileSync(new URL('package.json', root), 'utf8')).version}\n`);
} else if (installed && rest.length === 0 && (only === '--help' || only === '-h') && existsSync(help)) {
  process.stdout.write(readFileSync(help, 'utf8'));
} else if (installed) {
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../cli/run.ts');
}
