/**
 * The Import screen's logic: read a sheet through the {@link WorkbookPort}, detect its column
 * mapping (editable, saved in the workbook), validate (a dry run that marks invalid cells) and
 * import (progress, Cancel, results written back), with the shared core as the CLI uses it:
 * mapping (headers, then values) → organisation snapshot → plan → import engine → results written
 * onto their rows as they are now. Shapes: import-state.ts; pure helpers: import-steps.ts.
 */
import {
  ImportCancelledError,
  NoRecordsError,
  importSheet,
  previewMapping,
  type ImportProgress,
  type ImportReport,
  type ResultsContext,
  type ResultsSink,
} from '../../shared/import/import-sheet.ts';
import type { RowResult } from '../../shared/import/outcome.ts';
import type { Resolver } from '../../shared/resolve/index.ts';
import { GST_RATE_DEFAULT } from '../../shared/service/gaps.ts';
import type { Grid } from '../../shared/sheet/grid.ts';
import type { MappedField } from '../../shared/sheet/mapping.ts';
import { kindOf, type ImportKind, type KindDescriptor } from '../../shared/kinds/index.ts';
import { MappingError } from '../../shared/sheet/mapping-error.ts';
import { chooseProfile, headerSignature } from '../../shared/sheet/profiles.ts';
import type { SavedMapping } from '../../shared/sheet/saved-mapping.ts';
import { toMappingFile, toSavedMapping } from '../../shared/sheet/saved-mapping.ts';
import type { DateOrder } from '../../shared/sheet/values/index.ts';
import { DATE_ORDERS, assertTimeZone } from '../../shared/sheet/values/index.ts';
import { describeError, describeFailure } from './errors.ts';
import { WorkbookJournal } from './import-journal.ts';
import { LINES_SHOWN, warningLines } from './import-report.ts';
import { allSheetsView, placementLines, sheetRunView, type RunView, type SheetRun } from './import-summary.ts';
import { initialImportState, type ImportDeps, type ImportState } from './import-state.ts';
import { paneMappingProblem } from './import-steps.ts';
import { columnChoices, editMapping, fieldRows } from './mapping-editor.ts';
import { paneRemedy } from './remedy-wording.ts';
import { ResultsFeed } from './results-feed.ts';
import { ResultsPlacer } from './results-write.ts';
import { Store } from './store.ts';
import { SETTING_KEYS, loadSavedMapping, mappingSettingKey, saveMapping } from './workbook-settings.ts';

export type { ImportDeps, ImportState } from './import-state.ts';
export { paneMappingProblem, relocationLines, runTone } from './import-steps.ts';

/** Receipts or returns being sent at most at once; the client's adaptive limit decides the requests in flight. */
export const IMPORT_CONCURRENCY = 6;

/** Least time between two writes of results while an import runs, milliseconds (each re-reads the sheet). */
export const RESULTS_EVERY_MS = 1_000;

/** The start of the status line while the sheet is read. */
const READING = 'Reading the sheet: ';

/** Validates and imports a sheet of the open workbook. */
export class ImportController {
  readonly store = new Store<ImportState>(initialImportState());
  /** The journal of the workbook (under its identity), opened at the first run or notice. */
  private readonly journals: WorkbookJournal;
  private grid: Grid | null = null;
  private saved: SavedMapping | undefined;
  private resolver: Resolver | null = null;
  private abort: AbortController | null = null;
  private last: { report: ImportReport | null; failure: unknown } = { report: null, failure: null };
  /** The last run's results placer, kept for "Place results again". */
  private placer: ResultsPlacer | null = null;

  constructor(private readonly deps: ImportDeps) {
    this.journals = new WorkbookJournal(deps.workbook, deps.openJournal);
  }

  /**
   * How the last Validate or Import ended: the core's report (null when it stopped before sending),
   * and the error that stopped it (null when none did). For the headless replay's exit status.
   */
  get lastRun(): { report: ImportReport | null; failure: unknown } {
    return this.last;
  }

  /** Reads the sheet list, the reading options saved in the workbook, and the sheet's mapping. */
  async refresh(): Promise<void> {
    await this.guard(async () => {
      const { workbook } = this.deps;
      const sheets = await workbook.sheetNames();
      const current = this.store.get().sheet;
      const sheet = current && sheets.includes(current) ? current : await workbook.activeSheetName();
      const savedOrder = await workbook.getSetting(SETTING_KEYS.dateOrder);
      const chosen = DATE_ORDERS.find((o) => o === savedOrder);
      const dateOrder = chosen ?? this.store.get().dateOrder;
      const dateOrderChosen = chosen !== undefined || this.store.get().dateOrderChosen;
      const timeZone = (await workbook.getSetting(SETTING_KEYS.timeZone)) || this.store.get().timeZone;
      this.store.set({ sheets, sheet, dateOrder, dateOrderChosen, timeZone });
      await this.checkPending();
      await this.detect();
    });
  }

  /**
   * Looks in the workbook's journal for an import that stopped before its results were all written
   * (the pane closed, Excel quit, a write that failed) and puts its notice on the screen (or none).
   */
  async checkPending(): Promise<void> {
    const pending = await this.journals.pending().catch(() => null);
    this.store.set({ pending });
  }

  /**
   * "Finish it": imports the interrupted run's sheet again, as receipts or returns as it was: the
   * records it sent are found (journal, then the service) and get their ids, the rest are sent.
   */
  async finishPending(): Promise<void> {
    const { pending } = this.store.get();
    if (!pending) return;
    this.store.set({ kind: pending.kind, sheet: pending.sheet, allSheets: false });
    await this.guard(async () => {
      await this.detect();
      await this.run(false);
    });
  }

  /** Selects the cell a problem line is about (its sheet activated), so the bookkeeper sees it. */
  async showProblem(index: number): Promise<void> {
    const cell = this.store.get().problemCells[index];
    if (!cell) return;
    await this.guard(() => this.deps.workbook.select(cell.sheet, cell.rowNumber, cell.column));
  }

  /** Whether Validate and Import run over every sheet of the workbook (each on its own) or the chosen one. */
  setAllSheets(all: boolean): void {
    this.store.set({ allSheets: all });
  }

  /**
   * A visit to the Import tab: the list of sheets is brought up to date, but the sheet is read only
   * when none is read yet or the one read is gone ("Read again" reads it afresh; every run does too).
   * Connected since the sheet was read, its columns are matched again with the organisation's names.
   */
  async visit(): Promise<void> {
    const { sheet } = this.store.get();
    const grid = this.grid;
    if (!grid || !sheet) return this.refresh();
    await this.guard(async () => {
      const sheets = await this.deps.workbook.sheetNames();
      if (!sheets.includes(sheet)) return this.refresh();
      this.store.set({ sheets });
      await this.checkPending();
      const session = this.deps.session();
      if (session && !this.resolver) {
        this.resolver = await session.resolver().catch(() => null);
        this.apply(grid);
      }
    });
  }

  /** Switches between receipts and returns, and maps the sheet again. */
  async setKind(kind: ImportKind): Promise<void> {
    this.store.set({ kind });
    await this.guard(() => this.detect());
  }

  /** Picks the sheet to import, and maps it. */
  async setSheet(sheet: string): Promise<void> {
    this.store.set({ sheet });
    await this.guard(() => this.detect());
  }

  /** Points a field at a column (null: the sheet has none), saves the mapping in the workbook, maps again. */
  async setColumn(field: MappedField, column: number | null): Promise<void> {
    await this.guard(async () => {
      const { mapping, kind, sheet } = this.store.get();
      if (!mapping || !sheet || !this.grid) return;
      const saved = editMapping(mapping, this.saved, field, column);
      await saveMapping(this.deps.workbook, kind, sheet, saved);
      this.saved = saved;
      this.store.set({ profileUsed: false });
      this.apply(this.grid);
    });
  }

  /**
   * Says which sheet row holds the column headers, for a sheet whose headers the add-in does not
   * recognise (another language, a supplier's own words): the row is saved with this sheet's
   * mapping, and each field's column is then picked in the mapping table.
   */
  async setHeaderRow(rowNumber: number): Promise<void> {
    await this.guard(async () => {
      const { kind, sheet } = this.store.get();
      if (!sheet || !this.grid) return;
      if (!Number.isInteger(rowNumber) || rowNumber < 1) {
        this.store.set({
          status: {
            tone: 'error',
            text: `Row ${rowNumber} is not a row of the sheet: give the row number of the column headers, such as 3.`,
          },
        });
        return;
      }
      const saved: SavedMapping = { ...(this.saved ?? { columns: {} }), kind, headerRow: rowNumber };
      await saveMapping(this.deps.workbook, kind, sheet, saved);
      this.saved = saved;
      this.store.set({ profileUsed: false, status: null });
      this.apply(this.grid);
    });
  }

  /** Forgets the saved mapping of this sheet and detects it afresh. */
  async resetMapping(): Promise<void> {
    await this.guard(async () => {
      const { kind, sheet } = this.store.get();
      if (!sheet) return;
      await this.deps.workbook.setSetting(mappingSettingKey(kind, sheet), '');
      await this.detect();
    });
  }

  /** How ambiguous dates such as 3/2/2026 read; saved in the workbook. */
  async setDateOrder(order: DateOrder): Promise<void> {
    this.store.set({ dateOrder: order, dateOrderChosen: true });
    await this.guard(() => this.deps.workbook.setSetting(SETTING_KEYS.dateOrder, order));
  }

  /** The farm's IANA time zone for dates without a time; saved in the workbook when valid. */
  async setTimeZone(text: string): Promise<void> {
    const before = this.store.get().timeZone;
    let timeZone: string;
    try {
      timeZone = assertTimeZone(text.trim());
    } catch (error) {
      // The field goes back to the zone still in use, and the message says which that is.
      this.store.set({ status: { tone: 'error', text: `${describeError(error)} Dates are still read in ${before}.` } });
      return;
    }
    await this.guard(async () => {
      this.store.set({ timeZone, status: null });
      await this.deps.workbook.setSetting(SETTING_KEYS.timeZone, timeZone);
    });
  }

  /** Whether the sheet's prices include GST (taken off before sending); the mapping is checked again. */
  setPricesIncludeGst(include: boolean): void {
    this.store.set({ pricesIncludeGst: include });
    if (this.grid) this.apply(this.grid);
  }

  /** Whether rows the workbook hides or filters out are imported too (default: left out, and counted). */
  setIncludeHidden(include: boolean): void {
    this.store.set({ includeHidden: include });
  }

  /** Whether a record the service already holds is sent anyway. */
  setAllowDuplicates(allow: boolean): void {
    this.store.set({ allowDuplicates: allow });
  }

  /**
   * Checks every record without sending (the engine's dry run): refused rows get `invalid` and
   * the reason, their bad cells a red fill and a note; the others say what an import would do.
   */
  async validate(): Promise<void> {
    await this.guard(() => this.run(true));
  }

  /**
   * Imports: valid records are created or updated ({@link IMPORT_CONCURRENCY} at once), refused
   * ones are not sent, none is sent twice; then status and ids go into the result columns and the
   * mapping is saved in the workbook. {@link cancel} stops new records.
   */
  async start(): Promise<void> {
    await this.guard(() => this.run(false));
  }

  /** Stops an import: nothing new is sent; records on their way finish and are written back. */
  cancel(): void {
    if (!this.abort || this.abort.signal.aborted) return;
    this.abort.abort();
    const sending = this.store.get().phase === 'sending';
    this.store.set({
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
   * map is skipped, and said). Cancel stops the sheet under way and those after it.
   */
  private async run(dryRun: boolean): Promise<void> {
    const session = this.deps.session();
    if (!session) {
      this.store.set({ status: { tone: 'error', text: 'Connect to the service first (Connect tab).' } });
      return;
    }
    // Cancel works from here on: while the sheet is read and checked, nothing is sent at all.
    const abort = new AbortController();
    this.abort = abort;
    this.store.set({ cancellable: true, problems: [], problemCells: [], warnings: [], resultColumns: null });
    this.last = { report: null, failure: null };
    try {
      if (this.store.get().allSheets) await this.runAll(dryRun, abort.signal);
      else await this.runOne(dryRun, abort.signal);
    } finally {
      this.abort = null;
      this.store.set({ cancellable: false });
      await this.checkPending();
    }
  }

  /** A run of the chosen sheet, and what the screen says after it. */
  private async runOne(dryRun: boolean, signal: AbortSignal): Promise<void> {
    const kind = kindOf(this.store.get().kind);
    try {
      const run = await this.runSheet(this.store.get().sheet, dryRun, signal);
      this.last = { report: run.report, failure: null };
      this.apply(run.report.grid);
      await this.keepMapping(run.report, kind, dryRun);
      this.shown(dryRun, sheetRunView(kind, run, { dryRun, cancelled: run.report.interrupted }));
    } catch (error) {
      this.last = { report: null, failure: error };
      if (error instanceof ImportCancelledError) return this.stoppedBeforeSending();
      if (error instanceof MappingError) {
        if (this.grid) this.apply(this.grid);
        this.store.set({
          phase: 'idle',
          progress: null,
          status: { tone: 'error', text: this.store.get().mappingProblem ?? paneMappingProblem(error, null) },
        });
        return;
      }
      if (error instanceof NoRecordsError) {
        this.store.set({
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
    const kind = kindOf(this.store.get().kind);
    const runs: (SheetRun & { sheet: string })[] = [];
    const skipped: { sheet: string; reason: string }[] = [];
    for (const sheet of await this.deps.workbook.sheetNames()) {
      if (signal.aborted) break;
      try {
        const run = await this.runSheet(sheet, dryRun, signal);
        runs.push({ sheet, ...run });
        this.last = { report: run.report, failure: null };
        if (sheet === this.store.get().sheet) this.apply(run.report.grid);
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
    const session = this.deps.session();
    if (!session) throw new Error('not connected');
    const { kind: kindName, allowDuplicates, includeHidden, dateOrder, dateOrderChosen, timeZone } = this.store.get();
    let placer: ResultsPlacer | null = null;
    let read = sheet ?? '';
    let complete = false;
    try {
      const report = await importSheet(
        {
          sheet: {
            read: async ({ onProgress, signal: stop }) => {
              const grid = await this.deps.workbook
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
              if (sheet === null || sheet === this.store.get().sheet) this.grid = grid;
              return grid;
            },
          },
          mapping: (grid) => this.savedMappingFor(grid, grid === this.grid),
          connect: async () => session,
          journal: (options) => this.journals.port(read, kindName)(options),
          results: (run) => {
            placer = new ResultsPlacer(this.deps.workbook, run);
            return this.resultsSink(run, placer);
          },
          progress: this.progressOf(kindOf(kindName), dryRun),
          words: paneRemedy,
        },
        {
          kind: kindName,
          dateOrder,
          dateOrderGiven: dateOrderChosen,
          timeZone,
          gstRate: this.gstRate(),
          includeHidden,
          dryRun,
          allowDuplicates,
          concurrency: IMPORT_CONCURRENCY,
          signal,
        },
      );
      complete = !dryRun && report.placed.unplaced.length === 0 && report.placed.failure === null;
      this.placer = placer;
      return { report, placer: placer! };
    } finally {
      // A run whose results are all in the sheet is finished in the journal; any other stays for "Finish it".
      await this.journals.ended(complete);
    }
  }

  /** The sheet's saved mapping in the workbook, else a profile kept on this computer for its headers (said when `shown`). */
  private async savedMappingFor(grid: Grid, shown = true): Promise<SavedMapping | undefined> {
    const { kind } = this.store.get();
    const saved = await loadSavedMapping(this.deps.workbook, kind, grid.sheet);
    const profile = saved ? null : chooseProfile(grid, kind, this.deps.profiles?.list() ?? []).profile;
    if (!shown) return saved ?? profile?.mapping;
    this.saved = saved ?? profile?.mapping;
    this.store.set({ profileUsed: profile !== null, sheet: grid.sheet });
    return this.saved;
  }

  /** The screen's progress: the phase on the status line, then records done of those to send (or, validating, to check). */
  private progressOf(kind: KindDescriptor, dryRun: boolean): ImportProgress {
    return {
      phase: (phase) => {
        if (phase === 'reading') this.store.set({ phase: 'reading', status: null });
        if (phase === 'checking') {
          const name = this.deps.session()?.organisation.name ?? 'the service';
          this.store.set({
            phase: 'checking',
            status: { tone: 'info', text: `Checking ${kind.many} against ${name}…` },
          });
        }
        if (phase === 'writing')
          this.store.set({ phase: 'writing', status: { tone: 'info', text: 'Writing the results into the sheet…' } });
      },
      rowsRead: (rows) => this.readingProgress(rows),
      records: (done, total) => {
        const text = dryRun ? `${done} of ${total} ${kind.many} checked…` : `${done} of ${total} ${kind.many} done…`;
        this.store.set({ phase: 'sending', progress: { done, total }, status: { tone: 'info', text } });
      },
    };
  }

  /**
   * Results go into the sheet as records finish, each batch onto its rows found by their key cells
   * (results-write.ts); the journal notes the rows whose results are in the sheet (a run closed
   * half-way names the others).
   */
  private resultsSink(run: ResultsContext, placer: ResultsPlacer): ResultsSink {
    const write = async (part: RowResult[], n: number) => {
      await placer.write(part, n > 0);
      const unplaced = new Set(placer.unplaced.map((r) => r.rowNumber));
      await this.journals.placed(part.map((r) => r.rowNumber).filter((row) => !unplaced.has(row)));
      this.store.set({ resultColumns: placer.columns });
    };
    const feed = new ResultsFeed(write, this.deps.resultsEveryMs ?? RESULTS_EVERY_MS);
    return {
      add: (rows) => feed.add(rows),
      finish: async (results) => {
        await feed.finish(results);
        return {
          file: run.grid.sheet,
          failure: null,
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
    await this.guard(async () => {
      const placer = this.placer;
      const report = this.last.report;
      if (!placer || !report || placer.unplaced.length === 0) return;
      this.store.set({ phase: 'writing', status: { tone: 'info', text: 'Placing the results again…' } });
      await placer.placeAgain();
      const left = placer.unplaced.length;
      const text =
        left === 0
          ? 'Every result is now on its row.'
          : `${left} ${left === 1 ? 'row’s result is' : 'rows’ results are'} still not placed: see below.`;
      this.store.set({
        phase: 'idle',
        status: { tone: left === 0 ? 'info' : 'warning', text },
        warnings: [...placementLines(placer, report), ...warningLines(report.planned)].slice(0, LINES_SHOWN),
        unplaced: left,
      });
    });
  }

  /** The GST rate the sheet's prices include (a decimal string such as '0.1'), or null when they exclude GST. */
  private gstRate(): string | null {
    return this.store.get().pricesIncludeGst ? (this.saved?.gstRate ?? GST_RATE_DEFAULT) : null;
  }

  /** A run cancelled while the sheet was read or checked: nothing was sent, nothing is written. */
  private stoppedBeforeSending(): void {
    this.store.set({ phase: 'idle', progress: null, status: { tone: 'info', text: 'Cancelled: nothing was sent.' } });
  }

  /** After an import (not a dry run): the mapping saved with the sheet, and as a profile for its headers. */
  private async keepMapping(report: ImportReport, kind: KindDescriptor, dryRun: boolean): Promise<void> {
    if (dryRun) return;
    const { mapping, saved, reading } = report;
    const used = { ...(saved ?? toSavedMapping(mapping)), gstRate: reading.gstRate ?? null };
    await saveMapping(this.deps.workbook, kind.kind, report.grid.sheet, used);
    this.deps.profiles?.save({
      ...toMappingFile({ ...used, kind: kind.kind }),
      signature: headerSignature(mapping.headers),
    });
  }

  /** The screen after a run: its summary, problems (with their cells) and warnings. */
  private shown(dryRun: boolean, view: RunView): void {
    this.store.set({
      phase: 'idle',
      progress: null,
      mappingSaved: (this.saved !== undefined && !this.store.get().profileUsed) || !dryRun,
      ...(dryRun ? {} : { profileUsed: false }),
      ...view,
    });
  }

  /** Says on the status line how many rows of the sheet are read so far. */
  private readingProgress(rows: number): void {
    this.store.set({ status: { tone: 'info', text: `${READING}${rows.toLocaleString('en-AU')} rows…` } });
  }

  /** Reads the sheet and maps it (saved mapping first); a sheet that cannot be mapped says why. */
  private async detect(): Promise<void> {
    const { sheet } = this.store.get();
    this.store.set({
      phase: 'reading',
      status: null,
      problems: [],
      problemCells: [],
      warnings: [],
      resultColumns: null,
    });
    // A large sheet takes a while: the status line counts the rows read so far.
    const grid = await this.deps.workbook.readSheet(sheet ?? undefined, {
      onProgress: (rows) => this.readingProgress(rows),
    });
    this.grid = grid;
    await this.savedMappingFor(grid);
    // A mapping kept with the sheet that says its prices include GST ticks the box; the bookkeeper's tick stays.
    this.store.set({ pricesIncludeGst: this.store.get().pricesIncludeGst || Boolean(this.saved?.gstRate) });
    // With a session, the organisation's products and storages help find unnamed columns (kept once loaded).
    this.resolver =
      (await this.deps
        .session()
        ?.resolver()
        .catch(() => null)) ?? null;
    this.store.set({ sheet: grid.sheet });
    this.apply(grid);
    const counting = this.store.get().status?.text.startsWith(READING) ?? false;
    this.store.set({ phase: 'idle', ...(counting ? { status: null } : {}) });
  }

  /** Maps `grid` with the saved mapping and puts the outcome into the state (never throws for a sheet). */
  private apply(grid: Grid): void {
    const { kind } = this.store.get();
    const mappingSaved = this.saved !== undefined && !this.store.get().profileUsed;
    const { mapping, evidence, problem } = previewMapping(grid, kind, this.saved, this.resolver, this.gstRate());
    const mappingProblem = problem === null ? null : paneMappingProblem(problem, mapping);
    if (!mapping) {
      this.store.set({ mapping: null, evidence: [], fields: [], choices: [], mappingSaved, mappingProblem });
      return;
    }
    this.store.set({
      mapping,
      evidence,
      fields: fieldRows(mapping),
      choices: columnChoices(mapping),
      mappingSaved,
      mappingProblem,
    });
  }

  /** Runs a step; any failure ends in the status line and an idle screen. */
  private async guard(step: () => Promise<void>): Promise<void> {
    try {
      await step();
    } catch (error) {
      // A failure says only what failed: no earlier run's "results are in columns …" after it.
      this.store.set({
        phase: 'idle',
        progress: null,
        resultColumns: null,
        status: { tone: 'error', ...describeFailure(error, { origin: this.deps.origin }) },
      });
    }
  }
}
