/**
 * Where the team kit is: the folder beside the repository (`../shared/` from its root) that holds the
 * material brought from public repositories, which is never committed to this project: the reader
 * corpus (`reader-corpus/`) and the Office add-in manifest schemas (`office-manifest-xsd/`).
 * `SHED_KIT_DIR` moves it. The one place that resolves the kit's path, for the corpus test and
 * `npm run corpus`, `npm run manifest:check`, the production manifest writer and their tests.
 * Node only (checks the file system); a user's clone has no kit, and each caller then says so.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The environment variable that moves the kit: a folder, absolute or relative to the repository's root. */
export const KIT_DIR_ENV = 'SHED_KIT_DIR';

/** The repository's root (the folder of package.json). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The kit's folder when {@link KIT_DIR_ENV} is not set, relative to the repository's root. */
export const DEFAULT_KIT_DIR = '../shared';

/**
 * The kit's folder, absolute: `$SHED_KIT_DIR` (resolved against the repository's root) or `../shared`
 * beside the repository. Whether it exists is not checked here (see {@link findKitPart}).
 */
export function kitDir(env: NodeJS.ProcessEnv = process.env): string {
  const override = env[KIT_DIR_ENV]?.trim();
  return resolve(REPO_ROOT, override ? override : DEFAULT_KIT_DIR);
}

/** A path inside the kit, absolute (e.g. `kitPath('reader-corpus', 'files')`). Not checked. */
export function kitPath(...parts: string[]): string {
  return join(kitDir(), ...parts);
}

/** One part of the kit, found or not: its folder, and when absent, why, in one line. */
export type KitPart = { present: true; dir: string } | { present: false; dir: string; missing: string };

/**
 * Looks for one folder of the kit holding the given entries.
 *
 * @param folder the part's folder in the kit (`reader-corpus`, `office-manifest-xsd`).
 * @param entries files or folders it must hold.
 * @returns `present: false` with `missing`, one line naming the first entry missing, where the kit was
 *   looked for and how to point at it, as `no /path/to/entry (the team kit is looked for at …)`.
 */
export function findKitPart(folder: string, entries: readonly string[]): KitPart {
  const dir = kitPath(folder);
  const absent = entries.map((entry) => join(dir, entry)).find((path) => !existsSync(path));
  if (absent === undefined) return { present: true, dir };
  const override = process.env[KIT_DIR_ENV]?.trim();
  const where = override ? `${KIT_DIR_ENV}=${override}` : `${DEFAULT_KIT_DIR} beside the repository`;
  return {
    present: false,
    dir,
    missing: `no ${absent} (the team kit is looked for at ${where}; set ${KIT_DIR_ENV} to its folder)`,
  };
}

/** The reader corpus: `files/` (the public fixtures) and `reference.json.gz` (their reference reading). */
export function findReaderCorpus(): KitPart {
  return findKitPart('reader-corpus', ['files', 'reference.json.gz']);
}
