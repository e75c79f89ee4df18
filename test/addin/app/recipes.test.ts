// The Recipes screen lists a learned product with the seller's item code it was learned with (an
// e-invoice's), so the bookkeeper sees why next month's line resolved by its code.
import { describe, expect, it } from 'vitest';
import { recipeView } from '../../../addin/app/recipes.ts';
import { newRecipe } from '../../../shared/suppliers/recipe.ts';

describe('the Recipes screen', () => {
  it('lists a learned product with its item code, and one without none', () => {
    const learned = { productId: 'p-1', productName: 'Glyfos 540', learnedAt: '2026-03-05', from: 'kv.results.xlsx' };
    const recipe = {
      ...newRecipe('Kiewa Agri', '51 824 753 556')!,
      products: [
        { ...learned, text: 'GLYPHO BULK 450', code: 'GLY-450' },
        { ...learned, text: 'Glyfos 450 20L' },
      ],
    };
    expect(recipeView(recipe).entries.map((e) => [e.text, e.code ?? null, e.name])).toEqual([
      ['GLYPHO BULK 450', 'GLY-450', 'Glyfos 540'],
      ['Glyfos 450 20L', null, 'Glyfos 540'],
    ]);
  });
});
