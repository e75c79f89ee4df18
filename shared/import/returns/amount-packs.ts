/**
 * Where a return's amount is written, read through the pack engine (shared/packs) as a receipt line's
 * pack is: `2 x 20L` in the amount cell (40 l); a count of items (EA, C62: a credit note's lines) with
 * the pack size at the end of the product text (`Glyfos 540 20L`) or in the supplier's convention for
 * EA; else the amount and its unit as written. Each conversion said in the row's Message; a volume for
 * a product the text sizes by weight (or the reverse) refused unless the supplier states a density.
 */
import type { ReturnField } from '../../kinds/index.ts';
import type { CellValue } from '../../sheet/grid.ts';
import { isBlank } from '../../sheet/grid.ts';
import { cellText, multiplyDecimals } from '../../sheet/values/index.ts';
import {
  type PackReading,
  conventionDensity,
  eachPack,
  isCountUnit,
  keepAs,
  linePhrase,
  readPack,
} from '../../sheet/packs/index.ts';
import type { CellReader, ReadSettings } from '../cells.ts';
import { packSourcePhrase } from '../receipts/line-packs.ts';
import type { FieldRow } from '../rows.ts';

/** A return's amount as read: litres or kilograms to send, and the product text to resolve (without a size read off it). */
export interface ReturnAmount {
  product: CellValue | undefined;
  amount: { value: string; unit: string } | null;
}

/**
 * Reads a return row's amount (see the module comment) with `read`, which collects the problems and
 * the phrases (code `pack_read`) for the row's Message. Never throws.
 */
export function returnAmount(read: CellReader, row: FieldRow<ReturnField>, settings: ReadSettings): ReturnAmount {
  const { amount, amount_unit: unitCell, product } = row.cells;
  const { rowNumber } = row;
  const conventions = settings.packConventions;
  const named = typeof product === 'string' ? readPack(product, { context: 'product', conventions }) : null;
  const packs = typeof amount === 'string' ? readPack(amount, { context: 'quantity', conventions }) : null;
  if (packs && !packs.ok) {
    read.problem('amount', rowNumber, 'invalid_pack', packs.reason, amount);
    return { product, amount: null };
  }
  if (packs?.ok && packs.value.packs !== null) {
    const each = read.amountWithUnit('amount', 'amount_unit', amount, unitCell, rowNumber, packs.value);
    if (!each) return { product, amount: null };
    const kept = keptBy(read, row, packs.value, named?.ok ? named.value : null, settings);
    if (!kept) return { product, amount: null };
    read.warn('amount', rowNumber, 'pack_read', kept.phrase, amount);
    return { product, amount: { value: multiplyDecimals(packs.value.packs, kept.size), unit: kept.unit } };
  }
  const unitText = unitCell === undefined || isBlank(unitCell) ? null : cellText(unitCell);
  const counted = unitText !== null && isCountUnit(unitText) && amount !== undefined && !isBlank(amount);
  if (!counted) return { product, amount: read.amountWithUnit('amount', 'amount_unit', amount, unitCell, rowNumber) };
  if (named && !named.ok) {
    read.problem('product', rowNumber, 'invalid_pack', named.reason, product);
    return { product: null, amount: null };
  }
  const pre = named?.ok ? named.value : eachPack(conventions, unitText);
  // No size anywhere: the amount cell's reading says a count of items names no pack size.
  if (!pre) return { product, amount: read.amountWithUnit('amount', 'amount_unit', amount, unitCell, rowNumber) };
  const count = read.decimal('amount', amount, rowNumber);
  if (count === null) return { product, amount: null };
  const said = packSourcePhrase(linePhrase(count, pre), named?.ok ? 'product' : 'convention', pre, product);
  read.warn('amount', rowNumber, 'pack_read', said, amount);
  return {
    product: named?.ok ? pre.rest : product,
    amount: { value: multiplyDecimals(count, pre.size), unit: pre.unit },
  };
}

/** The packs read from the amount cell in what the product text says it is kept by (see shared/packs keepAs). */
function keptBy(
  read: CellReader,
  row: FieldRow<ReturnField>,
  pack: PackReading,
  named: PackReading | null,
  settings: ReadSettings,
): PackReading | null {
  if (!named || named.dimension === pack.dimension) return pack;
  const density = conventionDensity(settings.packConventions);
  const kept = keepAs(pack, named.dimension, density, `the product text says '${named.matched}'`);
  if (kept.ok) return kept.value;
  read.problem('amount', row.rowNumber, 'pack_kept_by', kept.reason, row.cells.amount);
  return null;
}
