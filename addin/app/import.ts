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
import type { MappedField, MappingKind } from '../../shared/sheet/mapping.ts';
import { MappingError } from '../../shared/sheet/mapping-error.ts';
import { chooseProfile, headerSignature } from '../../shared/sheet/profiles.ts';
import type { SavedMapping } from '../../shared/sheet/saved-mapping.ts';
import { toMappingFile, toSavedMapping } from '../../shared/sheet/saved-mapping.ts';
import type { DateOrder } from '../../shared/sheet/values/index.ts';
import { DATE_ORDERS, assertTimeZone } from '../../shared/sheet/values/index.ts';
import { describeError, describeFailure } from './errors.ts';
import { importKind, type ImportKind } from './import-kinds.ts';
import { LINES_SHOWN, attentionLines, problemLines, runSummary, warningLines } from './import-report.ts';
import { initialImportState, type ImportDeps, type ImportState } from './import-state.ts';
import { paneMappingProblem, relocationLines, runTone, unplacedLines } from './import-steps.ts';
import { columnChoices, editMapping, fieldRows } from './mapping-editor.ts';
import { paneRemedy } from './remedy-wording.ts';
import { ResultsFeed } from './results-feed.ts';
import { ResultsPlacer } from './results-write.ts';
import { SessionJournal, type PaneJournal } from './pane-journal.ts';
import { Store } from './store.ts';
import { SETTING_KEYS, loadSavedMapping, mappingSettingKey, saveMapping } from './workbook-settings.ts';

export type { ImportDeps, ImportState } from './import-state.ts';
export { paneMappingProblem, relocationLines, runTone, unplacedLines } from './import-steps.ts';

/** Receipts or returns being sent at most at once; the client's adaptive limit decides the requests in flight. */
export const IMPORT_CONCURRENCY = 6;

/** Least time between two writes of results while an import runs, milliseconds (each re-reads the sheet). */
export const RESULTS_EVERY_MS = 1_000;

/** The start of the status line while the sheet is read. */
const READING = 'Reading the sheet: ';

/** Validates and imports a sheet of the open workbook. */
export class ImportController {
  readonly store = new Store<ImportState>(initialImportState());
  /** The journal of the workbook, opened at the first run (its earlier runs' entries loaded). */
  private journal: PaneJournal | null = null;
  private grid: Grid | null = null;
  private saved: SavedMapping | undefined;
  private resolver: Resolver | null = null;
  private abort: AbortController | null = null;
  private last: { report: ImportReport | null; failure: unknown } = { report: null, failure: null };
  /** The last run's results writer: it keeps the results not yet placed, for "Place results again". */
  private placer: ResultsPlacer | null = null;

  constructor(private readonly deps: ImportDeps) {}

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
      await this.detect();
    });
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
      const session = this.deps.session();
      if (session && !this.resolver) {
        this.resolver = await session.resolver().catch(() => null);
        this.apply(grid);
      }
    });
  }

  /** Switches between receipts and returns, and maps the sheet again. */
  async setKind(kind: MappingKind): Promise<void> {
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
          status: { tone: 'error', text: `Row ${rowNumber} is not a row of the sheet: give the row number of the column headers, such as 3.` },
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
      status: { tone: 'info', text: sending ? 'Cancelling: no more records are sent; those on their way finish…' : 'Cancelling: nothing will be sent…' },
    });
  }

  /**
   * One run through the core's import (shared/import/import-sheet.ts) over the pane's ports: the
   * sheet read from the workbook, its saved mapping (or a profile), the session, the workbook's
   * journal, the results written onto their rows as records finish, and the screen's progress.
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
    const { kind: kindName, sheet, allowDuplicates, includeHidden, dateOrder, dateOrderChosen, timeZone } = this.store.get();
    const kind = importKind(kindName);
    this.store.set({ cancellable: true, problems: [], warnings: [], resultColumns: null });
    this.last = { report: null, failure: null };
    try {
      const report = await importSheet(
        {
          sheet: { read: async ({ onProgress }) => (this.grid = await this.deps.workbook.readSheet(sheet ?? undefined, onProgress ? { onProgress } : {})) },
          mapping: (grid) => this.savedMappingFor(grid),
          connect: async () => session,
          journal: async () => {
            this.journal ??= await (this.deps.openJournal?.(this.grid?.source ?? '') ?? Promise.resolve(new SessionJournal()));
            return { entries: this.journal.entries, sink: this.journal, close: async () => {} };
          },
          results: (run) => this.resultsSink(run),
          progress: this.progressOf(kind, dryRun),
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
          signal: abort.signal,
        },
      );
      this.last = { report, failure: null };
      this.apply(report.grid);
      await this.finished(report, kind, dryRun);
    } catch (error) {
      this.last = { report: null, failure: error };
      if (error instanceof ImportCancelledError) return this.stoppedBeforeSending();
      if (error instanceof MappingError) {
        if (this.grid) this.apply(this.grid);
        this.store.set({ phase: 'idle', progress: null, status: { tone: 'error', text: this.store.get().mappingProblem ?? paneMappingProblem(error, null) } });
        return;
      }
      if (error instanceof NoRecordsError) {
        this.store.set({ phase: 'idle', progress: null, status: { tone: 'error', text: `No ${kind.many} found below the header row.` } });
        return;
      }
      throw error;
    } finally {
      this.abort = null;
      this.store.set({ cancellable: false });
    }
  }

  /** The sheet's saved mapping in the workbook, else a profile kept on this computer for its headers (said). */
  private async savedMappingFor(grid: Grid): Promise<SavedMapping | undefined> {
    const { kind } = this.store.get();
    this.saved = await loadSavedMapping(this.deps.workbook, kind, grid.sheet);
    const profile = this.saved ? null : chooseProfile(grid, kind, this.deps.profiles?.list() ?? []).profile;
    if (profile) this.saved = profile.mapping;
    this.store.set({ profileUsed: profile !== null, sheet: grid.sheet });
    return this.saved;
  }

  /** The screen's progress: the phase on the status line, then records done of those to send. */
  private progressOf(kind: ImportKind, dryRun: boolean): ImportProgress {
    return {
      phase: (phase) => {
        if (phase === 'reading') this.store.set({ phase: 'reading', status: null });
        if (phase === 'checking') {
          const name = this.deps.session()?.organisation.name ?? 'the service';
          this.store.set({ phase: 'checking', status: { tone: 'info', text: `Checking ${kind.many} against ${name}…` } });
        }
        if (phase === 'writing') this.store.set({ phase: 'writing', status: { tone: 'info', text: 'Writing the results into the sheet…' } });
      },
      rowsRead: (rows) => this.readingProgress(rows),
      records: (done, total) => {
        if (dryRun) return;
        this.store.set({ phase: 'sending', progress: { done, total }, status: { tone: 'info', text: `${done} of ${total} ${kind.many} done…` } });
      },
    };
  }

  /** Results go into the sheet as records finish, each batch onto its rows as they are by then. */
  private resultsSink(run: ResultsContext): ResultsSink {
    const placer = new ResultsPlacer(this.deps.workbook, run);
    this.placer = placer;
    const write = async (part: RowResult[], n: number) => {
      await placer.write(part, n > 0);
      this.store.set({ resultColumns: placer.columns });
    };
    const feed = new ResultsFeed(write, this.deps.resultsEveryMs ?? RESULTS_EVERY_MS);
    return {
      add: (rows) => feed.add(rows),
      finish: async (results) => {
        await feed.finish(results);
        return { file: run.grid.sheet, failure: null, moved: placer.moved, unplaced: placer.unplaced.map((r) => r.rowNumber) };
      },
    };
  }

  /** The GST rate the sheet's prices include (a decimal string such as '0.1'), or null when they exclude GST. */
  private gstRate(): string | null {
    return this.store.get().pricesIncludeGst ? (this.saved?.gstRate ?? GST_RATE_DEFAULT) : null;
  }

  /** A run cancelled while the sheet was read or checked: nothing was sent, nothing is written. */
  private stoppedBeforeSending(): void {
    this.store.set({ phase: 'idle', progress: null, status: { tone: 'info', text: 'Cancelled: nothing was sent.' } });
  }

  /** After a run: the mapping saved with the sheet (and as a profile), and the summary on the screen. */
  private async finished(report: ImportReport, kind: ImportKind, dryRun: boolean): Promise<void> {
    const { planned, results, mapping, saved, reading } = report;
    if (!dryRun) {
      const used = { ...(saved ?? toSavedMapping(mapping)), gstRate: reading.gstRate ?? null };
      await saveMapping(this.deps.workbook, kind.kind, report.grid.sheet, used);
      this.deps.profiles?.save({ ...toMappingFile({ ...used, kind: kind.kind }), signature: headerSignature(mapping.headers) });
    }
    const cancelled = report.interrupted;
    this.store.set({
      phase: 'idle',
      progress: null,
      mappingSaved: (this.saved !== undefined && !this.store.get().profileUsed) || !dryRun,
      ...(dryRun ? {} : { profileUsed: false }),
      status: {
        tone: runTone(results, { dryRun: dryRun, cancelled, unplaced: report.placed.unplaced.length }),
        text: runSummary(kind, planned.drafts, results, { dryRun: dryRun, cancelled }),
      },
      problems: [...problemLines(planned), ...attentionLines(planned.drafts, results)].slice(0, LINES_SHOWN),
      warnings: [...this.placementLines(report), ...warningLines(planned)].slice(0, LINES_SHOWN),
      unplaced: this.placer?.unplaced.length ?? 0,
    });
  }

  /**
   * Places again the last run's results that could not be placed (their rows changed, moved among
   * rows alike, or the header was not found): the sheet's key columns are searched for their rows.
   * Those placed are written; those still not placed are named again. The journal holds their ids meanwhile.
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
        left === 0 ? 'Every result is now on its row.' : `${left} ${left === 1 ? 'row’s result is' : 'rows’ results are'} still not placed: see below.`;
      this.store.set({
        phase: 'idle',
        status: { tone: left === 0 ? 'info' : 'warning', text },
        warnings: [...this.placementLines(report), ...warningLines(report.planned)].slice(0, LINES_SHOWN),
        unplaced: left,
      });
    });
  }

  /** What the pane says about results that moved with their rows, or that could not be placed (by invoice). */
  private placementLines(report: ImportReport): string[] {
    const placer = this.placer;
    if (!placer) return [];
    return [
      ...(placer.headerLost ? [placer.headerLost] : []),
      ...relocationLines({ results: [], moved: placer.moved, lost: [] }, report.results),
      ...unplacedLines(placer.unplaced, report.planned),
    ];
  }

  /** Says on the status line how many rows of the sheet are read so far. */
  private readingProgress(rows: number): void {
    this.store.set({ status: { tone: 'info', text: `${READING}${rows.toLocaleString('en-AU')} rows…` } });
  }

  /** Reads the sheet and maps it (saved mapping first); a sheet that cannot be mapped says why. */
  private async detect(): Promise<void> {
    const { sheet } = this.store.get();
    this.store.set({ phase: 'reading', status: null, problems: [], warnings: [], resultColumns: null });
    // A large sheet takes a while: the status line counts the rows read so far.
    const grid = await this.deps.workbook.readSheet(sheet ?? undefined, { onProgress: (rows) => this.readingProgress(rows) });
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
    this.store.set({ mapping, evidence, fields: fieldRows(mapping), choices: columnChoices(mapping), mappingSaved, mappingProblem });
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
