/**
 * Fetching what one export needs from the service, every list read with consistent paging
 * (./paging), then shaped by the dataset's pure function (./datasets). The CLI and the add-in both
 * export through {@link fetchExport}; `shed export --offline` shapes the mirror with {@link shapeExport}.
 */
import type { DeletableResource, HttpClient, OrgClient } from '../client/index.ts';
import { ShedError } from '../errors/shed-error.ts';
import type { Included, Product, ProductAlias, Receipt, Return, Storage } from '../schemas/resources.ts';
import type { ExportTable } from './columns.ts';
import type { Grid } from '../sheet/grid.ts';
import type { LinesDigest } from '../hash/digest.ts';
import type { DatasetName, LedgerContext } from './datasets/index.ts';
import { DATASET_RECORDS } from './datasets/dataset-names.ts';
import {
  ledgerLines,
  ledgerTable,
  movementsTable,
  sealLedger,
  stocktakeTemplate,
  productAliasesTable,
  productsTable,
  receiptsTable,
  returnsTable,
  storagesTable,
} from './datasets/index.ts';
import type { ExportFilter } from './filter.ts';
import type { DateRange } from './values.ts';
import { createExportNames } from './names.ts';
import type { ConsistentList } from './paging/consistent.ts';
import { fetchConsistent } from './paging/consistent.ts';
import type { Versioned } from './paging/consistent.ts';
import type { DeletedReader, PageReader } from './paging/page-source.ts';
import { createOrgPages, deletedReader } from './paging/page-source.ts';
import { timestampMicros } from './paging/timestamps.ts';
import { memoryRecordStore, type RecordStore, type RecordStoreFactory, type Records } from './paging/record-store.ts';

/** What to export: the dataset and its filters (PRODUCT.md, "Export options"). */
export interface ExportQuery {
  dataset: DatasetName;
  /** The farm's IANA time zone: dates are its local dates. */
  timeZone: string;
  /** `--from`/`--to` on the received or returned date, inclusive. */
  dates: DateRange;
  /** Only records changed after this instant (ISO 8601 with a zone): `updated_after`. */
  since?: string | undefined;
  /** Only records of this storage: its name (suggestions when unknown) or id. */
  storage?: string | undefined;
  /** Pages in flight at once per list; default the client's. */
  pageConcurrency?: number;
  /** The ledger's stocktake: the filled-in sheet read as a grid, and the tolerance in percent (`--stocktake`, `--tolerance`). */
  stocktake?: { grid: Grid; tolerancePercent: string };
  /** How the ledger's rows are hashed (default Web Crypto, which needs the whole text at once). */
  digestOf?: LinesDigest;
  /** Who asks and when, for the ledger's About sheet: the organisation's name, the local time, the tool. */
  about?: Omit<LedgerContext, 'storage'>;
  /** Where the receipts and returns read are kept until written (default in memory; the CLI keeps them in a temporary file). */
  recordStore?: RecordStoreFactory;
}

/** Where an export reads: the organisation, the client's HTTP layer (single pages) and its deleted lists. */
export interface ExportSource {
  organisationId: string;
  http: HttpClient;
  listDeleted: OrgClient['listDeleted'];
}

/**
 * The export's storage filter names no storage of the organisation. The message is the resolver's
 * (`no storage named 'X'; closest: 'Y'`); each face says which of its inputs gave the name (the CLI
 * prefixes its option, batch/cli/remedy-wording.ts).
 */
export class UnknownStorageError extends ShedError {
  constructor(message: string) {
    super('unknown_storage', 'usage', message);
  }
}

/** How one list was read: passes, whether the cursor walk was needed, what change was noticed. */
export interface ListReport {
  list: string;
  records: number;
  passes: number;
  walked: boolean;
  changes: string[];
  removed: number;
}

/** The export's table, and how its lists were read. */
export interface FetchedExport {
  table: ExportTable;
  lists: ListReport[];
  /** The storage `--storage` named, resolved. */
  storage: { id: string; name: string } | null;
  /** Frees the records' stores once the table is written (its rows read the records from them). */
  close(): void;
}

/** The datasets whose rows are made from the records, read again from their store, as the rows are written. */
const READS_RECORDS_WHILE_WRITTEN: ReadonlySet<DatasetName> = new Set(['receipts', 'returns', 'movements']);

/** Progress across the lists being read at once: pages read of pages known. */
export type PageProgress = (read: number, known: number) => void;

/**
 * Fetches and shapes `settings.dataset`. Storages and product aliases are read in full first (names,
 * and `--storage` is resolved before the big lists); the records' lists take `--since`.
 * @throws UnknownStorageError when `--storage` names no storage (with the closest names); the client's
 *   typed errors (connection, authentication, entitlement: exit 3).
 */
export async function fetchExport(
  source: ExportSource,
  settings: ExportQuery,
  onProgress: PageProgress,
  signal?: AbortSignal,
): Promise<FetchedExport> {
  // The records are read and shaped in a function of their own, so that nothing holds them while
  // the shaped table is sealed and written (a ledger's rows are made twice, from its lines alone).
  const stores: RecordStore<Versioned>[] = [];
  const close = () => {
    for (const store of stores.splice(0)) store.close();
  };
  try {
    const { shaped, lists } = await fetchAndShape(source, settings, onProgress, signal, stores);
    // Only these datasets read their records again as their rows are written; the others are done with them.
    if (!READS_RECORDS_WHILE_WRITTEN.has(settings.dataset)) close();
    return { ...shaped, table: await sealLedger(shaped.table, settings.digestOf), lists, close };
  } catch (error) {
    close();
    throw error;
  }
}

async function fetchAndShape(
  source: ExportSource,
  settings: ExportQuery,
  onProgress: PageProgress,
  signal: AbortSignal | undefined,
  stores: RecordStore<Versioned>[],
) {
  const pages = createOrgPages(source.http, source.organisationId);
  const lists: ListReport[] = [];
  const counters = new Map<string, { read: number; known: number }>();
  const read = async <T extends Versioned>(
    list: string,
    reader: PageReader<T>,
    deleted: DeletableResource,
    since: string | undefined,
    large = false,
  ) => {
    // The records' lists go where the caller keeps records; storages and aliases are few, in memory.
    const store = large && settings.recordStore ? settings.recordStore<T>() : memoryRecordStore<T>();
    stores.push(store);
    const result = await fetchConsistent(reader, {
      store,
      ...(settings.pageConcurrency ? { pageConcurrency: settings.pageConcurrency } : {}),
      ...(since ? { updatedAfter: since } : {}),
      deleted: deletedReader((r, q) => source.listDeleted(r, q), deleted) as DeletedReader,
      onPage: (done, known) => {
        counters.set(list, { read: done, known });
        const sum = [...counters.values()].reduce((a, c) => ({ read: a.read + c.read, known: a.known + c.known }), {
          read: 0,
          known: 0,
        });
        onProgress(sum.read, sum.known);
      },
      ...(signal ? { signal } : {}),
    });
    lists.push(report(list, result));
    return result;
  };
  const { dataset, since } = settings;
  const records = DATASET_RECORDS[dataset];
  // Products have no list: they are known from what receipts and returns sideload (spec section 2).
  const productsOnly = dataset === 'products' || dataset === 'product-aliases';
  // All four lists at once: nothing of the storages or aliases is needed to ask for the records.
  const [storages, aliases, receipts, returns] = await Promise.all([
    read('storages', pages.storages(), 'storages', dataset === 'storages' ? since : undefined),
    read(
      'product aliases',
      pages.productAliases(),
      'product_aliases',
      dataset === 'product-aliases' ? since : undefined,
    ),
    !records.includes('receipts')
      ? null
      : read(
          'receipts',
          pages.receipts(productsOnly ? ['products'] : ['products', 'product_aliases', 'storage']),
          'receipts',
          productsOnly ? undefined : since,
          true,
        ),
    !records.includes('returns')
      ? null
      : read(
          'returns',
          pages.returns(productsOnly ? ['product'] : ['product', 'storage']),
          'returns',
          productsOnly ? undefined : since,
          true,
        ),
  ]);
  const shaped = shapeExport(settings, {
    organisationId: source.organisationId,
    storages: storages.records,
    productAliases: aliases.records,
    receipts: receipts?.store ?? [],
    returns: returns?.store ?? [],
    included: [receipts?.included, returns?.included],
  });
  return { shaped, lists };
}

/** Everything an export is shaped from: the organisation's lists, online or from the mirror. */
export interface ExportData {
  organisationId: string;
  storages: Storage[];
  productAliases: ProductAlias[];
  /** As arrays (the mirror), or as the stores paging filled, read one record at a time. */
  receipts: Records<Receipt>;
  returns: Records<Return>;
  /** Sideloaded maps (online), or the products known to the mirror. */
  included?: (Included | undefined)[];
  products?: Product[];
}

/**
 * Shapes the dataset from the organisation's lists (pure): names, `--storage`, `--from`/`--to`.
 * `--since` has already been applied to the lists it concerns, except products (no list of their own).
 * @throws UnknownStorageError when `--storage` names no storage.
 */
export function shapeExport(settings: ExportQuery, data: ExportData): Omit<FetchedExport, 'lists' | 'close'> {
  const { dataset, since } = settings;
  const names = createExportNames({
    organisationId: data.organisationId,
    storages: data.storages,
    productAliases: data.productAliases,
    ...(data.products ? { products: data.products } : {}),
    ...(data.included ? { included: data.included.filter((i): i is Included => i !== undefined) } : {}),
  });
  const filter: ExportFilter = { timeZone: settings.timeZone, dates: settings.dates };
  const storage = settings.storage ? resolveStorage(names, settings.storage) : null;
  if (storage) filter.storageId = storage.id;
  switch (dataset) {
    case 'storages':
      return { table: storagesTable(data.storages), storage };
    case 'receipts':
      return { table: receiptsTable(data.receipts, names, filter), storage };
    case 'returns':
      return { table: returnsTable(data.returns, names, filter), storage };
    case 'movements':
      return { table: movementsTable({ receipts: data.receipts, returns: data.returns, names, filter }), storage };
    case 'ledger': {
      const about = settings.about ?? { organisation: data.organisationId, generatedAt: '', producer: 'shed-sheets' };
      const stocktake = settings.stocktake ? { ...settings.stocktake, resolver: names.resolver } : undefined;
      return {
        table: ledgerTable(
          { receipts: data.receipts, returns: data.returns, names, filter },
          { ...about, storage: storage?.name ?? null },
          stocktake,
        ),
        storage,
      };
    }
    case 'stocktake': {
      // The closing at --to of everything before it: the expected count.
      const atTo: ExportFilter = { ...filter, dates: { from: null, to: filter.dates?.to ?? null } };
      return {
        table: stocktakeTemplate(ledgerLines({ receipts: data.receipts, returns: data.returns, names, filter: atTo })),
        storage,
      };
    }
    case 'product-aliases':
      return { table: productAliasesTable(data.productAliases, names), storage };
    case 'products':
      return { table: productsTable(changedSince(names.products, since), data.productAliases), storage };
  }
}

function resolveStorage(names: ReturnType<typeof createExportNames>, text: string): { id: string; name: string } {
  const found = names.resolver.storage(text);
  if (!found.ok) throw new UnknownStorageError(found.message);
  return { id: found.value.id, name: found.value.name };
}

/** Products changed after `since` (products have no list to filter, so it is done here). */
function changedSince(products: readonly Product[], since: string | undefined): Product[] {
  if (since === undefined) return [...products];
  const after = timestampMicros(since);
  return products.filter((p) => p.updated_at !== undefined && timestampMicros(p.updated_at) > after);
}

function report(list: string, result: ConsistentList<unknown & Versioned>): ListReport {
  return {
    list,
    records: result.store.size,
    passes: result.passes,
    walked: result.walked,
    changes: [...result.changes],
    removed: result.removed,
  };
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../errors/shed-error.ts' {
  interface ErrorCodes {
    UnknownStorageError: 'unknown_storage';
  }
}
