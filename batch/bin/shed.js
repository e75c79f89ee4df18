#!/usr/bin/env node
// The `shed` command. The CLI is TypeScript run through tsx's loader, so no build step is needed
// after `npm ci` (and `npm link` or a global install works the same way).
import { register } from 'tsx/esm/api';

register();
await import('../cli/run.ts');
