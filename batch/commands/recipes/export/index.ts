/** `shed recipes export SUPPLIER... --out FILE`: recipes as one JSON file, to share with the pane or another machine. */
import { writeFile } from 'node:fs/promises';
import { loadRecipe, loadRecipes, recipesDir } from '../../../config/recipes.ts';
import type { SupplierRecipe } from '../../../../shared/suppliers/recipe.ts';
import { recipeBundleJson } from '../../../../shared/suppliers/recipe-bundle.ts';
import { writeAtomically } from '../../../write/atomic-file.ts';
import type { CommandIO } from '../../../ui/io.ts';

/** Options of `shed recipes export`. */
export interface RecipesExportOptions {
  /** Suppliers to export; none: every recipe. */
  suppliers?: string[];
  /** The file to write; absent: standard output. */
  out?: string;
  dir?: string;
  io: CommandIO;
}

/** The export file: `{ "version": 1, "recipes": [ … ] }` (shared/suppliers/recipe-bundle.ts reads it). */
export async function recipesExportCommand(options: RecipesExportOptions): Promise<SupplierRecipe[]> {
  const { io } = options;
  const dir = options.dir ?? recipesDir(io.env);
  const recipes = options.suppliers?.length
    ? await Promise.all(options.suppliers.map((s) => loadRecipe(dir, s)))
    : (await loadRecipes(dir)).recipes;
  const text = recipeBundleJson(recipes);
  if (!options.out) {
    io.out(text);
    return recipes;
  }
  await writeAtomically(options.out, (temp) => writeFile(temp, text));
  io.err(`Exported ${recipes.length} recipe${recipes.length === 1 ? '' : 's'} to ${options.out}`);
  return recipes;
}
