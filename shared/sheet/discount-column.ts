/**
 * A discount column shed has no field for (`Disc %`, `Discount`, `Rebate`: an accounting export's, or keyed):
 * the pack cost column beside it would be sent as the price before the discount, and nothing else would say so
 * when the sheet has no line total. Such a column is refused when any line has a discount, unless the pack
 * cost column says it is net of it (`Net Price`). Pure.
 */
import type { ColumnMapping } from './column-mapping.ts';
import { isBlank, type CellValue, type Grid } from './grid.ts';
import { MappingError } from './mapping-error.ts';
import { words } from './mapping-match.ts';
import { compareDecimals, parseDecimalCell } from './values/index.ts';

const DISCOUNT_WORDS = new Set(['discount', 'discounts', 'disc', 'rebate', 'rebates']);
/** Words that make a column an identifier, not an amount: `Rebate No.`, `Discount Code`, `Rebate #`, `Disc Ref`. */
const ID_WORDS = new Set(['no', 'number', 'num', 'id', 'ref', 'reference', 'code', 'claim']);
/** Words that say a price is after the discount. */
const NET_WORDS = new Set(['net', 'nett', 'discounted', 'after']);

const says = (header: string, set: ReadonlySet<string>): boolean => words(header).some((w) => set.has(w));

/** A discount cell's amount when it is one (a number or `10%`, `$5.00`), else null; zero is none. */
function discountOf(cell: CellValue | undefined): string | null {
  if (cell === undefined || isBlank(cell)) return null;
  const value = typeof cell === 'string' ? cell.replace(/[%$\s]/g, '') : cell;
  const parsed = parseDecimalCell(value);
  return parsed.ok && compareDecimals(parsed.value, '0') !== 0 ? parsed.value : null;
}

/**
 * Refuses a receipts mapping that leaves out a discount column holding a discount on some line, while the
 * pack cost column does not say it is net of it.
 * @throws MappingError `discount_column`, naming the columns, the first discount and its row, and the fix.
 */
export function checkDiscountColumns(grid: Grid, mapping: ColumnMapping): void {
  const cost = mapping.columns.pack_cost;
  if (cost === undefined) return;
  const costHeader = mapping.headers[cost] ?? '';
  if (says(costHeader, NET_WORDS)) return;
  for (const { column, header } of mapping.unplaced) {
    if (!says(header, DISCOUNT_WORDS) || says(header, ID_WORDS) || header.includes('#')) continue;
    const row = grid.rows.find((r) => r.rowNumber > mapping.headerRowNumber && discountOf(r.cells[column]) !== null);
    if (!row) continue;
    const net = mapping.unplaced.find((u) => says(u.header, NET_WORDS) && !says(u.header, DISCOUNT_WORDS));
    const instead = net
      ? ` If '${net.header}' is the price after the discount, map it as the pack cost instead.`
      : ` Put the price after the discount in '${costHeader}'.`;
    throw new MappingError(
      'discount_column',
      `${grid.source}, sheet '${grid.sheet}', header row ${mapping.headerRowNumber}: the column '${header}' holds ` +
        `discounts (${discountOf(row.cells[column])} on row ${row.rowNumber}), which are not taken off: the pack cost ` +
        `'${costHeader}' would be sent before the discount.${instead} If '${costHeader}' is already after the ` +
        `discount, delete the '${header}' column.`,
      net ? { remedies: [{ code: 'map_columns', fields: ['pack_cost'] }] } : undefined,
    );
  }
}
