/**
 * The lines of one receipt draft, read one by one: product, quantity, pack, price and Line Item ID
 * into a line item, each problem and note pinned to its cell. One small function per line (rather than
 * a loop inside the draft's own), so that the code read 100,000 times a sheet is compiled early and on
 * its own; a line whose product, pack size and unit read cleanly before (the plan's CleanLines) is not
 * read again.
 */
import type { ReceiptField } from '../../kinds/index.ts';
import { headerLabel } from '../../kinds/index.ts';
import type { Resolver } from '../../resolve/index.ts';
import { itemPartsPass, type ReceiptItems } from '../../schemas/fast-bodies.ts';
import { isBlank } from '../../sheet/grid.ts';
import { compareDecimals, divideDecimals } from '../../sheet/values/index.ts';
import type { CellReader, ReadSettings } from '../cells.ts';
import type { ColumnIndex } from '../problems.ts';
import type { ReadMemo } from '../read-memo.ts';
import type { FieldRow } from '../rows.ts';
import { placeOf, viewCell, viewParts, type ViewParts } from '../row-cells.ts';
import type { CellValue } from '../../sheet/grid.ts';
import type { CleanLine, CleanLines } from './clean-lines.ts';
import { checkKeptBy, lineCells, prePhrase, type LineCells } from './line-packs.ts';
import { lineTotalProblem, packCostExGst, type PriceReading } from './prices.ts';

/** One sheet line of a receipt: its row and the Line Item ID written back by an earlier run, if any. */
export interface ReceiptLine {
  rowNumber: number;
  lineItemId: string | null;
}

/** The places of the fields a line reads (row-cells.ts `placeOf`). */
const PRODUCT = placeOf('product');
const PACK_SIZE = placeOf('pack_size');
const PACK_UNIT = placeOf('pack_unit');
const QUANTITY = placeOf('quantity');
const PACK_COST = placeOf('pack_cost');
const LINE_ITEM_ID = placeOf('line_item_id');
const LINE_TOTAL = placeOf('line_total');

/** A line's cell of one field: from a view's parts when it is a view, else by name (`place`: the field's). */
function cellIn(
  cells: FieldRow<ReceiptField>['cells'],
  view: ViewParts | null,
  field: ReceiptField,
  place: number,
): CellValue | undefined {
  return view === null ? cells[field] : viewCell(view, place);
}

/** A line's product as the resolver gives it (both ids when the name is an alias). */
type LineProduct = { productId: string; productAliasId: string | null };

/**
 * The lines of a plan's drafts: made once per plan, then {@link LineReader.start} for each draft and
 * {@link LineReader.line} once per line in order (one reader for every draft: nothing of a draft is
 * kept past its last line but what it was given).
 */
export class LineReader {
  private readonly priceFromTotal: boolean;
  private readonly memo: ReadMemo | undefined;
  private readonly cleanLines: CleanLines | undefined;
  private scope: ReturnType<CleanLines['scope']> | undefined = undefined;
  /** One object for every line's cells, filled afresh line by line (nothing keeps it past its line). */
  private scratch: LineCells | undefined = undefined;
  // The draft being read (see `start`).
  private read!: CellReader;
  private lineSettings!: ReadSettings;
  private recordId: string | null = null;
  private lines!: ReceiptLine[];
  private items!: ReceiptItems;

  /**
   * @param planSettings the plan's: how pack costs are found, its memo and clean lines.
   * @param prices how the sheet's prices read (GST).
   */
  constructor(
    private readonly index: ColumnIndex,
    planSettings: ReadSettings & { memo?: ReadMemo; cleanLines?: CleanLines },
    private readonly prices: PriceReading,
  ) {
    this.priceFromTotal = planSettings.packCostFrom === 'line_total';
    this.memo = planSettings.memo;
    this.cleanLines = planSettings.cleanLines;
  }

  /**
   * Starts the lines of one draft.
   * @param read the draft's cell reader (its problems and notes are the draft's).
   * @param lineSettings the settings its lines are read under (a supplier's pack conventions in them).
   * @param own the resolver of the invoice's names (its supplier's recipe's, or the organisation's).
   * @param recordId the invoice's Record ID: its Line Totals are not checked (an export's, not the supplier's).
   * @param lines the draft's lines, one slot per line: filled in order.
   * @param items the body's line items: one added per line that reads whole.
   */
  start(
    read: CellReader,
    lineSettings: ReadSettings,
    own: Resolver,
    recordId: string | null,
    lines: ReceiptLine[],
    items: ReceiptItems,
  ): void {
    this.read = read;
    this.lineSettings = lineSettings;
    this.recordId = recordId;
    this.lines = lines;
    this.items = items;
    this.scope = this.cleanLines?.scope(own, lineSettings.packConventions, lineSettings.unitAliases);
  }

  /** Reads line `k` of the invoice (its sheet row): its ReceiptLine, and its line item when the line reads whole. */
  line(row: FieldRow<ReceiptField>, k: number): void {
    const { read } = this;
    const cells = row.cells;
    // Each cell the line needs read once: from a view's parts (no getter call per field), else by name.
    const view = viewParts(cells);
    const scope = this.scope;
    const clean =
      scope &&
      this.cleanLines!.get(
        scope,
        cellIn(cells, view, 'product', PRODUCT),
        cellIn(cells, view, 'pack_size', PACK_SIZE),
        cellIn(cells, view, 'pack_unit', PACK_UNIT),
      );
    let product: LineProduct | null;
    let quantity: string | null;
    let pack: { value: string; unit: string } | null;
    let partsPass: boolean | undefined;
    if (clean) {
      product = clean;
      quantity = read.decimal('quantity', cellIn(cells, view, 'quantity', QUANTITY), row.rowNumber);
      pack = clean;
      partsPass = clean.partsPass;
    } else {
      ({ product, quantity, pack } = this.readAfresh(row));
    }
    const costCell = cellIn(cells, view, 'pack_cost', PACK_COST);
    const price = this.priceFromTotal
      ? unitPriceFromTotal(read, row, quantity)
      : read.decimal('pack_cost', costCell, row.rowNumber);
    const lineItemId = read.id('line_item_id', cellIn(cells, view, 'line_item_id', LINE_ITEM_ID), row.rowNumber);
    this.lines[k] = { rowNumber: row.rowNumber, lineItemId };
    // An export or results file (a Record ID) carries the Line Total shed computed, not the supplier's:
    // a corrected quantity leaves it stale, so it is only checked on invoices being created.
    const total = cellIn(cells, view, 'line_total', LINE_TOTAL);
    if (quantity !== null && price !== null && !this.recordId && !this.priceFromTotal && !isBlank(total))
      this.checkTotal(row, quantity, price);
    const cost = price === null ? null : packCostExGst(price, this.prices);
    if (price !== null && cost !== price)
      read.warn(
        'pack_cost',
        row.rowNumber,
        'gst_taken_off',
        `${price} includes GST: sent as ${cost} excluding GST`,
        costCell,
      );
    // One object per line, its keys in the schema's order (id first), checked as it is made.
    if (product && quantity !== null && pack && cost !== null)
      this.items.add(
        lineItemId || null,
        product.productId,
        product.productAliasId,
        quantity,
        pack.value,
        pack.unit,
        cost,
        partsPass,
      );
  }

  /**
   * A line's product, quantity and pack read from its cells (the pack engine, the resolver); remembered
   * in the plan's CleanLines when nothing was said of the product or pack and the pack size has its own column.
   */
  private readAfresh(row: FieldRow<ReceiptField>): {
    product: LineProduct | null;
    quantity: string | null;
    pack: { value: string; unit: string } | null;
  } {
    const { read } = this;
    const cells = lineCells(row, this.lineSettings, this.memo, this.scratch);
    this.scratch = cells;
    const refused = cells.refusal;
    if (refused) read.problem(refused.field, row.rowNumber, 'invalid_pack', refused.message, refused.value);
    const said = read.problems.length + read.warnings.length;
    const product =
      refused?.field === 'product' ? null : read.product(cells.productField, cells.product, row.rowNumber);
    const productSaid = read.problems.length + read.warnings.length - said;
    const quantity = refused?.field === 'quantity' ? null : read.decimal('quantity', cells.quantity, row.rowNumber);
    const before = read.problems.length + read.warnings.length;
    const pack = refused ? null : linePack(read, cells, row, quantity, this.lineSettings);
    const scope = this.scope;
    if (scope && product && pack && productSaid === 0 && read.problems.length + read.warnings.length === before)
      if (cells.packField === 'pack_size' && !cells.pre && !isBlank(cells.packSize))
        this.cleanLines!.set(
          scope,
          row.cells.product,
          row.cells.pack_size,
          row.cells.pack_unit,
          cleanLine(product, pack),
        );
    return { product, quantity, pack };
  }

  /** The Line Total checked against the quantity × the price (GST as the sheet's columns say). */
  private checkTotal(row: FieldRow<ReceiptField>, quantity: string, price: string): void {
    const labels = {
      quantity: columnLabel(this.index, 'quantity'),
      price: columnLabel(this.index, 'pack_cost'),
      total: columnLabel(this.index, 'line_total'),
    };
    const mismatch = lineTotalProblem(row.cells.line_total, quantity, price, this.prices, labels);
    // The fix may be that the column is no line total at all (the invoice's total on every line).
    if (mismatch)
      this.read.problem('line_total', row.rowNumber, 'line_total_mismatch', mismatch, row.cells.line_total, [
        { code: 'not_line_total' },
      ]);
  }
}

/** A line's clean reading, as {@link CleanLines} keeps it (its own object: the resolver's and the pack memo's answers are shared). */
function cleanLine(product: LineProduct, pack: { value: string; unit: string }): CleanLine {
  const { productId, productAliasId } = product;
  const partsPass = itemPartsPass(productId, productAliasId, pack.value, pack.unit);
  return { productId, productAliasId, value: pack.value, unit: pack.unit, partsPass };
}

/** A field's header as the sheet writes it, or the field's label. */
function columnLabel(index: ColumnIndex, field: ReceiptField): string {
  return index.headers[index.columns[field] ?? -1] || headerLabel('receipts', field);
}

/**
 * A line's pack size (from its cell, or as the engine read it from the quantity cell, the product text or
 * a convention), checked against what the product text says it is kept by; each conversion said.
 */
function linePack(
  read: CellReader,
  cells: LineCells,
  row: FieldRow<ReceiptField>,
  quantity: string | null,
  settings: ReadSettings,
): { value: string; unit: string } | null {
  const { packField, packSize, pre } = cells;
  const pack = read.amountWithUnit(packField, 'pack_unit', packSize, row.cells.pack_unit, row.rowNumber, pre);
  if (!pack) return null;
  const said = prePhrase(cells, quantity);
  if (said) read.warn(packField, row.rowNumber, 'pack_read', said, packSize);
  // No size in the product text: nothing to check the pack against (checkKeptBy would pass it as it is).
  if (!cells.productPack) return pack;
  const kept = checkKeptBy(cells, pack, settings);
  if (!kept.ok) {
    read.problem(packField, row.rowNumber, 'pack_kept_by', kept.reason, packSize);
    return null;
  }
  if (kept.phrase) read.warn(packField, row.rowNumber, 'pack_converted', kept.phrase, packSize);
  return { value: kept.value, unit: kept.unit };
}

/** The price of one pack when the sheet has a Line Total and no price column: total ÷ quantity, to six places. */
function unitPriceFromTotal(read: CellReader, row: FieldRow<ReceiptField>, quantity: string | null): string | null {
  const total = read.decimal('line_total', row.cells.line_total, row.rowNumber);
  if (total === null || quantity === null || compareDecimals(quantity, '0') <= 0) return null;
  return divideDecimals(total, quantity, 6);
}
