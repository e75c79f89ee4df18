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
import { indexedRecordStore, type RecordStore, type Versioned } from '../../../shared/export/paging/record-store.ts';

/** Records are written in blocks of about this many bytes. */
const WRITE_BLOCK = 1024 * 1024;
/** Signals that end the process without its 'exit' event: the file is removed before they take effect. */
const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/** Records held in memory before the rest go to the file: about 40 MB of receipts of 5 lines. */
export const IN_MEMORY_RECORDS = 20_000;

/**
 * A {@link RecordStore} that holds `inMemory` records and puts the rest in a temporary file in
 * `dir` (default the system's temporary folder), made when the first record goes to it and removed
 * by `close()`, or when the process exits without it.
 * @throws the file system's error when the folder cannot be made or written (no space left).
 */
export function fileRecordStore<T extends Versioned>(
  dir: string = tmpdir(),
  inMemory = IN_MEMORY_RECORDS,
): RecordStore<T> {
  const file = new SpillFile(dir);
  // Per handle: the record itself while it is held, else where it was written.
  const held: (T | undefined)[] = [];
  const places: ({ offset: number; length: number } | undefined)[] = [];
  return indexedRecordStore<T>({
    keep(record, count) {
      const inFile = count > inMemory;
      held.push(inFile ? undefined : record);
      places.push(inFile ? file.append(Buffer.from(JSON.stringify(record), 'utf8')) : undefined);
    },
    read: (handle) => held[handle] ?? (JSON.parse(file.read(places[handle]!).toString('utf8')) as T),
    release: (handle) => (held[handle] = undefined),
    close() {
      held.length = 0;
      file.close();
    },
  });
}

/**
 * The temporary file records go to: made on the first write, written in blocks, removed on close,
 * at exit, or on Ctrl-C or a kill (the records are the farm's: none is left behind in $TMPDIR).
 */
class SpillFile {
  private file: { folder: string; fd: number } | undefined;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private written = 0;
  private readonly remove = () => {
    if (this.file) rmSync(this.file.folder, { recursive: true, force: true });
  };
  /** Ctrl-C or a kill while the file exists: the file goes first, then the signal does what it would have. */
  private readonly interrupted = (signal: NodeJS.Signals) => {
    this.close();
    if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
  };

  constructor(private readonly dir: string) {}

  /** Appends the bytes; returns where they are. */
  append(bytes: Buffer): { offset: number; length: number } {
    const place = { offset: this.written + this.pendingBytes, length: bytes.length };
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    if (this.pendingBytes >= WRITE_BLOCK) this.flush();
    return place;
  }

  /** The bytes at a place {@link append} gave. */
  read(place: { offset: number; length: number }): Buffer {
    this.flush();
    const bytes = Buffer.allocUnsafe(place.length);
    readSync(this.file!.fd, bytes, 0, place.length, place.offset);
    return bytes;
  }

  close(): void {
    if (!this.file) return;
    closeSync(this.file.fd);
    this.remove();
    process.removeListener('exit', this.remove);
    for (const signal of SIGNALS) process.removeListener(signal, this.interrupted);
    this.file = undefined;
  }

  private flush(): void {
    if (this.pendingBytes === 0) return;
    const block = Buffer.concat(this.pending, this.pendingBytes);
    writeSync(this.open(), block, 0, block.length, this.written);
    this.written += block.length;
    this.pending = [];
    this.pendingBytes = 0;
  }

  private open(): number {
    if (this.file) return this.file.fd;
    const folder = mkdtempSync(join(this.dir, 'shed-export-'));
    this.file = { folder, fd: openSync(join(folder, 'records.ndjson'), 'w+', 0o600) };
    process.once('exit', this.remove);
    for (const signal of SIGNALS) process.once(signal, this.interrupted);
    return this.file.fd;
  }
}
