/** `shed recipes undo SUPPLIER`: take back the last edit of a supplier's recipe (again: redo it). */
import { loadRecipes, recipesDir, undoRecipe } from '../../../config/recipes.ts';
import { findRecipe, type SupplierRecipe } from '../../../../shared/suppliers/recipe.ts';
import { supplierIdentity } from '../../../../shared/suppliers/identity.ts';
import type { CommandIO } from '../../../ui/io.ts';

/** Options of `shed recipes undo`. */
export interface RecipesUndoOptions {
  /** The supplier as written, or its identity key (a forgotten recipe is found by its key from its name). */
  supplier: string;
  dir?: string;
  io: CommandIO;
}

/**
 * Restores the version of the recipe before its last edit (a learned import, a forget, an import of
 * a recipe file). @returns the recipe now kept, or null when the undo removed a recipe that was new.
 * @throws RecipeError `no_recipe_edit` when no edit is kept (exit 2).
 */
export async function recipesUndoCommand(options: RecipesUndoOptions): Promise<SupplierRecipe | null> {
  const { io } = options;
  const dir = options.dir ?? recipesDir(io.env);
  const { recipes } = await loadRecipes(dir);
  const key =
    recipes.find((r) => r.supplier.key === options.supplier)?.supplier.key ??
    findRecipe(recipes, options.supplier)?.supplier.key ??
    (/^(abn|nzbn|name):/.test(options.supplier)
      ? options.supplier
      : supplierIdentity({ name: options.supplier })?.key) ??
    options.supplier;
  const restored = await undoRecipe(dir, key);
  io.err(
    restored
      ? `Restored the recipe of ${restored.supplier.displayName} as it was before its last edit.`
      : `Removed the recipe of '${options.supplier}': it did not exist before its last edit.`,
  );
  return restored;
}
