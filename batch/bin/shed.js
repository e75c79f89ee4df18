#!/usr/bin/env node
// The `shed` command. An installed package (no `.git` beside it) runs the compiled JavaScript of
// dist/cli/ (`npm pack` builds it: scripts/release/build-cli.ts); a clone runs the TypeScript sources
// through tsx's loader, so no build step is needed after `npm ci` and a stale dist/ is never run.
import { existsSync } from 'node:fs';

const root = new URL('../../', import.meta.url);
const built = new URL('dist/cli/run.js', root);
if (existsSync(built) && !existsSync(new URL('.git', root))) {
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../cli/run.ts');
}
