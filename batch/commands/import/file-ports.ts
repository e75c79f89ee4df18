/**
 * The CLI's ports of the core's one import (shared/import/ports.ts): the sheet read from the file, the mapping
 * file or a profile (with `--set`), the session opened under the journal's run lock and the lock of the input's
 * content in the organisation, the input's journal and results file (or its fallback), the terminal's progress.
 * It keeps what the summary needs afterwards (session, mapping used, reader's warnings); `close` releases the lock.
 */
import { basename, dirname, join } from 'node:path';
import type { ImportChoices, ImportPorts, OpenJournal, ResultsSink } from '../../../shared/import/import-sheet.ts';
import type { Grid } from '../../../shared/sheet/grid.ts';
import type { ColumnMapping } from '../../../shared/sheet/mapping.ts';
import type { JournalEntry } from '../../../shared/import/engine/journal.ts';
import type { SavedMapping } from '../../../shared/sheet/saved-mapping.ts';
import { cliRemedy } from '../../cli/remedy-wording.ts';
import {
  FileJournal,
  NO_JOURNAL,
  adoptLegacyJournal,
  journalPathForInput,
  readJournal,
} from '../../journal/file-journal.ts';
import { checkJournalService } from '../../journal/journal-service.ts';
import { acquireInputLock, acquireRunLock, lockDirFor, lockPathFor } from '../../journal/run-lock.ts';
import { fileSha256 } from '../../journal/file-digest.ts';
import { heapGuard, type MemoryGuard } from '../../cli/heap.ts';
import { readGrid } from '../../read/index.ts';
import { tooMuchMemory } from '../../read/limits.ts';
import { loadRecipes, recipesDir, saveRecipesOrKeep } from '../../config/recipes.ts';
import { openSession } from '../../session/open-session.ts';
import { createProgress } from '../../ui/progress.ts';
import {
  defaultResultsPath,
  preloadResults,
  type PreloadedResults,
  type ResultsFileOptions,
} from '../../write/results-file.ts';
import { ADAPTIVE_CONCURRENCY } from '../../../shared/client/concurrency.ts';
import { checkImportOptions, withSetValues, type ImportOptions } from './options.ts';
import { checkResultsPath, fallbackResultsPath, writeResultsOrFallback } from './results-output.ts';
import type { RowResult } from '../../../shared/import/outcome.ts';
import {
  einvoiceResultsPath,
  einvoiceWarnings,
  saveEmbeddedPdfs,
  withEInvoiceNotes,
  writeEInvoiceRows,
} from './einvoice.ts';
import { rowKeysOf, type RowKeys } from '../../write/results-keys.ts';
import { ResultsAhead } from './results-ahead.ts';
import { runSignal } from './run-signal.ts';
import { RESULT_COLUMNS } from '../../../shared/kinds/index.ts';

type Settings = ReturnType<typeof checkImportOptions>;

/**
 * Heap the .xlsx results writer takes per cell of the input sheet (exceljs holds the whole workbook):
 * measured 574 MB live, 886 MB peak RSS for 2.16 million cells (60,000 lines × 36 columns).
 */
const RESULTS_BYTES_PER_CELL = 400;

/** The cells of a sheet as read (each row's up to its last value). */
const cellsOf = (grid: Grid): number => grid.rows.reduce((sum, row) => sum + row.cells.length, 0);

/** One `shed import` run's files and connection, as ports for the core. */
export class FileImportRun {
  /** The results file (null for a dry run without `--results`) and its journal beside it. */
  readonly resultsFile: string | null;
  readonly journalFile: string | null;
  /** The session, once connected. */
  session: Awaited<ReturnType<typeof openSession>> | null = null;
  /** The saved mapping the run used (mapping file or profile, with `--set`). */
  saved: SavedMapping | undefined;
  /** The file's grid as read, with what only files have (the CSV's delimiter, the reader's warnings). */
  grid: Awaited<ReturnType<typeof readGrid>> | null = null;
  /** The run stopped sending because the heap went past the guard's watermark (results written). */
  memoryStopped = false;
  /** Recipe files left out (not recipes), with why. */
  recipeWarnings: string[] = [];
  /** What writing the results found for the user: the input saved during the run, results left off their rows. */
  resultsWarnings: string[] = [];
  private lock: Awaited<ReturnType<typeof acquireRunLock>> | null = null;
  /** The lock of this input's content in the organisation (any results path), while sending. */
  private inputLock: Awaited<ReturnType<typeof acquireRunLock>> | null = null;
  private readonly progress;
  private readonly memory: MemoryGuard;
  /** The results workbook made while records are sent (once the core asked for the results sink). */
  private ahead: ResultsAhead | null = null;
  /** The keys of the sheet's rows as read, for the results file's key check (set with the results sink). */
  private rowKeys: RowKeys | null = null;
  /** The journal being read under the run lock while the organisation loads (see `connect`), or null. */
  private journalRead: Promise<{ adopted: string | null; entries: JournalEntry[] }> | null = null;
  /** Aborted by the memory guard while sending: no new record starts (as Ctrl-C). */
  private readonly memoryStop = new AbortController();

  /**
   * @param mappingFile the `--mapping` file read, if any.
   * @param profileFor the profile for a sheet without a mapping file (named, or chosen by its headers).
   */
  constructor(
    private readonly options: ImportOptions,
    private readonly settings: Settings,
    private readonly mappingFile: SavedMapping | undefined,
    private readonly profileFor: (grid: Awaited<ReturnType<typeof readGrid>>) => Promise<SavedMapping | undefined>,
  ) {
    const beside = options.einvoice
      ? einvoiceResultsPath(options.file)
      : defaultResultsPath(options.file, options.sheet);
    this.resultsFile = options.dryRun && !options.results ? null : (options.results ?? beside);
    this.journalFile = this.resultsFile ? journalPathForInput(options.file, this.resultsFile) : null;
    this.progress = createProgress(options.io, options.kind);
    this.memory = options.memoryGuard ?? heapGuard(options.io.env);
  }

  /**
   * Before anything is sent: past the memory watermark, a typed refusal (exit 2; `close` releases
   * the lock). `stage` says what the run was doing.
   */
  private checkMemory(stage: string): void {
    if (this.memory.over()) throw tooMuchMemory(this.options.file, this.grid?.sheet, this.memory, stage);
  }

  /**
   * Why the .xlsx results file would take more memory than is left under the watermark (the
   * results writer holds the whole input workbook as exceljs cells, about {@link RESULTS_BYTES_PER_CELL}
   * bytes each), or null. Then the results go to the fallback CSV instead of crashing the process.
   */
  private resultsTooLarge(): string | null {
    const grid = this.grid;
    if (!grid || grid.format !== 'xlsx') return null;
    const cells = cellsOf(grid);
    const needed = cells * RESULTS_BYTES_PER_CELL;
    if (this.memory.used() + needed <= this.memory.limitBytes) return null;
    const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024).toLocaleString('en-AU')} MB`;
    return `${basename(this.options.file)}, sheet ${grid.sheet} has ${cells.toLocaleString('en-AU')} cells: copying them into a results workbook would take about ${mb(needed)}, more than the ${mb(this.memory.limitBytes)} of memory this process may use`;
  }

  /**
   * The results workbook loading from the snapshot while the records are sent (results-file.ts
   * `preloadResults`), or null: no results file, an e-invoice's (a new workbook), a CSV, or a
   * workbook whose cells would take more than a quarter of the memory left under the watermark
   * (held while sending, it must not be what stops the sending; the write then loads it at the end).
   */
  private preloadResults(): PreloadedResults | null {
    const grid = this.grid;
    if (!this.resultsFile || this.options.einvoice || !grid) return null;
    if (this.resultsTooLarge() !== null) return null;
    if (cellsOf(grid) * RESULTS_BYTES_PER_CELL * 4 > this.memory.limitBytes - this.memory.used()) return null;
    return preloadResults(this.options.file, grid.snapshot, grid.sheet, this.rowKeys ?? undefined);
  }

  /** While sending: past the watermark, no new record starts; those in flight finish and the results are written. */
  private stopSendingIfLowOnMemory(): void {
    if (this.memoryStopped || !this.memory.over()) return;
    this.memoryStopped = true;
    this.memoryStop.abort();
  }

  /** The supplier recipes folder (`--recipes-dir`, tests; else beside the config). */
  private get recipesDir(): string {
    return this.options.recipesDir ?? recipesDir(this.options.io.env);
  }
  /** Where recipes the recipes folder could not take are kept: beside the results (or the input). */
  private recipesKeepPath(): string {
    return join(
      dirname(this.resultsFile ?? this.options.file),
      `${basename(this.options.file)}.recipes-not-saved.json`,
    );
  }

  /** The ports of this run. */
  ports(): ImportPorts {
    const { options } = this;
    return {
      sheet: {
        read: async () =>
          (this.grid = options.einvoice
            ? {
                ...options.einvoice.grid,
                format: 'xlsx',
                warnings: einvoiceWarnings(options.einvoice),
                sheetNames: [],
                // Its results are a new workbook of the invoice's lines (einvoice.ts), not the XML again.
                snapshot: new Uint8Array(0),
              }
            : await readGrid(options.file, {
                ...(options.sheet ? { sheet: options.sheet } : {}),
                ...(options.maxRows ? { limits: { maxRows: options.maxRows } } : {}),
                ...(options.settleMs === undefined ? {} : { settleMs: options.settleMs }),
                memory: this.memory,
              })),
      },
      mapping: async () => {
        this.checkMemory('reading the sheet');
        return (this.saved = withSetValues(
          options.einvoice?.mapping ?? this.mappingFile ?? (await this.profileFor(this.grid!)),
          options.set,
          options.kind,
        ));
      },
      connect: (call) => this.connect(call?.signal),
      journal: ({ dryRun }) => {
        // Called once the sheet is planned, just before the first record is sent.
        this.checkMemory('checking its rows');
        return this.openJournal(dryRun);
      },
      results: ({ grid, mapping }) => this.resultsSink(grid, mapping),
      recipes: {
        load: async () => {
          const { recipes, skipped } = await loadRecipes(this.recipesDir);
          this.recipeWarnings = skipped;
          return recipes;
        },
        save: (changed) => saveRecipesOrKeep(this.recipesDir, changed, this.recipesKeepPath()),
      },
      progress: {
        records: (done, total) => {
          this.stopSendingIfLowOnMemory();
          // Once the first record is answered (the sends are under way), the results workbook loads
          // while the rest are sent: the write at the end then only writes.
          if (done > 0) this.ahead?.start(() => this.preloadResults());
          this.progress.update(done, total);
        },
      },
      words: cliRemedy,
    };
  }

  /**
   * The results sink: when every record is done (`sent`), the .xlsx results workbook is made while the
   * sweep's list is read; `finish` writes it when the final results are the same, else makes it again.
   */
  private resultsSink(grid: Grid, mapping: ColumnMapping): ResultsSink {
    const { options } = this;
    const rowKeys = rowKeysOf(grid, mapping);
    this.rowKeys = rowKeys;
    const place = {
      sheetName: grid.sheet,
      headerRowNumber: mapping.headerRowNumber,
      names: [...RESULT_COLUMNS],
      rowKeys,
    };
    const ahead = new ResultsAhead(options.einvoice ? null : place);
    this.ahead = ahead;
    const resultsOptions = (resultsFile: string, results: RowResult[]): ResultsFileOptions => ({
      inputPath: options.einvoice ? resultsFile : options.file,
      ...(this.grid && !options.einvoice ? { snapshot: this.grid.snapshot } : {}),
      rowKeys,
      outputPath: resultsFile,
      sheetName: grid.sheet,
      headerRowNumber: mapping.headerRowNumber,
      results,
      ...(this.grid?.csv ? { delimiter: this.grid.csv.delimiter } : {}),
      ...ahead.forWrite(),
    });
    return {
      add: (rows) => ahead.add(rows),
      sent: (results) => {
        // Every record is done: the results workbook is made while the sweep's list is read (an
        // e-invoice's results are made at the end, from its own rows).
        if (this.resultsFile && !options.einvoice && this.resultsTooLarge() === null)
          ahead.prepare(resultsOptions(this.resultsFile, results));
      },
      finish: async (rowResults) => {
        this.progress.stop();
        const results = await this.einvoiceResults(rowResults);
        const written = this.resultsFile
          ? await writeResultsOrFallback(
              resultsOptions(this.resultsFile, results),
              fallbackResultsPath(this.journalFile ?? this.resultsFile),
              this.resultsTooLarge(),
            )
          : { file: null, failure: null, unplaced: [], warnings: [] };
        this.resultsWarnings = written.warnings;
        return { file: written.file, failure: written.failure, moved: [], unplaced: written.unplaced };
      },
    };
  }

  /** The user's choices as the core takes them. */
  choices(): ImportChoices {
    const { options, settings } = this;
    return {
      kind: options.kind,
      dateOrder: settings.dateOrder,
      dateOrderGiven: settings.dateOrderGiven,
      timeZone: settings.timeZone,
      ...(settings.gstRate === undefined ? {} : { gstRate: settings.gstRate }),
      ...(options.skipLine ? { skipLines: options.skipLine } : {}),
      includeHidden: Boolean(options.includeHidden),
      dryRun: Boolean(options.dryRun),
      allowDuplicates: Boolean(options.allowDuplicates),
      ...(typeof options.allowDuplicates === 'string' ? { allowDuplicatesReason: options.allowDuplicates } : {}),
      force: Boolean(options.force),
      // Adaptive: the client's limit decides what is in flight; the engine only keeps enough records going.
      concurrency: settings.adaptive ? ADAPTIVE_CONCURRENCY.max : settings.concurrency,
      // Ctrl-C and the memory guard stop the run the same way: no new record, the results written.
      signal: runSignal(options.signal, this.memoryStop.signal),
    };
  }

  /**
   * An e-invoice's results: its embedded PDFs saved beside the results file, each row's Message saying
   * them and what the reader did to the row, and the rows the invoice became written as the results
   * workbook for the results to be written onto. Any other file's results are returned as they are.
   */
  private async einvoiceResults(results: RowResult[]): Promise<RowResult[]> {
    const { einvoice } = this.options;
    if (!einvoice || !this.resultsFile) return einvoice ? withEInvoiceNotes(einvoice, results, []) : results;
    // Never throws (the sink's contract): a failed write here makes the results writer fall back to its CSV.
    const pdfs = await saveEmbeddedPdfs(einvoice, this.resultsFile).catch((error: unknown) => [
      `NOT SAVED (${error instanceof Error ? error.message : String(error)})`,
    ]);
    await writeEInvoiceRows(einvoice, this.resultsFile).catch(() => undefined);
    return withEInvoiceNotes(einvoice, results, pdfs);
  }

  /** Stops the progress bar and releases the run lock. */
  async close(): Promise<void> {
    this.progress.stop();
    await this.journalRead?.catch(() => undefined); // not left reading once the lock is released
    await this.inputLock?.release();
    await this.lock?.release();
  }

  /**
   * Checks the results path, takes the run lock, opens the session (nothing sent before). Runs while
   * the sheet is read; `signal` (the sheet refused meanwhile) stops it between steps and its request.
   * The session's connection check (the organisations, a read), the input's digest and, once the run
   * lock is held, the journal's reading go at the same time as the steps before them; a step that
   * fails stops them and waits for them, and its error comes first, as when they went in turn.
   */
  private async connect(signal?: AbortSignal): Promise<NonNullable<FileImportRun['session']>> {
    const { options, settings } = this;
    const sending = Boolean(this.journalFile && !options.dryRun);
    const stop = new AbortController();
    const stopped = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
    // Every request of the run (reference data, duplicate checks, reconciliation, sends) shares one limit.
    const limit = settings.adaptive
      ? { adaptive: { initial: settings.concurrency, max: ADAPTIVE_CONCURRENCY.max } }
      : { maxInFlight: settings.concurrency };
    const opening = openSession(options, options.io, { ...options.client, ...limit }, stopped);
    const digest = sending ? fileSha256(options.file) : null;
    const pending = [opening, digest].map((p) => p?.catch(() => undefined));
    try {
      if (this.resultsFile) await checkResultsPath(this.resultsFile, options.file, Boolean(options.einvoice));
      signal?.throwIfAborted();
      // Taken before the service's records are read: a run that starts when another ends must see its records.
      if (sending && this.journalFile) {
        this.lock = await acquireRunLock(
          lockPathFor(this.journalFile),
          `importing ${options.kind} from ${basename(options.file)}`,
        );
        this.journalRead = this.readJournalFile(false);
        this.journalRead.catch(() => undefined); // thrown where the journal is opened
      }
      this.session = await opening;
      signal?.throwIfAborted();
    } catch (error) {
      stop.abort();
      await Promise.all(pending);
      throw error;
    }
    if (digest) {
      // One run at a time of these bytes into this organisation, whatever the results path.
      this.inputLock = await acquireInputLock(
        lockDirFor(options.io.env),
        this.session.connection.baseUrl,
        this.session.organisation.id,
        await digest,
        `importing ${options.kind} from ${basename(options.file)}`,
      );
    }
    return this.session;
  }

  /** The journal's entries, a journal of the earlier naming taken over first (unless a dry run). */
  private async readJournalFile(dryRun: boolean): Promise<{ adopted: string | null; entries: JournalEntry[] }> {
    const { journalFile } = this;
    const adopted =
      journalFile && this.resultsFile && !dryRun ? await adoptLegacyJournal(this.options.file, this.resultsFile) : null;
    const { entries } = journalFile ? await readJournal(journalFile) : { entries: [] };
    return { adopted, entries };
  }

  /** The journal beside the results file: its entries, and (unless a dry run) the file appended to. */
  private async openJournal(dryRun: boolean): Promise<OpenJournal> {
    const { journalFile } = this;
    // Read while the organisation loaded (connect), under the run lock; else now.
    const { adopted, entries } = await (this.journalRead ?? this.readJournalFile(dryRun));
    const service = this.session?.connection.baseUrl;
    // A journal of another service (organisation ids may match) would skip or adopt that service's records.
    const unchecked =
      journalFile && service !== undefined ? checkJournalService(journalFile, entries, service, 'import') : null;
    const sink =
      journalFile && !dryRun ? await FileJournal.open(journalFile, service === undefined ? {} : { service }) : null;
    const repaired = [adopted, sink?.repaired, unchecked].filter(Boolean).join('; ') || null;
    const sourceSha256 = this.options.einvoice?.sha256;
    // An e-invoice's entries carry its document's hash: the journal says which document each record came from.
    const recorded =
      sink && sourceSha256 ? { append: (entry: JournalEntry) => sink.append({ ...entry, sourceSha256 }) } : sink;
    return { entries, sink: recorded ?? NO_JOURNAL, repaired, close: async () => sink?.close() };
  }
}
