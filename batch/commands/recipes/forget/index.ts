/** `shed recipes forget SUPPLIER [TEXT]`: forget one learned entry, or the supplier's whole recipe (undoable). */
import { loadRecipe, recipesDir, writeRecipe } from '../../../config/recipes.ts';
import { normaliseName } from '../../../../shared/resolve/normalise.ts';
import { forgetEntry } from '../../../../shared/suppliers/recipe-learn.ts';
import { RecipeError } from '../../../../shared/suppliers/recipe.ts';
import type { CommandIO } from '../../../ui/io.ts';

/** Options of `shed recipes forget`. */
export interface RecipesForgetOptions {
  supplier: string;
  /** The text of one learned product or storage; absent: the whole recipe. */
  text?: string;
  dir?: string;
  io: CommandIO;
}

/**
 * Forgets a learned entry (or the recipe), keeping the version before for `shed recipes undo`.
 * @throws RecipeError `unknown_recipe` when the supplier has no recipe or no entry for `text` (exit 2).
 */
export async function recipesForgetCommand(options: RecipesForgetOptions): Promise<void> {
  const { io } = options;
  const dir = options.dir ?? recipesDir(io.env);
  const recipe = await loadRecipe(dir, options.supplier);
  const { recipe: left, removed } = forgetEntry(recipe, options.text);
  if (removed === 0) {
    const known = [...recipe.products, ...recipe.storages].map((e) => `'${e.text}'`).join(', ') || 'none';
    throw new RecipeError(
      'unknown_recipe',
      `The recipe of ${recipe.supplier.displayName} has learned nothing as '${options.text ?? ''}' (it has: ${known}).`,
    );
  }
  await writeRecipe(dir, recipe.supplier.key, left);
  // One text may be learned once per organisation (and as a product and a storage): all go, and are counted.
  const key = normaliseName(options.text ?? '');
  const organisations = new Set(
    [...recipe.products, ...recipe.storages].filter((e) => normaliseName(e.text) === key).map((e) => e.organisationId),
  );
  const across = organisations.size > 1 ? `, learned in ${organisations.size} organisations` : '';
  const entries = removed > 1 ? ` (${removed} entries${across})` : '';
  const what = options.text === undefined ? 'the recipe' : `'${options.text}'${entries}`;
  io.err(
    `Forgot ${what} of ${recipe.supplier.displayName}; \`shed recipes undo "${recipe.supplier.displayName}"\` brings it back.`,
  );
}
