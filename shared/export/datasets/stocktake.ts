/**
 * Stocktake reconciliation for the ledger: a sheet of counted quantities per storage × product at the
 * end of the period, read against the ledger's closing balances. The variance (counted − closing) is
 * the implied use or loss; beyond a tolerance it is flagged. Also the stocktake sheet to fill in,
 * with the expected closing prefilled. Pure: the sheet comes in as a grid.
 */
import type { Remedy } from '../../errors/remedy.ts';
import { ShedError } from '../../errors/shed-error.ts';
import type { Resolver } from '../../resolve/index.ts';
import {
  STOCKTAKE_FIELDS,
  STOCKTAKE_READ_FIELDS,
  STOCKTAKE_REGISTRY,
  STOCKTAKE_SYNONYMS,
  normaliseHeader,
} from '../../kinds/index.ts';
import { isBlank, type CellValue, type Grid } from '../../sheet/grid.ts';
import {
  canonicalDecimal,
  cellText,
  compareDecimals,
  divideDecimals,
  multiplyDecimals,
  negateDecimal,
  parseDecimalCell,
  subtractDecimals,
} from '../../sheet/values/index.ts';
import type { ExportColumn, ExportRow, ExportTable } from '../columns.ts';
import { toBaseQuantity } from '../values.ts';
import { importLayout } from './import-layout.ts';
import { ledgerKey, type LedgerLine } from './ledger-line.ts';

/** Name of the stocktake sheet, to fill in and give back with `--stocktake`. */
export const STOCKTAKE_SHEET = 'Stocktake';

/**
 * Columns of the stocktake sheet: where, what, the closing the ledger expects, and the count; each
 * headed by its label in the registry (shared/kinds/stocktake-sheet.ts), which the reading maps back.
 */
export const STOCKTAKE_COLUMNS: readonly ExportColumn[] = importLayout(STOCKTAKE_FIELDS, STOCKTAKE_REGISTRY);

/** The variance flagged by default: more than this percentage of the expected closing. */
export const DEFAULT_TOLERANCE_PERCENT = '1';

/** One count: the quantity in the ledger line's unit (l, kg after conversion), and where it was written. */
export interface Count {
  counted: string;
  rowNumber: number;
  /** The names as the organisation has them, and the base unit: for a count the ledger has no line for. */
  storageId: string;
  storage: string;
  productId: string;
  product: string;
  unit: string;
}

/**
 * A stocktake sheet that cannot be read without guessing: the message names the file, row and column;
 * `remedies` say what to do (worded by each face).
 */
export class StocktakeError extends ShedError {
  constructor(message: string, remedies?: readonly Remedy[]) {
    super('stocktake_invalid', 'input', message, { remedies });
  }
}

/** Header words of each column of a stocktake sheet (normalised: lower case, letters and digits). */
const HEADERS = STOCKTAKE_SYNONYMS;

/** The columns a stocktake sheet must have (the registry's `required`). */
const NEEDED = STOCKTAKE_READ_FIELDS.filter((f) => STOCKTAKE_REGISTRY[f].required);

/**
 * The stocktake sheet to fill in: every ledger line with its closing as Expected and Counted blank.
 * @param lines the ledger lines at the stocktake date (see `ledgerLines`).
 */
export function stocktakeTemplate(lines: readonly LedgerLine[]): ExportTable {
  const rows: ExportRow[] = lines.map((l) => ({
    storage: l.storage,
    product: l.product,
    unit: l.unit,
    expected: l.closing,
    counted: null,
    notes: null,
  }));
  return { dataset: 'stocktake', sheets: [{ name: STOCKTAKE_SHEET, columns: STOCKTAKE_COLUMNS, rows }] };
}

/**
 * Reads a filled-in stocktake sheet into counts by ledger line (storage id × product id × base
 * unit). Rows whose Counted is blank are not counts. Names resolve as imports resolve them (product
 * names or trade names, storage names or ids); units convert as exports convert (ml → l, g and t → kg).
 * @throws StocktakeError naming the file, row and column for: no header row with Storage, Product and
 *   Counted; a name that does not resolve; a count that is not a number or is negative; a unit
 *   missing where the product is kept in more than one; the same line counted twice.
 */
export function readStocktake(grid: Grid, resolver: Resolver, lines: readonly LedgerLine[]): Map<string, Count> {
  const where = `${grid.source}, sheet ${grid.sheet}`;
  const header = grid.rows.slice(0, 10).find((row) => NEEDED.every((f) => columnOf(row.cells, f) !== -1));
  if (!header) {
    throw new StocktakeError(
      `${where}: no header row with ${listed(NEEDED.map((f) => STOCKTAKE_REGISTRY[f].label))} columns in the first 10 rows.`,
      [{ code: 'make_stocktake_sheet' }],
    );
  }
  const col = Object.fromEntries(
    (Object.keys(HEADERS) as (keyof typeof HEADERS)[]).map((f) => [f, columnOf(header.cells, f)]),
  ) as Record<keyof typeof HEADERS, number>;
  const counts = new Map<string, Count>();
  for (const row of grid.rows.filter((r) => r.rowNumber > header.rowNumber)) {
    const cell = (field: keyof typeof HEADERS): CellValue =>
      col[field] === -1 ? null : (row.cells[col[field]] ?? null);
    if (isBlank(cell('counted'))) continue;
    const at = (field: keyof typeof HEADERS) =>
      `${where}, row ${row.rowNumber}, column ${String(header.cells[col[field]] ?? field)}`;
    const storage = resolver.storage(cellText(cell('storage') ?? ''));
    if (!storage.ok) throw new StocktakeError(`${at('storage')}: ${storage.message}`);
    const product = resolver.product(cellText(cell('product') ?? ''));
    if (!product.ok) throw new StocktakeError(`${at('product')}: ${product.message}`);
    const number = parseDecimalCell(cell('counted'));
    if (!number.ok || compareDecimals(number.value, '0') < 0) {
      throw new StocktakeError(
        `${at('counted')}: ${number.ok ? `'${number.value}' is negative` : number.reason}; write the quantity counted, 0 when there is none`,
      );
    }
    const unit = isBlank(cell('unit'))
      ? onlyUnit(lines, storage.value.id, product.value.productId)
      : cellText(cell('unit'));
    if (unit === null)
      throw new StocktakeError(
        `${at('unit')}: the unit is blank, and this product is kept in more than one unit here; write l or kg`,
      );
    const base = toBaseQuantity(number.value, unit);
    const key = ledgerKey(storage.value.id, product.value.productId, base.unit);
    const earlier = counts.get(key);
    if (earlier)
      throw new StocktakeError(
        `${at('product')}: counted already on row ${earlier.rowNumber}; add the counts up into one row`,
      );
    const productName = product.value.productName ?? product.value.aliasName ?? cellText(cell('product') ?? '');
    counts.set(key, {
      counted: base.value,
      rowNumber: row.rowNumber,
      storageId: storage.value.id,
      storage: storage.value.name,
      productId: product.value.productId,
      product: productName,
      unit: base.unit,
    });
  }
  return counts;
}

function columnOf(cells: readonly CellValue[], field: keyof typeof HEADERS): number {
  const words: readonly string[] = HEADERS[field];
  return cells.findIndex((c) => typeof c === 'string' && words.includes(normaliseHeader(c)));
}

/** `A, B and C`. */
function listed(words: readonly string[]): string {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]!}`;
}

/** The one unit the ledger keeps this storage × product in; null when none or several. */
function onlyUnit(lines: readonly LedgerLine[], storageId: string, productId: string): string | null {
  const units = lines
    .filter(
      (l) =>
        l.storageId.toLowerCase() === storageId.toLowerCase() && l.productId.toLowerCase() === productId.toLowerCase(),
    )
    .map((l) => l.unit);
  return units.length === 1 ? units[0]! : null;
}

/** A ledger line reconciled with its count: counted, variance (counted − closing) and whether it is flagged. */
export interface Reconciled {
  counted: string | null;
  variance: string | null;
  /** `ok`, `over tolerance`, or `not counted`. */
  flag: 'ok' | 'over tolerance' | 'not counted';
}

/**
 * Reconciles one line: the variance is flagged when its size is more than `tolerancePercent` of the
 * closing's size (any variance when the closing is 0).
 */
export function reconcileLine(line: LedgerLine, count: Count | undefined, tolerancePercent: string): Reconciled {
  if (!count) return { counted: null, variance: null, flag: 'not counted' };
  const variance = subtractDecimals(count.counted, line.closing);
  const size = (d: string) => (compareDecimals(d, '0') < 0 ? negateDecimal(d) : d);
  const allowed = divideDecimals(multiplyDecimals(size(line.closing), tolerancePercent), '100', 6);
  const over = compareDecimals(size(variance), allowed) > 0;
  return { counted: canonicalDecimal(count.counted), variance, flag: over ? 'over tolerance' : 'ok' };
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../../errors/shed-error.ts' {
  interface ErrorCodes {
    StocktakeError: 'stocktake_invalid';
  }
}
