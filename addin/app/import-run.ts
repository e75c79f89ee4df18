/**
 * The Import screen's runs (addin/app/import.ts): Validate and Import of one sheet or of every sheet,
 * each through the core's one import (shared/import/import-sheet.ts) over the pane's ports (the
 * workbook's sheet, its saved mapping, the session, the workbook's journal, results placed by their
 * rows' key cells as records finish, the screen's progress), Cancel, "Place results again", and what
 * the screen says after a run.
 */
import {
  ImportCancelledError,
  NoRecordsError,
  importSheet,
  type ImportProgress,
  type ImportReport,
  type ResultsContext,
  type ResultsSink,
} from '../../shared/import/import-sheet.ts';
import type { RowResult } from '../../shared/import/outcome.ts';
import { kindOf, type KindDescriptor } from '../../shared/kinds/index.ts';
import type { Grid } from '../../shared/sheet/grid.ts';
import { MappingError } from '../../shared/sheet/mapping-error.ts';
import { headerSignature } from '../../shared/sheet/profiles.ts';
import type { SavedMapping } from '../../shared/sheet/saved-mapping.ts';
import { toMappingFile, toSavedMapping } from '../../shared/sheet/saved-mapping.ts';
import { describeError } from './errors.ts';
import type { WorkbookJournal } from './import-journal.ts';
import type { ReadingChoices } from './journal-runs.ts';
import { LINES_SHOWN, warningLines } from './import-report.ts';
import { allSheetsView, placementLines, sheetRunView, type RunView, type SheetRun } from './import-summary.ts';
import type { ImportDeps, ImportState } from './import-state.ts';
import { paneMappingProblem } from './import-steps.ts';
import { paneRemedy } from './remedy-wording.ts';
import { ResultsFeed } from './results-feed.ts';
import { ResultsPlacer } from './results-write.ts';
import type { Store } from './store.ts';
import { saveMapping } from './workbook-settings.ts';
import { DEFAULT_LOCALE, defaultDateOrder } from '../../shared/locale/locale.ts';

/** Receipts or returns being sent at most at once; the client's adaptive limit decides the requests in flight. */
export const IMPORT_CONCURRENCY = 6;

/** Least time between two writes of results while an import runs, milliseconds. */
export const RESULTS_EVERY_MS = 1_000;

/** What a run uses of the Import screen's controller: its state, ports, journal and mapping. */
export interface RunHost {
  readonly store: Store<ImportState>;
  readonly deps: ImportDeps;
  readonly journals: WorkbookJournal;
  /** The grid of the sheet the screen shows, and setting it when a run reads that sheet. */
  grid(): Grid | null;
  setGrid(grid: Grid): void;
  /** The sheet's saved mapping (or a profile); `shown`: it is the screen's sheet, and the screen says where it came from. */
  savedMappingFor(grid: Grid, shown?: boolean): Promise<SavedMapping | undefined>;
  /** Whether the screen's sheet has a saved mapping (or a profile) in use. */
  hasSavedMapping(): boolean;
  /** Maps `grid` and puts the outcome on the screen. */
  apply(grid: Grid): void;
  /**
   * The GST rate the prices include (the pane's tick), null when the tick was taken off a saved mapping
   * that said they include it, or undefined when nothing was said (a supplier's recipe may say, as in the CLI).
   */
  gstRate(): string | null | undefined;
  readingProgress(rows: number): void;
  /** Looks for an interrupted run in the journal and shows its notice. */
  checkPending(): Promise<void>;
}

/** Validate and Import runs of the Import screen; see the module comment. */
export class PaneImportRun {
  private abort: AbortController | null = null;
  private last: { report: ImportReport | null; failure: unknown } = { report: null, failure: null };
  /** The last run's results placer, kept for "Place results again". */
  private placer: ResultsPlacer | null = null;
  /** The reading choices of the interrupted run "Finish it" finishes, during that run. */
  private restored: ReadingChoices | null = null;

  constructor(private readonly host: RunHost) {}

  /** How the last run ended: the core's report (null when it stopped before sending), and the error that stopped it. */
  get lastRun(): { report: ImportReport | null; failure: unknown } {
    return this.last;
  }

  /** Stops an import: nothing new is sent; records on their way finish and are written back. */
  cancel(): void {
    if (!this.abort || this.abort.signal.aborted) return;
    this.abort.abort();
    const sending = this.host.store.get().phase === 'sending';
    this.host.store.set({
      status: {
        tone: 'info',
        text: sending
          ? 'Cancelling: no more records are sent; those on their way finish…'
          : 'Cancelling: nothing will be sent…',
      },
    });
  }

  /**
   * One Validate or Import: of the chosen sheet, or of every sheet of the workbook when `allSheets` is
   * ticked (each its own run through the core, its results on its own sheet; a sheet that does not
   * map is skipped, and said). Cancel stops the sheet under way and those after it. `restored`: the
   * reading choices of an interrupted run ("Finish it"), used instead of the screen's.
   */
  async run(dryRun: boolean, restored: ReadingChoices | null = null): Promise<void> {
    this.restored = restored;
    try {
      await this.runChosen(dryRun);
    } finally {
      this.restored = null;
    }
  }

  /** {@link run} of the chosen sheet or of every sheet. */
  private async runChosen(dryRun: boolean): Promise<void> {
    const session = this.host.deps.session();
    if (!session) {
      this.host.store.set({ status: { tone: 'error', text: 'Connect to the service first (Connect tab).' } });
      return;
    }
    // Cancel works from here on: while the sheet is read and checked, nothing is sent at all.
    const abort = new AbortController();
    this.abort = abort;
    this.host.store.set({ cancellable: true, problems: [], problemCells: [], warnings: [], resultColumns: null });
    this.last = { report: null, failure: null };
    try {
      if (this.host.store.get().allSheets) await this.runAll(dryRun, abort.signal);
      else await this.runOne(dryRun, abort.signal);
    } finally {
      this.abort = null;
      this.host.store.set({ cancellable: false });
      await this.host.checkPending();
    }
  }

  /** A run of the chosen sheet, and what the screen says after it. */
  private async runOne(dryRun: boolean, signal: AbortSignal): Promise<void> {
    const kind = kindOf(this.host.store.get().kind);
    try {
      const run = await this.runSheet(this.host.store.get().sheet, dryRun, signal);
      this.last = { report: run.report, failure: null };
      this.host.apply(run.report.grid);
      await this.keepMapping(run.report, kind, dryRun);
      this.shown(dryRun, sheetRunView(kind, run, { dryRun, cancelled: run.report.interrupted }));
    } catch (error) {
      this.last = { report: null, failure: error };
      if (error instanceof ImportCancelledError) return this.stoppedBeforeSending();
      if (error instanceof MappingError) {
        const grid = this.host.grid();
        if (grid) this.host.apply(grid);
        this.host.store.set({
          phase: 'idle',
          progress: null,
          status: { tone: 'error', text: this.host.store.get().mappingProblem ?? paneMappingProblem(error, null) },
        });
        return;
      }
      if (error instanceof NoRecordsError) {
        this.host.store.set({
          phase: 'idle',
          progress: null,
          status: { tone: 'error', text: `No ${kind.many} found below the header row.` },
        });
        return;
      }
      throw error;
    }
  }

  /** Every sheet of the workbook, one run each; those that do not map, or hold nothing to import, are skipped. */
  private async runAll(dryRun: boolean, signal: AbortSignal): Promise<void> {
    const kind = kindOf(this.host.store.get().kind);
    const runs: (SheetRun & { sheet: string })[] = [];
    const skipped: { sheet: string; reason: string }[] = [];
    for (const sheet of await this.host.deps.workbook.sheetNames()) {
      if (signal.aborted) break;
      try {
        const run = await this.runSheet(sheet, dryRun, signal);
        runs.push({ sheet, ...run });
        this.last = { report: run.report, failure: null };
        if (sheet === this.host.store.get().sheet) this.host.apply(run.report.grid);
        await this.keepMapping(run.report, kind, dryRun);
        if (run.report.interrupted) break;
      } catch (error) {
        if (error instanceof ImportCancelledError) break;
        if (error instanceof MappingError) skipped.push({ sheet, reason: describeError(error) });
        else if (error instanceof NoRecordsError)
          skipped.push({ sheet, reason: `no ${kind.many} below its header row.` });
        else throw error;
      }
    }
    if (signal.aborted && runs.length === 0) return this.stoppedBeforeSending();
    this.shown(dryRun, allSheetsView(kind, runs, skipped, { dryRun, cancelled: signal.aborted }));
  }

  /**
   * One sheet (null: the active one) through the core's import (shared/import/import-sheet.ts) over
   * the pane's ports: the sheet read from the workbook, its saved mapping (or a profile), the session,
   * the workbook's journal, the results written onto their rows as records finish, the screen's progress.
   */
  private async runSheet(sheet: string | null, dryRun: boolean, signal: AbortSignal): Promise<SheetRun> {
    const session = this.host.deps.session();
    if (!session) throw new Error('not connected');
    const kindName = this.host.store.get().kind;
    const reading = this.restored ?? this.readingChoices(sheet);
    let placer: ResultsPlacer | null = null;
    let read = sheet ?? '';
    let complete = false;
    try {
      const report = await importSheet(
        {
          sheet: {
            read: async ({ onProgress, signal: stop }) => {
              const grid = await this.host.deps.workbook
                .readSheet(sheet ?? undefined, {
                  ...(onProgress ? { onProgress } : {}),
                  ...(stop ? { signal: stop } : {}),
                })
                .catch((error: unknown) => {
                  // Cancel during the read stops it at the next chunk: nothing was sent.
                  throw stop?.aborted ? new ImportCancelledError() : error;
                });
              read = grid.sheet;
              // The sheet the screen shows keeps its grid for the mapping table (another sheet of an all-sheets run does not).
              if (sheet === null || sheet === this.host.store.get().sheet) this.host.setGrid(grid);
              return grid;
            },
          },
          mapping: (grid) => this.host.savedMappingFor(grid, grid === this.host.grid()),
          connect: async () => session,
          journal: (options) => this.host.journals.port(read, kindName, reading)(options),
          results: (run) => {
            placer = new ResultsPlacer(this.host.deps.workbook, run);
            return this.resultsSink(run, placer);
          },
          progress: this.progressOf(kindOf(kindName), dryRun),
          ...(this.host.deps.recipes ? { recipes: this.host.deps.recipes } : {}),
          words: paneRemedy,
        },
        {
          kind: kindName,
          dateOrder: reading.dateOrder,
          dateOrderGiven: reading.dateOrderGiven,
          timeZone: reading.timeZone,
          ...(reading.gstRate !== undefined ? { gstRate: reading.gstRate } : {}),
          includeHidden: reading.includeHidden,
          dryRun,
          allowDuplicates: reading.allowDuplicates,
          concurrency: IMPORT_CONCURRENCY,
          signal,
        },
      );
      complete = !dryRun && report.placed.unplaced.length === 0 && report.placed.failure === null;
      this.placer = placer;
      return { report, placer: placer! };
    } finally {
      // A run whose results are all in the sheet is finished in the journal; any other stays for "Finish it".
      await this.host.journals.ended(complete);
    }
  }

  /**
   * The reading choices of the screen for `sheet` (null: the active one), kept with an import's run
   * in the journal so "Finish it" reads the sheet the same way.
   */
  private readingChoices(sheet: string | null): ReadingChoices {
    const { allowDuplicates, includeHidden, dateOrder, dateOrderChosen, timeZone } = this.host.store.get();
    return {
      // Not chosen: the locale's order (the screen shows the same, import.ts), as the CLI's default.
      dateOrder: dateOrderChosen ? dateOrder : defaultDateOrder(this.host.deps.locale?.() ?? DEFAULT_LOCALE),
      dateOrderGiven: dateOrderChosen,
      timeZone,
      // The GST tick is the shown sheet's; another sheet of an all-sheets run reads as its own saved mapping says.
      ...(sheet === null || sheet === this.host.store.get().sheet ? gstChoice(this.host.gstRate()) : {}),
      includeHidden,
      allowDuplicates,
    };
  }

  /** The screen's progress: the phase on the status line, then records done of those to send (or, validating, to check). */
  private progressOf(kind: KindDescriptor, dryRun: boolean): ImportProgress {
    return {
      phase: (phase) => {
        if (phase === 'reading') this.host.store.set({ phase: 'reading', status: null });
        if (phase === 'checking') {
          const name = this.host.deps.session()?.organisation.name ?? 'the service';
          this.host.store.set({
            phase: 'checking',
            status: { tone: 'info', text: `Checking ${kind.many} against ${name}…` },
          });
        }
        if (phase === 'writing')
          this.host.store.set({
            phase: 'writing',
            status: { tone: 'info', text: 'Writing the results into the sheet…' },
          });
      },
      rowsRead: (rows) => this.host.readingProgress(rows),
      records: (done, total) => {
        const text = dryRun ? `${done} of ${total} ${kind.many} checked…` : `${done} of ${total} ${kind.many} done…`;
        this.host.store.set({ phase: 'sending', progress: { done, total }, status: { tone: 'info', text } });
      },
    };
  }

  /**
   * Results go into the sheet as records finish, each batch onto its rows found by their key cells
   * (results-write.ts); the journal notes the rows whose results are in the sheet (a run closed
   * half-way names the others).
   */
  private resultsSink(run: ResultsContext, placer: ResultsPlacer): ResultsSink {
    const write = async (part: RowResult[]) => {
      await placer.write(part);
      const unplaced = new Set(placer.unplaced.map((r) => r.rowNumber));
      await this.host.journals.placed(part.map((r) => r.rowNumber).filter((row) => !unplaced.has(row)));
      this.host.store.set({ resultColumns: placer.columns });
    };
    const feed = new ResultsFeed(write, this.host.deps.resultsEveryMs ?? RESULTS_EVERY_MS);
    return {
      add: (rows) => feed.add(rows),
      finish: async (results) => {
        // A last write Excel refuses (the sheet protected, a cell being edited) is reported, not thrown:
        // the records were sent, the journal holds their ids, and the run must still say what it did.
        const failure = await feed.finish(results).then(
          () => null,
          (error: unknown) => describeError(error),
        );
        return {
          file: run.grid.sheet,
          failure,
          moved: placer.moved,
          unplaced: placer.unplaced.map((r) => r.rowNumber),
        };
      },
    };
  }

  /**
   * Places again the results of the last run that could not be placed (their rows changed or moved
   * out of sight while it ran): the key columns are read over the sheet afresh.
   */
  async placeResultsAgain(): Promise<void> {
    {
      const placer = this.placer;
      const report = this.last.report;
      if (!placer || !report || placer.unplaced.length === 0) return;
      this.host.store.set({ phase: 'writing', status: { tone: 'info', text: 'Placing the results again…' } });
      await placer.placeAgain();
      const left = placer.unplaced.length;
      // Every result now on its row: the run is finished in the journal, and its notice goes.
      if (left === 0) await this.host.journals.placedLater(report.grid.sheet, report.mapping.kind);
      await this.host.checkPending();
      const text =
        left === 0
          ? 'Every result is now on its row.'
          : `${left} ${left === 1 ? 'row’s result is' : 'rows’ results are'} still not placed: see below.`;
      this.host.store.set({
        phase: 'idle',
        status: { tone: left === 0 ? 'info' : 'warning', text },
        warnings: [...placementLines(placer, report), ...warningLines(report.planned)].slice(0, LINES_SHOWN),
        unplaced: left,
      });
    }
  }

  /** A run cancelled while the sheet was read or checked: nothing was sent, nothing is written. */
  private stoppedBeforeSending(): void {
    this.host.store.set({
      phase: 'idle',
      progress: null,
      status: { tone: 'info', text: 'Cancelled: nothing was sent.' },
    });
  }

  /** After an import (not a dry run): the mapping saved with the sheet, and as a profile for its headers. */
  private async keepMapping(report: ImportReport, kind: KindDescriptor, dryRun: boolean): Promise<void> {
    if (dryRun) return;
    const { mapping, saved } = report;
    // The GST the user and the mapping gave, never a supplier recipe's (it is its supplier's, not the headers').
    const used = { ...(saved ?? toSavedMapping(mapping)), gstRate: report.given.gstRate ?? null };
    await saveMapping(this.host.deps.workbook, kind.kind, report.grid.sheet, used);
    this.host.deps.profiles?.save({
      ...toMappingFile({ ...used, kind: kind.kind }),
      signature: headerSignature(mapping.headers),
    });
  }

  /** The screen after a run: its summary, problems (with their cells) and warnings. */
  private shown(dryRun: boolean, view: RunView): void {
    this.host.store.set({
      phase: 'idle',
      progress: null,
      mappingSaved: (this.host.hasSavedMapping() && !this.host.store.get().profileUsed) || !dryRun,
      ...(dryRun ? {} : { profileUsed: false }),
      ...view,
    });
  }
}

/** The run's GST choice from the pane's box: none when nothing was said (a recipe may say). */
function gstChoice(rate: string | null | undefined): { gstRate?: string | null } {
  return rate === undefined ? {} : { gstRate: rate };
}
