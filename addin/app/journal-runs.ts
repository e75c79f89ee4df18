/**
 * The pane journal's runs as data (pane-journal.ts keeps them in IndexedDB): which runs were
 * interrupted before every result reached the sheet, naming their records, and which finished runs
 * are old enough to prune. Pure functions.
 */
import type { JournalEntry } from '../../shared/import/engine/journal.ts';
import type { ImportKind } from '../../shared/kinds/index.ts';
import type { DateOrder } from '../../shared/sheet/values/index.ts';

/** Days a finished run's entries are kept (an unfinished run's are kept until it is finished). */
export const KEEP_FINISHED_DAYS = 90;

/**
 * The reading choices an import run was made with, kept with its run so "Finish it" reads and sends
 * the rest the same way (the screen's ticks live in memory only, and are lost when the pane closes).
 */
export interface ReadingChoices {
  /**
   * The GST rate the prices include (decimal string such as '0.1'), null when they were said not to,
   * absent when nothing was said (a supplier's recipe decided).
   */
  gstRate?: string | null;
  includeHidden: boolean;
  allowDuplicates: boolean;
  /** The order ambiguous dates were read in, and whether it was chosen (not the locale's default). */
  dateOrder: DateOrder;
  dateOrderGiven: boolean;
  /** The IANA zone of dates without a time. */
  timeZone: string;
}

/** One import run (not a dry run) of one sheet of a workbook. */
export interface RunRecord {
  /** A random id (`crypto.randomUUID()`). */
  id: string;
  /** The workbook's identity (its settings GUID). */
  workbook: string;
  sheet: string;
  kind: ImportKind;
  /** ISO 8601 times: started, and finished (every result in the sheet) or null. */
  started: string;
  finished: string | null;
  /** Rows (as the run read them) whose results are in the sheet. */
  placed: number[];
  /** How the run read the sheet; absent in runs recorded before it was kept. */
  reading?: ReadingChoices;
  /** The e-invoice's number when the run imported an e-invoice (E-invoices tab), not a sheet of the workbook. */
  einvoice?: string;
}

/** One journal entry as kept: its workbook, its run (absent before runs were recorded) and its record's name. */
export interface StoredEntry {
  workbook: string;
  run?: string;
  /** How the pane names the record: `invoice INV-40390`, `the return on row 6`. */
  label?: string;
  entry: JournalEntry;
}

/** A run whose records do not all have their results in the sheet. */
export interface UnfinishedRun {
  run: RunRecord;
  /** The records sent or being sent whose results are not in the sheet, by name, in the order sent. */
  records: string[];
}

/**
 * The runs of `runs` not finished whose creates (an `intent`, answered or not, or an adopted
 * `created`) have rows without results in the sheet, each with those records' names; runs with
 * none (stopped before sending) are left out.
 */
export function unfinishedRuns(runs: readonly RunRecord[], stored: readonly StoredEntry[]): UnfinishedRun[] {
  return runs
    .filter((run) => run.finished === null)
    .flatMap((run) => {
      const placed = new Set(run.placed);
      const records = new Set<string>();
      for (const s of stored) {
        if (s.run !== run.id || (s.entry.type !== 'intent' && s.entry.type !== 'created')) continue;
        if (s.entry.rowNumbers.every((n) => placed.has(n))) continue;
        records.add(s.label ?? `the record of row ${s.entry.rowNumbers[0] ?? '?'}`);
      }
      return records.size === 0 ? [] : [{ run, records: [...records] }];
    })
    .sort((a, b) => a.run.started.localeCompare(b.run.started));
}

/** The runs finished more than {@link KEEP_FINISHED_DAYS} days before `now`. */
export function expiredRuns(runs: readonly RunRecord[], now: Date, days = KEEP_FINISHED_DAYS): RunRecord[] {
  const cutoff = now.getTime() - days * 86_400_000;
  return runs.filter((run) => run.finished !== null && Date.parse(run.finished) < cutoff);
}
