/**
 * The journal of an import run on disk: one JSON entry per line beside the results file, appended durably, so a
 * crash or a re-run knows what was already sent (and `shed undo` what to take back).
 */
import { constants } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { access, lstat, open, readdir, rename } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';
import type { JournalEntry, JournalSink } from '../../shared/import/engine/journal.ts';
import { journalService, parseJournal } from '../../shared/import/engine/journal.ts';
import { JournalError, fsReason } from './journal-error.ts';

/**
 * The journal beside a results file as it was named before journals were per input file:
 * `NAME.results.xlsx` → `NAME.journal.jsonl` (one JSON entry per line; see `journalPathForInput`
 * for today's name, and `adoptLegacyJournal`). It holds no token: entries carry ids, sequences, fingerprints and row numbers only.
 */
export function journalPathFor(resultsPath: string): string {
  const name = basename(resultsPath).replace(/(\.results)?\.(xlsx|csv)$/i, '');
  return join(dirname(resultsPath), `${name}.journal.jsonl`);
}

/**
 * The journal of one input file, beside its results file: the results file's name (with its sheet
 * part, for one run per sheet) and the input's extension, `march.results.xlsx` for `march.xlsx` →
 * `march.xlsx.journal.jsonl`, so `march.csv` and `march.xlsx` in one folder keep two journals and
 * `shed undo` of one never takes back the other's records. A results file imported again
 * (`march.results.xlsx`) keeps its original's journal.
 */
export function journalPathForInput(inputPath: string, resultsPath: string): string {
  const stem = basename(resultsPath).replace(/(\.results)?\.(xlsx|csv)$/i, '');
  const extension = extname(inputPath).toLowerCase().replace(/^\./, '') || 'input';
  return join(dirname(resultsPath), `${stem}.${extension}.journal.jsonl`);
}

/**
 * A journal of the earlier naming (`journalPathFor`: no extension) this input may take over: its
 * path when the input's name without extension is unambiguous in its folder (no other `NAME.xlsx`,
 * `NAME.xlsm`, `NAME.xls` or `NAME.csv` beside it), else null.
 * @param siblings the names of the files in the input's folder.
 */
export function legacyJournalFor(inputPath: string, resultsPath: string, siblings: readonly string[]): string | null {
  const name = basename(inputPath);
  const bare = (file: string) => file.replace(/\.(xlsx|xlsm|xls|csv)$/i, '');
  const stem = bare(name);
  const others = siblings.filter((f) => f !== name && f !== stem && bare(f) === stem);
  return others.length ? null : journalPathFor(resultsPath);
}

/**
 * Takes over a journal of the earlier naming (one per results file) when this input's own journal
 * does not exist yet and the old one is unambiguously this input's (`legacyJournalFor`): renamed,
 * so its entries keep counting. Returns what was done, in words, or null.
 */
export async function adoptLegacyJournal(inputPath: string, resultsPath: string): Promise<string | null> {
  const target = journalPathForInput(inputPath, resultsPath);
  if (await lstat(target).catch(() => null)) return null;
  const siblings = await readdir(dirname(inputPath)).catch(() => [] as string[]);
  const legacy = legacyJournalFor(inputPath, resultsPath, siblings);
  const found = legacy ? await lstat(legacy).catch(() => null) : null;
  if (!legacy || !found?.isFile()) return null;
  try {
    await rename(legacy, target);
  } catch (error) {
    throw new JournalError(
      'journal_unreadable',
      legacy,
      `Cannot rename the journal ${legacy} to ${target}: ${fsReason(error)}`,
      {
        cause: error,
      },
    );
  }
  return `the journal ${legacy} is now ${target} (one journal per input file)`;
}

/** Opening flags that refuse a symbolic link at the last path component (ELOOP). */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;

/**
 * Opening flag that makes each write return only once its bytes are on disk (as a write then an
 * `fdatasync`), where the platform has it (Linux, macOS): an append is then one call to the thread
 * pool, not two, which is the wait of every record sent. Elsewhere (0) each write is followed by a sync.
 */
const DURABLE_WRITES = constants.O_DSYNC ?? 0;

/** A journal as read: its complete entries. */
export interface ReadJournal {
  entries: JournalEntry[];
}

/**
 * Reads a journal without following a symbolic link; a missing file is an empty journal. A last
 * line without its line end (a crash mid-write) is left out; `FileJournal.open` removes it.
 * @throws JournalError `journal_is_link` or `journal_unreadable`.
 */
export async function readJournal(path: string): Promise<ReadJournal> {
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDONLY | NO_FOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [] };
    throw journalOpenError(path, error);
  }
  try {
    return { entries: parseJournal(await handle.readFile('utf8')).entries };
  } catch (error) {
    throw new JournalError('journal_unreadable', path, `Cannot read the journal ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    await handle.close();
  }
}

function journalOpenError(path: string, error: unknown): JournalError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ELOOP') {
    return new JournalError(
      'journal_is_link',
      path,
      `The journal ${path} is a symbolic link; shed never writes through one: remove the link or choose another --results`,
    );
  }
  return new JournalError('journal_unreadable', path, `Cannot open the journal ${path}: ${fsReason(error)}`, {
    cause: error,
  });
}

/** Truncates a journal to its last complete line; says what was removed, or null. Missing: null. */
async function repairTornTail(path: string): Promise<string | null> {
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_RDWR | NO_FOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw journalOpenError(path, error);
  }
  try {
    const { completeLength, tornTail } = parseJournal(await handle.readFile('utf8'));
    if (!tornTail) return null;
    await handle.truncate(completeLength);
    await handle.sync();
    return `the journal ${path} ended in a line cut short (a crash while writing it): removed its ${tornTail.length} characters, which recorded nothing durable`;
  } catch (error) {
    throw new JournalError(
      'journal_unreadable',
      path,
      `Cannot repair the journal ${path}: ${(error as Error).message}`,
      { cause: error },
    );
  } finally {
    await handle.close();
  }
}

interface Waiting {
  line: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** The flags the journal is appended with; {@link CREATE} added when the file is made by the first entry. */
const APPEND = constants.O_WRONLY | constants.O_APPEND | NO_FOLLOW | DURABLE_WRITES;
const CREATE = constants.O_CREAT;

/**
 * An append-only journal file. `append` resolves once the entry is on disk (written with
 * {@link DURABLE_WRITES}, or written and fsynced); entries appended while a flush is running are
 * written together by the next one in one durable write (group commit), so concurrent requests do
 * not queue behind one sync each; a write that fails rejects every entry it held.
 *
 * A journal that does not exist yet is made by its first entry, in the same durable write that
 * holds it (an intent is still on disk before its request is sent): a run that journals nothing (every
 * row unchanged or refused) leaves no empty file beside its input. Later runs and `shed undo` read a
 * missing journal as an empty one.
 */
export class FileJournal implements JournalSink {
  private waiting: Waiting[] = [];
  private flushing: Promise<void> | null = null;

  private constructor(
    /** The file appended to; null until the first entry makes it. */
    private handle: FileHandle | null,
    readonly path: string,
    /** What opening repaired: the cut-off last line removed, or null. */
    readonly repaired: string | null,
    /** The service every entry appended is stamped with (normalised), or null to leave entries as given. */
    private readonly service: string | null = null,
  ) {}

  /**
   * Opens the journal for appending, never through a symbolic link; one that does not exist yet is
   * made (mode 0600) by the first entry appended, its folder checked for writing now, so a folder
   * that cannot hold it still stops the run before anything is sent.
   * A last line cut short by a crash is removed first (truncated to the last complete line), so the
   * next entry starts on a line of its own; `repaired` then says what was removed.
   * @param options.service the base URL of the service the run writes to: every entry appended records
   *   it (normalised, `journalService`), so undo and later runs can refuse a journal of another service.
   * @throws JournalError `journal_is_link` or `journal_unreadable`.
   */
  static async open(path: string, options: { service?: string } = {}): Promise<FileJournal> {
    const repaired = await repairTornTail(path);
    const service = options.service === undefined ? null : journalService(options.service);
    try {
      return new FileJournal(await open(path, APPEND), path, repaired, service);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw journalOpenError(path, error);
    }
    try {
      await access(dirname(path), constants.W_OK | constants.X_OK);
    } catch (error) {
      throw journalOpenError(path, error);
    }
    return new FileJournal(null, path, repaired, service);
  }

  append(entry: JournalEntry): Promise<void> {
    return new Promise((resolve, reject) => {
      const stamped = this.service === null ? entry : { ...entry, service: this.service };
      this.waiting.push({ line: `${JSON.stringify(stamped)}\n`, resolve, reject });
      this.kick();
    });
  }

  private kick(): void {
    if (this.flushing) return;
    this.flushing = this.flush().finally(() => {
      this.flushing = null;
      if (this.waiting.length) this.kick();
    });
  }

  private async flush(): Promise<void> {
    const batch = this.waiting.splice(0);
    try {
      const made = this.handle === null;
      this.handle ??= await open(this.path, APPEND | CREATE, 0o600);
      await this.handle.write(batch.map((w) => w.line).join(''));
      if (DURABLE_WRITES === 0) await this.handle.sync();
      // A file just made is on disk once its folder's entry is: synced before its first entry counts as written.
      if (made) await syncFolder(dirname(this.path));
      for (const w of batch) w.resolve();
    } catch (error) {
      // A link put where the journal is to be made, after it was opened: refused (ELOOP), and said so.
      const link = (error as NodeJS.ErrnoException).code === 'ELOOP';
      const failure = link
        ? journalOpenError(this.path, error)
        : new JournalError(
            'journal_unwritable',
            this.path,
            `Cannot write the journal ${this.path}: ${fsReason(error)}. What was sent before this is journalled; make room and run the import again (it checks the service before sending anything twice)`,
            { cause: error },
          );
      for (const w of batch) w.reject(failure);
    }
  }

  /** Waits for pending entries, then closes the file (if an entry made it). */
  async close(): Promise<void> {
    while (this.flushing) await this.flushing;
    await this.handle?.close();
  }
}

/** A journal that keeps nothing, for dry runs. */
export const NO_JOURNAL: JournalSink = { append: async () => {} };

/**
 * Syncs a folder (its entries: a file just made in it) to disk. A platform that cannot open a folder
 * for it (Windows) has nothing to sync: the file's own sync stands.
 */
async function syncFolder(path: string): Promise<void> {
  const folder = await open(path, constants.O_RDONLY).catch(() => null);
  if (folder === null) return;
  try {
    await folder.sync();
  } catch {
    // Some file systems refuse a folder's sync (EINVAL): the file's own sync stands.
  } finally {
    await folder.close();
  }
}
