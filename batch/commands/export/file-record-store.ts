/**
 * The export's record store, on disk past its first records: the first {@link IN_MEMORY_RECORDS}
 * are held as they are (most farms' whole history: no file at all), each one after is written as a
 * line of JSON to a temporary file (in a folder only this user can read: the farm's records) and
 * only its id, version and place are held. The datasets read a record back when its rows are
 * written, so an export of a million lines holds their index and one record at a time, not every
 * record (bench 3: peak memory).
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VersionIndex, versionOf, type RecordStore, type Versioned } from '../../../shared/export/paging/record-store.ts';

/** Records are written in blocks of about this many bytes. */
const WRITE_BLOCK = 1024 * 1024;
/** Records held in memory before the rest go to the file: about 40 MB of receipts of 5 lines. */
export const IN_MEMORY_RECORDS = 20_000;

/**
 * A {@link RecordStore} that holds `inMemory` records and puts the rest in a temporary file in
 * `dir` (default the system's temporary folder), made when the first record goes to it and removed
 * by `close()`, or when the process exits without it.
 * @throws the file system's error when the folder cannot be made or written (no space left).
 */
export function fileRecordStore<T extends Versioned>(dir: string = tmpdir(), inMemory = IN_MEMORY_RECORDS): RecordStore<T> {
  let file: { folder: string; fd: number } | undefined;
  const removeFolder = () => {
    if (file) rmSync(file.folder, { recursive: true, force: true });
  };
  const open = () => {
    const folder = mkdtempSync(join(dir, 'shed-export-'));
    file = { folder, fd: openSync(join(folder, 'records.ndjson'), 'w+', 0o600) };
    process.once('exit', removeFolder);
    return file.fd;
  };
  const index = new VersionIndex();
  // Per handle: the record itself while it is held, else where it was written.
  const held: (T | undefined)[] = [];
  const offsets: number[] = [];
  const lengths: number[] = [];
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let written = 0;
  const flush = () => {
    if (pendingBytes === 0) return;
    const block = Buffer.concat(pending, pendingBytes);
    writeSync(file?.fd ?? open(), block, 0, block.length, written);
    written += block.length;
    pending = [];
    pendingBytes = 0;
  };
  const read = (handle: number): T => {
    const record = held[handle];
    if (record !== undefined) return record;
    flush();
    const bytes = Buffer.allocUnsafe(lengths[handle]!);
    readSync(file!.fd, bytes, 0, bytes.length, offsets[handle]!);
    return JSON.parse(bytes.toString('utf8')) as T;
  };
  return {
    get size() {
      return index.size;
    },
    put(record) {
      const kept = index.accept(record.id, versionOf(record), held.length);
      if (kept === null) return;
      if (kept.replaced !== null) held[kept.replaced] = undefined;
      if (index.size <= inMemory) {
        held.push(record);
        offsets.push(-1);
        lengths.push(0);
        return;
      }
      const bytes = Buffer.from(JSON.stringify(record), 'utf8');
      held.push(undefined);
      offsets.push(written + pendingBytes);
      lengths.push(bytes.length);
      pending.push(bytes);
      pendingBytes += bytes.length;
      if (pendingBytes >= WRITE_BLOCK) flush();
    },
    *scan() {
      for (const { handle } of index.entries()) yield { handle, record: read(handle) };
    },
    get: read,
    *versions() {
      for (const { id, version } of index.entries()) yield { id, version };
    },
    remove(ids) {
      for (const handle of index.remove(ids)) held[handle] = undefined;
    },
    close() {
      held.length = 0;
      if (!file) return;
      closeSync(file.fd);
      removeFolder();
      process.removeListener('exit', removeFolder);
      file = undefined;
    },
  };
}
