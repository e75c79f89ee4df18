/**
 * Turns one invoice's rows into a receipt create body: header and lines read, names resolved, the body checked; a
 * problem pinned to each cell that cannot be used.
 */
import type { ReceiptCreateBody } from '../../schemas/bodies.ts';
import { ReceiptItems, checkReceiptCreateBody } from '../../schemas/fast-bodies.ts';
import type { Resolver } from '../../resolve/index.ts';
import { headerLabel, type ReceiptField } from '../../kinds/index.ts';
import { isBlank } from '../../sheet/grid.ts';
import { cellText, compareDecimals, divideDecimals } from '../../sheet/values/index.ts';
import { checkKeptBy, lineCells, prePhrase, type LineCells } from './line-packs.ts';
import type { FieldRow } from '../rows.ts';
import { GST_RATE_DEFAULT } from '../../service/gaps.ts';
import { CellReader, type ReadSettings } from '../cells.ts';
import type { ReadMemo } from '../read-memo.ts';
import type { Problem } from '../outcome.ts';
import type { ColumnIndex } from '../problems.ts';
import type { BodySource } from '../zod-problems.ts';
import { issuesToProblems } from '../zod-problems.ts';
import type { InvoiceGroup } from './group.ts';
import { invoiceNotes } from '../../kinds/invoice-notes.ts';
import { lineTotalProblem, packCostExGst, type PriceReading } from './prices.ts';
import type { CleanLine, CleanLines } from './clean-lines.ts';

export type { ReadSettings } from '../cells.ts';

/** One sheet line of a receipt: its row and the Line Item ID written back by an earlier run, if any. */
export interface ReceiptLine {
  rowNumber: number;
  lineItemId: string | null;
}

/**
 * One invoice made ready to send: the receipt body (null when any cell is invalid: nothing of the
 * invoice is sent), its lines in body order, and the ids an earlier run wrote back (for updates).
 */
export interface ReceiptDraft {
  key: string | null;
  rowNumbers: number[];
  lines: ReceiptLine[];
  body: ReceiptCreateBody | null;
  /** Record ID from the sheet: this invoice updates that receipt instead of creating one. */
  recordId: string | null;
  /** `Updated At` from the sheet (as exports write it), for conflict checks. */
  updatedAt: string | null;
  storageName: string | null;
  problems: Problem[];
  warnings: Problem[];
}

/**
 * Turns one invoice group into a receipt create body, reading every cell and resolving storage and
 * products, then checking the body with the same zod schema the service uses (gaps rows 6, 9, 10).
 * Never throws: every problem is returned, pinned to its cell. `settings.memo`: the plan's memo of
 * cell readings (read-memo.ts), shared by its invoices so each distinct cell text is read once.
 */
// eslint-disable-next-line max-lines-per-function -- one receipt, read header then lines, with its problems pinned as it goes; shared/kinds is restructuring it
export function buildReceiptDraft(
  group: InvoiceGroup,
  index: ColumnIndex,
  resolver: Resolver,
  settings: ReadSettings & { prices?: PriceReading; memo?: ReadMemo; cleanLines?: CleanLines },
): ReceiptDraft {
  const prices = settings.prices ?? {
    basis: { costIncludesGst: false, totalIncludesGst: false },
    gstRate: GST_RATE_DEFAULT,
  };
  // The supplier's recipe (learned names, default storage) resolves this invoice's names, when it has one.
  // Each header field read by name, once (a lookup by a field name in a variable is slow on every draft).
  const { header } = group;
  const firstRow = group.lines[0]?.rowNumber ?? 0;
  const supplierCell = header.supplier?.value;
  const supplierText = supplierCell == null ? null : cellText(supplierCell);
  const own = settings.resolverFor && supplierText !== null ? settings.resolverFor(supplierText) : resolver;
  // And its pack conventions (its own recipe's: another supplier's never apply to it).
  const packs = supplierText !== null ? settings.packConventionsFor?.(supplierText) : undefined;
  const lineSettings = packs ? { ...settings, packConventions: packs } : settings;
  const read = new CellReader(index, lineSettings, own, settings.memo);

  const supplier = read.requiredText('supplier', supplierCell ?? null, header.supplier?.rowNumber ?? firstRow);
  const receivedAt = read.date(
    'received_at',
    header.received_at?.value ?? null,
    header.received_at?.rowNumber ?? firstRow,
  );
  const storage = read.storage('storage', header.storage?.value ?? null, header.storage?.rowNumber ?? firstRow);
  const recordId = read.id('record_id', header.record_id?.value ?? null, header.record_id?.rowNumber ?? firstRow);
  const orderNumber = read.optionalText(header.order_number?.value ?? null);
  const notes = read.optionalText(header.notes?.value ?? null);
  const invoice = group.keyField === 'invoice' && group.key ? cellText(group.key) : null;

  const priceFromTotal = settings.packCostFrom === 'line_total';
  // One slot per line, filled in order (no array grown line by line).
  const lines: ReceiptLine[] = new Array<ReceiptLine>(group.lines.length);
  // As many slots as lines (no list grown item by item), cut to the items made; each checked as it is made.
  const items = new ReceiptItems(group.lines.length);
  // One object for every line's cells, filled afresh line by line (nothing keeps it past its line).
  let scratch: LineCells | undefined;
  // Lines whose product, pack size and unit read cleanly before (this plan's memo) are not read again.
  const cleanLines = settings.cleanLines;
  const scope = cleanLines?.scope(own, lineSettings.packConventions, lineSettings.unitAliases);
  for (let k = 0; k < group.lines.length; k += 1) {
    const row = group.lines[k]!;
    const lineCellsOf = row.cells;
    const clean = scope && cleanLines!.get(scope, lineCellsOf.product, lineCellsOf.pack_size, lineCellsOf.pack_unit);
    let product: { productId: string; productAliasId: string | null } | null;
    let quantity: string | null;
    let pack: { value: string; unit: string } | null;
    if (clean) {
      product = clean;
      quantity = read.decimal('quantity', lineCellsOf.quantity, row.rowNumber);
      pack = clean;
    } else {
      const cells = lineCells(row, lineSettings, settings.memo, scratch);
      scratch = cells;
      const refused = cells.refusal;
      if (refused) read.problem(refused.field, row.rowNumber, 'invalid_pack', refused.message, refused.value);
      const said = read.problems.length + read.warnings.length;
      product = refused?.field === 'product' ? null : read.product(cells.productField, cells.product, row.rowNumber);
      const productSaid = read.problems.length + read.warnings.length - said;
      quantity = refused?.field === 'quantity' ? null : read.decimal('quantity', cells.quantity, row.rowNumber);
      const before = read.problems.length + read.warnings.length;
      pack = refused ? null : linePack(read, cells, row, quantity, lineSettings);
      // Remembered only when nothing was said of the product and pack and the pack size is in its own column.
      if (scope && product && pack && productSaid === 0 && read.problems.length + read.warnings.length === before)
        if (cells.packField === 'pack_size' && !cells.pre && !isBlank(cells.packSize))
          cleanLines!.set(scope, row.cells.product, row.cells.pack_size, row.cells.pack_unit, cleanLine(product, pack));
    }
    const price = priceFromTotal
      ? unitPriceFromTotal(read, row, quantity)
      : read.decimal('pack_cost', row.cells.pack_cost, row.rowNumber);
    const lineItemId = read.id('line_item_id', row.cells.line_item_id, row.rowNumber);
    lines[k] = { rowNumber: row.rowNumber, lineItemId };
    // An export or results file (a Record ID) carries the Line Total shed computed, not the supplier's:
    // a corrected quantity leaves it stale, so it is only checked on invoices being created.
    const total = row.cells.line_total;
    if (quantity !== null && price !== null && !recordId && !priceFromTotal && total !== undefined && !isBlank(total)) {
      const labels = {
        quantity: columnLabel(index, 'quantity'),
        price: columnLabel(index, 'pack_cost'),
        total: columnLabel(index, 'line_total'),
      };
      const mismatch = lineTotalProblem(row.cells.line_total, quantity, price, prices, labels);
      // The fix may be that the column is no line total at all (the invoice's total on every line).
      if (mismatch)
        read.problem('line_total', row.rowNumber, 'line_total_mismatch', mismatch, row.cells.line_total, [
          { code: 'not_line_total' },
        ]);
    }
    const cost = price === null ? null : packCostExGst(price, prices);
    if (price !== null && cost !== price) {
      read.warn(
        'pack_cost',
        row.rowNumber,
        'gst_taken_off',
        `${price} includes GST: sent as ${cost} excluding GST`,
        row.cells.pack_cost,
      );
    }
    if (product && quantity !== null && pack && cost !== null) {
      // One object per line, its keys in the schema's order (id first), checked as it is made.
      items.add(lineItemId || null, product.productId, product.productAliasId, quantity, pack.value, pack.unit, cost);
    }
  }

  const lineItems = items.done();
  // The reader's own list when the grouping found nothing (the reader is not used after this draft).
  const problems = group.problems.length === 0 ? read.problems : [...group.problems, ...read.problems];
  const draft: ReceiptDraft = {
    key: group.key,
    rowNumbers: group.lines.map((l) => l.rowNumber),
    lines,
    body: null,
    recordId,
    updatedAt: read.timestamp(header.updated_at?.value ?? null),
    storageName: storage?.name ?? null,
    problems,
    warnings: read.warnings,
  };
  if (problems.length > 0 || !supplier || !receivedAt || !storage) return draft;

  const body = {
    storage_id: storage.id,
    received_at: receivedAt,
    supplier,
    order_number: orderNumber,
    notes: invoiceNotes(invoice, notes),
    line_items: lineItems,
  };
  const checked = checkReceiptCreateBody(body, items);
  if (!checked.success) {
    problems.push(...issuesToProblems(checked.error.issues, index, (path) => locate(path, group)));
    return draft;
  }
  draft.body = checked.data;
  return draft;
}

/** A line's clean reading, as {@link CleanLines} keeps it (its own object: the resolver's and the pack memo's answers are shared). */
function cleanLine(
  product: { productId: string; productAliasId: string | null },
  pack: { value: string; unit: string },
): CleanLine {
  return { productId: product.productId, productAliasId: product.productAliasId, value: pack.value, unit: pack.unit };
}

/** A field's header as the sheet writes it, or the field's label. */
function columnLabel(index: ColumnIndex, field: ReceiptField): string {
  return index.headers[index.columns[field] ?? -1] || headerLabel('receipts', field);
}

/** The sheet row an invoice's header field was written on (its first line when blank throughout). */
function headerRow(group: InvoiceGroup, field: ReceiptField): number {
  return group.header[field]?.rowNumber ?? group.lines[0]?.rowNumber ?? 0;
}

const BODY_TO_FIELD: Record<string, ReceiptField> = {
  storage_id: 'storage',
  received_at: 'received_at',
  supplier: 'supplier',
  order_number: 'order_number',
  notes: 'notes',
  product_id: 'product',
  product_alias_id: 'product',
  quantity: 'quantity',
  pack_size_value: 'pack_size',
  pack_size_unit: 'pack_unit',
  pack_cost: 'pack_cost',
};

function locate(path: readonly PropertyKey[], group: InvoiceGroup): BodySource {
  const [head, item, key] = path;
  if (head === 'line_items' && typeof item === 'number') {
    const line = group.lines[item];
    const field = BODY_TO_FIELD[String(key)] ?? 'product';
    const value = line?.cells[field] ?? line?.cells.pack_size;
    return { field, rowNumber: line?.rowNumber ?? headerRow(group, 'supplier'), value: value ?? null };
  }
  const field = BODY_TO_FIELD[String(head)] ?? 'supplier';
  return { field, rowNumber: headerRow(group, field), value: group.header[field]?.value ?? null };
}

/**
 * A line's pack size (from its cell, or as the engine read it from the quantity cell, the product text or
 * a convention), checked against what the product text says it is kept by; each conversion said.
 */
function linePack(
  read: CellReader,
  cells: ReturnType<typeof lineCells>,
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
