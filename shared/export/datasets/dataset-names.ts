/** The names of the export datasets, apart from the datasets themselves (the CLI declares its commands with them without loading them). */

/** Dataset names as the command line takes them. */
export const DATASETS = ['movements', 'ledger', 'stocktake', 'receipts', 'returns', 'storages', 'product-aliases', 'products'] as const;
export type DatasetName = (typeof DATASETS)[number];

/** Datasets of dated records in storages: `--from`, `--to` and `--storage` apply to these only. */
export const DATED_DATASETS: readonly DatasetName[] = ['movements', 'ledger', 'stocktake', 'receipts', 'returns'];
