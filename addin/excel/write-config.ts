/**
 * The settings every office-js write takes (chunk size, payload budget, what the host supports, the
 * sync hook): its own module so the writers (excel-results.ts, excel-sheets.ts, excel-template.ts)
 * and the adapter that builds it (excel-workbook.ts) need not import one another.
 */
import type { SyncHook } from './excel-batch.ts';

/** The settings every write needs: chunk size, payload budget, notes support, the sync hook. */
export interface WriteConfig {
  chunkRows: number;
  payloadBudgetBytes: number;
  notes: boolean;
  /** `RangeFill.pattern` can be read (ExcelApi 1.9): it tells no fill from a white one. */
  fillPattern: boolean;
  onSync?: SyncHook;
}
