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
 * - a catch-up read, `updated_after` = the newest `updated_at` read, finds records (changed since);
 *   not asked after a list answered whole in one page with room to spare (project row 30).
 * Then the pass is run again (at most `maxPasses` in all), merged by id keeping the newest version.
 * When `meta` carries no count, a pass cannot be checked against one: two passes must then agree.
 * When there is no `meta` at all, pages are read one after another until an empty one.
 * If no pass comes out clean (records keep changing), a sequential cursor walk finishes the job
 * (cursor-walk.ts): it pages by `updated_after`, which shifts cannot fool, since records only ever
 * move to the end. Last, records the deleted endpoint reports deleted are dropped (deletions.ts).
 */
import { PAGE_CONCURRENCY } from '../../client/concurrency.ts';
import { listAll, type Page } from '../../client/paging.ts';
import type { Included } from '../../schemas/resources.ts';
import { ONE_PAGE_IS_ONE_MOMENT } from '../../service/gaps.ts';
import { walkByCursor } from './cursor-walk.ts';
import { deletedIdsAmong } from './deletions.ts';
import type { DeletedReader, PageReader } from './page-source.ts';
import { memoryRecordStore, versionOf, type RecordStore, type Versioned } from './record-store.ts';
import { microsToIso } from './timestamps.ts';

export type { Versioned } from './record-store.ts';

/** What was noticed during a pass. */
export type ChangeSignal = 'totals_differ' | 'duplicate' | 'count_mismatch' | 'catch_up' | 'passes_differ';

/** Options of {@link fetchConsistent}. */
export interface ConsistentOptions<T extends Versioned = Versioned> {
  /** `--since`: only records changed after this ISO 8601 instant. */
  updatedAfter?: string;
  /** Pages fetched at once after page 1; default {@link PAGE_CONCURRENCY}. */
  pageConcurrency?: number;
  /** Parallel passes at most before the cursor walk; default 3. */
  maxPasses?: number;
  /** Deletion records of the same resource; without it, nothing is dropped at the end. */
  deleted?: DeletedReader;
  /** Called after each page read, with the pages read so far and the pages known so far (all passes). */
  onPage?: (read: number, known: number) => void;
  /** Where the records go as each page arrives (default: in memory); the result reads them from it. */
  store?: RecordStore<T>;
  signal?: AbortSignal;
}

/** Every record once, with what it took. */
export interface ConsistentList<T> {
  /** The records, newest version of each, deleted ones dropped: read them by handle. */
  store: RecordStore<T & Versioned>;
  /** The same records in `updated_at` order (then id), all at once: for lists small enough to hold. */
  readonly records: T[];
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
 * module comment). Each page's records go into the store as the page arrives; no pass holds pages.
 * Rejects with whatever `read` or `deleted` rejects with (the client's typed errors).
 */
export async function fetchConsistent<T extends Versioned>(
  read: PageReader<T>,
  options: ConsistentOptions<T> = {},
): Promise<ConsistentList<T>> {
  const store = options.store ?? memoryRecordStore<T>();
  const included: Included = {};
  const include = (page: Page<T>) => {
    for (const [plural, objects] of Object.entries(page.included ?? {}))
      Object.assign((included[plural] ??= {}), objects);
  };
  const keep = (page: Page<T>) => {
    for (const record of page.records) store.put(record);
    include(page);
  };
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
    const pass = await parallelPass(counted, { store, include, keep }, options, progress);
    if (pass.signals.length === 0 && (pass.checkedByCount || pass.fingerprint === previous)) {
      clean = true;
    } else if (pass.signals.length === 0 && previous !== null) {
      changes.push('passes_differ');
    }
    changes.push(...pass.signals);
    previous = pass.fingerprint;
  }
  if (!clean)
    for (const page of await walkByCursor(counted, { updatedAfter: options.updatedAfter, signal: options.signal }))
      keep(page);
  const gone = options.deleted
    ? await deletedIdsAmong([...store.versions()], options.deleted, options.signal)
    : new Set<string>();
  store.remove(gone);
  return {
    store,
    get records() {
      return inVersionOrder(store);
    },
    included,
    passes,
    walked: !clean,
    changes,
    removed: gone.size,
  };
}

/** The store's records in `updated_at` order, then id. */
function inVersionOrder<T extends Versioned>(store: RecordStore<T>): T[] {
  return Array.from(store.scan(), ({ record }) => ({ record, version: versionOf(record) }))
    .sort((a, b) => {
      const d = a.version - b.version;
      return d < 0n ? -1 : d > 0n ? 1 : a.record.id < b.record.id ? -1 : a.record.id > b.record.id ? 1 : 0;
    })
    .map(({ record }) => record);
}

interface PassResult {
  signals: ChangeSignal[];
  /** Whether every page carried a count, so the pass could be checked against it. */
  checkedByCount: boolean;
  /** The ids and versions read, sorted (only when a page had no count): two passes agree when these are equal. */
  fingerprint: string;
}

/** Where a pass puts what it reads: the store, and the pages' sideloads. */
interface PassSink<T extends Versioned> {
  store: RecordStore<T>;
  /** Merges a page's `included` maps. */
  include(page: Page<T>): void;
  /** Both, for a whole page. */
  keep(page: Page<T>): void;
}

/**
 * One parallel pass (the client's `listAll`), watching each page and putting its records in the
 * store (pages go on to `listAll` empty, so the pass holds none), then one catch-up read.
 */
async function parallelPass<T extends Versioned>(
  read: PageReader<T>,
  sink: PassSink<T>,
  options: ConsistentOptions<T>,
  progress: { known: number; read: number },
): Promise<PassResult> {
  const seen = new Set<string>();
  const counts = new Set<number | null>();
  const totalPages = new Set<number | null>();
  // The ids and versions, kept only while pages come without a count (a fingerprint is needed then).
  const versions: string[] = [];
  let duplicate = false;
  let newest = -1n;
  // What each page answered (not its records): whether the list came whole in one page.
  const answered: PageShape[] = [];
  const base = progress.read;
  const fetchPage = async (page: number, signal: AbortSignal): Promise<Page<T>> => {
    const result = await read({ page, updatedAfter: options.updatedAfter, signal });
    answered.push({ records: result.records.length, totalPages: result.totalPages, pageSize: result.pageSize ?? null });
    progress.known = Math.max(progress.known, base + (result.totalPages ?? page + 1) + 1);
    counts.add(result.totalCount);
    totalPages.add(result.totalPages);
    for (const record of result.records) {
      const id = record.id.toLowerCase();
      if (seen.has(id)) duplicate = true;
      seen.add(id);
      const version = versionOf(record);
      if (version > newest) newest = version;
      if (result.totalCount === null) versions.push(`${id}@${record.updated_at ?? ''}`);
      sink.store.put(record, version);
    }
    sink.include(result);
    // Without `meta` the number of pages is unknown: read on, one page more, until one is empty.
    const totalPagesNow = result.totalPages === null && result.records.length > 0 ? page + 1 : result.totalPages;
    return { ...result, records: [], included: undefined, totalPages: totalPagesNow };
  };
  await listAll(fetchPage, {
    pageConcurrency: Math.max(1, options.pageConcurrency ?? PAGE_CONCURRENCY),
    signal: options.signal,
  });
  const signals: ChangeSignal[] = [];
  if (counts.size > 1 || totalPages.size > 1) signals.push('totals_differ');
  if (duplicate) signals.push('duplicate');
  const count = counts.size === 1 ? [...counts][0]! : null;
  const checkedByCount = !counts.has(null);
  if (checkedByCount && counts.size === 1 && seen.size !== count) signals.push('count_mismatch');
  if (ONE_PAGE_IS_ONE_MOMENT && signals.length === 0 && wholeInOnePage(answered, count))
    return { signals, checkedByCount, fingerprint: versions.sort().join('\n') };
  // One cheap read: anything changed after the newest record read means the list moved meanwhile.
  const after = newest >= 0n ? microsToIso(newest) : options.updatedAfter;
  const catchUp = await read({ page: 1, updatedAfter: after, signal: options.signal });
  sink.keep(catchUp);
  if (catchUp.records.length > 0) signals.push('catch_up');
  return { signals, checkedByCount, fingerprint: versions.sort().join('\n') };
}

/** What one page of a pass answered, its records left out. */
interface PageShape {
  records: number;
  totalPages: number | null;
  pageSize: number | null;
}

/**
 * Whether a pass read its list whole in one answer (project row 30): one page was read, it says it is
 * the only one, its count is its records, and it had room for more (fewer records than its page size):
 * no limit cut it, so nothing slid off it.
 */
function wholeInOnePage(answered: readonly PageShape[], count: number | null): boolean {
  if (answered.length !== 1) return false;
  const [only] = answered as [PageShape];
  return (
    only.totalPages !== null &&
    only.totalPages <= 1 &&
    count === only.records &&
    only.pageSize !== null &&
    only.records < only.pageSize
  );
}
