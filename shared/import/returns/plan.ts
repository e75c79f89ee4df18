/**
 * Plans a returns import from a sheet, before anything is sent: one return per row, cells read, names resolved,
 * bodies checked.
 */
import type { Notice } from '../../errors/remedy.ts';
import type { Resolver } from '../../resolve/index.ts';
import type { Grid } from '../../sheet/grid.ts';
import type { ColumnMapping } from '../../sheet/mapping.ts';
import { KINDS, type ReturnField } from '../../kinds/index.ts';
import { sheetLines } from '../sheet-lines.ts';
import type { ColumnIndex } from '../problems.ts';
import type { SkippedRow } from '../rows.ts';
import type { ReadSettings, ReturnDraft } from './build.ts';
import { buildReturnDraft } from './build.ts';
import { refuseRepeatedRecordIds } from './repeated-record-ids.ts';
import { checkReturnPackColumns } from './pack-columns.ts';
import { checkDecimalCommas } from '../../sheet/decimal-commas.ts';
import type { Receipt, Return } from '../../schemas/resources.ts';
import { keptUnits, refuseUnitsNotKept } from './kept-units.ts';

/** The organisation's records fetched at the start of a run: how each product is kept, and the returns held. */
interface ExistingRecords {
  receipts: readonly Receipt[];
  returns: readonly Return[];
}

/** Everything an import of returns will do, worked out before anything is sent. */
export interface ReturnPlan {
  /** One draft per data row, in sheet order. */
  drafts: ReturnDraft[];
  /** Blank rows and a totals row, passed over. */
  skipped: SkippedRow[];
  /** Sheet-wide warnings, e.g. a date column that reads only month-first. */
  warnings: Notice[];
}

/**
 * Plans a returns import from a sheet (pure): data rows below the header (one row per return; blank
 * and totals rows skipped), cells read, names resolved, bodies checked. Nothing is sent; a row with
 * any problem has `body: null`. The order of ambiguous dates is checked over the whole Date column.
 * @throws MappingError `pack_size_column` for a count of packs beside a pack size column (pack-columns.ts).
 *
 * @param existing the organisation's receipts (the units each product is kept in: a return in another
 *   kind of unit is refused, kept-units.ts) and returns; none: nothing is checked against them.
 * @param mapping the column mapping of a returns sheet (see `detectMapping(grid, 'returns')`); must
 *   have every required field (`assertMappingUsable`).
 */
export function planReturnImport(
  grid: Grid,
  mapping: ColumnMapping,
  resolver: Resolver,
  settings: ReadSettings,
  existing: ExistingRecords = { receipts: [], returns: [] },
): ReturnPlan {
  const columns = mapping.columns as Partial<Record<ReturnField, number>>;
  const index: ColumnIndex = { columns, headers: mapping.headers };
  checkReturnPackColumns(grid, mapping);
  checkDecimalCommas(grid, mapping, ['amount']);
  const { rows, skipped, warnings, reading } = sheetLines<ReturnField>(
    grid,
    mapping,
    settings,
    KINDS.returns.quantityField,
    KINDS.returns.dateField,
  );
  // A row copied with its Record ID (two rows naming one return) refuses both rows.
  const built = refuseRepeatedRecordIds(
    rows.map((row) => buildReturnDraft(row, index, resolver, reading)),
    index,
  );
  // A return in litres of a product only ever received by weight (or the other way) refuses its row.
  const drafts = refuseUnitsNotKept(built, rows, index, keptUnits(existing.receipts), existing.returns, (id) =>
    resolver.productName(id),
  );
  return { drafts, skipped, warnings };
}
