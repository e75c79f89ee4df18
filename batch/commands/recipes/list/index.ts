/** `shed recipes list`: the supplier recipes kept, one line each (or JSON). */
import { loadRecipes, recipesDir } from '../../../config/recipes.ts';
import type { SupplierRecipe } from '../../../../shared/suppliers/recipe.ts';
import type { CommandIO } from '../../../ui/io.ts';

/** Options of `shed recipes list`. */
export interface RecipesListOptions {
  /** The recipes folder; default beside the config. */
  dir?: string;
  json?: boolean;
  io: CommandIO;
}

/**
 * Lists the recipes: `Farmco Rural Supplies (name:farmco rural supplies): 3 products, 1 storage learned; default storage Main Chemical Shed`.
 * Files that are not recipes are said as warnings. @returns the recipes.
 */
export async function recipesListCommand(options: RecipesListOptions): Promise<SupplierRecipe[]> {
  const { io } = options;
  const dir = options.dir ?? recipesDir(io.env);
  const { recipes, skipped } = await loadRecipes(dir);
  for (const line of skipped) io.err(`warning: ${line}`);
  if (options.json) {
    io.out(JSON.stringify(recipes, null, 2));
    return recipes;
  }
  if (recipes.length === 0) io.err(`No supplier recipes in ${dir}: an import learns them from corrections.`);
  for (const r of recipes) {
    const parts = [
      `${r.products.length} product${r.products.length === 1 ? '' : 's'}`,
      `${r.storages.length} storage${r.storages.length === 1 ? '' : 's'} learned`,
    ];
    if (r.storage) parts.push(`default storage ${r.storage}`);
    if (r.gst)
      parts.push(
        `prices ${r.gst.mode === 'inclusive' ? `include GST at ${Number(r.gst.rate) * 100}%` : 'exclude GST'}`,
      );
    if (r.nonStock.length) parts.push(`not stock: ${r.nonStock.join(', ')}`);
    io.out(`${r.supplier.displayName} (${r.supplier.key}): ${parts.join('; ')}`);
  }
  return recipes;
}
