/**
 * The task pane's import journal (shared/import/engine/journal.ts): what each run is about to create
 * and what it created, so a run after a lost answer, a closed pane or a crash adopts those records
 * instead of sending them again and writes their ids onto their rows. Kept in the browser's
 * IndexedDB under the workbook's name, so it survives closing the pane; in memory where IndexedDB is
 * not there (or refuses), which still covers one session.
 */
import type { JournalEntry, JournalSink } from '../../shared/import/engine/journal.ts';

/** A journal of the pane: the entries recorded so far (this workbook's), and where new ones go. */
export interface PaneJournal extends JournalSink {
  readonly entries: JournalEntry[];
  /** `indexeddb` when entries survive closing the pane, `memory` when they last the session only. */
  readonly kept: 'indexeddb' | 'memory';
}

/** A journal in memory: one session of the pane. */
export class SessionJournal implements PaneJournal {
  readonly entries: JournalEntry[] = [];
  readonly kept = 'memory' as const;
  async append(entry: JournalEntry): Promise<void> {
    this.entries.push(entry);
  }
}

const DB_NAME = 'shed-sheets';
const STORE = 'journal';
const BY_WORKBOOK = 'workbook';

/** One stored entry: the workbook it belongs to, and the entry. */
interface StoredEntry {
  workbook: string;
  entry: JournalEntry;
}

/**
 * The journal of `workbook` in IndexedDB (`factory`: `window.indexedDB`), its earlier entries
 * loaded; each append resolves when its transaction has committed. Falls back to a
 * {@link SessionJournal} when the database cannot be opened (private mode, blocked by policy).
 */
export async function openPaneJournal(factory: IDBFactory | undefined, workbook: string): Promise<PaneJournal> {
  if (!factory) return new SessionJournal();
  try {
    const db = await openDatabase(factory);
    const entries = await loadEntries(db, workbook);
    return new IndexedDbJournal(db, workbook, entries);
  } catch {
    return new SessionJournal();
  }
}

class IndexedDbJournal implements PaneJournal {
  readonly kept = 'indexeddb' as const;
  constructor(
    private readonly db: IDBDatabase,
    private readonly workbook: string,
    readonly entries: JournalEntry[],
  ) {}

  async append(entry: JournalEntry): Promise<void> {
    const record: StoredEntry = { workbook: this.workbook, entry };
    await new Promise<void>((resolve, reject) => {
      // Durable: the add's transaction is awaited to its commit before the engine goes on.
      const tx = this.db.transaction(STORE, 'readwrite', { durability: 'strict' });
      tx.objectStore(STORE).add(record);
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('the journal could not be written'));
      tx.onabort = () => reject(tx.error ?? new Error('the journal write was aborted'));
    });
    this.entries.push(entry);
  }
}

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, { autoIncrement: true });
      store.createIndex(BY_WORKBOOK, 'workbook');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab of the add-in'));
  });
}

function loadEntries(db: IDBDatabase, workbook: string): Promise<JournalEntry[]> {
  return new Promise((resolve, reject) => {
    const request = db.transaction(STORE, 'readonly').objectStore(STORE).index(BY_WORKBOOK).getAll(workbook);
    request.onsuccess = () => resolve((request.result as StoredEntry[]).map((r) => r.entry));
    request.onerror = () => reject(request.error ?? new Error('the journal could not be read'));
  });
}
