/**
 * One office-js batch at a time: counts the bytes queued since the last `context.sync()`, suspends
 * calculation for write batches, turns Excel's errors into typed ones, and reports each sync to an
 * optional hook (the bench measures syncs and payloads with it).
 */
import { WorkbookError, sheetNotFound } from './workbook-port.ts';
import { isPayloadTooLarge } from './sheet-helpers.ts';

/** What one `context.sync()` carried, as estimated by the adapter. */
export interface SyncReport {
  /** The port method that synced: `readSheet`, `writeResults`, `addTableSheet`, …. */
  operation: string;
  /** Sheet rows read or written by this sync (0 for the metadata and finishing syncs). */
  rows: number;
  /** Estimated UTF-8 bytes of the values and formats sent (JSON), the part that grows with rows. */
  requestBytes: number;
  /** Estimated UTF-8 bytes of the values and formats loaded (reads). */
  responseBytes: number;
}

/** Receives one {@link SyncReport} per successful `context.sync()`. */
export type SyncHook = (report: SyncReport) => void;

/** The settings every write needs: chunk size, payload budget, notes support, the sync hook. */
export interface WriteConfig {
  chunkRows: number;
  payloadBudgetBytes: number;
  notes: boolean;
  /** Conditional formats (ExcelApi 1.6): invalid cells are marked with the add-in's own (excel-marks.ts). */
  conditionalFormats: boolean;
  /** ExcelApi 1.4: sheet-scoped defined names, shed's mark on its result block (excel-names.ts). */
  names?: boolean;
  onSync?: SyncHook;
}

/** The queue of one `Excel.run`: sync with metering; a sheet missing becomes `sheet_not_found`. */
export class Batch {
  private bytes = 0;

  constructor(
    private readonly context: Excel.RequestContext,
    private readonly operation: string,
    private readonly onSync?: SyncHook,
  ) {}

  /** Counts bytes queued for the next sync (values, formats, addresses). */
  add(bytes: number): void {
    this.bytes += bytes;
  }

  /**
   * Starts a write batch: suspends Excel's calculation until the next sync, so formulas elsewhere in
   * the workbook are not recalculated per chunk. Call before queueing the writes.
   */
  writing(): void {
    this.context.application.suspendApiCalculationUntilNextSync();
  }

  /**
   * Sends the queue. The byte count starts again whether or not the sync succeeds (a failed batch is gone).
   *
   * @param rows sheet rows this sync reads or writes, for the report.
   * @param responseBytes estimates the loaded bytes once the sync is back.
   * @param sheet the sheet the batch names, so an `ItemNotFound` becomes `sheet_not_found` for it.
   * @throws WorkbookError `sheet_not_found`; the payload error as is (the caller halves and retries);
   *   any other office-js error as is.
   */
  async sync(rows = 0, responseBytes?: () => number, sheet?: string): Promise<void> {
    const requestBytes = this.bytes;
    this.bytes = 0;
    try {
      await this.context.sync();
    } catch (error) {
      if (sheet !== undefined && codeOf(error) === 'ItemNotFound') throw sheetNotFound(sheet);
      throw error;
    }
    this.onSync?.({ operation: this.operation, rows, requestBytes, responseBytes: responseBytes?.() ?? 0 });
  }
}

/** The office-js error code of an error (`code`, else `debugInfo.code`). */
export function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, debugInfo } = error as { code?: unknown; debugInfo?: { code?: unknown } };
  if (typeof code === 'string') return code;
  return typeof debugInfo?.code === 'string' ? debugInfo.code : undefined;
}

/** Wraps a payload error that survived halving down to one row into a typed error. */
export function payloadError(error: unknown, what: string): unknown {
  if (!isPayloadTooLarge(error)) return error;
  return new WorkbookError(
    'payload_too_large',
    `Excel refused ${what}: a single row is larger than one request may be (5 MB on Excel on the web).`,
    {
      cause: error,
    },
  );
}
