/**
 * The export's record store on disk: each record read is written as a line of JSON to a temporary
 * file (in a folder only this user can read: the farm's records), and only its id, version and place
 * are held. The datasets read a record back when its rows are written, so an export of a million
 * lines holds their index and one record at a time, not every record (bench 3: peak memory).
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VersionIndex, versionOf, type RecordStore, type Versioned } from '../../../shared/export/paging/record-store.ts';

/** Records are written in blocks of about this many bytes. */
const WRITE_BLOCK = 1024 * 1024;

/**
 * A {@link RecordStore} over a temporary file in `dir` (default the system's temporary folder),
 * removed by `close()`, or when the process exits without it.
 * @throws the file system's error when the folder cannot be made or written (no space left).
 */
export function fileRecordStore<T extends Versioned>(dir: string = tmpdir()): RecordStore<T> {
  const folder = mkdtempSync(join(dir, 'shed-export-'));
  const fd = openSync(join(folder, 'records.ndjson'), 'w+', 0o600);
  const removeFolder = () => rmSync(folder, { recursive: true, force: true });
  process.once('exit', removeFolder);
  const index = new VersionIndex();
  const offsets: number[] = [];
  const lengths: number[] = [];
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let written = 0;
  const flush = () => {
    if (pendingBytes === 0) return;
    const block = Buffer.concat(pending, pendingBytes);
    writeSync(fd, block, 0, block.length, written);
    written += block.length;
    pending = [];
    pendingBytes = 0;
  };
  const read = (handle: number): T => {
    flush();
    const bytes = Buffer.allocUnsafe(lengths[handle]!);
    readSync(fd, bytes, 0, bytes.length, offsets[handle]!);
    return JSON.parse(bytes.toString('utf8')) as T;
  };
  return {
    get size() {
      return index.size;
    },
    put(record) {
      const kept = index.accept(record.id, versionOf(record), offsets.length);
      if (kept === null) return;
      const bytes = Buffer.from(JSON.stringify(record), 'utf8');
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
      index.remove(ids);
    },
    close() {
      closeSync(fd);
      removeFolder();
      process.removeListener('exit', removeFolder);
    },
  };
}
