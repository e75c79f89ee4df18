/**
 * Plans a receipts import from a sheet, before anything is sent: rows grouped into invoices, cells read, names
 * resolved, bodies checked.
 */
import type { Notice } from '../../errors/remedy.ts';
import type { Resolver } from '../../resolve/index.ts';
import type { Grid } from '../../sheet/grid.ts';
import type { ColumnMapping } from '../../sheet/mapping.ts';
import { KINDS, type ReceiptField } from '../../kinds/index.ts';
import { GST_RATE_DEFAULT } from '../../service/gaps.ts';
import { checkLineAmountCost } from '../../sheet/line-amount.ts';
import { checkPriceBasis } from '../../sheet/price-basis.ts';
import { checkDiscountColumns } from '../../sheet/discount-column.ts';
import { checkDecimalCommas } from '../../sheet/decimal-commas.ts';
import { addDecimals } from '../../sheet/values/index.ts';
import { sheetLines } from '../sheet-lines.ts';
import type { SkippedRow } from '../rows.ts';
import type { ColumnIndex } from '../problems.ts';
import type { ReadSettings, ReceiptDraft } from './build.ts';
import { ReceiptDrafts } from './build.ts';
import { refuseOutOfOrder } from './out-of-order.ts';
import { groupInvoices, invoiceKeyField } from './group.ts';
import { refuseRepeatedBlocks } from './repeated-blocks.ts';
import { refuseRepeatedLineItemIds } from './repeated-line-ids.ts';
import { ReadMemo } from '../read-memo.ts';
import { CleanLines } from './clean-lines.ts';

/** The receipt fields that hold numbers: a decimal comma in one makes a lone comma group in any ambiguous. */
const RECEIPT_NUMBER_FIELDS: readonly ReceiptField[] = ['quantity', 'pack_size', 'pack_cost', 'line_total'];

/** Everything an import of receipts will do, worked out before anything is sent. */
export interface ReceiptPlan {
  drafts: ReceiptDraft[];
  skipped: SkippedRow[];
  /** Sheet-wide warnings, e.g. a date column that reads only month-first. */
  warnings: Notice[];
}

/**
 * Plans a receipts import from a sheet (pure): data rows below the header, invoices grouped and
 * filled down, cells read, names resolved, bodies checked. Nothing is sent; an invoice with any
 * problem has `body: null`.
 *
 * @param mapping the column mapping (see `detectMapping`); must have every required field.
 */
export function planReceiptImport(
  grid: Grid,
  mapping: ColumnMapping,
  resolver: Resolver,
  settings: ReadSettings,
): ReceiptPlan {
  const columns = mapping.columns as Partial<Record<ReceiptField, number>>;
  const index: ColumnIndex = { columns, headers: mapping.headers };
  const { rows, skipped, blankBefore, warnings, reading, keys } = sheetLines<ReceiptField>(
    grid,
    mapping,
    settings,
    KINDS.receipts.quantityField,
    KINDS.receipts.dateField,
    invoiceKeyField(columns) ?? undefined,
  );
  const basis = checkPriceBasis(mapping, settings.gstRate ?? null, { source: grid.source, sheet: grid.sheet });
  checkLineAmountCost(grid, mapping, settings.packCostPerPack === true);
  checkDiscountColumns(grid, mapping);
  checkDecimalCommas(grid, mapping, RECEIPT_NUMBER_FIELDS);
  const prices = { basis, gstRate: settings.gstRate ?? GST_RATE_DEFAULT };
  if (basis.costIncludesGst) {
    warnings.push({
      message: `prices include GST: each pack cost is sent excluding GST (the price ÷ ${addDecimals('1', prices.gstRate)}, to the cent)`,
    });
  }
  if (settings.packCostFrom === 'line_total') {
    const total =
      (columns.line_total === undefined ? '' : mapping.headers[columns.line_total]) ||
      KINDS.receipts.registry.line_total.label;
    warnings.push({ message: `no price column: each pack cost is '${total}' ÷ the quantity` });
  }
  // A sorted results file: a line told by its place alone is no line of the invoice it now sits under.
  const groups = refuseOutOfOrder(groupInvoices(rows, blankBefore, index, keys), index);
  // The same invoice pasted twice under one spelling is one group with its lines twice: refused.
  // Each distinct cell text is read once for the whole sheet (this plan's memo only).
  const lineSettings = { ...reading, prices, memo: new ReadMemo(), cleanLines: new CleanLines() };
  const maker = new ReceiptDrafts(index, resolver, lineSettings);
  // A row copied with its Line Item ID (two rows naming one line item) refuses the invoices holding it.
  const drafts = refuseRepeatedLineItemIds(refuseRepeatedBlocks(groups.map((group) => maker.draft(group))), index);
  return { drafts, skipped, warnings };
}

/**
 * The sheet's invoices as sheet row numbers, grouped as `planReceiptImport` groups them but without
 * reading a cell: used with every row of the sheet (hidden ones too) to find the invoices a hidden or
 * filtered-out row cuts in part.
 */
export function receiptRecordRows(grid: Grid, mapping: ColumnMapping, settings: ReadSettings): number[][] {
  const columns = mapping.columns as Partial<Record<ReceiptField, number>>;
  const index: ColumnIndex = { columns, headers: mapping.headers };
  const { rows, blankBefore, keys } = sheetLines<ReceiptField>(
    grid,
    mapping,
    settings,
    KINDS.receipts.quantityField,
    KINDS.receipts.dateField,
    invoiceKeyField(columns) ?? undefined,
  );
  return groupInvoices(rows, blankBefore, index, keys).map((group) => group.lines.map((line) => line.rowNumber));
}
