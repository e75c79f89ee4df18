/**
 * Fetching what one export needs, as the CLI's `shed export` does (batch/commands/export/fetch.ts):
 * every list read with consistent paging (shared/export/paging), then shaped by the dataset's pure
 * function (shared/export/datasets). Only the session differs: the task pane's.
 */
import type { DeletableResource } from '../../shared/client/index.ts';
import {
  createExportNames,
  deletedReader,
  fetchConsistent,
  movementsTable,
  productAliasesTable,
  productsTable,
  receiptsTable,
  returnsTable,
  storagesTable,
  type DatasetName,
  type DateRange,
  type DeletedReader,
  type ExportFilter,
  type ExportTable,
  type PageReader,
  type Versioned,
} from '../../shared/export/index.ts';
import type { Session } from './session.ts';

/** What to export: the dataset, and for dated datasets a date range and one storage (its id). */
export interface ExportRequest {
  dataset: DatasetName;
  timeZone: string;
  dates: DateRange;
  storageId: string | null;
}

/** Progress across the lists read at once: pages read of pages known. */
export type PageProgress = (read: number, known: number) => void;

/**
 * Fetches and shapes the dataset. Storages and product aliases are read first (names); receipts and
 * returns only when the dataset needs them (products are known only from what those sideload).
 * Rejects with the client's typed errors (connection, authentication, entitlement).
 */
export async function fetchExportTable(session: Session, request: ExportRequest, onProgress: PageProgress, signal?: AbortSignal): Promise<ExportTable> {
  const counters = new Map<string, { read: number; known: number }>();
  const read = <T extends Versioned>(list: string, reader: PageReader<T>, deleted: DeletableResource) =>
    fetchConsistent(reader, {
      deleted: deletedReader((r, q) => session.org.listDeleted(r, q), deleted) as DeletedReader,
      onPage: (done, known) => {
        counters.set(list, { read: done, known });
        const sum = [...counters.values()].reduce((a, c) => ({ read: a.read + c.read, known: a.known + c.known }), { read: 0, known: 0 });
        onProgress(sum.read, Math.max(sum.read, sum.known));
      },
      ...(signal ? { signal } : {}),
    });
  const { pages } = session;
  const { dataset } = request;
  const [storages, aliases] = await Promise.all([
    read('storages', pages.storages(), 'storages'),
    read('product aliases', pages.productAliases(), 'product_aliases'),
  ]);
  const base = { organisationId: session.organisation.id, storages: storages.records, productAliases: aliases.records };
  const filter: ExportFilter = { timeZone: request.timeZone, dates: request.dates, storageId: request.storageId };
  if (dataset === 'storages') return storagesTable(storages.records);
  if (dataset === 'movements' || dataset === 'receipts' || dataset === 'returns') {
    const [receipts, returns] = await Promise.all([
      dataset === 'returns' ? null : read('receipts', pages.receipts(['products', 'product_aliases', 'storage']), 'receipts'),
      dataset === 'receipts' ? null : read('returns', pages.returns(['product', 'storage']), 'returns'),
    ]);
    const names = createExportNames({ ...base, included: [receipts?.included, returns?.included] });
    if (dataset === 'receipts') return receiptsTable(receipts!.records, names, filter);
    if (dataset === 'returns') return returnsTable(returns!.records, names, filter);
    return movementsTable({ receipts: receipts!.records, returns: returns!.records, names, filter });
  }
  const [receipts, returns] = await Promise.all([
    read('receipts', pages.receipts(['products']), 'receipts'),
    read('returns', pages.returns(['product']), 'returns'),
  ]);
  const names = createExportNames({ ...base, included: [receipts.included, returns.included] });
  if (dataset === 'product-aliases') return productAliasesTable(aliases.records, names);
  return productsTable(names.products, aliases.records);
}
