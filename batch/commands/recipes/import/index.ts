/** `shed recipes import FILE`: recipes from an export (or one recipe file) into the recipes folder (undoable). */
import { readFile } from 'node:fs/promises';
import { recipesDir, writeRecipe } from '../../../config/recipes.ts';
import { parseRecipeBundle } from '../../../../shared/suppliers/recipe-bundle.ts';
import { RecipeError, type SupplierRecipe } from '../../../../shared/suppliers/recipe.ts';
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
 * @throws RecipeError `invalid_recipe` naming the file and field, `recipe_file_unreadable` for a file
 *   that cannot be read (missing, a folder, no permission): exit 2, nothing written; ConfigError
 *   `recipes_unwritable` when the recipes folder cannot be written.
 */
export async function recipesImportCommand(options: RecipesImportOptions): Promise<SupplierRecipe[]> {
  const { io } = options;
  const dir = options.dir ?? recipesDir(io.env);
  const recipes = parseRecipeBundle(await readRecipesFile(options.file), options.file);
  for (const recipe of recipes) await writeRecipe(dir, recipe.supplier.key, recipe);
  const names = recipes.map((r) => r.supplier.displayName).join(', ');
  io.err(`Imported ${recipes.length} recipe${recipes.length === 1 ? '' : 's'} into ${dir}: ${names}`);
  return recipes;
}

/** Words for the reasons a recipes file cannot be read; others are named by their own message. */
const UNREADABLE: Record<string, string> = {
  ENOENT: 'there is no such file',
  EISDIR: 'it is a folder, not a file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
};

/** The text of the file to import. @throws RecipeError `recipe_file_unreadable`, saying why and what to do. */
async function readRecipesFile(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const why = UNREADABLE[code] ?? (error as Error).message;
    throw new RecipeError(
      'recipe_file_unreadable',
      `Cannot read the recipes file ${file}: ${why}${code ? ` (${code})` : ''}. Nothing was imported; give the path of a file written by shed recipes export`,
    );
  }
}
