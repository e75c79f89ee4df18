/**
 * A folder of JSON files beside the config (profiles, supplier recipes): each `*.json` read and parsed,
 * in name order; a file that does not parse is left out and said, never the reason a run stops.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError } from './config-error.ts';

/**
 * Every `*.json` file of `dir` through `parse` (none when the folder does not exist).
 * @param what the kind of file, for messages: `profile`, `recipe`.
 * @param parse the file's text and path to the item; throws on a file that is not one.
 * @returns the items in file-name order, and `skipped`: `'<what> <path> left out: <reason>'` each.
 * @throws ConfigError `profiles_unreadable` when the folder exists but cannot be read.
 */
export async function loadJsonFolder<T>(
  dir: string,
  what: string,
  parse: (text: string, path: string, file: string) => T,
): Promise<{ items: T[]; skipped: string[] }> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { items: [], skipped: [] };
    throw new ConfigError('profiles_unreadable', `Cannot read the ${what}s folder ${dir}: ${(error as Error).message}`);
  }
  const items: T[] = [];
  const skipped: string[] = [];
  for (const file of names) {
    const path = join(dir, file);
    try {
      items.push(parse(await readFile(path, 'utf8'), path, file));
    } catch (error) {
      skipped.push(`${what} ${path} left out: ${(error as Error).message}`);
    }
  }
  return { items, skipped };
}
