/**
 * The Import screen's logic: read a sheet through the {@link WorkbookPort}, detect its column
 * mapping (editable, saved in the workbook), validate (a dry run that marks invalid cells) and
 * import (progress, Cancel, results written back), with the shared core as the CLI uses it:
 * mapping (headers, then values) → organisation snapshot → plan → import engine → results written
 * onto their rows as they are now. Shapes: import-state.ts; pure helpers: import-steps.ts.
 */
import { mappingReadSettings, type ReadSettings } from '../../shared/import/cells.ts';
import { JournalIndex } from '../../shared/import/engine/journal.ts';
import { matchColumns } from '../../shared/import/map-sheet.ts';
import type { RowResult } from '../../shared/import/outcome.ts';
import { wordRemedies } from '../../shared/import/results.ts';
import type { Relocated } from '../../shared/import/relocate.ts';
import type { Resolver } from '../../shared/resolve/index.ts';
import type { Grid } from '../../shared/sheet/grid.ts';
import type { MappedField, MappingKind } from '../../shared/sheet/mapping.ts';
import { assertMappingUsable } from '../../shared/sheet/mapping.ts';
import { GST_RATE_DEFAULT } from '../../shared/service/gaps.ts';
import { checkPriceBasis } from '../../shared/sheet/price-basis.ts';
import { chooseProfile, headerSignature } from '../../shared/sheet/profiles.ts';
import type { SavedMapping } from '../../shared/sheet/saved-mapping.ts';
import { toMappingFile, toSavedMapping } from '../../shared/sheet/saved-mapping.ts';
import type { DateOrder } from '../../shared/sheet/values/index.ts';
import { DATE_ORDERS, assertTimeZone } from '../../shared/sheet/values/index.ts';
import { describeError, describeFailure } from './errors.ts';
import { importKind, planImport } from './import-kinds.ts';
import { LINES_SHOWN, attentionLines, problemLines, runSummary, warningLines } from './import-report.ts';
import { initialImportState, type ImportDeps, type ImportState, type SendRun } from './import-state.ts';
import { paneMappingProblem, relocationLines, runTone } from './import-steps.ts';
import { columnChoices, editMapping, fieldRows } from './mapping-editor.ts';
import { paneRemedy } from './remedy-wording.ts';
import { ResultsFeed } from './results-feed.ts';
import { writeResultsBatch } from './results-write.ts';
import { SessionJournal, type PaneJournal } from './pane-journal.ts';
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
  /** The journal of the workbook, opened at the first run (its earlier runs' entries loaded). */
  private journal: PaneJournal | null = null;
  private grid: Grid | null = null;
  private saved: SavedMapping | undefined;
  private resolver: Resolver | null = null;
  private abort: AbortController | null = null;

  constructor(private readonly deps: ImportDeps) {}

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

  private async run(dryRun: boolean): Promise<void> {
    const session = this.deps.session();
    if (!session) {
      this.store.set({ status: { tone: 'error', text: 'Connect to the service first (Connect tab).' } });
      return;
    }
    // Cancel works from here on: while the sheet is read and checked, nothing is sent at all.
    const abort = new AbortController();
    this.abort = abort;
    this.store.set({ cancellable: true });
    try {
      await this.detect();
      if (abort.signal.aborted) return this.stoppedBeforeSending();
      const { mapping, mappingProblem, allowDuplicates, sheet } = this.store.get();
      const grid = this.grid;
      if (!mapping || mappingProblem || !grid || !sheet) {
        this.store.set({ status: { tone: 'error', text: mappingProblem ?? 'The sheet has no header row.' } });
        return;
      }
      const kind = importKind(mapping.kind);
      this.store.set({ phase: 'checking', status: { tone: 'info', text: `Checking ${kind.many} against ${session.organisation.name}…` } });
      const snapshot = await session.snapshot();
      if (abort.signal.aborted) return this.stoppedBeforeSending();
      const planned = planImport(kind.kind, grid, mapping, snapshot, session.org, this.readingSettings());
      await this.send({ dryRun, session, kind, grid, mapping, sheet, planned, allowDuplicates, abort });
    } finally {
      this.abort = null;
      this.store.set({ cancellable: false });
    }
  }

  /** The reading settings of a run: the pane's options, and what the sheet's saved mapping (or profile) says. */
  private readingSettings(): ReadSettings {
    const { dateOrder, dateOrderChosen, timeZone } = this.store.get();
    return { ...mappingReadSettings(this.saved), gstRate: this.gstRate(), dateOrder, dateOrderGiven: dateOrderChosen, timeZone };
  }

  /** The GST rate the sheet's prices include (a decimal string such as '0.1'), or null when they exclude GST. */
  private gstRate(): string | null {
    return this.store.get().pricesIncludeGst ? (this.saved?.gstRate ?? GST_RATE_DEFAULT) : null;
  }

  /** A run cancelled while the sheet was read or checked: nothing was sent, nothing is written. */
  private stoppedBeforeSending(): void {
    this.store.set({ phase: 'idle', progress: null, status: { tone: 'info', text: 'Cancelled: nothing was sent.' } });
  }

  /** Sends (or, for a dry run, decides) the planned records, then writes the results back. */
  private async send(run: SendRun): Promise<void> {
    const { dryRun, session, kind, grid, mapping, sheet, planned, allowDuplicates, abort } = run;
    const total = planned.drafts.filter((d) => d.body).length;
    this.journal ??= await (this.deps.openJournal?.(grid.source) ?? Promise.resolve(new SessionJournal()));
    const journal = this.journal;
    if (!dryRun) this.store.set({ phase: 'sending', progress: { done: 0, total }, status: { tone: 'info', text: `Sending ${total} ${kind.many}…` } });
    // Results go into the sheet as records finish, each batch onto its rows as they are by then.
    const relocated: Relocated = { results: [], moved: [], lost: [] };
    const write = async (part: RowResult[], n: number) => {
      this.store.set({ resultColumns: await writeResultsBatch(this.deps.workbook, run, part, n > 0, relocated) });
    };
    const feed = new ResultsFeed(write, this.deps.resultsEveryMs ?? RESULTS_EVERY_MS);
    let results: RowResult[];
    try {
      const sent = await planned.run({
        concurrency: IMPORT_CONCURRENCY,
        sheet: grid.sheet,
        dryRun,
        allowDuplicates,
        journal: new JournalIndex(journal.entries, session.organisation.id, kind.kind),
        sink: journal,
        signal: abort.signal,
        onRecord: (rows) => feed.add(wordRemedies(rows, paneRemedy)),
        onProgress: (done, all) => {
          if (!dryRun) this.store.set({ progress: { done, total: all }, status: { tone: 'info', text: `${done} of ${all} ${kind.many} done…` } });
        },
      });
      // The core says what can be done as data: the pane words it with its own controls.
      results = wordRemedies(sent, paneRemedy);
    } finally {
      this.abort = null;
      this.store.set({ cancellable: false });
    }
    this.store.set({ phase: 'writing', status: { tone: 'info', text: 'Writing the results into the sheet…' } });
    await feed.finish(results);
    if (!dryRun) {
      const used = { ...(this.saved ?? toSavedMapping(mapping)), gstRate: this.gstRate() };
      await saveMapping(this.deps.workbook, kind.kind, sheet, used);
      this.deps.profiles?.save({ ...toMappingFile({ ...used, kind: kind.kind }), signature: headerSignature(mapping.headers) });
    }
    const cancelled = abort.signal.aborted;
    this.store.set({
      phase: 'idle',
      progress: null,
      mappingSaved: (this.saved !== undefined && !this.store.get().profileUsed) || !dryRun,
      ...(dryRun ? {} : { profileUsed: false }),
      status: { tone: runTone(results, { dryRun, cancelled }), text: runSummary(kind, planned.drafts, results, { dryRun, cancelled }) },
      problems: [...problemLines(planned), ...attentionLines(planned.drafts, results)].slice(0, LINES_SHOWN),
      warnings: [...relocationLines(relocated, results), ...warningLines(planned)].slice(0, LINES_SHOWN),
    });
  }

  /** Says on the status line how many rows of the sheet are read so far. */
  private readingProgress(rows: number): void {
    this.store.set({ status: { tone: 'info', text: `${READING}${rows.toLocaleString('en-AU')} rows…` } });
  }

  /** Reads the sheet and maps it (saved mapping first); a sheet that cannot be mapped says why. */
  private async detect(): Promise<void> {
    const { sheet, kind } = this.store.get();
    this.store.set({ phase: 'reading', status: null, problems: [], warnings: [], resultColumns: null });
    // A large sheet takes a while: the status line counts the rows read so far.
    const grid = await this.deps.workbook.readSheet(sheet ?? undefined, { onProgress: (rows) => this.readingProgress(rows) });
    this.grid = grid;
    this.saved = await loadSavedMapping(this.deps.workbook, kind, grid.sheet);
    // No mapping in this workbook yet: the one kept on this computer for sheets with these headers, if any.
    const profile = this.saved ? null : chooseProfile(grid, kind, this.deps.profiles?.list() ?? []).profile;
    if (profile) this.saved = profile.mapping;
    // A mapping kept with the sheet that says its prices include GST ticks the box; the bookkeeper's tick stays.
    this.store.set({ profileUsed: profile !== null, pricesIncludeGst: this.store.get().pricesIncludeGst || Boolean(this.saved?.gstRate) });
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
    try {
      const { mapping, evidence } = matchColumns(grid, kind, this.saved, this.resolver);
      let mappingProblem: string | null = null;
      try {
        assertMappingUsable(mapping, { source: grid.source, sheet: grid.sheet });
        checkPriceBasis(mapping, this.gstRate(), { source: grid.source, sheet: grid.sheet });
      } catch (error) {
        mappingProblem = paneMappingProblem(error, mapping);
      }
      this.store.set({ mapping, evidence, fields: fieldRows(mapping), choices: columnChoices(mapping), mappingSaved, mappingProblem });
    } catch (error) {
      this.store.set({ mapping: null, evidence: [], fields: [], choices: [], mappingSaved, mappingProblem: paneMappingProblem(error, null) });
    }
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
