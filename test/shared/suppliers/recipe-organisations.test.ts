// Learned entries belong to the organisation they were learned in: a product id is one organisation's.
// Learning the same text in two organisations keeps both; each applies in its own; an entry kept
// without an organisation (recipes from before) still applies anywhere, and stays when another
// organisation learns its own.
import { describe, expect, it } from 'vitest';
import { recipeResolver } from '../../../shared/suppliers/recipe-apply.ts';
import { learnCorrections } from '../../../shared/suppliers/recipe-learn.ts';
import { newRecipe, type SupplierRecipe } from '../../../shared/suppliers/recipe.ts';
import { createResolver, type Resolver } from '../../../shared/resolve/index.ts';
import { BANKSIA, RED_GUM, WILLOW, catalogue, referenceFor } from '../resolve/catalogue.ts';

const productOf = (org: string, name: string) =>
  catalogue.products.find((p) => p.organisation_id === org && p.name === name)!;
const willowGlyphosate = productOf(WILLOW, 'Glyphosate 540 g/L');
const banksiaGlyphosate = productOf(BANKSIA, 'Glyphosate 540 g/L');
const correction = (id: string) => ({
  kind: 'product' as const,
  supplier: 'Farmco Rural Supplies',
  text: 'Glyfos 450 20L',
  id,
  name: 'Glyphosate 540 g/L',
  rowNumber: 2,
});
const base = (org: string): Resolver => createResolver(referenceFor(org));
const resolved = (recipe: SupplierRecipe, org: string) =>
  recipeResolver(base(org), recipe, undefined, org).product('Glyfos 450 20L');

describe('recipes per organisation', () => {
  const farmco = newRecipe('Farmco Rural Supplies')!;
  const context = (organisationId: string) => ({ from: 'oct.results.csv', today: '2026-11-03', organisationId });

  it('keeps the organisation an entry was learned in, and applies it there only', () => {
    const [learned] = learnCorrections([farmco], [correction(willowGlyphosate.id)], context(WILLOW)).changed;
    expect(learned!.products).toEqual([expect.objectContaining({ organisationId: WILLOW })]);
    const inWillow = resolved(learned!, WILLOW);
    expect(inWillow.ok && inWillow.value.productId).toBe(willowGlyphosate.id);
    const inBanksia = resolved(learned!, BANKSIA);
    expect(inBanksia.ok).toBe(false);
    // The organisation's own refusal, not "learned as …, which this organisation no longer has".
    expect(!inBanksia.ok && inBanksia.message).toMatch(/^no product or alias named 'Glyfos 450 20L'/);
  });

  it('learns the same text in a second organisation beside the first, each resolving to its own product', () => {
    const [once] = learnCorrections([farmco], [correction(willowGlyphosate.id)], context(WILLOW)).changed;
    const second = learnCorrections([once!], [correction(banksiaGlyphosate.id)], context(BANKSIA));
    expect(second.learned).toEqual([expect.not.objectContaining({ replaces: expect.anything() })]);
    const [both] = second.changed;
    expect(both!.products).toHaveLength(2);
    const willow = resolved(both!, WILLOW);
    const banksia = resolved(both!, BANKSIA);
    expect(willow.ok && willow.value.productId).toBe(willowGlyphosate.id);
    expect(banksia.ok && banksia.value.productId).toBe(banksiaGlyphosate.id);
    expect(resolved(both!, RED_GUM).ok).toBe(false);
    // Learning Willow's again changes nothing.
    expect(learnCorrections([both!], [correction(willowGlyphosate.id)], context(WILLOW)).changed).toEqual([]);
  });

  it('an entry kept without an organisation applies anywhere, and stays when an organisation learns its own', () => {
    const [legacy] = learnCorrections([farmco], [correction(willowGlyphosate.id)], {
      from: 'old.csv',
      today: '2026-10-01',
    }).changed;
    expect(legacy!.products[0]!.organisationId).toBeUndefined();
    const willow = resolved(legacy!, WILLOW);
    expect(willow.ok && willow.value.productId).toBe(willowGlyphosate.id);
    const [mended] = learnCorrections([legacy!], [correction(banksiaGlyphosate.id)], context(BANKSIA)).changed;
    expect(mended!.products.map((e) => e.organisationId)).toEqual([undefined, BANKSIA]);
    const banksia = resolved(mended!, BANKSIA);
    const stillWillow = resolved(mended!, WILLOW);
    expect(banksia.ok && banksia.value.productId).toBe(banksiaGlyphosate.id);
    expect(stillWillow.ok && stillWillow.value.productId).toBe(willowGlyphosate.id);
  });
  it("says why a learned entry no longer resolves: gone from this organisation, or perhaps another organisation's", () => {
    const entry = {
      text: 'Glyfos 450 20L',
      productName: 'Glyphosate 540 g/L',
      learnedAt: '2026-10-01',
      from: 'old.csv',
    };
    const legacy = { ...farmco, products: [{ ...entry, productId: willowGlyphosate.id }] };
    const inBanksia = resolved(legacy, BANKSIA);
    expect(!inBanksia.ok && inBanksia.message).toMatch(
      /may have been learned in another organisation\): write the name it has here$/,
    );
    const gone = {
      ...farmco,
      products: [{ ...entry, productId: 'no-such-id', productName: 'Gone 1', organisationId: WILLOW }],
    };
    const inWillow = resolved(gone, WILLOW);
    expect(!inWillow.ok && inWillow.message).toMatch(
      /which this organisation no longer has: write the name it has here$/,
    );
  });
});
