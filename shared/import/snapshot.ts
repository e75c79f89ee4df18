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
 * Loads an import's snapshot with each list fetched once: the receipts and returns lists sideload
 * the products (which have no list endpoint, spec section 2) and are also what duplicates are
 * checked against. Rejects with the client's typed errors.
 */
export async function loadImportSnapshot(org: OrgClient, organisationId: string): Promise<ImportSnapshot> {
  const receipts = org.listReceipts({ include: ['products'] });
  const returns = org.listReturns({ include: ['product'] });
  const reference = await loadReferenceData(
    {
      listStorages: () => org.listStorages(),
      listProductAliases: () => org.listProductAliases(),
      listReceipts: () => receipts,
      listReturns: () => returns,
    },
    organisationId,
  );
  return { reference, receipts: (await receipts).records, returns: (await returns).records };
}
