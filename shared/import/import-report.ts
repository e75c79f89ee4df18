/**
 * What one import did (shared/import/import-sheet.ts), for each face to word: the sheet and mapping used,
 * the plan, every row's result and the records they make.
 */
import type { Organisation } from '../schemas/resources.ts';
import type { FieldEvidence } from '../sheet/content-match.ts';
import type { Grid } from '../sheet/grid.ts';
import type { ColumnMapping } from '../sheet/mapping.ts';
import type { SavedMapping } from '../sheet/saved-mapping.ts';
import type { ReadSettings } from './cells.ts';
import type { RowResult } from './outcome.ts';
import type { PlannedImport } from './plan-kind.ts';
import type { ResultsPlaced } from './ports.ts';
import type { RecipeOutcome } from './recipe-step.ts';
import type { StatusCounts } from './results.ts';

/** A record (receipt or return) the sheet's rows made, with the result of its first row. */
export interface RecordOutcome {
  rowNumbers: number[];
  /** How messages name it: `invoice INV-40390`, `the return on row 6`. */
  label: string;
  first: RowResult | undefined;
  /**
   * Of a record not done (attention.ts): the record in the service its rows name or found (a
   * conflict's or duplicate's copy), when they name one: the engine's ids over the sheet's. In a dry run `first` leaves out the
   * ids the sheet does not hold (they would tie its rows to that record); these are only ever said to
   * the user, never written to the sheet.
   */
  inService?: Pick<RowResult, 'recordId' | 'sequence'>;
}

/** What one import did, for the face to word: the sheet and mapping used, the plan and every result. */
export interface ImportReport {
  grid: Grid;
  mapping: ColumnMapping;
  evidence: FieldEvidence[];
  /** The saved mapping the run used (mapping file, profile or the workbook's), if any. */
  saved: SavedMapping | undefined;
  reading: ReadSettings;
  /**
   * The lines left out and the GST basis as the user and the saved mapping gave them, before any
   * supplier recipe was laid over `reading`: what a mapping or profile saved from this run may keep (a
   * recipe's rules are its supplier's, never those of another sheet with the same headers).
   */
  given: Pick<ReadSettings, 'skipLines' | 'gstRate'>;
  organisation: Organisation;
  planned: PlannedImport;
  /** One result per row of a record, remedies worded by the face, sheet ids kept; sorted by row. */
  results: RowResult[];
  /** Rows by status. */
  rows: StatusCounts;
  /**
   * Records: how many the sheet holds, how many were valid, and by their first row's status;
   * `created` counts only this run's creations, `alreadyCreated` those an earlier run of this import
   * created (its journal says so: nothing sent for them now; their rows' status is `created`).
   */
  /** Records by the status of their first row; `notSent`: those a stop left unsent (not counted as failed). */
  records: { total: number; valid: number; alreadyCreated: number; notSent: number } & StatusCounts;
  /** Each record with its first row's result, in the sheet's order. */
  outcomes: RecordOutcome[];
  /** Records the service now holds twice (another run sent them too), each with its message. */
  twins: RecordOutcome[];
  /** Where the results went (the face's sink). */
  placed: ResultsPlaced;
  /** The supplier recipes applied, and what this sheet's corrections taught them. */
  recipes: RecipeOutcome;
  /** A line the journal repaired on opening, to say as a warning. */
  journalRepaired: string | null;
  /** The run was cancelled while sending: records not yet started were not sent. */
  interrupted: boolean;
  /** Rows or records that need the user: invalid, failed, conflict, duplicate, twins, unplaced or unwritten results. */
  refused: number;
}
