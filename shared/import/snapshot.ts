/** What an import needs of the organisation, fetched once at the start: reference data, receipts and returns. */
import type { OrgClient } from '../client/index.ts';
import type { ReferenceData } from '../resolve/index.ts';
import { loadReferenceData } from '../resolve/index.ts';
import type { Receipt, Return } from '../schemas/resources.ts';

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
 * are checked against. Rejects with the client's typed errors, or `signal`'s reason once it aborts.
 */
export async function loadImportSnapshot(
  org: OrgClient,
  organisationId: string,
  signal?: AbortSignal,
): Promise<ImportSnapshot> {
  const call = signal ? { signal } : {};
  const receipts = org.listReceipts({ include: ['products'], ...call });
  const returns = org.listReturns({ include: ['product'], ...call });
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
