/** The tool's version, from package.json (the one place it is written). */
import { readFileSync } from 'node:fs';

/** `0.1.0`: the version of package.json beside batch/. */
export const TOOL_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
