/**
 * An input file's bytes, from a path or from memory, behind one interface: its size, its first
 * bytes for sniffing, all its bytes (CSV, OLE inspection), its path (the .xlsx reader).
 */
import { open, readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { InputFileError } from './errors.ts';
import { SNIFF_BYTES } from './sniff.ts';

/** Where the bytes come from, and how messages and the grid name the file. */
export interface InputSource {
  /** The file as the user named it, for messages. */
  label: string;
  /** Its base name (`supplier-invoices.xlsx`), for the grid's `source`. */
  name: string;
  /** The file's path, when the bytes are in a file (the .xlsx reader opens it by its zip directory). */
  path?: string;
  size: number;
  /** Up to {@link SNIFF_BYTES} leading bytes. */
  head: Uint8Array;
  /** Every byte. */
  all(): Promise<Uint8Array>;
  /** Whether the file's size or modification time is no longer what they were when it was opened. */
  changed(): Promise<boolean>;
  /**
   * Whether the file has not changed for `ms` milliseconds: unchanged since it was opened, and its
   * last modification at least `ms` ago. A file modified more recently (or stamped in the future, a
   * skewed clock) is looked at again once `ms` have passed since then (at most `ms` from now), so a
   * file saved long ago answers at once and one saved a moment ago waits out the rest of the interval.
   */
  settled(ms: number): Promise<boolean>;
}

/**
 * Opens a file for reading: checks it exists, is a file and is readable, and reads its head.
 * @throws InputFileError `file_not_found` (no such file or folder on the way), `file_unreadable`
 *   (a folder, permission denied, another I/O failure).
 */
export async function fileSource(path: string): Promise<InputSource> {
  let size: number;
  let modified: number;
  try {
    const info = await stat(path);
    if (info.isDirectory()) {
      throw new InputFileError(
        'file_unreadable',
        path,
        `${path} is a folder, not a file: name the .xlsx or .csv file to import.`,
      );
    }
    size = info.size;
    modified = info.mtimeMs;
  } catch (error) {
    throw ioError(path, error);
  }
  let head: Uint8Array;
  try {
    const handle = await open(path, 'r');
    try {
      const buffer = new Uint8Array(Math.min(size, SNIFF_BYTES));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw ioError(path, error);
  }
  return {
    label: path,
    name: basename(path),
    path,
    size,
    head,
    all: async () => {
      try {
        return await readFile(path);
      } catch (error) {
        throw ioError(path, error);
      }
    },
    changed,
    settled: async (ms) => {
      if (await changed()) return false;
      const age = Date.now() - modified;
      if (age >= ms) return true;
      await sleep(age < 0 ? ms : ms - age);
      return !(await changed());
    },
  };
  async function changed(): Promise<boolean> {
    const now = await stat(path).catch(() => null);
    return !now || now.size !== size || now.mtimeMs !== modified;
  }
}

/** The same interface over bytes in memory; `fileName` names them in messages and the grid. */
export function bufferSource(bytes: Uint8Array, fileName: string): InputSource {
  return {
    label: fileName,
    name: basename(fileName),
    size: bytes.length,
    head: bytes.subarray(0, SNIFF_BYTES),
    all: () => Promise.resolve(bytes),
    changed: () => Promise.resolve(false),
    settled: () => Promise.resolve(true),
  };
}

function ioError(path: string, error: unknown): InputFileError {
  if (error instanceof InputFileError) return error;
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    return new InputFileError('file_not_found', path, `Cannot find the file ${path}: check its name and folder.`, {
      cause: error,
    });
  }
  const why =
    code === 'EACCES' || code === 'EPERM'
      ? 'permission denied'
      : error instanceof Error
        ? error.message
        : String(error);
  return new InputFileError('file_unreadable', path, `Cannot read ${path} (${why}): check the file can be opened.`, {
    cause: error,
  });
}
