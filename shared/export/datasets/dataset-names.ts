/** The names of the export datasets, apart from the datasets themselves (the CLI declares its commands with them without loading them). */
import { IMPORT_KINDS, type ImportKind } from '../../kinds/index.ts';

/** Dataset names as the command line takes them. */
export const DATASETS = [
  'movements',
  'ledger',
  'stocktake',
  'receipts',
  'returns',
  'storages',
  'product-aliases',
  'products',
] as const;
export type DatasetName = (typeof DATASETS)[number];

/**
 * The records of each kind a dataset is made from (fetched online, or read from the mirror): the
 * receipts dataset needs no returns, the storages list neither; products and aliases are known from
 * what receipts and returns sideload.
 */
export const DATASET_RECORDS: Readonly<Record<DatasetName, readonly ImportKind[]>> = {
  movements: IMPORT_KINDS,
  ledger: IMPORT_KINDS,
  stocktake: IMPORT_KINDS,
  receipts: ['receipts'],
  returns: ['returns'],
  storages: [],
  'product-aliases': IMPORT_KINDS,
  products: IMPORT_KINDS,
};

/** Datasets of dated records in storages: `--from`, `--to` and `--storage` apply to these only. */
export const DATED_DATASETS: readonly DatasetName[] = ['movements', 'ledger', 'stocktake', 'receipts', 'returns'];
