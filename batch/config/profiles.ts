/**
 * The profiles folder: saved mappings, one JSON file each (`NAME.json`, the mapping file format with
 * the `signature` of the sheet it was made for), beside the config (`…/shed-sheets/profiles/`).
 * `shed import … --save-profile NAME` writes one; an import without `--mapping` takes the one whose
 * headers the sheet has (shared/sheet/profiles.ts), or the one `--profile NAME` names.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Profile } from '../../shared/sheet/profiles.ts';
import { parseSavedMapping, type MappingFile } from '../../shared/sheet/saved-mapping.ts';
import { writeAtomically } from '../write/atomic-file.ts';
import { ConfigError } from './config-error.ts';
import { loadJsonFolder } from './json-folder.ts';
import { configPath } from './config-file.ts';

/** A profile name: letters, digits, `.`, `-` and `_` (it is a file name). */
const NAME = /^[\p{L}\p{N}][\p{L}\p{N}._-]{0,63}$/u;

/** The profiles folder: `profiles/` beside the config file (`SHED_CONFIG` moves both). */
export function profilesDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(dirname(configPath(env)), 'profiles');
}

/**
 * Every profile in `dir` (none when the folder does not exist). A file that is not a valid mapping
 * is left out, its name and reason in `skipped` for the caller to say.
 */
export async function loadProfiles(dir: string): Promise<{ profiles: Profile[]; skipped: string[] }> {
  const { items, skipped } = await loadJsonFolder(dir, 'profile', (text, path, file) => ({
    name: basename(file, '.json'),
    mapping: parseSavedMapping(text, path),
  }));
  return { profiles: items, skipped };
}

/**
 * The profile named `name` in `dir`.
 * @throws ConfigError `unknown_profile` naming the profiles there are.
 */
export async function loadProfile(dir: string, name: string): Promise<Profile> {
  const { profiles } = await loadProfiles(dir);
  const found = profiles.find((p) => p.name === name);
  if (found) return found;
  const known = profiles.map((p) => `'${p.name}'`).join(', ') || 'none';
  throw new ConfigError(
    'unknown_profile',
    `No profile named '${name}' in ${dir} (profiles: ${known}). Save one with --save-profile ${name}.`,
  );
}

/**
 * Writes `mapping` as the profile `name` in `dir` (replacing one of that name), atomically.
 * @returns the file written. @throws ConfigError `invalid_profile_name` for a name that is not a plain file name.
 */
export async function saveProfile(dir: string, name: string, mapping: MappingFile): Promise<string> {
  if (!NAME.test(name)) {
    throw new ConfigError(
      'invalid_profile_name',
      `Expected \`--save-profile\` to be a name of letters, digits, '.', '-' or '_' (up to 64), got '${name}'`,
    );
  }
  await mkdir(dir, { recursive: true });
  const target = join(dir, `${name}.json`);
  await writeAtomically(target, (temp) => writeFile(temp, `${JSON.stringify(mapping, null, 2)}\n`));
  return target;
}
