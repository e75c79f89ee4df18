/**
 * Writing a file so that it is either complete or absent: write a temp file beside the target,
 * flush it to disk, then rename it over the target (a rename within one folder is atomic).
 */
import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { WriteError } from './write-error.ts';

/** File-system failures that mean "you cannot write there" (a usage problem), not a bug. */
const UNWRITABLE = new Set([
  'EACCES',
  'EPERM',
  'ENOENT',
  'ENOTDIR',
  'EISDIR',
  'EROFS',
  'ENOSPC',
  'EDQUOT',
  'EEXIST',
  'EBUSY',
]);

/** The temp path used while writing `target`: hidden, in the same folder, unique per call. */
export function tempPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
}

/**
 * Runs `write` on a fresh temp path beside `target`, fsyncs the temp file and renames it to `target`.
 * On any failure the temp file is removed, `target` is left as it was, and the error is rethrown;
 * file-system errors such as EACCES, ENOENT (missing folder) or ENOSPC become {@link WriteError}
 * `output_not_writable` naming the target. Returns what `write` returned.
 */
export async function writeAtomically<T>(target: string, write: (tempPath: string) => Promise<T>): Promise<T> {
  const temp = tempPathFor(target);
  try {
    const result = await write(temp);
    const handle = await open(temp, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
    return result;
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw asWriteError(target, error);
  }
}

function asWriteError(target: string, error: unknown): unknown {
  const code = (error as { code?: unknown } | null)?.code;
  if (error instanceof WriteError || typeof code !== 'string' || !UNWRITABLE.has(code)) return error;
  return new WriteError('output_not_writable', `cannot write '${target}': ${reasonOf(code, target, error as Error)}`, {
    cause: error,
  });
}

/** Why a file cannot be written there, in words (not the temp file's name in Node's message). */
function reasonOf(code: string, target: string, error: Error): string {
  const folder = dirname(target);
  switch (code) {
    case 'ENOENT':
      return `the folder '${folder}' does not exist: create it, or write the file elsewhere`;
    case 'ENOTDIR':
      return `a part of '${folder}' is a file, not a folder`;
    case 'EACCES':
    case 'EPERM':
      return `no permission to write in '${folder}'`;
    case 'EROFS':
      return `'${folder}' is on a read-only disk`;
    case 'ENOSPC':
    case 'EDQUOT':
      return 'the disk is full';
    case 'EISDIR':
      return 'it is a folder: give a file name';
    default:
      return error.message;
  }
}
