/**
 * The user's saved config (`shed login`'s base URL, token and organisation): where it lives, read and written
 * readable by its owner only.
 */
import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { ConfigError } from './config-error.ts';

/** What `shed login` saves: the service, the token, and optionally the organisation and auth header. */
export const SavedConfig = z.object({
  baseUrl: z.url().optional(),
  token: z.string().min(1).optional(),
  org: z.string().optional(),
  authHeader: z.string().optional(),
  authScheme: z.string().nullable().optional(),
  /** How dates and numbers are shown: en-AU, en-NZ, en-GB or en-US (batch/config/locale.ts). */
  locale: z.string().optional(),
});
export type SavedConfig = z.infer<typeof SavedConfig>;

/**
 * Where the config lives: `SHED_CONFIG` if set, else `%APPDATA%\shed-sheets\config.json` on Windows,
 * else `$XDG_CONFIG_HOME/shed-sheets/config.json` (default `~/.config`).
 */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.SHED_CONFIG) return env.SHED_CONFIG;
  if (process.platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'shed-sheets', 'config.json');
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'shed-sheets', 'config.json');
}

/**
 * Reads the saved config; an absent file is an empty config.
 * @throws ConfigError `config_unreadable` when the file is not valid JSON of the expected shape.
 */
export async function loadConfig(path: string): Promise<SavedConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new ConfigError('config_unreadable', `Cannot read the config file ${path}: ${(error as Error).message}`);
  }
  try {
    return SavedConfig.parse(JSON.parse(text));
  } catch {
    throw new ConfigError(
      'config_unreadable',
      `The config file ${path} is not valid: run 'shed login' again or delete it`,
    );
  }
}

/**
 * Saves the config readable by its owner only (mode 0600: it holds the token), written atomically
 * (temporary file, then rename).
 */
export async function saveConfig(path: string, config: SavedConfig): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await chmod(temporary, 0o600);
  await rename(temporary, path);
}
