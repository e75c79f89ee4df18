/**
 * A pack size (or return amount) read from its cell and unit cell through the pack engine
 * (shared/packs): `20L DRUM`, `CTN 4x5L`, a Rec 20 unit code (LTR, KGM, TNE) in the unit column, the
 * mapping file's `units` table; each conversion comes back with its phrase for the row's Message.
 */
import { KNOWN_UNITS } from '../service/gaps.ts';
import type { CellValue } from '../sheet/grid.ts';
import { isBlank } from '../sheet/grid.ts';
import type { NormalisedUnit, UnitAliases } from '../sheet/values/index.ts';
import {
  cellText,
  describeCell,
  multiplyDecimals,
  normaliseUnit,
  parseQuantityWithUnit,
} from '../sheet/values/index.ts';
import {
  type PackConventions,
  type PackReading,
  isCountUnit,
  kindOf,
  measureOf,
  readPack,
  unitFromRec20,
} from '../sheet/packs/index.ts';

/** A pack size read: value and service unit, and what to say in the Message when it was converted. */
export interface PackSize {
  value: string;
  unit: string;
  phrase: string | null;
  pack: PackReading | null;
}

/** Why a pack size cannot be used: which cell (`value` or `unit`), the problem code and message. */
export interface PackSizeProblem {
  cell: 'value' | 'unit';
  code: string;
  message: string;
}

/** A unit cell read: the service's spelling (gaps row 10), a `units` table entry, or a Rec 20 measure code. */
function unitCellOf(text: string, aliases: UnitAliases | undefined): NormalisedUnit & { said?: string } {
  const unit = normaliseUnit(text, aliases);
  if (unit.known) return unit;
  const rec20 = unitFromRec20(text);
  if (rec20?.type === 'measure') {
    const factor = rec20.factor === '1' ? {} : { factor: rec20.factor };
    return { unit: rec20.unit, known: true, ...factor, said: `unit ${rec20.code} (${rec20.name}) = ${rec20.unit}` };
  }
  return unit;
}

/**
 * Why a line whose pack size is blank cannot be stock, when its unit cell says so: a unit that is no
 * measure (l, kg, a Rec 20 code such as LTR), no count (EA, each) and no pack (drum, bag), such as an
 * e-invoice's `DAY` or `KWH` or a sheet's `hours`. Null when the unit cell is blank or names stock (the
 * blank pack size is then the problem to say).
 */
export function notStockUnit(unitCell: CellValue | undefined, aliases: UnitAliases | undefined): string | null {
  if (unitCell === undefined || isBlank(unitCell) || typeof unitCell !== 'string') return null;
  const text = unitCell.trim();
  const word = text.toLowerCase().replace(/\.$/, '');
  if (unitCellOf(text, aliases).known || isCountUnit(text) || unitFromRec20(text) || kindOf(word) || measureOf(word))
    return null;
  return (
    `unit '${text}' is no measure or count of stock (${KNOWN_UNITS.join(', ')}, or a count such as EA): ` +
    `the line cannot be received as stock. If it is not stock (a service, a fee), leave the line out; ` +
    `if it is, write its pack size and unit`
  );
}

function unknownUnit(unit: string): string {
  return (
    `unit '${unit}' is not one of ${KNOWN_UNITS.join(', ')}, so it would not add up in the stock totals: ` +
    `write the size in one of those, or say what one '${unit}' is in the mapping file's "units" table, ` +
    `e.g. "units": {${JSON.stringify(unit)}: "<what one ${unit} holds> l"}`
  );
}

/** The unit column against a size the engine read: they must agree (a count unit such as EA says nothing). */
function withUnitColumn(
  pack: PackReading,
  unitCell: CellValue | undefined,
  aliases: UnitAliases | undefined,
): PackSize | PackSizeProblem {
  const said = pack.kind || pack.inner || pack.packs !== null || pack.source !== 'text' ? pack.phrase : null;
  const ok: PackSize = { value: pack.size, unit: pack.unit, phrase: said, pack };
  if (unitCell === undefined || isBlank(unitCell)) return ok;
  const text = cellText(unitCell);
  if (isCountUnit(text)) return ok;
  const column = unitCellOf(text, aliases);
  if (column.known && column.factor === undefined && column.unit === pack.unit) return ok;
  return {
    cell: 'unit',
    code: 'unit_mismatch',
    message: `${describeCell(unitCell)} disagrees with the unit in '${pack.matched}' (${pack.unit}): keep one of them`,
  };
}

/**
 * Reads a pack size from `value` (a number, `20 L`, `20L DRUM`, `IBC 1000L`, `CTN 4x5L`) and the unit
 * cell (`L`, `kg`, `LTR`, `KGM`, a `units` table word; `EA`/`C62` say nothing about size), or from
 * `pre` (a size the engine read elsewhere: the quantity cell, the product text). Returns the size, or
 * the problem: unit mismatch, unknown unit, a count unit with no size, an unusable descriptor.
 */
export function readPackSize(
  value: CellValue,
  unitCell: CellValue | undefined,
  settings: { unitAliases?: UnitAliases | undefined; packConventions?: PackConventions | undefined },
  pre?: PackReading,
): PackSize | PackSizeProblem {
  const aliases = settings.unitAliases;
  if (pre) return withUnitColumn(pre, unitCell, aliases);
  // Read once: the engine's reading below is checked against it, and it is the size otherwise.
  const parsed = parseQuantityWithUnit(value);
  if (typeof value === 'string') {
    const pack = readPack(value, { context: 'size', conventions: settings.packConventions });
    if (pack && !pack.ok) return { cell: 'value', code: 'invalid_pack', message: pack.reason };
    // A size the old reading knows exactly (`20 L`) stays as it was; the engine reads the rest (`20L DRUM`).
    const unitKnown = parsed.ok && parsed.value.unit !== null && normaliseUnit(parsed.value.unit, aliases).known;
    if (pack?.ok && !unitKnown) return withUnitColumn(pack.value, unitCell, aliases);
  }
  if (!parsed.ok) return { cell: 'value', code: 'invalid_number', message: parsed.reason };
  const inCell = parsed.value.unit ? normaliseUnit(parsed.value.unit, aliases) : null;
  const columnText = unitCell === undefined || isBlank(unitCell) ? null : cellText(unitCell);
  if (columnText !== null && !inCell && isCountUnit(columnText)) {
    return {
      cell: 'unit',
      code: 'count_unit',
      message:
        `${describeCell(unitCell ?? null)} counts items, so ${describeCell(value)} says no pack size: ` +
        `write the size with its unit, e.g. '20 L', or leave the size blank when the product text names it`,
    };
  }
  const inColumn = columnText === null ? null : unitCellOf(columnText, aliases);
  if (inCell && inColumn && (inCell.unit !== inColumn.unit || inCell.factor !== inColumn.factor)) {
    const message = `${describeCell(unitCell ?? null)} disagrees with the unit in ${describeCell(value)}: keep one of them`;
    return { cell: 'unit', code: 'unit_mismatch', message };
  }
  const unit = inCell ?? inColumn;
  if (!unit) return { cell: 'unit', code: 'required', message: '' };
  if (!unit.known) return { cell: inCell ? 'value' : 'unit', code: 'unknown_unit', message: unknownUnit(unit.unit) };
  const amount = unit.factor === undefined ? parsed.value.value : multiplyDecimals(parsed.value.value, unit.factor);
  const said = !inCell && inColumn && 'said' in inColumn ? `${inColumn.said}: ${amount} ${unit.unit}` : null;
  return { value: amount, unit: unit.unit, phrase: said ?? null, pack: null };
}
