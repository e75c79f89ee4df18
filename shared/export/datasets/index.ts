/** The export datasets of `shed export DATASET` (PRODUCT.md, "The command line contract"). */
export {
  MOVEMENT_COLUMNS,
  MOVEMENTS_SHEET,
  buildMovements,
  movementRow,
  movementsTable,
  type Movement,
  type MovementsInput,
} from './movements.ts';
export {
  SUMMARY_COLUMNS,
  SUMMARY_SHEET,
  summariseMovements,
  summaryLines,
  type SummaryLine,
} from './movements-summary.ts';
export { RECEIPT_COLUMNS, RECEIPTS_SHEET, receiptRows, receiptsTable } from './receipts.ts';
export { RETURN_COLUMNS, RETURNS_SHEET, returnRows, returnsTable } from './returns.ts';
export { STORAGE_COLUMNS, storagesTable } from './storages.ts';
export { PRODUCT_ALIAS_COLUMNS, productAliasesTable } from './product-aliases.ts';
export { PRODUCT_COLUMNS, productsTable } from './products.ts';
export {
  DIGEST_ITEM,
  LEDGER_COLUMNS,
  LEDGER_SHEETS,
  LEDGER_SUMMARY_COLUMNS,
  STOCKTAKE_SUMMARY_COLUMNS,
  ledgerLines,
  ledgerTable,
  ledgerText,
  sealLedger,
  tiesOut,
  type LedgerContext,
  type LedgerStocktake,
} from './ledger.ts';
export { LINE_COLUMNS, ledgerKey, type LedgerEntry, type LedgerLine } from './ledger-line.ts';
export {
  DEFAULT_TOLERANCE_PERCENT,
  STOCKTAKE_COLUMNS,
  STOCKTAKE_SHEET,
  StocktakeError,
  readStocktake,
  reconcileLine,
  stocktakeTemplate,
  type Count,
  type Reconciled,
} from './stocktake.ts';

export { DATASETS, DATED_DATASETS, type DatasetName } from './dataset-names.ts';
