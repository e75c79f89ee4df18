// The recipe schema and learning, pure: versions refused, suppliers never guessed between, corrections
// learned once and replaced (said), the refused name read back from a results file's Message.
import { describe, expect, it } from 'vitest';
import { findRecipe, newRecipe, parseRecipe, recipeFileName } from '../../../shared/suppliers/recipe.ts';
import { forgetEntry, learnCorrections, refusedName } from '../../../shared/suppliers/recipe-learn.ts';

const farmco = newRecipe('Farmco Rural Supplies Pty Ltd')!;
const correction = {
  kind: 'product' as const,
  supplier: 'FARMCO Rural Supplies',
  text: 'Glyfos 450 20L',
  id: 'p-1',
  name: 'Glyfos 540',
  rowNumber: 4,
};

describe('supplier recipes', () => {
  it('is versioned: another version or a bad field is refused naming the source and the field', () => {
    expect(() => parseRecipe(JSON.stringify({ ...farmco, version: 2 }), 'r.json')).toThrow(/r\.json .*version/);
    expect(() => parseRecipe('{', 'r.json')).toThrow(/r\.json is not JSON/);
    expect(parseRecipe(JSON.stringify(farmco), 'r.json')).toEqual(farmco);
    expect(recipeFileName(farmco.supplier.key)).toBe('name-farmco-rural-supplies.json');
  });

  it("reads the first recipes' pack shape as the pack engine's conventions, and refuses a bad size", () => {
    const old = { ...farmco, packs: { EA: { size: '20', unit: 'l' }, drum: { size: '200', unit: 'l' } } };
    expect(parseRecipe(JSON.stringify(old), 'r.json').packs).toEqual({ each: '20 l', kinds: { drum: '200 l' } });
    const clash = { ...farmco, packs: { EA: { size: '20', unit: 'l' }, C62: { size: '10', unit: 'l' } } };
    expect(() => parseRecipe(JSON.stringify(clash), 'r.json')).toThrow(/r\.json .*packs/);
    expect(() => parseRecipe(JSON.stringify({ ...farmco, packs: { each: 'twenty' } }), 'r.json')).toThrow(
      /packs\.each/,
    );
  });

  it('finds a recipe by ABN, and not one keyed by another ABN of the same name', () => {
    const byAbn = newRecipe('Riverina Agri', '51 824 753 556')!;
    expect(findRecipe([byAbn], 'Riverina Agri Supplies Pty Ltd', 'ABN 51824753556')).toBe(byAbn);
    expect(findRecipe([farmco], 'Farmco Rural Supplies', '51824753556')).toBe(farmco);
    expect(findRecipe([byAbn], 'Riverina Agri', '53004085616')).toBeNull();
  });

  it('finds a recipe by key or a spelling seen, and never guesses between two claiming one spelling', () => {
    expect(findRecipe([farmco], 'Farmco Rural Supplies Limited')).toBe(farmco);
    expect(findRecipe([farmco], 'Riverina Ag Chemicals')).toBeNull();
    const a = { ...newRecipe('Alpha')!, supplier: { key: 'abn:1', displayName: 'A', names: ['ag co op'] } };
    const b = { ...newRecipe('Beta')!, supplier: { key: 'abn:2', displayName: 'B', names: ['ag co op'] } };
    expect(findRecipe([a, b], 'Ag Co-op')).toBeNull();
  });

  it('learns a correction once, says a replacement, and leaves the input recipes alone', () => {
    const context = { from: 'oct.results.xlsx', today: '2026-11-03' };
    const first = learnCorrections([farmco], [correction], context);
    expect(farmco.products).toEqual([]);
    expect(first.changed[0]!.products).toEqual([
      {
        text: 'Glyfos 450 20L',
        productId: 'p-1',
        productName: 'Glyfos 540',
        learnedAt: '2026-11-03',
        from: 'oct.results.xlsx',
      },
    ]);
    expect(learnCorrections(first.changed, [correction], context).learned).toEqual([]);
    const moved = learnCorrections(first.changed, [{ ...correction, id: 'p-2', name: 'Weedaway 540' }], context);
    expect(moved.learned[0]).toMatchObject({ replaces: 'Glyfos 540', name: 'Weedaway 540' });
    expect(learnCorrections([], [{ ...correction, text: 'glyfos 540' }], context).learned).toEqual([]);
    expect(forgetEntry(first.changed[0]!, 'GLYFOS 450 20L').removed).toBe(1);
  });

  it("learns a seller's item code with the product, into the recipe keyed by the ABN; a code names one product", () => {
    const context = { from: 'kv-1001.results.xlsx', today: '2026-03-05' };
    const kiewa = newRecipe('Kiewa Agri', '51 824 753 556')!;
    const coded = { ...correction, supplier: 'Kiewa Valley Agri Pty Ltd', businessNumber: 'ABN 51824753556' };
    const first = learnCorrections([kiewa], [{ ...coded, code: 'GLY-450' }], context);
    expect(first.changed.map((r) => r.supplier.key)).toEqual([kiewa.supplier.key]);
    expect(first.changed[0]!.products.map((p) => [p.text, p.code])).toEqual([['Glyfos 450 20L', 'GLY-450']]);
    // The same text and product seen again with a code it did not have: the code is learned.
    const plain = learnCorrections([kiewa], [coded], context).changed;
    const later = learnCorrections(plain, [{ ...coded, code: 'GLY-450' }], context);
    expect(later.learned).toHaveLength(1);
    expect(later.changed[0]!.products.map((p) => p.code)).toEqual(['GLY-450']);
    // Another text under the same code: the older entry keeps its text but loses the code.
    const moved = learnCorrections(
      first.changed,
      [{ ...coded, text: 'Glypho bulk', id: 'p-2', name: 'Weedaway 540', code: 'gly-450' }],
      context,
    );
    expect(moved.changed[0]!.products.map((p) => [p.text, p.code ?? null])).toEqual([
      ['Glyfos 450 20L', null],
      ['Glypho bulk', 'gly-450'],
    ]);
  });

  it("reads back the name a results file's Message refused", () => {
    const said = "column E (Product): no product or alias named 'Glyfos 450 20L'; closest: 'Glyfos 540'";
    expect(refusedName(said, 'product')).toBe('Glyfos 450 20L');
    expect(refusedName(said, 'storage')).toBeNull();
    expect(refusedName("no storage named 'Main Shed'", 'storage')).toBe('Main Shed');
  });
});
