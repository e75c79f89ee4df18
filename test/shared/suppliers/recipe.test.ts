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

  it("reads back the name a results file's Message refused", () => {
    const said = "column E (Product): no product or alias named 'Glyfos 450 20L'; closest: 'Glyfos 540'";
    expect(refusedName(said, 'product')).toBe('Glyfos 450 20L');
    expect(refusedName(said, 'storage')).toBeNull();
    expect(refusedName("no storage named 'Main Shed'", 'storage')).toBe('Main Shed');
  });
});
