/**
 * The task pane's import journal (shared/import/engine/journal.ts): what each run is about to create
 * and what it created, so a run after a lost answer, a closed pane or a crash adopts those records
 * instead of sending them again and writes their ids onto their rows. Kept in the browser's
 * IndexedDB under the workbook's identity (a GUID kept in the workbook's settings, so two workbooks
 * of the same file name never share a journal, and a renamed one keeps its own), so it survives
 * closing the pane; in memory where IndexedDB is not there (or refuses), which still covers one
 * session. Each run is recorded too: the rows whose results are in the sheet, and whether all are,
 * so reopening the pane can name the records of an interrupted run; finished runs older than
 * {@link KEEP_FINISHED_DAYS} days are pruned when the journal is opened.
 */
import type { JournalEntry, JournalSink } from '../../shared/import/engine/journal.ts';
import type { ImportKind } from '../../shared/kinds/index.ts';
import {
  expiredRuns,
  unfinishedRuns,
  type ReadingChoices,
  type RunRecord,
  type StoredEntry,
  type UnfinishedRun,
} from './journal-runs.ts';

export {
  KEEP_FINISHED_DAYS,
  expiredRuns,
  unfinishedRuns,
  type ReadingChoices,
  type RunRecord,
  type StoredEntry,
  type UnfinishedRun,
} from './journal-runs.ts';

/** A journal of the pane: the entries recorded so far (this workbook's), where new ones go, and its runs. */
export interface PaneJournal extends JournalSink {
  readonly entries: JournalEntry[];
  /** `indexeddb` when entries survive closing the pane, `memory` when they last the session only. */
  readonly kept: 'indexeddb' | 'memory';
  /** Records an entry of the current run; `label` names its record for a later notice (`invoice INV-1`). */
  append(entry: JournalEntry, label?: string): Promise<void>;
  /**
   * Starts a run (not a dry run) of one sheet: entries appended from now on belong to it; `reading`:
   * the choices it reads the sheet with, kept for "Finish it"; `einvoice`: the number of the e-invoice it
   * imports (E-invoices tab), when it imports one rather than a sheet.
   */
  beginRun(run: { sheet: string; kind: ImportKind; reading?: ReadingChoices; einvoice?: string }): Promise<void>;
  /** Rows (1-based, as the run read them) of the current run whose results are now in the sheet. */
  placed(rowNumbers: readonly number[]): Promise<void>;
  /**
   * Ends the current run. `complete`: every result is in the sheet, so it and earlier unfinished runs of
   * its sheet and kind are finished; otherwise it stays unfinished (its records are named by {@link unfinished}).
   */
  endRun(complete: boolean): Promise<void>;
  /** Runs whose records (sent, or being sent when they stopped) do not all have their results in the sheet, oldest first. */
  unfinished(): UnfinishedRun[];
}

/** The journal's logic over entries and runs in memory; `keep` makes a change durable (resolves once it is). */
class Journal implements PaneJournal {
  readonly entries: JournalEntry[];
  private current: RunRecord | null = null;

  constructor(
    readonly kept: 'indexeddb' | 'memory',
    private readonly workbook: string,
    private readonly stored: StoredEntry[],
    private readonly runs: RunRecord[],
    private readonly keep: { entry(stored: StoredEntry): Promise<void>; run(run: RunRecord): Promise<void> },
  ) {
    this.entries = stored.map((s) => s.entry);
  }

  async append(entry: JournalEntry, label?: string): Promise<void> {
    const stored: StoredEntry = {
      workbook: this.workbook,
      entry,
      ...(this.current ? { run: this.current.id } : {}),
      ...(label ? { label } : {}),
    };
    await this.keep.entry(stored);
    this.stored.push(stored);
    this.entries.push(entry);
  }

  async beginRun(run: { sheet: string; kind: ImportKind; reading?: ReadingChoices; einvoice?: string }): Promise<void> {
    const record: RunRecord = {
      id: crypto.randomUUID(),
      workbook: this.workbook,
      ...run,
      started: new Date().toISOString(),
      finished: null,
      placed: [],
    };
    await this.keep.run(record);
    this.runs.push(record);
    this.current = record;
  }

  async placed(rowNumbers: readonly number[]): Promise<void> {
    const run = this.current;
    if (!run || rowNumbers.length === 0) return;
    const updated = { ...run, placed: [...new Set([...run.placed, ...rowNumbers])] };
    await this.keep.run(updated);
    this.replace(updated);
  }

  async endRun(complete: boolean): Promise<void> {
    const run = this.current;
    this.current = null;
    if (!run || !complete) return;
    const finished = new Date().toISOString();
    // The run adopted the records of earlier interrupted runs of this sheet and wrote their ids: those are done too.
    for (const other of this.runs.filter((r) => r.finished === null && r.sheet === run.sheet && r.kind === run.kind)) {
      const updated = { ...other, finished };
      await this.keep.run(updated);
      this.replace(updated);
    }
  }

  unfinished(): UnfinishedRun[] {
    return unfinishedRuns(
      this.runs.filter((r) => r.id !== this.current?.id),
      this.stored,
    );
  }

  private replace(run: RunRecord): void {
    const i = this.runs.findIndex((r) => r.id === run.id);
    if (i >= 0) this.runs[i] = run;
    if (this.current?.id === run.id) this.current = run;
  }
}

/** A journal in memory: one session of the pane. */
export class SessionJournal extends Journal {
  constructor(workbook = '') {
    super('memory', workbook, [], [], { entry: async () => {}, run: async () => {} });
  }
}

const DB_NAME = 'shed-sheets';
const DB_VERSION = 2;
const ENTRIES = 'journal';
const RUNS = 'runs';
const BY_WORKBOOK = 'workbook';
const BY_RUN = 'run';

/**
 * The journal of `workbook` (its identity) in IndexedDB (`factory`: `window.indexedDB`), its earlier
 * entries and runs loaded, after pruning every workbook's runs finished more than
 * {@link KEEP_FINISHED_DAYS} days before `now` (and their entries). Each change resolves when its
 * transaction has committed. Falls back to a {@link SessionJournal} when the database cannot be
 * opened (private mode, blocked by policy).
 */
export async function openPaneJournal(
  factory: IDBFactory | undefined,
  workbook: string,
  now: Date = new Date(),
): Promise<PaneJournal> {
  if (!factory) return new SessionJournal(workbook);
  try {
    const db = await openDatabase(factory);
    await pruneRuns(db, now);
    const [stored, runs] = await Promise.all([
      getAll<StoredEntry>(db, ENTRIES, workbook),
      getAll<RunRecord>(db, RUNS, workbook),
    ]);
    return new Journal('indexeddb', workbook, stored, runs, {
      entry: (record) => write(db, [ENTRIES], (tx) => void tx.objectStore(ENTRIES).add(record)),
      run: (record) => write(db, [RUNS], (tx) => void tx.objectStore(RUNS).put(record)),
    });
  } catch {
    return new SessionJournal(workbook);
  }
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = (event) => {
      const db = request.result;
      // Version 1 had the entries only, by workbook file name (kept: a run before the upgrade still finds them by name).
      const entries =
        event.oldVersion < 1
          ? db.createObjectStore(ENTRIES, { autoIncrement: true })
          : request.transaction!.objectStore(ENTRIES);
      if (event.oldVersion < 1) entries.createIndex(BY_WORKBOOK, 'workbook');
      if (event.oldVersion < 2) {
        entries.createIndex(BY_RUN, 'run');
        db.createObjectStore(RUNS, { keyPath: 'id' }).createIndex(BY_WORKBOOK, 'workbook');
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab of the add-in'));
  });
}

/** Every record of `store` that belongs to `workbook`, in the order they were added. */
function getAll<T>(db: IDBDatabase, store: string, workbook: string): Promise<T[]> {
  return new Promise((resolve, reject) => {
    const request = db.transaction(store, 'readonly').objectStore(store).index(BY_WORKBOOK).getAll(workbook);
    request.onsuccess = () => resolve(request.result as T[]);
    request.onerror = () => reject(request.error ?? new Error('the journal could not be read'));
  });
}

/** Runs `work` in one read-write transaction, durable: resolves once it has committed. */
function write(db: IDBDatabase, stores: string[], work: (tx: IDBTransaction) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const tx = db.transaction(stores, 'readwrite', { durability: 'strict' });
    work(tx);
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('the journal could not be written'));
    tx.onabort = () => reject(tx.error ?? new Error('the journal write was aborted'));
  });
}

/** Deletes the runs (of every workbook) finished long enough ago, with their entries. */
async function pruneRuns(db: IDBDatabase, now: Date): Promise<void> {
  const all = await new Promise<RunRecord[]>((resolve, reject) => {
    const request = db.transaction(RUNS, 'readonly').objectStore(RUNS).getAll();
    request.onsuccess = () => resolve(request.result as RunRecord[]);
    request.onerror = () => reject(request.error ?? new Error('the journal could not be read'));
  });
  const expired = expiredRuns(all, now);
  if (expired.length === 0) return;
  await write(db, [RUNS, ENTRIES], (tx) => {
    const entries = tx.objectStore(ENTRIES).index(BY_RUN);
    for (const run of expired) {
      tx.objectStore(RUNS).delete(run.id);
      entries.openKeyCursor(IDBKeyRange.only(run.id)).onsuccess = (event) => {
        const cursor = (event.target as IDBRequest<IDBCursor | null>).result;
        if (!cursor) return;
        tx.objectStore(ENTRIES).delete(cursor.primaryKey);
        cursor.continue();
      };
    }
  });
}
