/**
 * The Import screen's logic: read a sheet through the {@link WorkbookPort}, detect its column
 * mapping (editable, saved in the workbook), the reading options, the notice of an interrupted run;
 * Validate and Import run through the core's one import (import-run.ts). Shapes: import-state.ts;
 * pure helpers: import-steps.ts.
 */
import { previewMapping, type ImportReport } from '../../shared/import/import-sheet.ts';
import type { ImportKind } from '../../shared/kinds/index.ts';
import type { Resolver } from '../../shared/resolve/index.ts';
import { GST_RATE_DEFAULT } from '../../shared/service/gaps.ts';
import type { Grid } from '../../shared/sheet/grid.ts';
import type { MappedField } from '../../shared/sheet/mapping.ts';
import { chooseProfile } from '../../shared/sheet/profiles.ts';
import type { SavedMapping } from '../../shared/sheet/saved-mapping.ts';
import type { DateOrder } from '../../shared/sheet/values/index.ts';
import { DATE_ORDERS, assertTimeZone } from '../../shared/sheet/values/index.ts';
import { describeError, describeFailure } from './errors.ts';
import { WorkbookJournal } from './import-journal.ts';
import { PaneImportRun } from './import-run.ts';
import { initialImportState, type ImportDeps, type ImportState } from './import-state.ts';
import { paneMappingProblem } from './import-steps.ts';
import { columnChoices, editMapping, fieldRows } from './mapping-editor.ts';
import { Store } from './store.ts';
import { DEFAULT_LOCALE, defaultDateOrder, formatNumber, type Locale } from '../../shared/locale/locale.ts';
import { SETTING_KEYS, loadSavedMapping, mappingSettingKey, saveMapping } from './workbook-settings.ts';

export type { ImportDeps, ImportState } from './import-state.ts';
export { movedLines, paneMappingProblem, runTone } from './import-steps.ts';
import { einvoiceNotASheet, pendingScreen } from './import-steps.ts';

export { IMPORT_CONCURRENCY, RESULTS_EVERY_MS } from './import-run.ts';

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
  /** Validate and Import (import-run.ts). */
  private readonly runs: PaneImportRun;

  constructor(private readonly deps: ImportDeps) {
    this.journals = new WorkbookJournal(deps.workbook, deps.openJournal);
    this.runs = new PaneImportRun({
      store: this.store,
      deps,
      journals: this.journals,
      grid: () => this.grid,
      setGrid: (grid) => (this.grid = grid),
      savedMappingFor: (grid, shown) => this.savedMappingFor(grid, shown),
      hasSavedMapping: () => this.saved !== undefined,
      apply: (grid) => this.apply(grid),
      gstRate: () => this.gstRate(),
      readingProgress: (rows) => this.readingProgress(rows),
      checkPending: () => this.checkPending(),
    });
  }

  /**
   * How the last Validate or Import ended: the core's report (null when it stopped before sending),
   * and the error that stopped it (null when none did). For the headless replay's exit status.
   */
  get lastRun(): { report: ImportReport | null; failure: unknown } {
    return this.runs.lastRun;
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
      const dateOrderChosen = chosen !== undefined || this.store.get().dateOrderChosen;
      // Not chosen (here or saved in the workbook): the locale's order, as the CLI's default.
      const dateOrder = chosen ?? (dateOrderChosen ? this.store.get().dateOrder : defaultDateOrder(this.locale()));
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
    const pending = await this.journals.pending(this.locale()).catch(() => null);
    this.store.set({ pending });
  }

  /**
   * "Finish it": imports the interrupted run's sheet again, as receipts or returns as it was: the
   * records it sent are found (journal, then the service) and get their ids, the rest are sent, read
   * with that run's choices (GST, hidden rows, duplicates, dates: kept in the journal), which the
   * screen shows again, not with the screen's defaults.
   */
  async finishPending(): Promise<void> {
    const { pending } = this.store.get();
    if (!pending) return;
    if (pending.einvoice !== null) {
      // Not a sheet of this workbook: the E-invoices tab imports it again (the notice says so).
      this.store.set({ status: { tone: 'error', text: einvoiceNotASheet(pending.einvoice) } });
      return;
    }
    const { reading } = pending;
    this.store.set(pendingScreen(pending));
    await this.guard(async () => {
      await this.detect();
      await this.runs.run(false, reading);
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

  /**
   * The pane's locale changed: ambiguous dates read in its order unless an order was chosen (here, or
   * saved in the workbook), which always wins.
   */
  followLocale(): void {
    if (!this.store.get().dateOrderChosen) this.store.set({ dateOrder: defaultDateOrder(this.locale()) });
  }

  /** The pane's locale (en-AU without one). */
  private locale(): Locale {
    return this.deps.locale?.() ?? DEFAULT_LOCALE;
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
    await this.guard(() => this.runs.run(true));
  }

  /**
   * Imports: valid records are created or updated ({@link IMPORT_CONCURRENCY} at once), refused
   * ones are not sent, none is sent twice; then status and ids go into the result columns and the
   * mapping is saved in the workbook. {@link cancel} stops new records.
   */
  async start(): Promise<void> {
    await this.guard(() => this.runs.run(false));
  }

  /** Stops an import: nothing new is sent; records on their way finish and are written back. */
  cancel(): void {
    this.runs.cancel();
  }

  /**
   * Places again the results of the last run that could not be placed (their rows changed or moved
   * out of sight while it ran): the key columns are read over the sheet afresh.
   */
  async placeResultsAgain(): Promise<void> {
    await this.guard(() => this.runs.placeResultsAgain());
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

  /**
   * The GST rate the sheet's prices include (a decimal string such as '0.1') when the box is ticked; null
   * when it is unticked against a saved mapping that says they include GST; undefined when nothing says
   * (the box as found): a supplier's recipe then decides, as with the CLI and no --prices-include-gst.
   */
  private gstRate(): string | null | undefined {
    if (this.store.get().pricesIncludeGst) return this.saved?.gstRate ?? GST_RATE_DEFAULT;
    return this.saved?.gstRate ? null : undefined;
  }

  /** Says on the status line how many rows of the sheet are read so far. */
  private readingProgress(rows: number): void {
    this.store.set({ status: { tone: 'info', text: `${READING}${formatNumber(rows, this.locale())} rows…` } });
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
    const { mapping, evidence, problem } = previewMapping(
      grid,
      kind,
      this.saved,
      this.resolver,
      this.gstRate() ?? null,
    );
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
