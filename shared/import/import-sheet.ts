/**
 * The one import use case both faces call: read the sheet once, map its columns (headers, then the
 * values, then the organisation's names), check the price basis, connect and load the organisation's
 * records (both started while the sheet is read), plan (hidden rows, GST, dates, line totals, units,
 * invoices), send without ever sending twice (shared/import/engine/run.ts), keep the sheet's ids, hand
 * the results to the face's sink and count what happened. The CLI and the task pane supply ports
 * (shared/import/ports.ts) and words; no rule lives in a face.
 */
import { ShedError } from '../errors/shed-error.ts';
import { createResolver, type Resolver } from '../resolve/index.ts';
import type { FieldEvidence } from '../sheet/content-match.ts';
import type { Grid } from '../sheet/grid.ts';
import { assertMappingUsable, type ColumnMapping } from '../sheet/mapping.ts';
import { kindOf, type ImportKind } from '../kinds/index.ts';
import { checkLineAmountCost } from '../sheet/line-amount.ts';
import { checkPriceBasis } from '../sheet/price-basis.ts';
import type { SavedMapping } from '../sheet/saved-mapping.ts';
import type { DateOrder } from '../sheet/values/index.ts';
import { mappingReadSettings, type ReadSettings } from './cells.ts';
import { JournalIndex } from './engine/journal.ts';
import { resultsShown } from './keep-ids.ts';
import { mapSheet, mapWithNames, matchColumns } from './map-sheet.ts';
import type { RowResult } from './outcome.ts';
import { planImport } from './plan-kind.ts';
import type { ImportPorts } from './ports.ts';
import { farmToday, learnRecipes, openRecipes, resolversOf } from './recipe-step.ts';
import { countStatuses } from './results.ts';
import { readWhileSettingUp, setUpDone, startSetUp } from './set-up.ts';

export type * from './ports.ts';
export type { ImportReport, RecordOutcome } from './import-report.ts';
import { isNotDone } from './attention.ts';
import type { ImportReport, RecordOutcome } from './import-report.ts';
export type { PlannedDraft, PlannedImport } from './plan-kind.ts';

/**
 * What the user chose for this run (the CLI's flags, the pane's options); the saved mapping supplies
 * the rest of the reading settings (units, lines left out, pack sizes), and the choices beat it.
 */
export interface ImportChoices {
  kind: ImportKind;
  dateOrder: DateOrder;
  /** The user chose the date order: a column that proves the other order is read this way all the same. */
  dateOrderGiven: boolean;
  /** The farm's IANA time zone for dates without a time. */
  timeZone: string;
  /** Today in the farm's time zone (`YYYY-MM-DD`; default: the clock's): later dates are refused. */
  today?: string;
  /**
   * The rate the sheet's prices include GST at, as a decimal string (`'0.1'`, gaps row 28); `null`:
   * they exclude GST whatever the saved mapping says; undefined: as the saved mapping says.
   */
  gstRate?: string | null;
  /** Product texts of lines that are not stock, added to the saved mapping's. */
  skipLines?: readonly string[];
  /** Import rows the workbook hides or filters out too (default: left out, and counted). */
  includeHidden?: boolean;
  /** Decide everything, send nothing. */
  dryRun?: boolean;
  allowDuplicates?: boolean;
  /** Why invoices the service already holds are sent anyway: kept in the journal. */
  allowDuplicatesReason?: string;
  /** Update records even when they changed in the service since the sheet's `Updated At`. */
  force?: boolean;
  /** Records in progress at once (the client's limit bounds the requests in flight). */
  concurrency: number;
  /** Aborting before sending stops the run ({@link ImportCancelledError}); while sending, stops new records. */
  signal?: AbortSignal;
}

/** An import stopped before anything was sent (Cancel, Ctrl-C). */
export class ImportCancelledError extends ShedError {
  constructor() {
    super('cancelled', 'usage', 'The import was cancelled before anything was sent: nothing was sent.');
  }
}

/** A sheet with a header and no record below it. */
export class NoRecordsError extends ShedError {
  constructor(grid: Grid, mapping: ColumnMapping) {
    const what = kindOf(mapping.kind).row;
    super(
      'no_data',
      'input',
      `${grid.source}, sheet ${grid.sheet}: the header is on row ${mapping.headerRowNumber} but no row below it holds ${what}: nothing to import`,
    );
  }
}

/**
 * The reading settings of a run: what the saved mapping says, with the user's choices laid over it
 * (the choices win; lines left out add up).
 */
export function readSettingsOf(saved: SavedMapping | undefined, choices: ImportChoices): ReadSettings {
  const fromMapping = mappingReadSettings(saved);
  const skip = [...(fromMapping.skipLines ?? []), ...(choices.skipLines ?? [])];
  return {
    ...fromMapping,
    ...(skip.length > 0 ? { skipLines: skip } : {}),
    dateOrder: choices.dateOrder,
    dateOrderGiven: choices.dateOrderGiven,
    timeZone: choices.timeZone,
    today: choices.today ?? farmToday(choices.timeZone),
    gstRate: choices.gstRate === undefined ? (fromMapping.gstRate ?? null) : choices.gstRate,
  };
}

/**
 * Imports one sheet as receipts or returns: the whole sequence, over the face's ports. Nothing is
 * sent for a sheet that cannot be mapped or read, and nothing of a record with one invalid row.
 *
 * @returns what happened, for the face to word (see {@link ImportReport}).
 * @throws the sheet source's read errors; MappingError (no header row, required columns missing,
 *   prices including GST unclaimed); {@link NoRecordsError}; {@link ImportCancelledError} when
 *   cancelled before sending; the connection's and the client's typed errors (AuthenticationError,
 *   EntitlementError, NetworkError). All before anything is sent.
 */
export async function importSheet(ports: ImportPorts, choices: ImportChoices): Promise<ImportReport> {
  const { progress } = ports;
  const { signal } = choices;
  const stopIfCancelled = () => {
    if (signal?.aborted) throw new ImportCancelledError();
  };
  // The set-up round trips (connect, then the snapshot's lists at once) go while the sheet is read
  // and mapped: they only read. The sheet's own refusals still come first (see settleSetUp).
  const setUp = startSetUp(ports);
  const { grid, saved, pending, recipeRun } = await readWhileSettingUp(
    readSheet(ports, choices, stopIfCancelled),
    setUp,
  );
  const { reading } = recipeRun;
  const { connection, snapshot } = await setUpDone(setUp, progress, stopIfCancelled);
  const resolver = createResolver(snapshot.reference);
  const resolverFor = resolversOf(resolver, recipeRun.applied, recipeRun.sheet, connection.organisation.id);
  // Placed now by the organisation's names (GST checked again by the plan); a recipe's storage covers it.
  const { mapping, evidence } = mapWithNames(grid, pending, resolver, recipeRun.covered);
  const planned = planImport(
    choices.kind,
    grid,
    mapping,
    resolver,
    connection.org,
    { ...reading, resolverFor, includeHidden: !!choices.includeHidden },
    snapshot,
  );
  planned.warnings.unshift(...recipeRun.warnings); // what the recipes did, said first
  if (planned.drafts.length === 0) throw new NoRecordsError(grid, mapping);

  const dryRun = Boolean(choices.dryRun);
  const sink = ports.results({ grid, mapping, dryRun });
  const shown = resultsShown(grid, mapping, dryRun, ports.words);
  const labels = new Map(planned.drafts.map((d) => [d.rowNumbers[0], planned.label(d)]));
  const journal = await ports.journal({
    dryRun,
    label: (rowNumbers) => labels.get(rowNumbers[0]) ?? `the record of row ${rowNumbers[0] ?? '?'}`,
  });
  let sent: RowResult[];
  try {
    progress?.phase?.('sending');
    progress?.records?.(0, planned.drafts.filter((d) => d.body).length);
    sent = await planned.run({
      concurrency: choices.concurrency,
      sheet: grid.sheet,
      file: grid.source,
      journal: new JournalIndex(journal.entries, connection.organisation.id, choices.kind),
      sink: journal.sink,
      dryRun,
      allowDuplicates: Boolean(choices.allowDuplicates),
      ...(choices.allowDuplicatesReason ? { allowDuplicatesReason: choices.allowDuplicatesReason } : {}),
      force: Boolean(choices.force),
      onProgress: (done, total) => progress?.records?.(done, total),
      ...(sink.add ? { onRecord: (rows: RowResult[]) => sink.add?.(shown(rows)) } : {}),
      ...(sink.sent ? { onSent: (rows: readonly RowResult[]) => sink.sent?.(shown(rows)) } : {}),
      ...(signal ? { signal } : {}),
    });
  } finally {
    await journal.close();
  }
  progress?.phase?.('writing');
  const results = shown(sent);
  const placed = await sink.finish(results);
  const learning = { dryRun, today: farmToday(choices.timeZone), organisationId: connection.organisation.id };
  const recipes = await learnRecipes(recipeRun, { grid, mapping, drafts: planned.drafts, results }, resolver, learning);
  return report(sent, journal.repaired ?? null, signal, {
    grid,
    mapping,
    evidence,
    saved,
    reading,
    given: recipeRun.given,
    organisation: connection.organisation,
    planned,
    results,
    placed,
    recipes,
  });
}

/**
 * The first steps, before connecting: the sheet read, its saved mapping and the mapping so far, the
 * supplier recipes laid over the reading settings, and the price basis checked.
 */
async function readSheet(ports: ImportPorts, choices: ImportChoices, stopIfCancelled: () => void) {
  const { progress } = ports;
  const { signal } = choices;
  progress?.phase?.('reading');
  const grid = await ports.sheet.read({
    ...(signal ? { signal } : {}),
    onProgress: (rows) => progress?.rowsRead?.(rows),
  });
  stopIfCancelled();
  const saved = await ports.mapping?.(grid);
  const pending = mapSheet(grid, choices.kind, saved);
  const gstFixed = choices.gstRate !== undefined || (saved?.gstRate ?? null) !== null;
  const recipeRun = await openRecipes(
    ports.recipes,
    grid,
    pending.mapping,
    readSettingsOf(saved, choices),
    gstFixed,
    Boolean(choices.includeHidden),
  );
  checkPriceBasis(pending.mapping, recipeRun.reading.gstRate ?? null, { source: grid.source, sheet: grid.sheet });
  return { grid, saved, pending, recipeRun };
}

type Reported = Pick<
  ImportReport,
  | 'grid'
  | 'mapping'
  | 'evidence'
  | 'saved'
  | 'reading'
  | 'given'
  | 'organisation'
  | 'planned'
  | 'results'
  | 'placed'
  | 'recipes'
>;

/**
 * Counts what the run did; each record's result is its first row's (as shown: `results`), and the
 * record in the service it names is the engine's (`sent`: a dry run's shown rows leave its ids out).
 */
function report(
  sent: readonly RowResult[],
  journalRepaired: string | null,
  signal: AbortSignal | undefined,
  done: Reported,
): ImportReport {
  const { planned, results, placed } = done;
  const byRow = new Map(results.map((r) => [r.rowNumber, r]));
  // The engine's rows by row, made only if a record not done asks (a run of 300,000 rows has none to spare).
  let sentByRow: Map<number, RowResult> | null = null;
  const engineRow = (row: number) => (sentByRow ??= new Map(sent.map((r) => [r.rowNumber, r]))).get(row);
  const outcomes = planned.drafts.map((d): RecordOutcome => {
    const first = byRow.get(d.rowNumbers[0] ?? -1);
    const outcome: RecordOutcome = { rowNumbers: d.rowNumbers, label: planned.label(d), first };
    // Said of the records not done (attention.ts): as a real run's results keep them (keep-ids.ts), the
    // ids the engine's row carries win over the sheet's.
    if (!isNotDone(first)) return outcome;
    const engine = engineRow(first.rowNumber);
    const recordId = engine?.recordId ?? first.recordId;
    const sequence = engine?.sequence ?? first.sequence;
    if (recordId || sequence)
      outcome.inService = { ...(recordId ? { recordId } : {}), ...(sequence ? { sequence } : {}) };
    return outcome;
  });
  const twins = outcomes.filter((o) => o.first?.twinSequences?.length);
  const rows = countStatuses(results);
  const refused =
    rows.invalid +
    rows.failed +
    rows.conflict +
    rows.duplicate +
    twins.length +
    placed.unplaced.length +
    (placed.failure === null ? 0 : 1);
  const firsts = outcomes.flatMap((o) => o.first ?? []);
  const byStatus = countStatuses(firsts);
  const alreadyCreated = firsts.filter((r) => r.status === 'created' && r.fromJournal).length;
  const notSent = firsts.filter((r) => r.notSent).length;
  return {
    ...done,
    rows,
    records: {
      total: planned.drafts.length,
      valid: planned.drafts.filter((d) => d.body).length,
      ...byStatus,
      created: byStatus.created - alreadyCreated,
      alreadyCreated,
      failed: byStatus.failed - notSent,
      notSent,
    },
    outcomes,
    twins,
    journalRepaired,
    interrupted: Boolean(signal?.aborted),
    refused,
  };
}

/** A sheet's mapping as a face previews it before a run: never throws for what the sheet lacks. */
export interface MappingPreview {
  /** The mapping found (null when the sheet has no header row). */
  mapping: ColumnMapping | null;
  evidence: FieldEvidence[];
  /** Why the sheet cannot be imported as it is (a MappingError: no header row, columns missing, GST unclaimed), or null. */
  problem: unknown;
}

/**
 * Maps a sheet as the run will (headers, the saved mapping, the values, and the organisation's names
 * when a `resolver` is given) and checks it is usable and its price basis claimed, for a face to show
 * and edit before anything runs. `gstRate`: as {@link ImportChoices.gstRate} resolved (null: ex GST).
 */
export function previewMapping(
  grid: Grid,
  kind: ImportKind,
  saved: SavedMapping | undefined,
  resolver: Resolver | null,
  gstRate: string | null,
): MappingPreview {
  let matched: ReturnType<typeof matchColumns>;
  try {
    matched = matchColumns(grid, kind, saved, resolver);
  } catch (error) {
    return { mapping: null, evidence: [], problem: error };
  }
  const { mapping, evidence } = matched;
  try {
    assertMappingUsable(mapping, { source: grid.source, sheet: grid.sheet });
    checkPriceBasis(mapping, gstRate, { source: grid.source, sheet: grid.sheet });
    // A sheet without a pack cost column (returns) has nothing to check.
    checkLineAmountCost(grid, mapping, saved?.packCostPerPack === true);
  } catch (error) {
    return { mapping, evidence, problem: error };
  }
  return { mapping, evidence, problem: null };
}

/** One row's outcome as data, the same whichever face ran it: its status and the codes of its problems. */
export interface RowOutcome {
  rowNumber: number;
  status: RowResult['status'];
  /** Codes of the row's problems (refusals) and warnings, sorted: `unknown_product`, `gst_taken_off`. */
  codes: string[];
}

/**
 * Every row's status and problem codes, by row number: what the parity of the faces is checked on
 * (their messages differ only in how remedies are worded).
 */
export function rowOutcomes(report: Pick<ImportReport, 'planned' | 'results'>): RowOutcome[] {
  const codes = new Map<number, string[]>();
  for (const draft of report.planned.drafts) {
    for (const p of [...draft.problems, ...draft.warnings])
      codes.set(p.rowNumber, [...(codes.get(p.rowNumber) ?? []), p.code]);
  }
  return report.results.map((r) => ({
    rowNumber: r.rowNumber,
    status: r.status,
    codes: (codes.get(r.rowNumber) ?? []).sort(),
  }));
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../errors/shed-error.ts' {
  interface ErrorCodes {
    ImportCancelledError: 'cancelled';
    NoRecordsError: 'no_data';
  }
}
