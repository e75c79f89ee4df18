/**
 * How to run an import (the runner's options) and the runner's fixed numbers: the cursor's margin,
 * how lost creates share their look-up lists, how far intents are journalled ahead, attempts per write.
 */
import { STAMP_ORDER_MARGIN_MS } from '../../service/gaps.ts';
import type { JournalIndex, JournalSink } from './journal.ts';
import type { RowResult } from '../outcome.ts';

/** How to run an import. */
export interface RunOptions {
  /** The sheet the drafts come from, recorded with each create in the journal. */
  sheet?: string;
  /** The file (name) the drafts come from, recorded with each write in the journal for undo's listing. */
  file?: string;
  /**
   * Why invoices the service already holds are sent anyway (with `allowDuplicates`): recorded in the
   * journal with each create that has a twin.
   */
  allowDuplicatesReason?: string;
  /**
   * Records sent at once (1 and up): creates and updates in flight. Up to {@link PREPARE_AHEAD} more
   * creates journal their intent meanwhile, so each starts as soon as a place is free. A create whose
   * answer was lost holds no place while it looks itself up (places.ts): the requests in flight are
   * bounded by the client's own limit (`maxInFlight`, or its adaptive limit), not here.
   */
  concurrency: number;
  /** Aborting stops new records from starting; those in flight finish. */
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /**
   * Each record's rows as soon as its outcome is known (created, updated, duplicate, failed, …), so a
   * face can write them while the rest is sent. The returned results are the final word: the sweep
   * after the last create may add notes of copies made by others.
   */
  onRecord?: (results: RowResult[]) => void;
  /**
   * Every row's result once every record is done, sorted by row, just before the sweep's list is read
   * (called only when there is a sweep): a face may start writing them meanwhile. The returned
   * results are the final word: the sweep may add notes, so a face compares before it keeps the work.
   */
  onSent?: (results: readonly RowResult[]) => void;
  /** Decide everything, send nothing. */
  dryRun?: boolean;
  /** Create an invoice even when the service already holds the same one. */
  allowDuplicates?: boolean;
  /** Update even when the record changed in the service since the sheet's `Updated At`. */
  force?: boolean;
  journal: JournalIndex;
  sink: JournalSink;
  /** Attempts per write when its outcome stays unknown and the record is not found; default 8. */
  maxAttempts?: number;
  /**
   * First back-off delay between such attempts, milliseconds (then growing by {@link RETRY_DELAY}'s
   * factor up to its cap, times 1–2); default {@link RETRY_DELAY}`.firstMs`: each attempt has already
   * waited for a list of the run's records, and the client backs its requests off hard when most
   * answers fail (shared/client/back-off.ts).
   */
  retryDelayMs?: number;
  /** The clock, for journal entries only (never for cursors). */
  now?: () => Date;
}

/**
 * Margin subtracted from the service cursor when looking for a record whose answer was lost, so a
 * record stamped with the same instant as the cursor is not skipped (gaps row 14: ties), nor one a
 * server stamped a little behind another (the assumption named in shared/service/gaps.ts).
 */
export const RECONCILE_MARGIN_MS = STAMP_ORDER_MARGIN_MS;

/**
 * Lost creates that fail within this many milliseconds of each other share one list to look for
 * themselves in (fresh-read.ts): at most one such list begins per this time.
 */
export const LOST_LOOKUP_GATHER_MS = 100;

/**
 * A lost create whose look-up list has not ended after this many milliseconds asks for one more
 * (fresh-read.ts), and is answered by whichever ends well first: a page held up by a 503 with
 * Retry-After: 1, or failing twice, then no longer holds the record (often the run's last) a second.
 * A list of the run's latest records takes one or two round trips: about four times the gather.
 */
export const LOST_LOOKUP_HEDGE_MS = 4 * LOST_LOOKUP_GATHER_MS;

/**
 * Creates that may have their intent journalled (durable) while waiting for a place to send: the
 * journal's write and sync then overlap the requests in flight instead of holding a place. An
 * intent never sent (the run stopped first) is what a crash between intent and send leaves: the
 * next run looks for the record before creating it.
 */
export const PREPARE_AHEAD = 8;

/** Attempts of one create or update whose answers keep getting lost (each after looking for it). */
export const DEFAULT_ATTEMPTS = 8;

/**
 * The back-off between attempts of a write whose answer was lost and that a list showed absent
 * (attempts.ts `withAttempts`): the first wait `firstMs`, each next `factor` times longer, never more
 * than `maxTimes` × the first; each wait times 1–2 (jitter). Short at first (every attempt has already
 * waited for a list begun after its failure, and a record in recovery holds the end of a run), then
 * doubling, so that the 8 attempts span a second or more: a short stall of the service (or of the
 * machine) does not use them all up.
 */
export const RETRY_DELAY = { firstMs: 10, factor: 2, maxTimes: 40 } as const;
