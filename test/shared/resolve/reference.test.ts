/**
 * Collecting products from sideloads, and loading one organisation's reference data from a
 * (structural, in-memory) ReferenceSource.
 */
import { describe, it, expect } from 'vitest';
import {
  collectProducts,
  createResolver,
  loadReferenceData,
  ReferenceDataError,
  type ReferenceSource,
} from '../../../shared/resolve/index.ts';
import type { Included, Product, ProductAlias, Storage } from '../../../shared/schemas/resources.ts';
import { WILLOW, catalogue, referenceFor } from './catalogue.ts';
import { resolved } from './helpers.ts';

const willow = referenceFor(WILLOW);
const [p1, p2, p3, p4] = willow.products as [Product, Product, Product, Product];
const byId = (...products: Product[]) => Object.fromEntries(products.map((p) => [p.id, p]));
const ids = (products: Product[]) => products.map((p) => p.id).sort();

describe('collectProducts', () => {
  it('reads included.products (receipts) from one included object', () => {
    expect(ids(collectProducts({ products: byId(p1, p2) }))).toEqual(ids([p1, p2]));
  });

  it('reads included.product and included.products (returns) from a list of included objects', () => {
    const found = collectProducts([{ products: byId(p1) }, { product: byId(p2, p3) }, { products: byId(p4) }]);
    expect(ids(found)).toEqual(ids([p1, p2, p3, p4]));
  });

  it('de-duplicates by id, case-insensitively', () => {
    const upper = { ...p1, id: p1.id.toUpperCase() };
    const found = collectProducts([{ products: byId(p1, p2) }, { product: { [upper.id]: upper, [p2.id]: p2 } }]);
    expect(found).toHaveLength(2);
  });

  it('keeps the copy with the latest updated_at; without timestamps, the first seen', () => {
    const old = { ...p1, name: 'Old name', updated_at: '2025-07-01T00:00:00Z' };
    const renamed = { ...p1, name: 'New name', updated_at: '2025-08-01T10:00:00+10:00' };
    expect(collectProducts([{ products: byId(old) }, { product: byId(renamed) }]).map((p) => p.name)).toEqual([
      'New name',
    ]);
    expect(collectProducts([{ products: byId(renamed) }, { product: byId(old) }]).map((p) => p.name)).toEqual([
      'New name',
    ]);
    const a = { id: p1.id, name: 'First' };
    const b = { id: p1.id, name: 'Second' };
    expect(collectProducts([{ products: byId(a) }, { products: byId(b) }]).map((p) => p.name)).toEqual(['First']);
  });

  it('skips sideloaded objects that are not products', () => {
    const included = {
      products: {
        good: p1,
        noName: { id: p2.id },
        badId: { id: 'not-a-uuid', name: 'Bad' },
        nameNotText: { id: p3.id, name: 42 },
        nothing: null,
        text: 'Glyfos',
        badTimestamp: { ...p4, updated_at: 'yesterday' },
      },
    } as unknown as Included;
    expect(collectProducts(included)).toEqual([{ ...p1 }]);
  });

  it('ignores other sideloads (storages, product_aliases) and malformed maps', () => {
    const storage = willow.storages[0] as Storage;
    const alias = willow.productAliases[0] as ProductAlias;
    const included = {
      storages: { [storage.id]: storage },
      product_aliases: { [alias.id]: alias },
      product: null,
    } as unknown as Included;
    expect(collectProducts(included)).toEqual([]);
    expect(collectProducts({ products: 'x' } as unknown as Included)).toEqual([]);
  });

  it('tolerates nothing at all', () => {
    expect(collectProducts([])).toEqual([]);
    expect(collectProducts(undefined)).toEqual([]);
    expect(collectProducts([undefined, null, {}])).toEqual([]);
  });

  it('drops unknown keys of a product, as the schema does', () => {
    const [found] = collectProducts({ products: { [p1.id]: { ...p1, colour: 'blue' } } });
    expect(found).not.toHaveProperty('colour');
    expect(found?.name).toBe(p1.name);
  });
});

/** An in-memory source over the demo catalogue, recording calls; each list waits until all four have been asked for. */
function fakeSource(options: { failReturns?: Error } = {}) {
  const calls: string[] = [];
  const receiptQueries: unknown[] = [];
  const returnQueries: unknown[] = [];
  let release!: () => void;
  const allAsked = new Promise<void>((resolve) => (release = resolve));
  // Sequential requests would wait here forever: fail after a second instead.
  const ask = async <T>(name: string, value: T): Promise<T> => {
    calls.push(name);
    if (calls.length === 4) release();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the four lists were not requested together')), 1_000);
    });
    try {
      await Promise.race([allAsked, timedOut]);
    } finally {
      clearTimeout(timer);
    }
    return value;
  };
  // Products: p1 and p2 on receipts, p2 (again) and p3 on returns; an alias points at a product never sideloaded.
  const hiddenProductId = 'aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee';
  const hiddenAlias: ProductAlias = {
    id: 'aaaaaaaa-bbbb-4ccc-8ddd-ffffffffffff',
    name: 'Hidden Brand',
    product_id: hiddenProductId,
  };
  const source: ReferenceSource = {
    listStorages: () => ask('storages', { records: willow.storages }),
    listProductAliases: () => ask('aliases', { records: [...willow.productAliases, hiddenAlias] }),
    listReceipts: (q) => {
      receiptQueries.push(q);
      return ask('receipts', { records: [{ id: 'r1' }], included: { products: byId(p1, p2) } });
    },
    listReturns: (q) => {
      returnQueries.push(q);
      if (options.failReturns) {
        calls.push('returns');
        if (calls.length === 4) release();
        return Promise.reject(options.failReturns);
      }
      return ask('returns', {
        records: [{ id: 'x', included: { products: byId(p4) } }],
        included: { product: byId(p2, p3) },
      });
    },
  };
  return { source, calls, receiptQueries, returnQueries, hiddenProductId, hiddenAlias };
}

describe('loadReferenceData', () => {
  it('asks for the four lists at once, with the right includes', async () => {
    const fake = fakeSource();
    const data = await loadReferenceData(fake.source, WILLOW);
    expect([...fake.calls].sort()).toEqual(['aliases', 'receipts', 'returns', 'storages']);
    expect(fake.receiptQueries).toEqual([{ include: ['products'] }]);
    expect(fake.returnQueries).toEqual([{ include: ['product'] }]);
    expect(data.organisationId).toBe(WILLOW);
    expect(data.storages).toEqual(willow.storages);
    expect(data.productAliases).toHaveLength(willow.productAliases.length + 1);
  });

  it('collects products from receipts and returns, de-duplicated (and from an included inside a record)', async () => {
    const data = await loadReferenceData(fakeSource().source, WILLOW);
    expect(ids(data.products)).toEqual(ids([p1, p2, p3, p4]));
  });

  it('keeps a product known only through an alias out of products, and the alias still resolves', async () => {
    const fake = fakeSource();
    const data = await loadReferenceData(fake.source, WILLOW);
    expect(data.products.some((p) => p.id === fake.hiddenProductId)).toBe(false);
    const resolver = createResolver(data);
    expect(resolved(resolver.product('hidden brand'))).toEqual({
      productId: fake.hiddenProductId,
      productAliasId: fake.hiddenAlias.id,
      productName: null,
      aliasName: 'Hidden Brand',
    });
    expect(resolved(resolver.product(p3.name)).productId).toBe(p3.id); // seen only on a return
  });

  it('tolerates lists that sideloaded nothing', async () => {
    const source: ReferenceSource = {
      listStorages: async () => ({ records: [] }),
      listProductAliases: async () => ({ records: [] }),
      listReceipts: async () => ({ records: [] }),
      listReturns: async () => ({ records: [null, 'x'], included: {} }),
    };
    expect(await loadReferenceData(source, WILLOW)).toEqual({
      organisationId: WILLOW,
      storages: [],
      productAliases: [],
      products: [],
    });
  });

  it('rejects with the error of a list that failed', async () => {
    const failure = new Error('403 forbidden');
    await expect(loadReferenceData(fakeSource({ failReturns: failure }).source, WILLOW)).rejects.toBe(failure);
  });

  it('refuses a blank organisation id before asking anything', async () => {
    const fake = fakeSource();
    await expect(loadReferenceData(fake.source, ' ')).rejects.toBeInstanceOf(ReferenceDataError);
    expect(fake.calls).toEqual([]);
  });

  it('the whole demo organisation round-trips: everything the catalogue has resolves', async () => {
    const source: ReferenceSource = {
      listStorages: async () => ({ records: willow.storages }),
      listProductAliases: async () => ({ records: willow.productAliases }),
      listReceipts: async () => ({ records: [], included: { products: byId(...willow.products.slice(0, 20)) } }),
      listReturns: async () => ({ records: [], included: { product: byId(...willow.products.slice(10)) } }),
    };
    const data = await loadReferenceData(source, WILLOW);
    expect(ids(data.products)).toEqual(ids(catalogue.products.filter((p) => p.organisation_id === WILLOW)));
    const resolver = createResolver(data);
    for (const p of data.products) expect(resolved(resolver.product(p.name)).productId).toBe(p.id);
  });
});
