/**
 * The summary's lines that name records (batch/commands/import/index.ts): where each is (file, sheet,
 * rows) and what happened to it in the words of its results row's Message: the records not done
 * (failed, conflict, duplicate) and why, the records the service holds more than once that are not
 * among them, the updates and what they change, and the updates said first (line items deleted, a
 * record under review). Each record is said once. Which records these are is the core's rule
 * (shared/import/attention.ts); this module only words them.
 */
import { isNotDone, notDoneOutcomes, updateOutcomes, type DecidedOutcome } from '../../../shared/import/attention.ts';
import type { RecordOutcome } from '../../../shared/import/import-report.ts';

/** Where the records are: the input file's name and the sheet read. */
export interface Where {
  source: string;
  sheet: string;
}

/** A record the run did not do, as `--json` gives it: its rows, what it is, its status and why. */
export interface NotDoneRecord {
  status: 'failed' | 'conflict' | 'duplicate';
  /** Its sheet rows (1-based). */
  rows: number[];
  /** How messages name it: `invoice INV-40390`, `the return on row 6`. */
  record: string;
  /**
   * The record in the service the row names or found, when there is one (a conflict's or duplicate's
   * copy, a Record ID the row gives), dry runs too: the record its Message names.
   */
  sequence?: string;
  recordId?: string;
  /** Why, and what to do: the Message its rows carry in the results file. */
  message: string;
  /** The line printed on the terminal: where, status and message. */
  text: string;
}

/** `invoices.xlsx, sheet Invoices, rows 4, 5` */
export function describeRows(rowNumbers: readonly number[], where: Where): string {
  return `${where.source}, sheet ${where.sheet}, row${rowNumbers.length > 1 ? 's' : ''} ${rowNumbers.join(', ')}`;
}

/**
 * Every record not done, one entry each: `invoices.xlsx, sheet Invoices, rows 5, 6, 7: conflict: invoice
 * INV-40211 is already in the service as REC-00000032, otherwise: …`. Listed whole, however many: a
 * dry run writes no results file, so these lines are the only place its reasons are.
 */
export function notDoneRecords(outcomes: readonly RecordOutcome[], where: Where): NotDoneRecord[] {
  return notDoneOutcomes(outcomes).map(({ rowNumbers, label, first, inService }) => {
    const message = first.message ?? '';
    const sequence = inService?.sequence ?? first.sequence;
    const recordId = inService?.recordId ?? first.recordId;
    return {
      status: first.status as NotDoneRecord['status'],
      rows: [...rowNumbers],
      record: label,
      ...(sequence ? { sequence } : {}),
      ...(recordId ? { recordId } : {}),
      message,
      text: `${describeRows(rowNumbers, where)}: ${first.status}: ${message}`.trimEnd(),
    };
  });
}

/**
 * The records the service now holds more than once (`twins`: the run's copy and another's, or an invoice
 * it already held twice), one line each in its rows' Message (`… the service holds this invoice 2 times
 * (REC-32, REC-34): delete the extra`), except those not done: a conflict on such an invoice is said
 * once, among the records not done ({@link notDoneRecords}), whose Message says the same and its status.
 */
export function twinLines(twins: readonly RecordOutcome[], where: Where): string[] {
  return twins
    .filter((t) => !isNotDone(t.first))
    .map((t) => `${describeRows(t.rowNumbers, where)}: ${t.first?.message ?? ''}`);
}

/** Whether an update is said first, before anything else: it deletes line items or changes a record under review. */
function saidFirst({ first }: DecidedOutcome): boolean {
  return /DELETED|under review/.test(first.message ?? '');
}

/** `invoices.xlsx, sheet Invoices, rows 15, 16: REC-44 would update: dry run: 1 line item changed; 1 line item added` */
function updateLine({ rowNumbers, label, first }: DecidedOutcome, where: Where): string {
  return `${describeRows(rowNumbers, where)}: ${first.sequence ?? label} ${first.status}: ${first.message ?? ''}`.trimEnd();
}

/** Updates that delete line items or change a record under review, one line per record: said first. */
export function noticeLines(outcomes: readonly RecordOutcome[], where: Where): string[] {
  return updateOutcomes(outcomes)
    .filter(saidFirst)
    .map((o) => updateLine(o, where));
}

/** The other updates (line items changed or added, header fields), one line per record saying what changes. */
export function updateLines(outcomes: readonly RecordOutcome[], where: Where): string[] {
  return updateOutcomes(outcomes)
    .filter((o) => !saidFirst(o))
    .map((o) => updateLine(o, where));
}
