/** `shed recipes import FILE`: recipes from an export (or one recipe file) into the recipes folder (undoable). */
import { readFile } from 'node:fs/promises';
import { recipesDir, writeRecipe } from '../../../config/recipes.ts';
import { parseRecipeBundle } from '../../../../shared/suppliers/recipe-bundle.ts';
import type { SupplierRecipe } from '../../../../shared/suppliers/recipe.ts';
import type { CommandIO } from '../../../ui/io.ts';

/** Options of `shed recipes import`. */
export interface RecipesImportOptions {
  file: string;
  dir?: string;
  io: CommandIO;
}

/**
 * Writes each recipe of the file as its supplier's recipe, replacing the one kept (which
 * `shed recipes undo SUPPLIER` restores). Nothing is written when any recipe of the file is invalid.
 * @throws RecipeError `invalid_recipe` naming the file and field (exit 2).
 */
export async function recipesImportCommand(options: RecipesImportOptions): Promise<SupplierRecipe[]> {
  const { io } = options;
  const dir = options.dir ?? recipesDir(io.env);
  const recipes = parseRecipeBundle(await readFile(options.file, 'utf8'), options.file);
  for (const recipe of recipes) await writeRecipe(dir, recipe.supplier.key, recipe);
  const names = recipes.map((r) => r.supplier.displayName).join(', ');
  io.err(`Imported ${recipes.length} recipe${recipes.length === 1 ? '' : 's'} into ${dir}: ${names}`);
  return recipes;
}
