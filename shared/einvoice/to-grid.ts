/**
 * An e-invoice as the rows the core maps: one grid row per invoice (credit note) line under a fixed
 * header, and the fixed mapping of those headers to the fields, so `importSheet` resolves, validates,
 * sends, journals and undoes it as it would a sheet. An Invoice becomes one receipt; a CreditNote one
 * return per line. The grid also carries what the core does not map yet (the seller's business number,
 * the seller's item code, the UBL unit code) for supplier recipes and the pack engine to use.
 */
import { kindOf, type ImportKind } from '../kinds/index.ts';
import type { Grid, CellValue } from '../sheet/grid.ts';
import type { SavedMapping } from '../sheet/saved-mapping.ts';
import { unitFromRec20 } from '../sheet/packs/index.ts';
import { canonicalDecimal, divideDecimals, multiplyDecimals } from '../sheet/values/decimal.ts';
import { parseBusinessNumber, supplierIdentity, type SupplierIdentity } from '../suppliers/identity.ts';
import { checkCurrency } from './currency.ts';
import { grossOfLine, netOfAllowances, reconcile } from './reconcile.ts';
import { readUbl, type AllowanceCharge, type EInvoice, type EInvoiceLine } from './ubl.ts';
import { parseXml } from './xml.ts';

/** Headers of the extra columns the grid carries for what the core does not map yet. */
export const EXTRA_HEADERS = {
  businessNumber: 'Supplier ABN/NZBN',
  itemCode: 'Seller Item Code',
  unitCode: 'Unit Code',
};

/** An e-invoice made into rows: the grid, its fixed mapping, and what was said or left out. */
export interface EInvoiceSheet {
  invoice: EInvoice;
  kind: ImportKind;
  grid: Grid;
  /** The fixed mapping of the grid's headers to the kind's fields (no guessing). */
  mapping: SavedMapping;
  /** The seller's identity (ABN/NZBN when the document carries a valid one, else the name). */
  supplier: SupplierIdentity | null;
  /** Per grid row, what the reader did to it (a line allowance applied to the pack cost), for its Message. */
  rowNotes: Map<number, string[]>;
  /** Document-level allowances and charges: not stock, left out of the lines, to be said. */
  leftOut: AllowanceCharge[];
}

/**
 * Reads, checks and lays out one e-invoice: {@link parseXml}, {@link readUbl}, {@link reconcile}, then the grid.
 * @param bytes the document's content; `source` how messages name it (its file name)
 * @throws EInvoiceError (hostile or malformed XML, not an invoice, totals that do not add up): nothing is sent.
 */
export function einvoiceSheet(bytes: Uint8Array, source: string): EInvoiceSheet {
  const invoice = readUbl(parseXml(bytes, source), source);
  reconcile(invoice, source);
  checkCurrency(invoice, source);
  const number = businessNumberOf(invoice);
  const supplier = supplierIdentity({ name: invoice.seller.name, businessNumber: number });
  const base = { invoice, supplier, leftOut: invoice.allowanceCharges };
  return invoice.type === 'invoice'
    ? { ...base, kind: 'receipts', ...receiptRows(invoice, source, number) }
    : { ...base, kind: 'returns', ...returnRows(invoice, source, number) };
}

/** The seller's ABN or NZBN as `ABN 47555222000`, from the first identifier that is a valid one, or ''. */
export function businessNumberOf(invoice: EInvoice): string {
  for (const { scheme, value } of invoice.seller.ids) {
    if (scheme && scheme !== '0151' && scheme !== '0088') continue;
    const found = parseBusinessNumber(value);
    if (found) return `${found.kind.toUpperCase()} ${found.digits}`;
  }
  return '';
}

/**
 * Pack size and unit of a line, through the pack engine's UN/ECE Rec 20 table (`unitFromRec20`): a
 * measure is packs of its factor (`LTR` → 1 l, `MTQ` → 1000 l, `TNE` → 1 t); a count (`EA`, `C62`,
 * `H87`, `XBX`) leaves the size empty and the code in the Unit cell, so the core reads the size from the
 * item name or the supplier recipe's conventions (shared/import/receipts/line-packs.ts), or refuses the
 * line; any other code (`DAY`, `KWH`) is left in the Unit cell for the core to refuse.
 */
function packOf(line: EInvoiceLine): { size: string | null; unit: string } {
  const rec20 = unitFromRec20(line.unitCode);
  return rec20?.type === 'measure' ? { size: rec20.factor, unit: rec20.unit } : { size: null, unit: line.unitCode };
}

/** Said of a line whose unit code is no stock (`DAY`, `KWH`): `unit code DAY is no measure or count of stock …`. */
function notStock(code: string, done: 'received' | 'returned'): string {
  return `unit code ${code} is no measure or count of stock (UN/ECE Rec 20): the line cannot be ${done}`;
}

/** What a line's allowances and charges come to, said: `allowance Discount 10.00 applied to the pack cost`. */
function describeApplied(items: readonly AllowanceCharge[]): string {
  return items
    .map((ac) => `${ac.charge ? 'charge' : 'allowance'}${ac.reason ? ` '${ac.reason}'` : ''} ${ac.amount}`)
    .join(', ');
}

type Rows = Pick<EInvoiceSheet, 'grid' | 'mapping' | 'rowNotes'>;

function receiptRows(invoice: EInvoice, source: string, businessNumber: string): Rows {
  const headers = [
    'Supplier',
    EXTRA_HEADERS.businessNumber,
    'Invoice No',
    'Date Received',
    'PO Number',
    'Product',
    EXTRA_HEADERS.itemCode,
    'Qty',
    'Pack Size',
    'Unit',
    EXTRA_HEADERS.unitCode,
    'Price ex GST',
    'Line Total',
  ];
  const rowNotes = new Map<number, string[]>();
  const rows = invoice.lines.map((line, i) => {
    const rowNumber = i + 2;
    const pack = packOf(line);
    if (line.unitCode && !unitFromRec20(line.unitCode)) rowNotes.set(rowNumber, [notStock(line.unitCode, 'received')]);
    let cost = divideDecimals(grossOfLine(line, source), line.quantity === '0' ? '1' : line.quantity, 6);
    if (line.allowanceCharges.length > 0) {
      cost = divideDecimals(line.amount, line.quantity === '0' ? '1' : line.quantity, 6);
      rowNotes.set(rowNumber, [
        ...(rowNotes.get(rowNumber) ?? []),
        `${describeApplied(line.allowanceCharges)} (net ${netOfAllowances(line.allowanceCharges)}) applied to the pack cost`,
      ]);
    }
    const cells: CellValue[] = [
      invoice.seller.name,
      businessNumber || null,
      invoice.number,
      invoice.deliveryDate ?? invoice.issueDate,
      invoice.orderReference || null,
      line.name,
      line.sellerItemCode || null,
      line.quantity,
      pack.size,
      pack.unit || null,
      line.unitCode || null,
      canonicalDecimal(cost),
      line.amount,
    ];
    return { rowNumber, cells };
  });
  return {
    grid: { source, sheet: invoice.number, rows: [{ rowNumber: 1, cells: headers }, ...rows] },
    mapping: fixedMapping('receipts', {
      supplier: 'Supplier',
      invoice: 'Invoice No',
      received_at: 'Date Received',
      order_number: 'PO Number',
      product: 'Product',
      quantity: 'Qty',
      pack_size: 'Pack Size',
      pack_unit: 'Unit',
      pack_cost: 'Price ex GST',
      line_total: 'Line Total',
    }),
    rowNotes,
  };
}

function returnRows(invoice: EInvoice, _source: string, businessNumber: string): Rows {
  const headers = [
    'Return To',
    EXTRA_HEADERS.businessNumber,
    'Date',
    'Product',
    EXTRA_HEADERS.itemCode,
    'Amount',
    'Unit',
    EXTRA_HEADERS.unitCode,
    'Reference',
    'Credit Amount',
  ];
  const rowNotes = new Map<number, string[]>();
  const rows = invoice.lines.map((line, i) => {
    const pack = packOf(line);
    const rec20 = unitFromRec20(line.unitCode);
    if (line.unitCode && !rec20) rowNotes.set(i + 2, [notStock(line.unitCode, 'returned')]);
    // A measure is the amount itself; a count of items (EA, C62) is left as the count with its code, for
    // the core to size from the item name or the supplier's convention (shared/import/returns/amount-packs.ts).
    const amount =
      pack.size !== null ? multiplyDecimals(line.quantity, pack.size) : rec20?.type === 'count' ? line.quantity : null;
    const cells: CellValue[] = [
      invoice.seller.name,
      businessNumber || null,
      invoice.deliveryDate ?? invoice.issueDate,
      line.name,
      line.sellerItemCode || null,
      amount,
      pack.unit || null,
      line.unitCode || null,
      `${invoice.number}/${line.id}`,
      line.amount,
    ];
    return { rowNumber: i + 2, cells };
  });
  return {
    grid: { source: _source, sheet: invoice.number, rows: [{ rowNumber: 1, cells: headers }, ...rows] },
    mapping: fixedMapping('returns', {
      supplier: 'Return To',
      returned_at: 'Date',
      product: 'Product',
      amount: 'Amount',
      amount_unit: 'Unit',
      reference: 'Reference',
    }),
    rowNotes,
  };
}

/**
 * The fixed mapping: header row 1, and every field of the kind not named here absent (`null`), so
 * nothing is guessed from the extra columns; the storage comes from `--set` (or, later, a recipe).
 */
function fixedMapping(kind: ImportKind, columns: Record<string, string>): SavedMapping {
  const absent = Object.fromEntries(kindOf(kind).fields.map((field) => [field, null]));
  return { kind, headerRow: 1, columns: { ...absent, ...columns } } as SavedMapping;
}
