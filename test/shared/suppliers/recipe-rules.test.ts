// Recipe rules learned from a run, pure: lines not stock and GST-inclusive prices become the supplier's
// rules (once, said), and a shorter spelling of one recipe's supplier finds it, never one of two.
import { describe, expect, it } from 'vitest';
import { findRecipe, isShortSpelling, newRecipe } from '../../../shared/suppliers/recipe.ts';
import { learnCorrections, learnedText } from '../../../shared/suppliers/recipe-learn.ts';

const farmco = newRecipe('Farmco Rural Supplies Pty Ltd')!;
const context = { from: 'oct.results.xlsx', today: '2026-11-03' };
const rule = (kind: 'not_stock' | 'gst', text: string, name: string) => ({
  kind,
  supplier: 'Farmco Rural Supplies',
  text,
  id: '',
  name,
  rowNumber: kind === 'gst' ? 0 : 7,
});

describe('recipe rules learned from a run', () => {
  it('learns a line that is not stock once, and says it', () => {
    const { changed, learned } = learnCorrections(
      [farmco],
      [rule('not_stock', 'Freight', 'not stock'), rule('not_stock', 'FREIGHT', 'not stock')],
      context,
    );
    expect(changed[0]!.nonStock).toEqual(['Freight']);
    expect(learned.map(learnedText)).toEqual(["Farmco Rural Supplies Pty Ltd: 'Freight' → not stock (row 7)"]);
    expect(learnCorrections(changed, [rule('not_stock', 'freight', 'not stock')], context).changed).toEqual([]);
  });

  it('learns prices including GST, and says what it replaces', () => {
    const { changed, learned } = learnCorrections([farmco], [rule('gst', '0.1', 'prices include GST at 10%')], context);
    expect(changed[0]!.gst).toEqual({ mode: 'inclusive', rate: '0.1' });
    expect(learned.map(learnedText)).toEqual(['Farmco Rural Supplies Pty Ltd: prices include GST at 10%']);
    const nz = learnCorrections(changed, [rule('gst', '0.15', 'prices include GST at 15%')], context);
    expect(nz.learned.map(learnedText)).toEqual([
      'Farmco Rural Supplies Pty Ltd: prices include GST at 15%, instead of prices include GST at 10%',
    ]);
  });

  it('finds the recipe of a shorter spelling of one supplier only, of two words or more', () => {
    expect(isShortSpelling(farmco, 'FARMCO RURAL')).toBe(true);
    expect(findRecipe([farmco], 'FARMCO RURAL')).toBe(farmco);
    expect(findRecipe([farmco], 'Farmco')).toBeNull();
    expect(findRecipe([farmco], 'Rural Supplies')).toBeNull();
    const other = newRecipe('Farmco Rural Merchandise')!;
    expect(findRecipe([farmco, other], 'Farmco Rural')).toBeNull();
    expect(findRecipe([farmco, other], 'Farmco Rural Merchandise Ltd')).toBe(other);
  });
});
