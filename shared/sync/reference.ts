/**
 * The mirror as reference data for imports, exports and templates (`--offline`): the same shapes
 * `shared/resolve` reads from the service, answered from memory.
 */
import type { ReferenceData, ReferenceSource } from '../resolve/reference.ts';
import type { Mirror } from './mirror.ts';

/**
 * The mirror's storages, product aliases and products as {@link ReferenceData} for `createResolver`.
 * Products are those seen sideloaded with receipts and returns (as `loadReferenceData` collects them).
 */
export function mirrorReferenceData(mirror: Mirror): ReferenceData {
  return {
    organisationId: mirror.organisationId,
    storages: Object.values(mirror.storages),
    productAliases: Object.values(mirror.productAliases),
    products: Object.values(mirror.products),
  };
}

/**
 * A {@link ReferenceSource} answered from the mirror, so `loadReferenceData(mirrorReferenceSource(m), m.organisationId)`
 * works without the network. Receipts come with every mirrored product under `included.products`
 * (the shape of `include=products`); returns come with none (the products are given once). Never rejects.
 */
export function mirrorReferenceSource(mirror: Mirror): ReferenceSource {
  return {
    listStorages: async () => ({ records: Object.values(mirror.storages) }),
    listProductAliases: async () => ({ records: Object.values(mirror.productAliases) }),
    listReceipts: async () => ({
      records: Object.values(mirror.receipts),
      included: { products: { ...mirror.products } },
    }),
    listReturns: async () => ({ records: Object.values(mirror.returns), included: {} }),
  };
}
