/**
 * The small interfaces an import runs over (shared/import/import-sheet.ts): the sheet, the saved
 * mapping, the connection, the journal, the results and progress. The CLI implements them over
 * files and the terminal (batch/commands/import/), the task pane over Excel, IndexedDB and its
 * screen (addin/app/); the sequence and every rule stay in the core.
 */
import type { OrgClient, ServiceClient } from '../client/index.ts';
import type { RemedyWording } from '../errors/remedy.ts';
import type { Organisation } from '../schemas/resources.ts';
import type { Grid } from '../sheet/grid.ts';
import type { ColumnMapping } from '../sheet/mapping.ts';
import type { SavedMapping } from '../sheet/saved-mapping.ts';
import type { SupplierRecipe } from '../suppliers/recipe.ts';
import type { JournalEntry, JournalSink } from './engine/journal.ts';
import type { RowResult } from './outcome.ts';

/** The sheet to import, read once into a snapshot (the grid every step works on). */
export interface SheetSource {
  /**
   * Reads the sheet. `onProgress` is called with the rows read so far where the face can count them.
   * @throws the face's typed errors (InputFileError, WorkbookError): nothing is sent.
   */
  read(options: { signal?: AbortSignal; onProgress?(rows: number): void }): Promise<Grid>;
}

/** An open connection to one organisation of the service: the organisation, its calls, and the client's HTTP layer (for paging a list one page at a time). */
export interface ImportConnection {
  organisation: Organisation;
  org: OrgClient;
  client: Pick<ServiceClient, 'http'>;
}

/** A journal opened for one run: earlier runs' entries, and where this run's go. */
export interface OpenJournal {
  /** Entries of earlier runs of this import (the same input), oldest first. */
  entries: readonly JournalEntry[];
  /** Where this run's `intent` and `created` entries go (resolves once durable). */
  sink: JournalSink;
  /** A line the journal had to repair on opening (a crash cut it short), said as a warning. */
  repaired?: string | null;
  /** Flushes and releases the journal; called once, after the last result. */
  close(): Promise<void>;
}

/** How a run opens its journal: read only for a dry run; `label` names the record of a create's rows. */
export interface JournalOptions {
  dryRun: boolean;
  /** How messages name the record made from these sheet rows (`invoice INV-40390`), for a face that keeps it with the entry. */
  label?(rowNumbers: readonly number[]): string;
}

/** The sheet and mapping a run's results belong to: row numbers are the grid's, as read at the start. */
export interface ResultsContext {
  grid: Grid;
  mapping: ColumnMapping;
  dryRun: boolean;
}

/** Where a run's results went, as the face's sink reports it. */
export interface ResultsPlaced {
  /** The file or sheet that holds them (the CLI's results file or its fallback); null when none. */
  file: string | null;
  /** Why the results could not be written where wanted (the ids are then in `file`, a fallback), or null. */
  failure: string | null;
  /** Rows whose results followed them to another row number (inserted or sorted rows): from → to. */
  moved: { from: number; to: number }[];
  /** Rows (as read) whose results could not be placed: the row changed or is gone; the journal keeps their ids. */
  unplaced: number[];
}

/** Where a run's results go: each record's rows as they are known (optional), then the final word. */
export interface ResultsSink {
  /** One record's rows, as soon as its outcome is known (the pane writes them while the rest is sent). */
  add?(results: RowResult[]): void;
  /**
   * Every row's result once every record is done, before the sweep after the last create (which may
   * add notes of copies made by others): a face may start writing them while the sweep's list is
   * read. `finish`'s are still the final word (the face checks they are the same before keeping that work).
   */
  sent?(results: RowResult[]): void;
  /**
   * Every row's result, the run's last word (remedies worded, the sheet's own ids kept; a dry run's
   * carry no new id). Never throws for a write that failed: it reports it in `failure`.
   */
  finish(results: RowResult[]): Promise<ResultsPlaced>;
}

/** The steps of an import, in order, as progress names them. */
export type ImportPhase = 'reading' | 'connecting' | 'checking' | 'sending' | 'writing';

/** What the face shows while an import runs. */
export interface ImportProgress {
  phase?(phase: ImportPhase): void;
  /** Sheet rows read so far, while reading. */
  rowsRead?(rows: number): void;
  /** Records done of those to send (or, for a dry run, to decide). */
  records?(done: number, total: number): void;
}

/**
 * Where a face keeps its supplier recipes (the CLI: a folder of JSON files; the pane: its own copy).
 * `save` writes the recipes a run changed, each keeping its previous version (an edit can be undone),
 * and says where, in the face's words.
 */
export interface RecipePort {
  load(): Promise<SupplierRecipe[]>;
  save(changed: readonly SupplierRecipe[]): Promise<string>;
}

/**
 * Everything a face supplies to {@link importSheet}: the ports and its words for remedies.
 * - `mapping`: the saved mapping for this sheet (a mapping file, a profile, the workbook's own), or undefined.
 * - `connect`: opens the connection; the CLI takes its run lock here, after checking the results path.
 *   Called as the run starts, while the sheet is read and mapped (only reads follow it before the
 *   plan); `signal` aborts when the sheet is refused meanwhile: stop and reject soon (the run then
 *   throws the sheet's error, not this one).
 * - `journal`: opens the journal of this input (`dryRun`: read only).
 * - `results`: the sink for this run's results, given the sheet and mapping.
 * - `recipes`: the supplier recipes (none when absent).
 */
export interface ImportPorts {
  sheet: SheetSource;
  mapping?(grid: Grid): Promise<SavedMapping | undefined> | SavedMapping | undefined;
  connect(options?: { signal?: AbortSignal }): Promise<ImportConnection>;
  journal(options: JournalOptions): Promise<OpenJournal>;
  results(context: ResultsContext): ResultsSink;
  /** The supplier recipes: applied to the sheet's invoices, and taught by its corrections. */
  recipes?: RecipePort;
  progress?: ImportProgress;
  /** The face's words for the core's remedies (its flags, or its controls). */
  words: RemedyWording;
}
