/**
 * The data rows below a sheet's header: blank and totals rows skipped, one-value fields filled in, lines that are
 * not stock (freight, discounts) left out.
 */
import type { Notice } from '../errors/remedy.ts';
import type { CellValue, Grid, SheetRow } from '../sheet/grid.ts';
import { isBlank } from '../sheet/grid.ts';
import { IMPORT_KINDS, fieldsWith } from '../kinds/index.ts';
import { plainRowCells, rowViewsOf } from './row-cells.ts';
import { cellText } from '../sheet/values/index.ts';

/** A data row below the header: its sheet row, and each mapped field's cell (undefined when unmapped). */
export interface FieldRow<F extends string> {
  rowNumber: number;
  /**
   * Field → cell value as read; a field that is not mapped is undefined. Read-only: a sheet's rows are
   * views of its grid rows (row-cells.ts), whose fields are getters: copy with `plainRowCells`.
   */
  cells: Partial<Record<F, CellValue>>;
  /** Field → 0-based column, for problems. */
  columns: Partial<Record<F, number>>;
}

/** Why a row below the header was passed over rather than imported. */
export interface SkippedRow {
  rowNumber: number;
  reason: 'blank' | 'totals' | 'note';
  /** A note row's text; a totals row's quantity, when it had one (said: it could have been a line). */
  text?: string;
}

/**
 * Fields that alone do not make a data row (the registry's `derived`): results written by an earlier
 * run and computed totals. A row emptied of everything else (a deleted line in a results file) is blank.
 */
const DERIVED_FIELDS: ReadonlySet<string> = new Set(IMPORT_KINDS.flatMap((kind) => fieldsWith(kind, 'derived')));

/** Fields written once per invoice (supplier, date, invoice number...): a row restating one begins an invoice. */
const INVOICE_FIELDS: ReadonlySet<string> = new Set(IMPORT_KINDS.flatMap((kind) => fieldsWith(kind, 'invoiceLevel')));

/** A note typed under or between the data: `Note: ...`, `NB ...`, `* back order to follow`, `Comments: ...`. */
const NOTE_TEXT = /^\s*(?:\*|n\.b\.|(?:notes?|nb|please note|comments?|remarks?)\b)/i;

/** A label that marks a totals row ("TOTAL", "Grand total", "Sub-total:"). */
const TOTALS_LABEL = /^(grand\s*|sub\s*-?\s*)?totals?\s*:?$/i;

/**
 * Splits the rows below the header into data rows and skipped ones: rows whose mapped cells are all
 * blank, and a totals row (a cell reading "Total" while `quantityField` is blank, or while the product
 * is blank or is that label: a row summing the quantities too is no line, as a real line names a product).
 *
 * @param columns field → 0-based column, from the column mapping.
 * @param quantityField the field that a real line always carries (receipts: `quantity`; returns: `amount`).
 * @param textField a field whose text cells are wanted as well (the date column, checked as a
 *   whole): gathered in the same pass over the sheet.
 * @param keyField a field whose cell on every data row is wanted as well (the invoice key): gathered
 *   in the same pass, so the grouping need not read the rows again.
 * @returns data rows in sheet order, plus the skipped rows and the blank-row boundaries (row numbers
 *   after which a blank row was seen), used to end an invoice's fill-down; `texts`: the non-empty
 *   text cells of `textField` on the data rows, in sheet order (empty when none was asked); `keys`:
 *   the cell of `keyField` on each data row (by index in `rows`, null for none), or null when no
 *   key field was asked or it is not mapped to a column.
 */
export function splitDataRows<F extends string>(
  grid: Grid,
  headerRowNumber: number,
  columns: Partial<Record<F, number>>,
  quantityField: F,
  textField?: F,
  keyField?: F,
): {
  rows: FieldRow<F>[];
  skipped: SkippedRow[];
  blankBefore: Set<number>;
  texts: string[];
  keys: CellValue[] | null;
} {
  const rows: FieldRow<F>[] = [];
  const texts: string[] = [];
  // The column of `textField` (-1: none asked, or not mapped to a column): its text cells gathered in this pass.
  const textColumn = textField === undefined ? -1 : (columns[textField] ?? -1);
  // The column of `keyField` (undefined: none asked, or not mapped): its cell on every data row gathered too.
  const keyColumn = keyField === undefined ? undefined : columns[keyField];
  const keys: CellValue[] | null = keyColumn === undefined ? null : [];
  const skipped: SkippedRow[] = [];
  const blankBefore = new Set<number>();
  // Compiled once for the sheet: each mapped field, its column, and whether it alone makes no data row.
  const mapped = Object.entries(columns) as [F, number][];
  const fields = mapped.map(([field]) => field);
  const indexes = mapped.map(([, column]) => column);
  const derived = fields.map((field) => DERIVED_FIELDS.has(field));
  // Columns of the invoice's own fields (results aside): a line below a note that fills one begins an invoice.
  const invoiceColumns = indexes.filter((_, i) => INVOICE_FIELDS.has(fields[i]!) && !derived[i]);
  // Every row is a view of its grid row, its own cells (row-cells.ts); else a copy of this shape (fields in mapping order).
  const view = rowViewsOf<F>(columns);
  const shape = Object.fromEntries(fields.map((field) => [field, null])) as Partial<Record<F, CellValue>>;
  // A row summing the quantities is a totals row only where the sheet has products to be blank or the label.
  const productColumn = columns['product' as F];
  // The quantity's column, read from the grid row itself (no view getter per row).
  const quantityColumn = columns[quantityField];
  // A quantity makes a data row (a result written by an earlier run would not: see DERIVED_FIELDS).
  const quantityTells = !DERIVED_FIELDS.has(quantityField);
  // A row naming its product "Total" with a quantity is a totals row unless it has a pack size too.
  const packColumn = columns['pack_size' as F];
  let previous = headerRowNumber;
  let afterNote = false;
  // Indexed loops over the sheet's rows: a for-of, run once per sheet, makes an iterator result per row.
  for (let r = 0; r < grid.rows.length; r += 1) {
    const row = grid.rows[r]!;
    if (row.rowNumber <= headerRowNumber) continue;
    // Rows missing from the grid are blank rows of the sheet: they separate invoices.
    if (row.rowNumber > previous + 1) blankBefore.add(row.rowNumber);
    previous = row.rowNumber;
    const quantity = quantityColumn === undefined ? undefined : (row.cells[quantityColumn] ?? null);
    // Whether the row has no quantity (unmapped, or a blank cell): asked once, several rules below ask it.
    const noQuantity = quantity === undefined || quantity === null || isBlank(quantity);
    // Most rows are lines: their quantity says the row is not blank, the other cells unread.
    let blank = !quantityTells || noQuantity;
    for (let i = 0; i < indexes.length && blank; i += 1) {
      const cell = row.cells[indexes[i]!] ?? null;
      if (cell !== null && !derived[i] && !isBlank(cell)) blank = false;
    }
    if (blank) {
      skipped.push({ rowNumber: row.rowNumber, reason: 'blank' });
      blankBefore.add(row.rowNumber + 1);
      continue;
    }
    const product = productColumn === undefined ? undefined : (row.cells[productColumn] ?? null);
    if (isTotalsRow(row, noQuantity, product)) {
      if (noQuantity) skipped.push({ rowNumber: row.rowNumber, reason: 'totals' });
      else if (packColumn === undefined || isBlank(row.cells[packColumn] ?? null))
        skipped.push({ rowNumber: row.rowNumber, reason: 'totals', text: cellText(quantity ?? null) });
      // A pack size besides: a line whose product reads "Total" (read, and refused for it), not a sum.
      else rows.push(fieldRow(view, shape, fields, indexes, columns, row));
      continue;
    }
    // A note alone on its row (no quantity: a line always has one) is no line; said by sheet-lines.ts.
    const note = noQuantity ? noteOf(row.cells, indexes, derived) : null;
    if (note !== null) {
      skipped.push({ rowNumber: row.rowNumber, reason: 'note', text: note });
      afterNote = true;
      continue;
    }
    // A note ends the invoice above it only when the line below it begins one ('* back order' between two
    // lines of one invoice keeps them together: ending it there sent the first lines alone).
    if (afterNote && restatesInvoice(row.cells, invoiceColumns)) blankBefore.add(row.rowNumber);
    afterNote = false;
    // A view made here for most rows (no call between): a row per line of the sheet.
    rows.push(view !== null ? view(row.cells, row.rowNumber) : fieldRow(view, shape, fields, indexes, columns, row));
    if (keys !== null) keys.push(row.cells[keyColumn!] ?? null);
    if (textColumn >= 0) {
      const text = row.cells[textColumn];
      if (typeof text === 'string' && text.length > 0) texts.push(text);
    }
  }
  return { rows, skipped, blankBefore, texts, keys };
}

/** A data row as the plan reads it: a view of its grid row, or a copy of its mapped cells. */
function fieldRow<F extends string>(
  view: ReturnType<typeof rowViewsOf<F>>,
  shape: Partial<Record<F, CellValue>>,
  fields: readonly F[],
  indexes: readonly number[],
  columns: Partial<Record<F, number>>,
  row: SheetRow,
): FieldRow<F> {
  return view
    ? view(row.cells, row.rowNumber)
    : { rowNumber: row.rowNumber, cells: copyCells(shape, fields, indexes, row.cells), columns };
}

/** A row's mapped cells as a plain object (a copy of `shape`, filled). */
function copyCells<F extends string>(
  shape: Partial<Record<F, CellValue>>,
  fields: readonly F[],
  indexes: readonly number[],
  values: readonly CellValue[],
): Partial<Record<F, CellValue>> {
  const cells = { ...shape };
  for (let i = 0; i < fields.length; i += 1) cells[fields[i]!] = values[indexes[i]!] ?? null;
  return cells;
}

/** Whether a row fills any of the invoice's own columns (its supplier, date, number...). */
function restatesInvoice(cells: readonly CellValue[], invoiceColumns: readonly number[]): boolean {
  for (const column of invoiceColumns) if (!isBlank(cells[column] ?? null)) return true;
  return false;
}

/** The note of a row whose one non-blank mapped cell (results aside) is a note's text, else null. */
function noteOf(cells: readonly CellValue[], indexes: readonly number[], derived: readonly boolean[]): string | null {
  let note: string | null = null;
  for (let i = 0; i < indexes.length; i += 1) {
    const cell = cells[indexes[i]!] ?? null;
    if (cell === null || derived[i] || isBlank(cell)) continue;
    if (note !== null || typeof cell !== 'string' || !NOTE_TEXT.test(cell)) return null;
    note = cell.trim();
  }
  return note;
}

/**
 * Says the totals rows left out that carried a quantity (a line whose product reads "Total" would look so);
 * those without one are plainly sums and are not said.
 */
export function totalsRowsWarning(skipped: readonly SkippedRow[]): Notice[] {
  const sums = skipped.filter((s) => s.reason === 'totals' && s.text !== undefined);
  if (sums.length === 0) return [];
  const rows = sums.map((s) => `${s.rowNumber} (quantity ${s.text})`).join(', ');
  return [
    {
      message: `${sums.length === 1 ? 'row' : 'rows'} ${rows} left out as ${sums.length === 1 ? 'a totals row' : 'totals rows'} (a "Total" label and no pack size): if one is a line, write its product's name`,
    },
  ];
}

/** Says the rows left out as notes (none: nothing said). */
export function noteRowsWarning(skipped: readonly SkippedRow[]): Notice[] {
  const notes = skipped.filter((s) => s.reason === 'note');
  if (notes.length === 0) return [];
  const rows = notes.map((s) => s.rowNumber).join(', ');
  const texts = notes.map((s) => `'${s.text ?? ''}'`).join(', ');
  return [
    {
      message: `${notes.length === 1 ? 'row' : 'rows'} ${rows} left out as ${notes.length === 1 ? 'a note' : 'notes'} (nothing but a note in ${notes.length === 1 ? 'it' : 'them'}): ${texts}`,
    },
  ];
}

/**
 * A totals row: a cell reads "Total", and the quantity is blank (`noQuantity`), or the product
 * (`undefined`: the sheet has no product column) is blank or that label.
 */
function isTotalsRow(row: SheetRow, noQuantity: boolean, product: CellValue | undefined): boolean {
  // The row's own cells first (most rows are lines: a quantity and a product), then its every cell.
  const noLine = noQuantity || (product !== undefined && (isBlank(product) || isTotalsLabel(product)));
  return noLine && row.cells.some(isTotalsLabel);
}

function isTotalsLabel(cell: CellValue | undefined): boolean {
  if (typeof cell !== 'string') return false;
  // A label starts (past spaces) with Gr, Su or To: text starting otherwise in ASCII (most product
  // names, `Tebuzol` too) needs no pattern run; past other characters (a non-breaking space) the pattern decides.
  let i = 0;
  while (i < cell.length && cell.charCodeAt(i) <= 32) i += 1;
  const first = cell.charCodeAt(i);
  const letter = first | 32;
  if (first < 128 && letter !== 103 && letter !== 115 && letter !== 116) return false;
  const second = cell.charCodeAt(i + 1);
  const next = second | 32;
  // g → r, s → u, t → o (past the end, NaN: the pattern decides).
  if (first < 128 && second < 128 && next !== (letter === 103 ? 114 : letter === 115 ? 117 : 111)) return false;
  return TOTALS_LABEL.test(cell.trim());
}

/**
 * Gives every row the mapping's one-value fields (`constants`: the mapping file's `values`, `--set`)
 * where the row has no cell of that field. Returns new rows; pure.
 */
export function withConstants<F extends string>(
  rows: readonly FieldRow<F>[],
  constants: Partial<Record<string, string>> | undefined,
): FieldRow<F>[] {
  const entries = Object.entries(constants ?? {}) as [F, string][];
  if (entries.length === 0) return [...rows];
  return rows.map((row) => {
    const cells = plainRowCells(row.cells, row.columns);
    for (const [field, value] of entries) if (cells[field] === undefined) cells[field] = value;
    return { rowNumber: row.rowNumber, cells, columns: row.columns };
  });
}

/**
 * Leaves out lines whose product cell names something that is not stock (freight, a discount,
 * rounding), as the import was told (`skip_lines` of the mapping file, `--skip-line`): a pattern
 * matches a whole word or phrase of the product text, case ignored (`Freight` matches
 * `FREIGHT & handling`, not `Airfreighted urea`). Pure.
 * @returns the lines kept, and the sheet row numbers of those left out with the pattern each matched.
 */
export function skipLines<F extends string>(
  rows: readonly FieldRow<F>[],
  productField: F,
  patterns: readonly string[] | undefined,
): { kept: FieldRow<F>[]; skipped: { rowNumber: number; pattern: string }[] } {
  if (!patterns || patterns.length === 0) return { kept: [...rows], skipped: [] };
  const tests = patterns.map((pattern) => ({
    pattern,
    re: new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(pattern.trim())}($|[^\\p{L}\\p{N}])`, 'iu'),
  }));
  const kept: FieldRow<F>[] = [];
  const skipped: { rowNumber: number; pattern: string }[] = [];
  for (const row of rows) {
    const product = row.cells[productField];
    const text = typeof product === 'string' ? product.replace(/\s+/g, ' ') : '';
    const hit = text ? tests.find((t) => t.re.test(text)) : undefined;
    if (hit) skipped.push({ rowNumber: row.rowNumber, pattern: hit.pattern });
    else kept.push(row);
  }
  return { kept, skipped };
}

/** The sheet warning for lines left out by `skip_lines`, or none. */
export function skippedLinesWarning(skipped: readonly { rowNumber: number; pattern: string }[]): Notice[] {
  if (skipped.length === 0) return [];
  const patterns = [...new Set(skipped.map((s) => `'${s.pattern}'`))].join(', ');
  const rows = skipped.map((s) => s.rowNumber).join(', ');
  return [
    {
      message: `${skipped.length === 1 ? 'row' : 'rows'} ${rows} left out: the product names ${patterns} (lines that are not stock)`,
    },
  ];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
