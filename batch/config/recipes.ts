/**
 * The recipes folder: supplier recipes (shared/suppliers/recipe.ts), one plain JSON file per supplier,
 * beside the config and the profiles (`…/shed-sheets/recipes/`; `SHED_CONFIG` moves it). Each edit keeps
 * the recipe's previous version in `.previous/` (the file as it was, or `null` when there was none), so
 * `shed recipes undo` takes back the last edit (and undoing again puts it back).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  findRecipe,
  parseRecipe,
  recipeFileName,
  recipeJson,
  RecipeError,
  type SupplierRecipe,
} from '../../shared/suppliers/recipe.ts';
import { writeAtomically } from '../write/atomic-file.ts';
import { recipeBundleJson } from '../../shared/suppliers/recipe-bundle.ts';
import { ConfigError } from './config-error.ts';
import { loadJsonFolder } from './json-folder.ts';
import { configPath } from './config-file.ts';

/** The recipes folder: `recipes/` beside the config file. */
export function recipesDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(dirname(configPath(env)), 'recipes');
}

/**
 * Every recipe in `dir` (none when the folder does not exist). A file that is not a recipe is left
 * out, its path and reason in `skipped` for the caller to say.
 */
export async function loadRecipes(dir: string): Promise<{ recipes: SupplierRecipe[]; skipped: string[] }> {
  const { items, skipped } = await loadJsonFolder(dir, 'recipe', (text, path) => parseRecipe(text, path));
  return { recipes: items, skipped };
}

/**
 * The recipe of the supplier written `supplier` (a name as on the invoices, or an identity key).
 * @throws RecipeError `unknown_recipe` naming the recipes there are.
 */
export async function loadRecipe(dir: string, supplier: string): Promise<SupplierRecipe> {
  const { recipes } = await loadRecipes(dir);
  const found = recipes.find((r) => r.supplier.key === supplier) ?? findRecipe(recipes, supplier);
  if (found) return found;
  const known = recipes.map((r) => `'${r.supplier.displayName}'`).join(', ') || 'none';
  throw new RecipeError('unknown_recipe', `No recipe for the supplier '${supplier}' in ${dir} (recipes: ${known}).`);
}

const recipePath = (dir: string, key: string) => join(dir, recipeFileName(key));
const previousPath = (dir: string, key: string) => join(dir, '.previous', recipeFileName(key));

/** A file-system failure in the recipes folder, typed: what was done, where, and how to fix it. */
function unwritable(doing: string, path: string, error: unknown): ConfigError {
  const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  return new ConfigError(
    'recipes_unwritable',
    `Cannot ${doing} the supplier recipe ${path} (${reason}): check that the recipes folder ${dirname(path)} can be written, or set SHED_CONFIG to move it.`,
  );
}

async function readOrNull(path: string): Promise<string | null> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw unwritable('read', path, error);
  }
}

/**
 * Writes `text` at `path` atomically, or removes the file when `text` is null.
 * @throws ConfigError `recipes_unwritable` when the folder or file cannot be written.
 */
async function put(path: string, text: string | null): Promise<void> {
  try {
    if (text === null) return await rm(path, { force: true });
    await mkdir(dirname(path), { recursive: true });
    await writeAtomically(path, (temp) => writeFile(temp, text));
  } catch (error) {
    throw unwritable(text === null ? 'remove' : 'write', path, error);
  }
}

/**
 * Replaces the recipe of `key` by `recipe` (null: removes it), keeping the version it replaces as the
 * one `undoRecipe` restores. @returns the recipe file's path.
 * @throws ConfigError `recipes_unwritable` when the recipes folder cannot be read or written.
 */
export async function writeRecipe(dir: string, key: string, recipe: SupplierRecipe | null): Promise<string> {
  const path = recipePath(dir, key);
  const before = await readOrNull(path);
  await put(previousPath(dir, key), before ?? 'null\n');
  await put(path, recipe ? recipeJson(recipe) : null);
  return path;
}

/**
 * Saves recipes changed by an import; @returns the folder, as said to the user.
 * @throws ConfigError `recipes_unwritable` when the recipes folder cannot be read or written.
 */
export async function saveRecipes(dir: string, changed: readonly SupplierRecipe[]): Promise<string> {
  for (const recipe of changed) await writeRecipe(dir, recipe.supplier.key, recipe);
  return dir;
}

/**
 * Saves recipes changed by an import; when the recipes folder cannot be written, keeps them instead in
 * `keepPath` as a recipes export (what `shed recipes import` reads), so that nothing learned is lost.
 * @returns the folder, as said to the user.
 * @throws ConfigError `recipes_unwritable` saying why, and where the recipes were kept (or that they
 *   could not be kept either).
 */
export async function saveRecipesOrKeep(
  dir: string,
  changed: readonly SupplierRecipe[],
  keepPath: string,
): Promise<string> {
  try {
    return await saveRecipes(dir, changed);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    try {
      await writeAtomically(keepPath, (temp) => writeFile(temp, recipeBundleJson(changed)));
    } catch {
      throw new ConfigError('recipes_unwritable', `${error.message} They could not be kept in ${keepPath} either.`);
    }
    throw new ConfigError(
      'recipes_unwritable',
      `${error.message} They are kept in ${keepPath}: once the folder can be written, run 'shed recipes import ${keepPath}'.`,
    );
  }
}

/**
 * Takes back the last edit of the recipe of `key`: the previous version comes back (or the recipe goes,
 * when it was new), and the version undone becomes the one a second undo restores.
 * @throws RecipeError `no_recipe_edit` when no edit is kept.
 * @throws ConfigError `recipes_unwritable` when the recipes folder cannot be read or written.
 */
export async function undoRecipe(dir: string, key: string): Promise<SupplierRecipe | null> {
  const previous = await readOrNull(previousPath(dir, key));
  if (previous === null) {
    throw new RecipeError('no_recipe_edit', `No edit of the recipe '${key}' is kept in ${dir}: nothing to undo.`);
  }
  const path = recipePath(dir, key);
  const current = await readOrNull(path);
  const restored = previous.trim() === 'null' ? null : parseRecipe(previous, previousPath(dir, key));
  await put(path, restored ? recipeJson(restored) : null);
  await put(previousPath(dir, key), current ?? 'null\n');
  return restored;
}
