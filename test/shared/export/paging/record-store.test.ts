// The record stores consistent paging fills (shared/export/paging/record-store.ts), in memory here;
// the one on disk is tested with the CLI (test/batch/commands/export/file-record-store.test.ts).
import { describe, expect, it } from 'vitest';
import {
  arraySource,
  memoryRecordStore,
  sourceOf,
  type RecordSource,
} from '../../../../shared/export/paging/record-store.ts';

/** Every record of a source, in handle order. */
const allRecords = <T>(source: RecordSource<T>) => Array.from(source.scan(), ({ record }) => record);

const r = (id: string, updatedAt: string | undefined, n: number) => ({ id, updated_at: updatedAt, n });

describe('memoryRecordStore', () => {
  it('keeps the newest version of each id (ids in any case; a tie keeps the later read; no timestamp is oldest)', () => {
    const store = memoryRecordStore<ReturnType<typeof r>>();
    store.put(r('A', '2026-03-01T10:00:00Z', 1));
    store.put(r('a', '2026-03-01T09:59:59.999999Z', 2));
    store.put(r('B', undefined, 3));
    store.put(r('b', '2026-01-01T00:00:00Z', 4));
    store.put(r('A', '2026-03-01T10:00:00Z', 5));
    expect(store.size).toBe(2);
    expect(
      allRecords(store)
        .map((x) => x.n)
        .sort(),
    ).toEqual([4, 5]);
    for (const { handle, record } of store.scan()) expect(store.get(handle)).toBe(record);
    store.remove(new Set(['a']));
    expect(allRecords(store).map((x) => x.n)).toEqual([4]);
    expect(() => store.get(0)).toThrow(RangeError);
  });
});

describe('sources', () => {
  it('read an array by position, and take a store as it is', () => {
    const records = [r('A', undefined, 1), r('B', undefined, 2)];
    expect([...arraySource(records).scan()]).toEqual([
      { handle: 0, record: records[0] },
      { handle: 1, record: records[1] },
    ]);
    const store = memoryRecordStore();
    expect(sourceOf(store)).toBe(store);
    expect(sourceOf(records).get(1)).toBe(records[1]);
  });
});
