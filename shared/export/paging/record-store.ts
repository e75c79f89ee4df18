/**
 * Where consistent paging keeps the records it reads: the newest version of each id. In memory by
 * default ({@link memoryRecordStore}); the CLI gives one that keeps them in a temporary file
 * (batch/export/file-record-store.ts), so that an export of a million lines holds only their index.
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
  /** Keeps `record` unless a newer version of its id is held (exact microsecond order; a tie keeps the later read). */
  put(record: T): void;
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

/**
 * Keeps the newest version of each id, with a handle per version kept. Both stores share it: the
 * memory store keeps the record under its handle, the file store where it wrote it.
 */
export class VersionIndex {
  private readonly byId = new Map<string, { id: string; handle: number; version: bigint }>();

  /** The handle to keep a version under, or null when a newer version is held. */
  accept(id: string, version: bigint, nextHandle: number): { handle: number; replaced: number | null } | null {
    const key = id.toLowerCase();
    const held = this.byId.get(key);
    if (held !== undefined && version < held.version) return null;
    this.byId.set(key, { id, handle: nextHandle, version });
    return { handle: nextHandle, replaced: held?.handle ?? null };
  }

  get size(): number {
    return this.byId.size;
  }

  /** Each id kept (as the service wrote it), its handle and version. */
  *entries(): Iterable<{ id: string; handle: number; version: bigint }> {
    yield* this.byId.values();
  }

  /** Drops the ids (lower case); returns their handles. */
  remove(ids: ReadonlySet<string>): number[] {
    const handles: number[] = [];
    for (const id of ids) {
      const held = this.byId.get(id);
      if (held === undefined) continue;
      handles.push(held.handle);
      this.byId.delete(id);
    }
    return handles;
  }
}

/** The records in memory, as consistent paging always kept them. */
export function memoryRecordStore<T extends Versioned>(): RecordStore<T> {
  const index = new VersionIndex();
  const slots: (T | undefined)[] = [];
  return {
    get size() {
      return index.size;
    },
    put(record) {
      const kept = index.accept(record.id, versionOf(record), slots.length);
      if (kept === null) return;
      slots.push(record);
      if (kept.replaced !== null) slots[kept.replaced] = undefined;
    },
    *scan() {
      for (const { handle } of index.entries()) yield { handle, record: slots[handle]! };
    },
    get(handle) {
      const record = slots[handle];
      if (record === undefined) throw new RangeError(`no record is held under handle ${handle}`);
      return record;
    },
    *versions() {
      for (const { id, version } of index.entries()) yield { id, version };
    },
    remove(ids) {
      for (const handle of index.remove(ids)) slots[handle] = undefined;
    },
    close() {
      slots.length = 0;
    },
  };
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

/** Every record of a source, in handle order (for the datasets that need them all at once). */
export function allRecords<T>(source: RecordSource<T>): T[] {
  return Array.from(source.scan(), ({ record }) => record);
}
