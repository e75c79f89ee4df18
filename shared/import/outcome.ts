/**
 * What happened to each sheet row, written back as the result columns of PRODUCT.md (their
 * names and order: `RESULT_COLUMNS`, shared/kinds), and the problems that explain a refusal.
 */

import type { Remedy } from '../errors/remedy.ts';

/**
 * A row's status in the results file (PRODUCT.md, "Results file"). A dry run writes what it would
 * do instead: `would create`, `would update`.
 */
export type RowStatus =
  | 'created'
  | 'updated'
  | 'unchanged'
  | 'duplicate'
  | 'conflict'
  | 'invalid'
  | 'failed'
  | 'would create'
  | 'would update';

/**
 * One refusal, pinned to a cell: sheet row (1-based), column (0-based index, when the problem is in
 * one cell), the value as written, the reason, and a suggestion when there is one.
 */
export interface Problem {
  /** Stable machine code, e.g. `unknown_product`, `ambiguous_product`, `invalid_date`. */
  code: string;
  rowNumber: number;
  column?: number;
  /** The header of that column, as written in the sheet. */
  header?: string;
  value?: unknown;
  message: string;
  suggestion?: string;
  /** What the user can do about it, worded by each face (the CLI's flags, the pane's controls). */
  remedies?: Remedy[];
}

/** The result of one sheet row, written back as the result columns. */
export interface RowResult {
  rowNumber: number;
  status: RowStatus;
  recordId?: string;
  sequence?: string;
  lineItemId?: string;
  /**
   * The record's `updated_at` as the row wrote or found it (the service's text, exact), written back as
   * `Updated At` so that a re-import of the results file can tell whether the record changed since.
   * Absent on a row that names no record, and on a conflict (the row keeps the version it was read with).
   */
  updatedAt?: string;
  message?: string;
  /**
   * What the user can do about `message`, as data: each face appends them in its own words before
   * the row is shown or written (the CLI's flags, the pane's controls).
   */
  remedies?: Remedy[];
  /** Columns (0-based) to mark as invalid (red fill) in the results file or the workbook. */
  invalidColumns?: number[];
  /**
   * Sequences of other records with the same content that appeared in the service while this run
   * created its own (another import at the same time): reported, never deleted.
   */
  twinSequences?: string[];
  /**
   * The run stopped (interrupted, cancelled) before this record was sent: nothing of it reached the
   * service and a later run sends it. Its status is `failed` in the CLI's results (PRODUCT.md's
   * statuses); the add-in shows it as `not sent`, neutral.
   */
  notSent?: boolean;
  /**
   * The record was created by an earlier run of this import, as its journal says: nothing was sent for
   * it now (status `created`; summaries count it apart from this run's creations).
   */
  fromJournal?: boolean;
}
