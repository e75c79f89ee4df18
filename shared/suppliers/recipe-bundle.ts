/**
 * Recipes moved between places (the CLI's folder, the pane's copy, another machine): an export file
 * `{ "version": 1, "recipes": [ … ] }`, or a single recipe file, read with the recipe schema.
 */
import { RecipeError, SupplierRecipe, RECIPE_VERSION, parseRecipe } from './recipe.ts';

/**
 * The recipes of an export file, or the one recipe of a recipe file. Every recipe is checked before
 * any is returned: one invalid recipe refuses the file.
 * @throws {RecipeError} `invalid_recipe` naming `where`, the recipe's position and the field.
 */
export function parseRecipeBundle(text: string, where: string): SupplierRecipe[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new RecipeError('invalid_recipe', `${where} is not JSON: ${(error as Error).message}`);
  }
  if (raw && typeof raw === 'object' && 'recipes' in raw) {
    const bundle = raw as { version?: unknown; recipes?: unknown };
    if (bundle.version !== RECIPE_VERSION || !Array.isArray(bundle.recipes)) {
      throw new RecipeError(
        'invalid_recipe',
        `${where} is not a recipes export of version ${RECIPE_VERSION}: expected { "version": 1, "recipes": [ … ] }`,
      );
    }
    return bundle.recipes.map((r, i) => parseRecipe(JSON.stringify(r), `${where}, recipe ${i + 1}`));
  }
  return [parseRecipe(text, where)];
}

/** An export file's text for `recipes`. */
export function recipeBundleJson(recipes: readonly SupplierRecipe[]): string {
  return `${JSON.stringify({ version: RECIPE_VERSION, recipes: recipes.map((r) => SupplierRecipe.parse(r)) }, null, 2)}\n`;
}
