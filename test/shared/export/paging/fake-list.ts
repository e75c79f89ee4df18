// An in-memory shed list for paging tests: records in ascending (updated_at, id) as the service keeps
// them (gaps row 14), small pages, a microsecond clock, and a hook run before each page read so a
// test can change the list between reads exactly where it wants.
import type { Page } from '../../../../shared/client/paging.ts';
import type { DeletedReader, PageQuery, PageReader } from '../../../../shared/export/index.ts';
import { microsToIso, timestampMicros } from '../../../../shared/export/index.ts';

export interface Rec {
  id: string;
  updated_at: string;
  value: number;
}

export type Meta = 'total_count' | 'none_count' | 'no_meta';

export class FakeList {
  records: Rec[] = [];
  deletions: { id: string; deleted_at: string }[] = [];
  reads: PageQuery[] = [];
  private clock = 1_772_359_200_000_000n; // 2026-03-01T10:00:00Z
  beforeRead: (query: PageQuery, n: number) => void = () => {};

  constructor(
    readonly pageSize: number,
    readonly meta: Meta = 'total_count',
  ) {}

  /** The next timestamp; `same` reuses the last one (a tie). */
  stamp(same = false): string {
    if (!same) this.clock += 1n;
    return microsToIso(this.clock);
  }

  create(n: number, same = false): Rec[] {
    const made: Rec[] = [];
    for (let i = 0; i < n; i++) {
      const r = {
        id: `00000000-0000-4000-8000-${String(this.records.length + this.deletions.length + 1).padStart(12, '0')}`,
        updated_at: this.stamp(same),
        value: 0,
      };
      this.records.push(r);
      made.push(r);
    }
    this.sort();
    return made;
  }

  update(id: string): void {
    const r = this.records.find((x) => x.id === id)!;
    Object.assign(r, { updated_at: this.stamp(), value: r.value + 1 });
    this.sort();
  }

  remove(id: string): void {
    this.records = this.records.filter((x) => x.id !== id);
    this.deletions.push({ id, deleted_at: this.stamp() });
  }

  private sort(): void {
    this.records.sort((a, b) => {
      const d = timestampMicros(a.updated_at) - timestampMicros(b.updated_at);
      return d < 0n ? -1 : d > 0n ? 1 : a.id < b.id ? -1 : 1;
    });
  }

  reader: PageReader<Rec> = async (query) => {
    this.beforeRead(query, this.reads.length);
    this.reads.push(query);
    await new Promise((r) => setTimeout(r, 0));
    const after = query.updatedAfter === undefined ? null : timestampMicros(query.updatedAfter);
    const matching = this.records.filter((r) => after === null || timestampMicros(r.updated_at) > after);
    const totalPages = Math.max(1, Math.ceil(matching.length / this.pageSize));
    const slice = matching.slice((query.page - 1) * this.pageSize, query.page * this.pageSize).map((r) => ({ ...r }));
    const page: Page<Rec> = {
      records: slice,
      totalPages: this.meta === 'no_meta' ? null : totalPages,
      totalCount: this.meta === 'total_count' ? matching.length : null,
      pageSize: this.meta === 'no_meta' ? null : this.pageSize,
    };
    return page;
  };

  deleted: DeletedReader = async ({ deletedAfter, ids }) => {
    const after = deletedAfter === undefined ? null : timestampMicros(deletedAfter);
    return this.deletions.filter(
      (d) => (after === null || timestampMicros(d.deleted_at) > after) && (ids === undefined || ids.includes(d.id)),
    );
  };
}
