/**
 * What an import needs of the organisation, fetched once at the start: reference data, receipts and
 * returns. The receipts and returns are read with the exports' consistent paging: a colleague's edit
 * while the pages are read slides a record onto a page already read, and a record missed so would be
 * created again (the duplicate check and the sweep after the run both miss an unchanged record).
 */
import type { OrgClient, ServiceClient } from '../client/index.ts';
import type { ReferenceData } from '../resolve/index.ts';
import { loadReferenceData } from '../resolve/index.ts';
import type { Included, Receipt, Return } from '../schemas/resources.ts';
import { fetchConsistent } from '../export/paging/consistent.ts';
import { createOrgPages } from '../export/paging/page-source.ts';

/** What an import needs of the organisation: its reference data and every receipt and return. */
export interface ImportSnapshot {
  reference: ReferenceData;
  /** Every receipt and return: duplicates and updates are checked against them. */
  receipts: Receipt[];
  returns: Return[];
}

/**
 * Loads an import's snapshot with each list fetched once, the four lists at once (they do not depend
 * on each other; the client's limit bounds the requests in flight): the receipts and returns lists
 * sideload the products (which have no list endpoint, spec section 2) and are also what duplicates
 * are checked against, so they are read so that every record comes exactly once even while others
 * change the list (`fetchConsistent`: page counts, ids seen twice, one catch-up read unless the list
 * came whole in one page with room to spare, project row 30; passes again or walks by cursor when the
 * list moved). Rejects with the client's typed errors, or `signal`'s reason
 * once it aborts.
 */
export async function loadImportSnapshot(
  client: Pick<ServiceClient, 'http'>,
  org: OrgClient,
  organisationId: string,
  signal?: AbortSignal,
): Promise<ImportSnapshot> {
  const call = signal ? { signal } : {};
  const pages = createOrgPages(client.http, organisationId);
  // Each list's records taken once (`records` sorts the store on every read).
  const plain = <T>({ records, included }: { records: T[]; included: Included }) => ({ records, included });
  const receipts = fetchConsistent(pages.receipts(['products']), call).then(plain);
  const returns = fetchConsistent(pages.returns(['product']), call).then(plain);
  // Either rejecting is thrown below; held here so the other's rejection is never unhandled meanwhile.
  receipts.catch(() => undefined);
  returns.catch(() => undefined);
  const reference = await loadReferenceData(
    {
      listStorages: () => org.listStorages(call),
      listProductAliases: () => org.listProductAliases(call),
      listReceipts: () => receipts,
      listReturns: () => returns,
    },
    organisationId,
  );
  return { reference, receipts: (await receipts).records, returns: (await returns).records };
}
