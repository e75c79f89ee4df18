/**
 * A sheet that writes decimals with a comma (`12,5`, a European locale's) where another number cell holds
 * one comma group and no point (`2,500`): read as thousands it would be 2500, where the sheet likely meant
 * 2.5, and a value a thousand times too large would be sent for every line that has no other comma. Such
 * a sheet is refused whole, naming both cells. Pure.
 */
import type { ColumnMapping } from './column-mapping.ts';
import type { Grid } from './grid.ts';
import { MappingError } from './mapping-error.ts';
import { commaUse } from './values/index.ts';

/** A number cell with a comma, where it is. */
type CommaCell = { rowNumber: number; column: number; text: string };

/**
 * Refuses a sheet where a number column (of `fields`) writes a decimal comma and a number column holds a
 * value one comma group could read either way. Looks only at cells holding a comma (most hold none).
 * @param fields the kind's number fields (receipts: quantity, pack size, pack cost, line total).
 * @throws MappingError `decimal_comma`, naming both cells and the fix.
 */
export function checkDecimalCommas(grid: Grid, mapping: ColumnMapping, fields: readonly string[]): void {
  const mapped = mapping.columns as Partial<Record<string, number>>;
  const columns = [...new Set(fields.flatMap((field) => (mapped[field] === undefined ? [] : [mapped[field]])))];
  if (columns.length === 0) return;
  let decimal: CommaCell | null = null;
  let either: CommaCell | null = null;
  // Indexed loops: run once per sheet over every row, where a for-of makes an iterator result per row and column.
  for (let r = 0; r < grid.rows.length; r += 1) {
    const row = grid.rows[r]!;
    if (row.rowNumber <= mapping.headerRowNumber) continue;
    for (let c = 0; c < columns.length; c += 1) {
      const column = columns[c]!;
      const cell = row.cells[column];
      if (typeof cell !== 'string' || !cell.includes(',')) continue;
      const use = commaUse(cell);
      if (use === 'decimal') decimal ??= { rowNumber: row.rowNumber, column, text: cell.trim() };
      else if (use === 'either') either ??= { rowNumber: row.rowNumber, column, text: cell.trim() };
    }
    if (decimal && either) break;
  }
  if (!decimal || !either) return;
  const header = (cell: CommaCell) => mapping.headers[cell.column] || `column ${cell.column + 1}`;
  // What each cell says with a point: the decimal comma's value, and the lone group read either way.
  const decimalWithPoint = decimal.text.replace(/\./g, '').replace(',', '.');
  // Read as a decimal, '1,000' is 1 and '2,500' is 2.5 (said so: '1.000' reads as a thousand to many).
  const small = asDecimal(either.text.replace(',', '.'));
  const large = either.text.replace(',', '');
  throw new MappingError(
    'decimal_comma',
    `${grid.source}, sheet '${grid.sheet}': '${decimal.text}' (row ${decimal.rowNumber}, ${header(decimal)}) ` +
      `writes a decimal with a comma, so '${either.text}' (row ${either.rowNumber}, ${header(either)}) could be ` +
      `${small} as well as ${large}: write decimals with a point and thousands without a comma ` +
      `('${decimalWithPoint}'; '${large}' or '${small}'), then import again`,
  );
}

/** `'2.500'` → `'2.5'`, `'$1.000'` → `'$1'`: the value's trailing zeros dropped, any sign or symbol kept. */
function asDecimal(text: string): string {
  return text.replace(/(\d)\.(\d*?)0+(?!\d)/, (_, whole: string, kept: string) => (kept ? `${whole}.${kept}` : whole));
}
