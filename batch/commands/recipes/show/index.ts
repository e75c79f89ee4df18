/** `shed recipes show SUPPLIER`: one supplier's recipe, its learned entries with when and from which file. */
import { loadRecipe, recipesDir } from '../../../config/recipes.ts';
import { learnedDate } from '../../../../shared/suppliers/recipe-apply.ts';
import type { SupplierRecipe } from '../../../../shared/suppliers/recipe.ts';
import type { CommandIO } from '../../../ui/io.ts';

/** Options of `shed recipes show`. */
export interface RecipesShowOptions {
  /** The supplier as written on its invoices, or its identity key. */
  supplier: string;
  dir?: string;
  json?: boolean;
  io: CommandIO;
}

/** `, in organisation ID` for an entry kept for one organisation (its ids are that organisation's). */
function inOrganisation(entry: { organisationId?: string | undefined }): string {
  return entry.organisationId ? `, in organisation ${entry.organisationId}` : '';
}

/**
 * Prints the recipe: as its JSON file holds it with `--json`, else one line per learned entry
 * (`'Glyfos 450 20L' → Glyfos 540 (learned 3/11/2026 from oct.results.xlsx)`).
 * @throws RecipeError `unknown_recipe` (exit 2).
 */
export async function recipesShowCommand(options: RecipesShowOptions): Promise<SupplierRecipe> {
  const { io } = options;
  const recipe = await loadRecipe(options.dir ?? recipesDir(io.env), options.supplier);
  if (options.json) {
    io.out(JSON.stringify(recipe, null, 2));
    return recipe;
  }
  io.out(`${recipe.supplier.displayName} (${recipe.supplier.key})`);
  if (recipe.profile) io.out(`  column mapping: profile '${recipe.profile}'`);
  if (recipe.storage) io.out(`  default storage: ${recipe.storage}`);
  if (recipe.gst) io.out(`  GST: prices ${recipe.gst.mode} (rate ${recipe.gst.rate})`);
  if (recipe.nonStock.length) io.out(`  not stock: ${recipe.nonStock.join(', ')}`);
  if (recipe.packs.each) io.out(`  pack of one counted item (EA): ${recipe.packs.each}`);
  for (const [word, size] of Object.entries(recipe.packs.kinds ?? {})) io.out(`  pack '${word}': ${size}`);
  if (recipe.packs.density) io.out(`  density: ${recipe.packs.density} kg per l`);
  for (const e of recipe.products)
    io.out(
      `  product '${e.text}'${e.code ? ` (item code ${e.code})` : ''} → ${e.productName} (learned ${learnedDate(e.learnedAt)} from ${e.from}${inOrganisation(e)})`,
    );
  for (const e of recipe.storages)
    io.out(
      `  storage '${e.text}' → ${e.storageName} (learned ${learnedDate(e.learnedAt)} from ${e.from}${inOrganisation(e)})`,
    );
  return recipe;
}
