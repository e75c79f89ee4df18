/**
 * Where consistent paging keeps the records it reads: the newest version of each id. In memory by
 * default ({@link memoryRecordStore}); the CLI gives one that keeps them in a temporary file
 * (batch/commands/export/file-record-store.ts), so that an export of a million lines holds only their index.
 * Records are read back by a handle, in any order: the datasets sort handles by their own keys
 * ({@link RecordSource}) and read each record when its rows are written.
 */
import { timestampMicros } from './timestamps.ts';

/** A record a list returns: an id and the timestamp that orders it. */
export interface Versioned {
  id: string;
  updated_at?: string | undefined;
}

/** Records to read, by handle: what an export's datasets are shaped from. */
export interface RecordSource<T> {
  /** Records held. */
  readonly size: number;
  /** Every record once, in no particular order, with the handle {@link get} reads it again by. */
  scan(): Iterable<{ handle: number; record: T }>;
  /** The record of a handle from {@link scan}. */
  get(handle: number): T;
}

/** A {@link RecordSource} that consistent paging fills: the newest version of each id wins. */
export interface RecordStore<T extends Versioned> extends RecordSource<T> {
  /**
   * Keeps `record` unless a newer version of its id is held (exact microsecond order; a tie keeps
   * the later read). `version` is its {@link versionOf}, when the caller has it already.
   */
  put(record: T, version?: bigint): void;
  /** The id (as the service wrote it) and version (µs since the epoch, −1 when none) of every record held. */
  versions(): Iterable<{ id: string; version: bigint }>;
  /** Lets go of the records of these ids (lower case). */
  remove(ids: ReadonlySet<string>): void;
  /** Frees what the store holds (a temporary file); the store is not read after. */
  close(): void;
}

/** Makes a fresh store for one list. */
export type RecordStoreFactory = <T extends Versioned>() => RecordStore<T>;

/** The version a store orders by: `updated_at` in µs, −1 when a record has none. */
export function versionOf(record: Versioned): bigint {
  return record.updated_at ? timestampMicros(record.updated_at) : -1n;
}

/** Where a store keeps its records, handle by handle (handles count up from 0, one per version kept). */
export interface RecordSlots<T> {
  /** Keeps `record` under the next handle; `held` is how many records the store holds with it. */
  keep(record: T, held: number): void;
  /** The record kept under `handle`. */
  read(handle: number): T;
  /** The record under `handle` is no longer held (a newer version came, or it was removed). */
  release(handle: number): void;
  close(): void;
}

/**
 * A {@link RecordStore} over `slots`: it keeps the newest version of each id (ids compared in lower
 * case; a tie keeps the later read) and leaves to the slots where each version is kept. The memory
 * store and the CLI's store on disk differ only in their slots.
 */
export function indexedRecordStore<T extends Versioned>(slots: RecordSlots<T>): RecordStore<T> {
  const byId = new Map<string, { id: string; handle: number; version: bigint }>();
  let nextHandle = 0;
  return {
    get size() {
      return byId.size;
    },
    put(record, version = versionOf(record)) {
      const key = record.id.toLowerCase();
      const held = byId.get(key);
      if (held !== undefined && version < held.version) return;
      byId.set(key, { id: record.id, handle: nextHandle, version });
      slots.keep(record, byId.size);
      nextHandle += 1;
      if (held !== undefined) slots.release(held.handle);
    },
    *scan() {
      for (const { handle } of byId.values()) yield { handle, record: slots.read(handle) };
    },
    get: (handle) => slots.read(handle),
    *versions() {
      for (const { id, version } of byId.values()) yield { id, version };
    },
    remove(ids) {
      for (const id of ids) {
        const held = byId.get(id);
        if (held === undefined) continue;
        byId.delete(id);
        slots.release(held.handle);
      }
    },
    close: () => slots.close(),
  };
}

/** The records in memory, as consistent paging always kept them. */
export function memoryRecordStore<T extends Versioned>(): RecordStore<T> {
  const slots: (T | undefined)[] = [];
  return indexedRecordStore<T>({
    keep: (record) => slots.push(record),
    read(handle) {
      const record = slots[handle];
      if (record === undefined) throw new RangeError(`no record is held under handle ${handle}`);
      return record;
    },
    release: (handle) => (slots[handle] = undefined),
    close: () => (slots.length = 0),
  });
}

/** A source over records already in memory (the mirror's, a test's): handles are their positions. */
export function arraySource<T>(records: readonly T[]): RecordSource<T> {
  return {
    size: records.length,
    *scan() {
      for (let handle = 0; handle < records.length; handle += 1) yield { handle, record: records[handle]! };
    },
    get(handle) {
      return records[handle]!;
    },
  };
}

/** Records as a dataset takes them: an array, or a source (a store) read one record at a time. */
export type Records<T> = readonly T[] | RecordSource<T>;

/** The records as a source (an array gets one over it). */
export function sourceOf<T>(records: Records<T>): RecordSource<T> {
  return Array.isArray(records) ? arraySource(records as readonly T[]) : (records as RecordSource<T>);
}
