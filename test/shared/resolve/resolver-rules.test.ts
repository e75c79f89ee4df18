/**
 * Resolution rules on small hand-built reference data: collisions between product names and
 * aliases, products known only through aliases, organisation filtering, ambiguous storages,
 * suggestions, memoisation, speed, and refusing unusable reference data.
 */
import { describe, it, expect } from 'vitest';
import { createResolver, ReferenceDataError, type ReferenceData } from '../../../shared/resolve/index.ts';
import type { Product, ProductAlias, Storage } from '../../../shared/schemas/resources.ts';
import { WILLOW, referenceFor } from './catalogue.ts';
import { refused, resolved } from './helpers.ts';

const ORG = '11111111-1111-4111-8111-111111111111';
const OTHER_ORG = '22222222-2222-4222-8222-222222222222';
let counter = 0;
/** A fresh UUID-shaped id, distinct per call. */
const id = () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

const makeProduct = (name: string, extra: Partial<Product> = {}): Product => ({
  id: id(),
  name,
  organisation_id: ORG,
  ...extra,
});
const makeAlias = (name: string, productId: string, extra: Partial<ProductAlias> = {}): ProductAlias => ({
  id: id(),
  name,
  product_id: productId,
  organisation_id: ORG,
  ...extra,
});
const makeStorage = (name: string, extra: Partial<Storage> = {}): Storage => ({
  id: id(),
  name,
  organisation_id: ORG,
  locked_at: null,
  ...extra,
});
const ref = (parts: Partial<ReferenceData>): ReferenceData => ({
  organisationId: ORG,
  storages: [],
  productAliases: [],
  products: [],
  ...parts,
});

describe('a name that is both a product name and an alias', () => {
  it('of the same product is not ambiguous: the product, with product_alias_id null', () => {
    const gly = makeProduct('Glyphosate 540 g/L');
    const sameName = makeAlias('GLYPHOSATE 540 G/L', gly.id);
    const r = createResolver(ref({ products: [gly], productAliases: [sameName] }));
    expect(resolved(r.product('glyphosate 540 g/l'))).toEqual({
      productId: gly.id,
      productAliasId: null,
      productName: 'Glyphosate 540 g/L',
      aliasName: null,
    });
    expect(r.productNames()).toEqual(['Glyphosate 540 g/L']); // one entry, the product's own spelling
    expect(resolved(r.product(sameName.id)).productAliasId).toBe(sameName.id); // the alias id still names the alias
  });

  it('of two products (product name of X, alias of Y) is ambiguous', () => {
    const paraquat = makeProduct('Paraquat 250 g/L');
    const gly = makeProduct('Glyphosate 540 g/L');
    const misleading = makeAlias('Paraquat 250 g/L', gly.id);
    const r = createResolver(ref({ products: [paraquat, gly], productAliases: [misleading] }));
    const refusal = refused(r.product('Paraquat 250 g/L'));
    expect(refusal.code).toBe('ambiguous_product');
    // Paraquat's own name is the ambiguous one, so its candidate is its id; Glyphosate's name works.
    expect(refusal.message).toBe(
      "'Paraquat 250 g/L' is ambiguous: it names 2 products: 'Glyphosate 540 g/L' (alias 'Paraquat 250 g/L'), " +
        "'Paraquat 250 g/L'; write the product name or id instead",
    );
    expect(refusal.candidates).toEqual(['Glyphosate 540 g/L', paraquat.id]);
    expect(resolved(r.product(paraquat.id)).productId).toBe(paraquat.id);
  });

  it('two aliases spelled alike for one product: not ambiguous, the first listed alias', () => {
    const gly = makeProduct('Glyphosate 540 g/L');
    const first = makeAlias('Glyfos 540', gly.id);
    const second = makeAlias('glyfos\u00A0540', gly.id);
    const r = createResolver(ref({ products: [gly], productAliases: [first, second] }));
    expect(resolved(r.product('GLYFOS 540')).productAliasId).toBe(first.id);
    expect(r.productNames()).toEqual(['Glyfos 540', 'Glyphosate 540 g/L']);
  });

  it('three products on one alias: all three named', () => {
    const products = ['B 1', 'A 2', 'C 3'].map((n) => makeProduct(n));
    const aliases = products.map((p) => makeAlias('Shared', p.id));
    const refusal = refused(createResolver(ref({ products, productAliases: aliases })).product('shared'));
    expect(refusal.message).toBe(
      "'shared' is ambiguous: it names 3 products: 'A 2' (alias 'Shared'), 'B 1' (alias 'Shared'), 'C 3' (alias 'Shared'); write the product name instead",
    );
    expect(refusal.candidates).toEqual(['A 2', 'B 1', 'C 3']);
  });
});

describe('products known only through an alias', () => {
  const hiddenId = id();
  const hidden = makeAlias('Mystery Mix', hiddenId);
  const twin = makeAlias('Twin', hiddenId);
  const named = makeProduct('Named 10');
  const twinOfNamed = makeAlias('TWIN', named.id);
  const r = createResolver(ref({ products: [named], productAliases: [hidden, twin, twinOfNamed] }));

  it('the alias resolves, with the product name unknown', () => {
    expect(resolved(r.product('mystery mix'))).toEqual({
      productId: hiddenId,
      productAliasId: hidden.id,
      productName: null,
      aliasName: 'Mystery Mix',
    });
  });

  it('the product id resolves too', () => {
    expect(resolved(r.product(hiddenId))).toEqual({
      productId: hiddenId,
      productAliasId: null,
      productName: null,
      aliasName: null,
    });
    expect(r.productName(hiddenId)).toBeNull();
    expect(r.aliasName(hidden.id)).toBe('Mystery Mix');
  });

  it('an ambiguity with it names it by id', () => {
    const refusal = refused(r.product('Twin'));
    expect(refusal.message).toBe(
      `'Twin' is ambiguous: it names 2 products: product ${hiddenId} (alias 'Twin'), 'Named 10' (alias 'TWIN'); write the product name or id instead`,
    );
    expect(refusal.candidates).toEqual([hiddenId, 'Named 10']);
  });
});

describe('organisation boundaries', () => {
  it('ignores records of another organisation even when they are in the reference data', () => {
    const foreignStorage = makeStorage('Foreign Shed', { organisation_id: OTHER_ORG });
    const foreignProduct = makeProduct('Foreign Product', { organisation_id: OTHER_ORG });
    const foreignAlias = makeAlias('Foreign Alias', foreignProduct.id, { organisation_id: OTHER_ORG });
    const r = createResolver(
      ref({ storages: [foreignStorage], products: [foreignProduct], productAliases: [foreignAlias] }),
    );
    expect(refused(r.storage(foreignStorage.id)).message).toBe(
      `no storage with id '${foreignStorage.id}' in this organisation`,
    );
    expect(refused(r.storage('Foreign Shed')).code).toBe('unknown_storage');
    expect(refused(r.product('Foreign Product')).code).toBe('unknown_product');
    expect(refused(r.product(foreignAlias.id)).code).toBe('unknown_product');
    expect(refused(r.product(foreignProduct.id)).code).toBe('unknown_product');
    expect(r.storageNames()).toEqual([]);
    expect(r.productNames()).toEqual([]);
    expect(r.storageName(foreignStorage.id)).toBeNull();
  });

  it('keeps records without organisation_id (the example field set) and compares ids case-insensitively', () => {
    const plain: Storage = { id: id(), name: 'Plain Shed', active: true };
    const upper = makeStorage('Upper Shed', { organisation_id: ORG.toUpperCase() });
    const r = createResolver(ref({ storages: [plain, upper] }));
    expect(resolved(r.storage('plain shed')).id).toBe(plain.id);
    expect(resolved(r.storage('upper shed')).id).toBe(upper.id);
  });
});

describe('ambiguous storages', () => {
  it('two storages whose names differ only in case and spacing: refused, ids as candidates', () => {
    const a = makeStorage('Seed Shed');
    const b = makeStorage('SEED  SHED');
    const r = createResolver(ref({ storages: [b, a] }));
    const refusal = refused(r.storage('seed shed'));
    expect(refusal.code).toBe('ambiguous_storage');
    expect(refusal.message).toBe(
      `'seed shed' is ambiguous: it names 2 storages: 'Seed Shed' (id ${a.id}), 'SEED SHED' (id ${b.id}); write the storage's id instead`,
    );
    expect(refusal.candidates).toEqual([a.id, b.id]);
    expect(resolved(r.storage(b.id)).name).toBe('SEED  SHED');
    expect(r.storageNames()).toEqual([]);
  });

  it('the same storage listed twice is one storage', () => {
    const a = makeStorage('Seed Shed');
    expect(resolved(createResolver(ref({ storages: [a, { ...a }] })).storage('Seed Shed')).id).toBe(a.id);
  });
});

describe('suggestions', () => {
  const r = createResolver(referenceFor(WILLOW));

  it("'Roundup Powermax 2' → closest: 'Roundup PowerMAX'", () => {
    const gly = makeProduct('Glyphosate 540 g/L');
    const roundup = createResolver(
      ref({ products: [gly], productAliases: [makeAlias('Roundup PowerMAX', gly.id), makeAlias('Bifen 100', gly.id)] }),
    );
    expect(refused(roundup.product('Roundup Powermax 2')).message).toBe(
      "no product or alias named 'Roundup Powermax 2'; closest: 'Roundup PowerMAX'",
    );
  });

  it('closest first, at most three, and never the ambiguous Wetter', () => {
    expect(refused(r.product('Wetter 10000')).suggestions).toEqual(['Wetter 1000', 'Wetter 600']);
    expect(refused(r.product('Alphagaurd 100')).suggestions?.[0]).toBe('Alphaguard 100');
    expect(refused(r.product('Sprayquat250')).suggestions).toEqual(['Sprayquat 250']);
    expect(refused(r.product('glyph')).suggestions).toEqual(['Glyphosate 540 g/L']);
    expect(refused(r.product('Non-ionic')).suggestions).toEqual([
      'Non-ionic surfactant 600 g/L',
      'Non-ionic surfactant 1000 g/L',
    ]);
  });

  it('names sharing the first word beat names merely spelled alike', () => {
    // 'Seed Shed' is 4 edits from 'Main Shed', 'Main Chemical Shed' 9, but shares the word that matters.
    expect(refused(r.storage('Main Shed')).suggestions).toEqual(['Main Chemical Shed']);
    expect(refused(r.storage('Bunker')).suggestions).toEqual(['Fertiliser Bunker']);
  });

  it('when nothing is close, names sharing a word: most words shared first, then by distance, three at most', () => {
    expect(refused(r.product('Bulk Urea')).suggestions).toEqual(['Urea (bulk)', 'Granular Urea', 'Urea 46% N']);
    expect(refused(r.storage('Shed')).suggestions).toEqual(['Seed Shed', 'Old Shearing Shed', 'Main Chemical Shed']);
    expect(refused(r.product('Seed')).suggestions).toHaveLength(3);
  });

  it('nothing related: no closest part, no suggestions key', () => {
    const refusal = refused(r.product('Zzyzx'));
    expect(refusal.message).toBe("no product or alias named 'Zzyzx'");
    expect(refusal).not.toHaveProperty('suggestions');
  });

  it('the message quotes the cell as written; suggestions follow the normalised name', () => {
    const a = refused(r.product('GLYFOS\u00A0450 '));
    const b = refused(r.product('glyfos 450'));
    expect(a.message).toBe("no product or alias named 'GLYFOS 450'; closest: 'Glyfos 540'");
    expect(a.suggestions).toEqual(b.suggestions);
  });

  it('an empty catalogue suggests nothing', () => {
    const empty = createResolver(ref({}));
    expect(refused(empty.product('Glyfos 540')).message).toBe("no product or alias named 'Glyfos 540'");
    expect(refused(empty.storage('Main Shed')).message).toBe("no storage named 'Main Shed'");
  });
});

describe('memoisation and speed', () => {
  it('answers the same text with the same frozen resolution', () => {
    const r = createResolver(referenceFor(WILLOW));
    const first = r.product('Glyfos 450');
    expect(r.product('Glyfos 450')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    const ok = resolved(r.product('Glyfos 540'));
    expect(Object.isFrozen(ok)).toBe(true);
  });

  it('resolves 100,000 rows of a few hundred distinct names once per distinct name', () => {
    const r = createResolver(referenceFor(WILLOW));
    const names = [...r.productNames(), 'Wetter', 'Glyfos 450'];
    const texts = Array.from({ length: 100_000 }, (_, i) => {
      const name = names[i % names.length] ?? '';
      return i % 3 === 0 ? ` ${name.toUpperCase()}\u00A0` : name;
    });
    // Every name resolves but the last two ('Wetter' ambiguous, 'Glyfos 450' unknown).
    const expectedOk = texts.filter((_, i) => i % names.length < names.length - 2).length;
    let ok = 0;
    const answers = new Set<unknown>();
    for (const text of texts) {
      const answer = r.product(text);
      answers.add(answer);
      if (answer.ok) ok += 1;
    }
    expect(ok).toBe(expectedOk);
    expect(expectedOk).toBeLessThan(100_000);
    // Memoised by the text as written: one answer per distinct text (each name as is, and padded in capitals).
    expect(answers.size).toBeLessThanOrEqual(2 * names.length);
  });

  it('unknown names in bulk: suggestions computed once per distinct name', () => {
    const r = createResolver(referenceFor(WILLOW));
    const answers = new Set<unknown>();
    for (let i = 0; i < 100_000; i += 1) answers.add(r.product(`Unknown product ${i % 500}`));
    // Speed is the bench's to measure; here, that each distinct name's refusal (with its suggestions) is made once.
    expect(answers.size).toBe(500);
  });
});

describe('unusable reference data', () => {
  it.each([
    ['blank organisation id', { ...ref({}), organisationId: '  ' }],
    ['no organisation id', { ...ref({}), organisationId: undefined }],
    ['storages missing', { ...ref({}), storages: undefined }],
    ['products not a list', { ...ref({}), products: {} }],
  ])('%s: throws ReferenceDataError', (_, data) => {
    expect(() => createResolver(data as unknown as ReferenceData)).toThrow(ReferenceDataError);
    try {
      createResolver(data as unknown as ReferenceData);
    } catch (error) {
      expect((error as ReferenceDataError).code).toBe('invalid_reference_data');
      expect((error as ReferenceDataError).category).toBe('internal');
    }
  });
});
