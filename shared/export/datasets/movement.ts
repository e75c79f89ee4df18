/** One movement of stock, as the movements, ledger and summary sheets read it (a type of its own, so none of them imports another for it). */

/** One movement of stock, typed; `movementRow` (movements.ts) makes it a row. Decimals are exact strings. */
export interface Movement {
  /** Received or returned date in the farm's time zone, `YYYY-MM-DD`. */
  date: string;
  type: 'receipt' | 'return';
  sequence: string;
  storageId: string;
  storage: string;
  productId: string;
  product: string;
  /** The product alias (trade name) the line was recorded under; null for returns and plain lines. */
  tradeName: string | null;
  /** Packs (receipts); null for returns. */
  packs: string | null;
  /** Pack size (receipts); null for returns. */
  packSize: string | null;
  /** Unit as recorded: the pack size unit, or the return's amount unit. */
  unit: string;
  /** In the base unit, signed: + packs × pack size for receipts, − amount for returns. */
  quantity: string;
  /** `l`, `kg`, or the recorded unit when it is not one the export converts. */
  quantityUnit: string;
  /** Dollars per pack (receipts). */
  packCost: string | null;
  /** Packs × pack cost, dollars (receipts). */
  lineCost: string | null;
  supplier: string;
  /** Order number (receipts) or reference (returns). */
  reference: string | null;
  notes: string | null;
  recordId: string;
  lineItemId: string | null;
  /** Receipts only (gaps row 12). */
  underReview: boolean | null;
  updatedAt: string;
}
