/**
 * The resolver over the demo catalogue (examples/demo-catalogue.json), organisation Willow Creek,
 * with the cases examples/README.md names for supplier-invoices.xlsx.
 */
import { describe, it, expect } from 'vitest';
import { createResolver } from '../../../shared/resolve/index.ts';
import { isStorageLocked } from '../../../shared/schemas/resources.ts';
import { BANKSIA, RED_GUM, WILLOW, catalogue, named, referenceFor } from './catalogue.ts';
import { refused, resolved } from './helpers.ts';

const resolver = createResolver(referenceFor(WILLOW));
const alias = (name: string, org = WILLOW) => named(catalogue.product_aliases, name, org);
const product = (name: string, org = WILLOW) => named(catalogue.products, name, org);
const storage = (name: string, org = WILLOW) => named(catalogue.storages, name, org);

const glyphosate = product('Glyphosate 540 g/L');
const glyfos = alias('Glyfos 540');

describe('product names from supplier-invoices.xlsx', () => {
  it("'glyfos 540 ' (case, trailing space) resolves to the alias and its product", () => {
    expect(resolved(resolver.product('glyfos 540 '))).toEqual({
      productId: glyphosate.id,
      productAliasId: glyfos.id,
      productName: 'Glyphosate 540 g/L',
      aliasName: 'Glyfos 540',
    });
  });

  it("'Alphaguard® 100' (® sign) resolves to the alias 'Alphaguard 100'", () => {
    const alphaguard = alias('Alphaguard 100');
    expect(resolved(resolver.product('Alphaguard® 100'))).toEqual({
      productId: alphaguard.product_id,
      productAliasId: alphaguard.id,
      productName: 'Alpha-cypermethrin 100 g/L',
      aliasName: 'Alphaguard 100',
    });
  });

  it("'Wetter' is ambiguous: two products carry that alias, both named", () => {
    const r = refused(resolver.product('Wetter'));
    expect(r.code).toBe('ambiguous_product');
    expect(r.message).toBe(
      "'Wetter' is ambiguous: it names 2 products: 'Non-ionic surfactant 600 g/L' (alias 'Wetter'), " +
        "'Non-ionic surfactant 1000 g/L' (alias 'Wetter'); write the product name instead",
    );
    expect(r.candidates).toEqual(['Non-ionic surfactant 600 g/L', 'Non-ionic surfactant 1000 g/L']);
    expect(r.suggestions).toBeUndefined();
  });

  it("'WETTER\\u00A0' is the same ambiguous name, quoted as written", () => {
    const r = refused(resolver.product('WETTER\u00A0'));
    expect(r.code).toBe('ambiguous_product');
    expect(r.message.startsWith("'WETTER' is ambiguous: it names 2 products")).toBe(true);
  });

  it("the candidates of 'Wetter' each resolve, to different products", () => {
    const [a, b] = refused(resolver.product('Wetter')).candidates ?? [];
    const first = resolved(resolver.product(a ?? ''));
    const second = resolved(resolver.product(b ?? ''));
    expect(first.productId).not.toBe(second.productId);
    expect(first.productAliasId).toBeNull();
  });

  it("'Glyfos 450' is no product or alias; closest: 'Glyfos 540'", () => {
    const r = refused(resolver.product('Glyfos 450'));
    expect(r.code).toBe('unknown_product');
    expect(r.message).toBe("no product or alias named 'Glyfos 450'; closest: 'Glyfos 540'");
    expect(r.suggestions).toEqual(['Glyfos 540']);
  });

  it("'Glyphosate 540 g/L', a product's own name, resolves with product_alias_id null", () => {
    expect(resolved(resolver.product('Glyphosate 540 g/L'))).toEqual({
      productId: glyphosate.id,
      productAliasId: null,
      productName: 'Glyphosate 540 g/L',
      aliasName: null,
    });
  });

  it("'Roundup Ultra' (supplier-invoices-april.csv) is unknown, with nothing close to suggest", () => {
    const r = refused(resolver.product('Roundup Ultra'));
    expect(r).toEqual({ ok: false, code: 'unknown_product', message: "no product or alias named 'Roundup Ultra'" });
  });
});

describe('messy spellings', () => {
  it.each([
    ['NBSP inside', 'Glyfos\u00A0540'],
    ['double spaces', 'Glyfos  540'],
    ['upper case', 'GLYFOS 540'],
    ['mixed case and tab', '\tgLyFoS 540\r\n'],
    ['™ sign', 'Glyfos™ 540'],
    ['(R) typed', 'Glyfos(R) 540'],
    ['full-width', 'Ｇｌｙｆｏｓ ５４０'],
  ])('%s: %j resolves to the alias Glyfos 540', (_, text) => {
    expect(resolved(resolver.product(text)).productAliasId).toBe(glyfos.id);
  });

  it('an NBSP and case inside a product name', () => {
    expect(resolved(resolver.product('GLYPHOSATE\u00A0540\u00A0G/L')).productId).toBe(glyphosate.id);
  });

  it('a space that is not in the name is a different name, with the name suggested', () => {
    const r = refused(resolver.product('Glyphosate 540g/L'));
    expect(r.message).toBe("no product or alias named 'Glyphosate 540g/L'; closest: 'Glyphosate 540 g/L'");
  });
});

describe('empty cells', () => {
  it.each(['', '   ', '\u00A0', '\t\n', '®', '™'])('product %j is blank', (text) => {
    expect(refused(resolver.product(text))).toEqual({ ok: false, code: 'blank', message: "product can't be blank" });
  });
  it.each(['', '  \u00A0 '])('storage %j is blank', (text) => {
    expect(refused(resolver.storage(text))).toEqual({ ok: false, code: 'blank', message: "storage can't be blank" });
  });
});

describe('storages', () => {
  it('resolves a storage by name, returning the full storage', () => {
    expect(resolved(resolver.storage(' main CHEMICAL\u00A0shed'))).toEqual(storage('Main Chemical Shed'));
  });

  it('resolves a locked storage too: the lock is the caller’s check', () => {
    const shearing = resolved(resolver.storage('Old Shearing Shed'));
    expect(shearing.id).toBe(storage('Old Shearing Shed').id);
    expect(isStorageLocked(shearing)).toBe(true);
  });

  it("'Main Shed' is unknown; closest: 'Main Chemical Shed'", () => {
    const r = refused(resolver.storage('Main Shed'));
    expect(r.code).toBe('unknown_storage');
    expect(r.message).toBe("no storage named 'Main Shed'; closest: 'Main Chemical Shed'");
  });

  it('a product name is not a storage', () => {
    expect(refused(resolver.storage('Glyfos 540')).code).toBe('unknown_storage');
  });

  it("another organisation's storage name is unknown here", () => {
    // With no close name, the organisation's storages (a farm has few) are named, to write one of them.
    expect(refused(resolver.storage('Chem Store')).message).toBe(
      "no storage named 'Chem Store'; its storages: 'Fertiliser Bunker', 'Main Chemical Shed', 'North Block Tank', " +
        "'Old Shearing Shed', 'Seed Shed'",
    );
  });
});

describe('ids in cells', () => {
  it('a storage id of this organisation resolves, in any case and with spaces around', () => {
    const seed = storage('Seed Shed');
    expect(resolved(resolver.storage(seed.id))).toBe(resolved(resolver.storage(` ${seed.id.toUpperCase()}\u00A0`)));
    expect(resolved(resolver.storage(seed.id)).name).toBe('Seed Shed');
  });

  it("another organisation's storage id is refused, saying so", () => {
    const foreign = storage('Machinery Shed', RED_GUM);
    const r = refused(resolver.storage(foreign.id));
    expect(r.code).toBe('unknown_storage');
    expect(r.message).toBe(`no storage with id '${foreign.id}' in this organisation`);
  });

  it('a product id of this organisation resolves to the product, no alias', () => {
    expect(resolved(resolver.product(glyphosate.id.toUpperCase()))).toEqual({
      productId: glyphosate.id,
      productAliasId: null,
      productName: 'Glyphosate 540 g/L',
      aliasName: null,
    });
  });

  it('an alias id resolves like the alias', () => {
    expect(resolved(resolver.product(glyfos.id))).toEqual(resolved(resolver.product('Glyfos 540')));
  });

  it("another organisation's product and alias ids are refused", () => {
    for (const id of [product('Glyphosate 540 g/L', BANKSIA).id, alias('Glyfos 540', BANKSIA).id]) {
      const r = refused(resolver.product(id));
      expect(r.code).toBe('unknown_product');
      expect(r.message).toBe(`no product or alias with id '${id}' in this organisation`);
    }
  });

  it('a storage id is not a product', () => {
    const id = storage('Seed Shed').id;
    expect(refused(resolver.product(id)).message).toBe(`no product or alias with id '${id}' in this organisation`);
  });

  it("each 'Wetter' alias's id resolves to its own product: the name is ambiguous, the ids are not", () => {
    const wetters = catalogue.product_aliases.filter((a) => a.name === 'Wetter' && a.organisation_id === WILLOW);
    expect(new Set(wetters.map((a) => a.id)).size).toBe(2);
    for (const wetter of wetters)
      expect(resolved(resolver.product(wetter.id))).toMatchObject({
        productId: wetter.product_id,
        productAliasId: wetter.id,
      });
  });

  it('an alias id the service gave two products is as ambiguous as the name', () => {
    const reference = referenceFor(WILLOW);
    const [first, ...rest] = reference.productAliases.filter((a) => a.name === 'Wetter');
    const productAliases = reference.productAliases.map((a) =>
      a.name === 'Wetter' && rest.includes(a) ? { ...a, id: first!.id } : a,
    );
    const sharing = createResolver({ ...reference, productAliases });
    expect(refused(sharing.product(first!.id)).code).toBe('ambiguous_product');
  });
});

describe('names and drop-downs', () => {
  it('storageNames: every storage of this organisation, sorted', () => {
    expect(resolver.storageNames()).toEqual([
      'Fertiliser Bunker',
      'Main Chemical Shed',
      'North Block Tank',
      'Old Shearing Shed',
      'Seed Shed',
    ]);
  });

  it('productNames: product and alias names that resolve, sorted, de-duplicated, without the ambiguous Wetter', () => {
    const names = resolver.productNames();
    const willowAliases = catalogue.product_aliases.filter((a) => a.organisation_id === WILLOW);
    const willowProducts = catalogue.products.filter((p) => p.organisation_id === WILLOW);
    expect(names).toHaveLength(new Set([...willowAliases, ...willowProducts].map((r) => r.name)).size - 1);
    expect(names).not.toContain('Wetter');
    expect(names).toContain('Glyfos 540');
    expect(names).toContain('Glyphosate 540 g/L');
    expect(names.indexOf('Wetter 600')).toBeLessThan(names.indexOf('Wetter 1000'));
    expect([...names].sort((a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }))).toEqual(names);
    for (const name of names) expect(resolver.product(name).ok).toBe(true);
  });

  it('returns copies: changing a list does not change the next', () => {
    resolver.productNames().push('Made Up');
    expect(resolver.productNames()).not.toContain('Made Up');
  });

  it('names by id, case-insensitive, null for unknown or foreign ids', () => {
    expect(resolver.productName(glyphosate.id)).toBe('Glyphosate 540 g/L');
    expect(resolver.productName(glyphosate.id.toUpperCase())).toBe('Glyphosate 540 g/L');
    expect(resolver.aliasName(glyfos.id)).toBe('Glyfos 540');
    expect(resolver.storageName(storage('Seed Shed').id)).toBe('Seed Shed');
    expect(resolver.productName(product('Glyphosate 540 g/L', BANKSIA).id)).toBeNull();
    expect(resolver.aliasName(alias('Glyfos 540', BANKSIA).id)).toBeNull();
    expect(resolver.storageName(storage('Machinery Shed', RED_GUM).id)).toBeNull();
    expect(resolver.productName('not an id')).toBeNull();
    expect(resolver.aliasName(glyphosate.id)).toBeNull(); // a product id is not an alias id
  });
});

describe('the other organisation sees its own catalogue', () => {
  const banksia = createResolver(referenceFor(BANKSIA));
  it('the same name resolves to its own product', () => {
    expect(resolved(banksia.product('Glyfos 540')).productId).toBe(product('Glyphosate 540 g/L', BANKSIA).id);
    expect(refused(banksia.storage('Main Chemical Shed')).code).toBe('unknown_storage');
    expect(resolved(banksia.storage('chem store')).id).toBe(storage('Chem Store', BANKSIA).id);
  });
});
