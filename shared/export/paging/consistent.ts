/**
 * Consistent paging for exports. A list is read page 1 first (for `total_pages`),
 * then pages 2..N in parallel (the client's `listAll`). If records change while the pages are read,
 * pages shift under the reader: an update moves a record to the end of the list (ascending
 * `updated_at`, gaps row 14), so the record after it slides onto the page before, which may have
 * been read already; a deletion does the same; a creation adds a page. {@link fetchConsistent}
 * notices this and still ends with every record exactly once.
 *
 * How change is noticed, per pass:
 * - the pages' `meta` disagree (count or `total_pages`; gaps row 21: whichever count is there);
 * - the same id came on two pages (a record that moved, or one that slid back);
 * - the distinct records read are not the count all pages reported (one slid past the reader);
 * - a catch-up read, `updated_after` = the newest `updated_at` read, finds records (changed since).
 * Then the pass is run again (at most `maxPasses` in all), merged by id keeping the newest version.
 * When `meta` carries no count, a pass cannot be checked against one: two passes must then agree.
 * When there is no `meta` at all, pages are read one after another until an empty one.
 * If no pass comes out clean (records keep changing), a sequential cursor walk finishes the job
 * (cursor-walk.ts): it pages by `updated_after`, which shifts cannot fool, since records only ever
 * move to the end. Last, records the deleted endpoint reports deleted are dropped (deletions.ts).
 */
import { listAll, type Page } from '../../client/paging.ts';
import type { Included } from '../../schemas/resources.ts';
import { walkByCursor } from './cursor-walk.ts';
import { dropDeleted } from './deletions.ts';
import type { DeletedReader, PageReader } from './page-source.ts';
import { newestUpdatedAt, timestampMicros } from './timestamps.ts';

/** A record a list returns: an id and the timestamp that orders it. */
export interface Versioned {
  id: string;
  updated_at?: string | undefined;
}

/** What was noticed during a pass. */
export type ChangeSignal = 'totals_differ' | 'duplicate' | 'count_mismatch' | 'catch_up' | 'passes_differ';

/** Options of {@link fetchConsistent}. */
export interface ConsistentOptions {
  /** `--since`: only records changed after this ISO 8601 instant. */
  updatedAfter?: string;
  /** Pages fetched at once after page 1; default 4. */
  pageConcurrency?: number;
  /** Parallel passes at most before the cursor walk; default 3. */
  maxPasses?: number;
  /** Deletion records of the same resource; without it, nothing is dropped at the end. */
  deleted?: DeletedReader;
  /** Called after each page read, with the pages read so far and the pages known so far (all passes). */
  onPage?: (read: number, known: number) => void;
  signal?: AbortSignal;
}

/** Every record once, with what it took. */
export interface ConsistentList<T> {
  records: T[];
  /** `included` maps of every page read, merged. */
  included: Included;
  /** Parallel passes run. */
  passes: number;
  /** Whether the sequential cursor walk was needed. */
  walked: boolean;
  /** What was noticed, in order (empty when the first pass was clean). */
  changes: ChangeSignal[];
  /** Records dropped because the deleted endpoint reports them deleted. */
  removed: number;
}

/**
 * Reads a whole list so that every record comes exactly once, even while others change it (see the
 * module comment). Records are returned in `updated_at` order, newest version of each.
 * Rejects with whatever `read` or `deleted` rejects with (the client's typed errors).
 */
export async function fetchConsistent<T extends Versioned>(read: PageReader<T>, options: ConsistentOptions = {}): Promise<ConsistentList<T>> {
  const store = new RecordStore<T>();
  const progress = { read: 0, known: 0 };
  const counted: PageReader<T> = async (q) => {
    const page = await read(q);
    progress.read += 1;
    progress.known = Math.max(progress.known, progress.read);
    options.onPage?.(progress.read, progress.known);
    return page;
  };
  const changes: ChangeSignal[] = [];
  const maxPasses = Math.max(1, options.maxPasses ?? 3);
  let passes = 0;
  let clean = false;
  let previous: string | null = null;
  while (!clean && passes < maxPasses) {
    passes += 1;
    const pass = await parallelPass(counted, options, progress);
    store.add(pass.pages);
    if (pass.signals.length === 0 && (pass.checkedByCount || pass.fingerprint === previous)) {
      clean = true;
    } else if (pass.signals.length === 0 && previous !== null) {
      changes.push('passes_differ');
    }
    changes.push(...pass.signals);
    previous = pass.fingerprint;
  }
  if (!clean) store.add(await walkByCursor(counted, { updatedAfter: options.updatedAfter, signal: options.signal }));
  const { kept, removed } = options.deleted ? await dropDeleted(store.records(), options.deleted, options.signal) : { kept: store.records(), removed: 0 };
  return { records: kept, included: store.included, passes, walked: !clean, changes, removed };
}

interface PassResult<T> {
  pages: Page<T>[];
  signals: ChangeSignal[];
  /** Whether every page carried a count, so the pass could be checked against it. */
  checkedByCount: boolean;
  /** The ids and versions read, sorted: two passes agree when these are equal. */
  fingerprint: string;
}

/** One parallel pass (the client's `listAll`), watching each page, then one catch-up read. */
async function parallelPass<T extends Versioned>(
  read: PageReader<T>,
  options: ConsistentOptions,
  progress: { known: number; read: number },
): Promise<PassResult<T>> {
  const pages: Page<T>[] = [];
  const seen = new Set<string>();
  let duplicate = false;
  const base = progress.read;
  const fetchPage = async (page: number, signal: AbortSignal): Promise<Page<T>> => {
    const result = await read({ page, updatedAfter: options.updatedAfter, signal });
    pages.push(result);
    progress.known = Math.max(progress.known, base + (result.totalPages ?? page + 1) + 1);
    for (const record of result.records) {
      const id = record.id.toLowerCase();
      if (seen.has(id)) duplicate = true;
      seen.add(id);
    }
    // Without `meta` the number of pages is unknown: read on, one page more, until one is empty.
    return result.totalPages === null && result.records.length > 0 ? { ...result, totalPages: page + 1 } : result;
  };
  const merged = await listAll(fetchPage, { pageConcurrency: Math.max(1, options.pageConcurrency ?? 4), signal: options.signal });
  const signals: ChangeSignal[] = [];
  const counts = new Set(pages.map((p) => p.totalCount));
  const totalPages = new Set(pages.map((p) => p.totalPages));
  if (counts.size > 1 || totalPages.size > 1) signals.push('totals_differ');
  if (duplicate) signals.push('duplicate');
  const count = pages[0]?.totalCount ?? null;
  const checkedByCount = pages.every((p) => p.totalCount !== null);
  if (checkedByCount && counts.size === 1 && merged.records.length !== count) signals.push('count_mismatch');
  // One cheap read: anything changed after the newest record read means the list moved meanwhile.
  const catchUp = await read({ page: 1, updatedAfter: newestUpdatedAt(merged.records) ?? options.updatedAfter, signal: options.signal });
  pages.push(catchUp);
  if (catchUp.records.length > 0) signals.push('catch_up');
  const fingerprint = merged.records
    .map((r) => `${r.id.toLowerCase()}@${r.updated_at ?? ''}`)
    .sort()
    .join('\n');
  return { pages, signals, checkedByCount, fingerprint };
}

/** Records by id, the newest version of each (exact microsecond order; a tie keeps the later read). */
class RecordStore<T extends Versioned> {
  private readonly byId = new Map<string, T>();
  readonly included: Included = {};

  add(pages: readonly Page<T>[]): void {
    for (const page of pages) {
      for (const record of page.records) {
        const id = record.id.toLowerCase();
        const held = this.byId.get(id);
        if (held === undefined || version(record) >= version(held)) this.byId.set(id, record);
      }
      for (const [plural, objects] of Object.entries(page.included ?? {})) Object.assign((this.included[plural] ??= {}), objects);
    }
  }

  /** Held records in `updated_at` order, then id. */
  records(): T[] {
    return [...this.byId.values()].sort((a, b) => {
      const d = version(a) - version(b);
      return d < 0n ? -1 : d > 0n ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
    });
  }
}

function version(record: Versioned): bigint {
  return record.updated_at ? timestampMicros(record.updated_at) : -1n;
}
