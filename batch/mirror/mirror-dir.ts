/**
 * Where the mirrors live by default. A module of its own, with no schema behind it, because the
 * command tree names the folder in `shed sync --help`: `shed --help` must not load zod or the
 * mirror's schemas (start-up, issue 25).
 */
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * The default folder of mirrors: `SHED_MIRROR_DIR` if set, else `%LOCALAPPDATA%\shed-sheets\mirrors`
 * on Windows, else `$XDG_DATA_HOME/shed-sheets/mirrors` (default `~/.local/share`). A per-user data
 * folder rather than the current one, so that `--offline` finds the mirror from any folder.
 */
export function defaultMirrorDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SHED_MIRROR_DIR) return env.SHED_MIRROR_DIR;
  if (process.platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'shed-sheets', 'mirrors');
  return join(env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'shed-sheets', 'mirrors');
}
