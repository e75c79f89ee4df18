/**
 * Receipt sheets for the planner's tests: CSV lines below one plain header, written to a temp file
 * and read through the CLI's reader, as `shed import receipts` reads them.
 */
import { readGrid } from '../../../../batch/read/index.ts';
import type { Grid } from '../../../../shared/sheet/grid.ts';
import { tempFile } from '../returns/helpers.ts';

/** The header of {@link receiptsGrid}'s sheets. */
export const RECEIPTS_HEADER = 'Invoice,Supplier,Date,Deliver To,Product,Qty,Pack Size,Unit,Unit Price';

/** Reads CSV lines (below {@link RECEIPTS_HEADER}) as a grid, through the CLI's reader. */
export async function receiptsGrid(lines: string[]): Promise<Grid> {
  const file = await tempFile('receipts.csv', [RECEIPTS_HEADER, ...lines].join('\r\n') + '\r\n');
  try {
    return await readGrid(file.path);
  } finally {
    await file.cleanup();
  }
}
