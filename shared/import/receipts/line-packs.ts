/**
 * Where a receipt line's pack size is written, read through the pack engine (shared/packs): its own
 * column; else `4 x 20L drums` in the quantity cell; else the end of the product text (`Glyfos 540
 * 20L DRUM`) when the import says so or the unit cell counts items (EA, C62); else the supplier's
 * convention for EA. The product text's own size also tells what the product is kept by.
 */
import type { ReceiptField } from '../../kinds/index.ts';
import type { CellValue } from '../../sheet/grid.ts';
import { isBlank } from '../../sheet/grid.ts';
import { cellText } from '../../sheet/values/index.ts';
import {
  type PackReading,
  UNIT_BASE,
  conventionDensity,
  eachPack,
  isCountUnit,
  keepAs,
  linePhrase,
  readPack,
  sizePack,
  type PackContext,
  type PackConventions,
} from '../../sheet/packs/index.ts';
import type { ReadMemo } from '../read-memo.ts';
import type { FieldRow } from '../rows.ts';
import type { ReadSettings } from '../cells.ts';

/**
 * The cells a line's product, quantity and pack size are read from, and the fields problems are
 * pinned to; `pre`: the pack the engine read from the quantity cell, the product text or a convention;
 * `productPack`: the size the product text names (when it is not the pack read), for the kept-by check;
 * `refusal`: a descriptor that cannot be used safely.
 */
export interface LineCells {
  product: CellValue | undefined;
  productField: ReceiptField;
  quantity: CellValue | undefined;
  packSize: CellValue | undefined;
  packField: ReceiptField;
  pre: PackReading | undefined;
  productPack: PackReading | null | undefined;
  refusal: { field: ReceiptField; message: string; value: CellValue | undefined } | undefined;
}

/** `readPack` of a cell's text, once per distinct text when the plan's memo is given. */
export function readPackOnce(
  text: string,
  context: PackContext,
  conventions: PackConventions | undefined,
  memo: ReadMemo | undefined,
): ReturnType<typeof readPack> {
  if (!memo) return readPack(text, { context, conventions });
  return memo.packs.table(context, conventions).get(text, conventions, packOf[context]) as ReturnType<typeof readPack>;
}

/** A count times a size (`2 x 20L`): a quantity cell worth reading as packs beside a pack size column. */
const PACKS_IN_TEXT = /\d\s*[x×*]\s*\d/i;

/** `readPack` per context, as the memo's compute functions (made once, not per cell). */
const packOf: Record<PackContext, (text: CellValue | undefined, conventions: PackConventions | undefined) => unknown> =
  {
    product: (text, conventions) => readPack(text as string, { context: 'product', conventions }),
    quantity: (text, conventions) => readPack(text as string, { context: 'quantity', conventions }),
    size: (text, conventions) => readPack(text as string, { context: 'size', conventions }),
  };

/** `isCountUnit` of a unit cell's text, once per distinct text when the plan's memo is given. */
export function isCountUnitOnce(text: string, memo: ReadMemo | undefined): boolean {
  return memo ? memo.countUnits.get(text, undefined, countUnitOf) : isCountUnit(text);
}

const countUnitOf = (text: CellValue | undefined): boolean => isCountUnit(text as string);

/**
 * Reads where a line's pack size is (see the module comment). Never throws. `memo`: the plan's
 * (read-memo.ts), so each distinct product, quantity and unit text is read once. `into`: an object
 * to fill and return instead of a new one (its fields are all set afresh; the caller keeps nothing
 * of a line's answer past that line).
 */
export function lineCells(
  row: FieldRow<ReceiptField>,
  settings: ReadSettings,
  memo?: ReadMemo,
  into?: LineCells,
): LineCells {
  const { product, quantity, pack_size: packSize, pack_unit: unitCell } = row.cells;
  const conventions = settings.packConventions;
  const named = typeof product === 'string' ? readPackOnce(product, 'product', conventions, memo) : null;
  const productPack = named?.ok ? named.value : null;
  if (packSize !== undefined && !isBlank(packSize)) {
    const cells = plainCells(product, quantity, packSize, productPack, into);
    // `2 x 20L` in the quantity beside a pack size: which size is meant cannot be told; said plainly.
    if (typeof quantity === 'string' && PACKS_IN_TEXT.test(quantity)) {
      const read = readPackOnce(quantity, 'quantity', conventions, memo);
      const packs = read?.ok ? read.value.packs : null;
      if (packs !== null)
        cells.refusal = {
          field: 'quantity',
          value: quantity,
          message:
            `'${quantity.trim()}' holds a pack size as well as the number of packs, and so does the pack size ` +
            `column ('${cellText(packSize)}'): write the number of packs alone (${packs}), or clear the pack size`,
        };
    }
    return cells;
  }
  const packs = typeof quantity === 'string' ? readPackOnce(quantity, 'quantity', conventions, memo) : null;
  if (packs && !packs.ok) {
    const cells = plainCells(product, quantity, packSize, undefined, into);
    cells.refusal = { field: 'quantity', message: packs.reason, value: quantity };
    return cells;
  }
  if (packs?.ok && packs.value.packs !== null) {
    const pre = packs.value;
    const cells = plainCells(product, pre.packs, quantity, productPack, into);
    cells.packField = 'quantity';
    cells.pre = pre;
    return cells;
  }
  const unitText = unitCell === undefined || isBlank(unitCell) ? null : cellText(unitCell);
  const counted = unitText !== null && isCountUnitOnce(unitText, memo);
  if (settings.packSizeFrom !== 'product' && !counted)
    return plainCells(product, quantity, packSize, productPack, into);
  if (named && !named.ok) {
    const cells = plainCells(product, quantity, packSize, undefined, into);
    cells.refusal = { field: 'product', message: named.reason, value: product };
    return cells;
  }
  if (productPack) {
    const cells = plainCells(productPack.rest, quantity, product, undefined, into);
    cells.packField = 'product';
    cells.pre = productPack;
    return cells;
  }
  const each = counted ? eachPack(conventions, unitText) : null;
  if (!each) return plainCells(product, quantity, packSize, undefined, into);
  const cells = plainCells(product, quantity, unitText, undefined, into);
  cells.packField = 'pack_unit';
  cells.pre = each;
  return cells;
}

/**
 * The cells of a line read from where the sheet has them (`productPack` given only when it is told):
 * every key in it from the start (one shape, no key added after). `into`: an object to fill instead of
 * a new one (a draft's lines reuse one: nothing keeps it past its line).
 */
function plainCells(
  product: CellValue | undefined,
  quantity: CellValue | undefined,
  packSize: CellValue | undefined,
  productPack: PackReading | null | undefined,
  into: LineCells | undefined,
): LineCells {
  if (into === undefined) {
    return {
      product,
      productField: 'product',
      quantity,
      packSize,
      packField: 'pack_size',
      pre: undefined,
      productPack,
      refusal: undefined,
    };
  }
  into.product = product;
  into.productField = 'product';
  into.quantity = quantity;
  into.packSize = packSize;
  into.packField = 'pack_size';
  into.pre = undefined;
  into.productPack = productPack;
  into.refusal = undefined;
  return into;
}

/**
 * The row's Message for a pack the engine read elsewhere than the pack size cell:
 * `80 l = 4 × 20 l drums` (quantity cell), `40 l = 2 × 20 l drum (pack size from the product text
 * 'Glyfos 540 20L DRUM')`, `... (this supplier's pack convention for 'EA')`; null when the pack size
 * cell said it. `quantity`: the line's number of packs (canonical decimal), null when unread.
 */
export function prePhrase(cells: LineCells, quantity: string | null): string | null {
  const pre = cells.pre;
  if (!pre) return null;
  if (cells.packField === 'quantity') return pre.phrase;
  const line = quantity === null ? pre.phrase : linePhrase(quantity, pre);
  return packSourcePhrase(line, cells.packField === 'product' ? 'product' : 'convention', pre, cells.packSize);
}

/**
 * A line's pack said with where its size came from (receipt lines and returns alike):
 * `40 l = 2 × 20 l (pack size from the product text 'Glyfos 540 20L')`, `... (this supplier's pack
 * convention for 'EA')`; `written` is the product text.
 */
export function packSourcePhrase(
  line: string,
  from: 'product' | 'convention',
  pre: PackReading,
  written: CellValue | undefined,
): string {
  return from === 'product'
    ? `${line} (pack size from the product text '${String(written)}')`
    : `${line} (this supplier's pack convention for '${pre.matched}')`;
}

/**
 * A pack read from another cell than the product text, against the size the product text names:
 * the same dimension passes; a volume for a product the text sizes by weight (or the reverse) is
 * converted only with the supplier's stated density (said), else refused with the reason.
 */
export function checkKeptBy(
  cells: LineCells,
  pack: { value: string; unit: string; pack: PackReading | null },
  settings: ReadSettings,
): { ok: true; value: string; unit: string; phrase: string | null } | { ok: false; reason: string } {
  const named = cells.productPack;
  if (!named || !Object.hasOwn(UNIT_BASE, pack.unit)) return { ok: true, ...pack, phrase: null };
  const reading = pack.pack ?? sizePack(pack.value, pack.unit as keyof typeof UNIT_BASE);
  if (reading.dimension === named.dimension) return { ok: true, ...pack, phrase: null };
  const density = conventionDensity(settings.packConventions);
  const kept = keepAs(reading, named.dimension, density, `the product text says '${named.matched}'`);
  if (!kept.ok) return kept;
  return { ok: true, value: kept.value.size, unit: kept.value.unit, phrase: kept.value.phrase };
}
