import type { FileHandle } from 'node:fs/promises';
import { open, readFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { JournalEntry, JournalSink } from '../../shared/import/engine/journal.ts';
import { parseJournal } from '../../shared/import/engine/journal.ts';

/**
 * The journal beside a results file: `NAME.results.xlsx` → `NAME.journal.jsonl` (one JSON entry per
 * line). It holds no token: entries carry ids, sequences, fingerprints and row numbers only.
 */
export function journalPathFor(resultsPath: string): string {
  const name = basename(resultsPath).replace(/(\.results)?\.(xlsx|csv)$/i, '');
  return join(dirname(resultsPath), `${name}.journal.jsonl`);
}

/** Reads a journal; a missing file is an empty journal. */
export async function readJournal(path: string): Promise<JournalEntry[]> {
  try {
    return parseJournal(await readFile(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

interface Waiting {
  line: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * An append-only journal file. `append` resolves once the entry is on disk (written and fsynced);
 * entries appended while a flush is running are written together by the next one (group commit),
 * so concurrent requests do not queue behind one fsync each.
 */
export class FileJournal implements JournalSink {
  private waiting: Waiting[] = [];
  private flushing: Promise<void> | null = null;

  private constructor(
    private readonly handle: FileHandle,
    readonly path: string,
  ) {}

  /** Opens (creating if needed) the journal for appending. */
  static async open(path: string): Promise<FileJournal> {
    return new FileJournal(await open(path, 'a', 0o600), path);
  }

  append(entry: JournalEntry): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ line: `${JSON.stringify(entry)}\n`, resolve, reject });
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
      await this.handle.write(batch.map((w) => w.line).join(''));
      await this.handle.sync();
      for (const w of batch) w.resolve();
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }

  /** Waits for pending entries, then closes the file. */
  async close(): Promise<void> {
    while (this.flushing) await this.flushing;
    await this.handle.close();
  }
}

/** A journal that keeps nothing, for dry runs. */
export const NO_JOURNAL: JournalSink = { append: async () => {} };
