/**
 * The mirror on disk: one JSON file per organisation, `<dir>/<organisation id>/mirror.json`, written
 * atomically (temporary file beside it, fsync, rename, then fsync of the folder), so that a crash at
 * any moment leaves either the old mirror or the new one, never a mix.
 */
import { mkdir, open, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ShedError, type ErrorCodes } from '../../shared/errors/shed-error.ts';
import { Id } from '../../shared/schemas/common.ts';
import { parseMirror, type Mirror } from '../../shared/sync/mirror.ts';
import { writeAtomically } from '../write/atomic-file.ts';

export { defaultMirrorDir } from './mirror-dir.ts';

/** The file name of a mirror inside its organisation's folder. */
export const MIRROR_FILE_NAME = 'mirror.json';

/** A mirror file that cannot be found, read or written. Category `usage` for "none yet", `input` for unreadable. */
export class MirrorFileError extends ShedError {
  constructor(code: ErrorCodes['MirrorFileError'], message: string, options?: { cause?: unknown }) {
    super(code, code === 'mirror_unreadable' ? 'input' : 'usage', message, options);
  }
}

/**
 * `<dir>/<organisation id>/mirror.json`. The id must be a UUID (so it cannot climb out of `dir`).
 * @throws ShedError `invalid_argument` for an id that is not a UUID.
 */
export function mirrorPath(dir: string, organisationId: string): string {
  if (!Id.safeParse(organisationId).success) {
    throw new ShedError(
      'invalid_argument',
      'usage',
      `An organisation id is a UUID, got ${JSON.stringify(organisationId)}.`,
    );
  }
  return join(dir, organisationId.toLowerCase(), MIRROR_FILE_NAME);
}

/**
 * The mirror of `organisationId` in `dir`, or null when there is none yet. Temporary files left by
 * an interrupted save are ignored.
 * @throws MirrorFileError `mirror_unreadable` (cannot be read, or not JSON);
 *   MirrorError `mirror_invalid` / `mirror_version` / `mirror_other_organisation` (see parseMirror).
 */
export async function loadMirror(dir: string, organisationId: string): Promise<Mirror | null> {
  const path = mirrorPath(dir, organisationId);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new MirrorFileError('mirror_unreadable', `Cannot read the mirror ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  return parseMirror(parseJson(text, path), path, organisationId);
}

/** Options of {@link saveMirror}. */
export interface SaveMirrorOptions {
  /** Writes the JSON text to the temporary path; default `fs.writeFile`. (Tests use it to fail mid-save.) */
  write?: (tempPath: string, text: string) => Promise<void>;
}

/**
 * Saves `mirror` as `<dir>/<organisation id>/mirror.json` (folders made as needed) atomically; returns
 * the file's path. On failure the previous file is untouched and no temporary file is left.
 * @throws WriteError `output_not_writable` for a folder that cannot be written; what `write` throws.
 */
export async function saveMirror(dir: string, mirror: Mirror, options: SaveMirrorOptions = {}): Promise<string> {
  const path = mirrorPath(dir, mirror.organisationId);
  const folder = join(dir, mirror.organisationId.toLowerCase());
  const write = options.write ?? ((temp: string, text: string) => writeFile(temp, text, 'utf8'));
  await mkdir(folder, { recursive: true }).catch(() => undefined); // a failure shows in the write, with its message
  await writeAtomically(path, (temp) => write(temp, JSON.stringify(mirror)));
  await syncFolder(folder);
  return path;
}

/**
 * The mirror to use offline: in `dir`, the one whose organisation id or name (case ignored) is `org`,
 * or, when `org` is null, the only one there.
 * @throws MirrorFileError `mirror_not_found` (none, or none for `org`: run `shed sync` first),
 *   `mirror_ambiguous` (several and no `org`, or a name shared by several); what {@link loadMirror} throws.
 */
export async function findMirror(dir: string, org: string | null): Promise<Mirror> {
  const wanted = org?.trim() ?? '';
  if (wanted !== '' && Id.safeParse(wanted).success) {
    const mirror = await loadMirror(dir, wanted);
    if (mirror) return mirror;
    throw new MirrorFileError(
      'mirror_not_found',
      `No mirror of organisation ${wanted} in ${dir}: run 'shed sync --org ${wanted}' first.`,
    );
  }
  const mirrors = await allMirrors(dir);
  const matching =
    wanted === '' ? mirrors : mirrors.filter((m) => m.organisationName.trim().toLowerCase() === wanted.toLowerCase());
  if (matching.length === 1) return matching[0] as Mirror;
  if (matching.length === 0) {
    const what = wanted === '' ? 'No mirror' : `No mirror of an organisation named '${wanted}'`;
    throw new MirrorFileError('mirror_not_found', `${what} in ${dir}: run 'shed sync' first.`);
  }
  const names = matching.map((m) => `${m.organisationName} (${m.organisationId})`).join(', ');
  throw new MirrorFileError('mirror_ambiguous', `${dir} holds mirrors of ${names}: choose one with --org.`);
}

async function allMirrors(dir: string): Promise<Mirror[]> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new MirrorFileError(
      'mirror_unreadable',
      `Cannot read the mirror folder ${dir}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  const found: Mirror[] = [];
  for (const entry of entries.filter((e) => Id.safeParse(e).success).sort()) {
    const mirror = await loadMirror(dir, entry);
    if (mirror) found.push(mirror);
  }
  return found;
}

function parseJson(text: string, path: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new MirrorFileError(
      'mirror_unreadable',
      `The mirror ${path} is not valid JSON (${(error as Error).message}). Run 'shed sync --full' to rebuild it.`,
      { cause: error },
    );
  }
}

/** Makes the rename durable (the folder's entry on disk). Not possible on every platform (Windows): then skipped. */
async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Best effort only: the file itself is already complete and fsynced.
  }
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../../shared/errors/shed-error.ts' {
  interface ErrorCodes {
    MirrorFileError: 'mirror_not_found' | 'mirror_unreadable' | 'mirror_ambiguous';
    'batch/mirror/mirror-file.ts': 'invalid_argument';
  }
}
