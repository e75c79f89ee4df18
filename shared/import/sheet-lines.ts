/**
 * The first steps both plans take over a mapped sheet (receipts and returns alike): the data rows
 * below the header, one-value fields given to every row, lines that are not stock left out, and the
 * date column checked as a whole. Pure.
 */
import type { Notice } from '../errors/remedy.ts';
import type { CellValue, Grid } from '../sheet/grid.ts';
import type { ColumnMapping } from '../sheet/mapping.ts';
import type { ReadSettings } from './cells.ts';
import { checkDateColumn } from './date-column.ts';
import { cellOf, placeOf } from './row-cells.ts';
import {
  noteRowsWarning,
  totalsRowsWarning,
  skipLines,
  skippedLinesWarning,
  splitDataRows,
  withConstants,
  type FieldRow,
  type SkippedRow,
} from './rows.ts';

/** The lines of a sheet ready to read: rows, what was passed over, sheet warnings, and the reading settings for them. */
export interface SheetLines<F extends string> {
  rows: FieldRow<F>[];
  skipped: SkippedRow[];
  /** Row numbers after which a blank row was seen (invoice boundaries). */
  blankBefore: Set<number>;
  warnings: Notice[];
  /** `settings`, with why ambiguous dates are refused when the date column proves the other order. */
  reading: ReadSettings;
  /** The `keyField` cell of each row (by index in `rows`), when asked and read with the rows; else null. */
  keys: CellValue[] | null;
}

/**
 * The lines of `grid` under `mapping`: `lineField` is the field a real line always carries
 * (`quantity`, `amount`), `dateField` the kind's date (`received_at`, `returned_at`), `keyField` a
 * field whose cell on each row is wanted with the rows (the invoice key, for the grouping).
 */
export function sheetLines<F extends string>(
  grid: Grid,
  mapping: ColumnMapping,
  settings: ReadSettings,
  lineField: F,
  dateField: F,
  keyField?: F,
): SheetLines<F> {
  const columns = mapping.columns as Partial<Record<F, number>>;
  const split = splitDataRows<F>(grid, mapping.headerRowNumber, columns, lineField, dateField, keyField);
  // Each step only when it has something to do (a copy of 100,000 rows each otherwise).
  const constants = Object.keys(mapping.constants ?? {}).length > 0;
  const given = constants ? withConstants(split.rows, mapping.constants) : split.rows;
  const lines = settings.skipLines?.length
    ? skipLines<F>(given, 'product' as F, settings.skipLines)
    : { kept: given, skipped: [] };
  // The date column as a whole: only its text cells tell an order, gathered while splitting the rows
  // (another pass over the lines only when a one-value field or a left-out line changed them).
  const datePlace = placeOf(dateField);
  const asSplit = !constants && lines.kept === given;
  const dateCells = asSplit ? split.texts : lines.kept.map((r) => cellOf(r.cells, dateField, datePlace) ?? null);
  const dates = checkDateColumn(dateCells, settings);
  const reading =
    dates.refuseAmbiguousDates === undefined
      ? settings
      : { ...settings, refuseAmbiguousDates: dates.refuseAmbiguousDates };
  return {
    rows: lines.kept,
    skipped: split.skipped,
    blankBefore: split.blankBefore,
    warnings: [
      ...noteRowsWarning(split.skipped),
      ...totalsRowsWarning(split.skipped),
      ...skippedLinesWarning(lines.skipped),
      ...dates.warnings,
    ],
    reading,
    keys: asSplit ? split.keys : null,
  };
}
