/**
 * The Recipes screen's controller (issue 21): the supplier recipes the pane keeps (recipe-store.ts)
 * listed with their learned entries (what, from which text, when, from which file), one entry or a
 * whole recipe removed (the core's `forgetEntry`), the last edit undone, and the recipes moved in and
 * out as the JSON `shed recipes export` writes and `shed recipes import` reads.
 */
import { parseRecipeBundle } from '../../shared/suppliers/recipe-bundle.ts';
import { forgetEntry } from '../../shared/suppliers/recipe-learn.ts';
import type { SupplierRecipe } from '../../shared/suppliers/recipe.ts';
import type { StatusLine } from './connect.ts';
import { describeError } from './errors.ts';
import type { PaneRecipeStore } from './recipe-store.ts';
import { Store } from './store.ts';

/** One learned entry as the screen lists it. */
export interface EntryView {
  kind: 'product' | 'storage';
  /** The text as the supplier writes it. */
  text: string;
  /** The seller's item code learned with a product (an e-invoice's), when there is one. */
  code?: string;
  /** What it stands for: the product or storage name. */
  name: string;
  /** When (`YYYY-MM-DD`) and from which file it was learned. */
  learnedAt: string;
  from: string;
}

/** One recipe as the screen lists it. */
export interface RecipeView {
  key: string;
  supplier: string;
  /** What the recipe sets besides its entries: default storage, GST, lines that are not stock. */
  settings: string[];
  entries: EntryView[];
}

/** What the Recipes screen shows. */
export interface RecipesState {
  recipes: RecipeView[];
  canUndo: boolean;
  status: StatusLine | null;
}

/** A recipe's view: its settings said, its learned products then storages. */
export function recipeView(recipe: SupplierRecipe): RecipeView {
  const settings: string[] = [];
  if (recipe.storage) settings.push(`default storage: ${recipe.storage}`);
  if (recipe.gst)
    settings.push(
      recipe.gst.mode === 'inclusive'
        ? `prices include GST at ${Number(recipe.gst.rate) * 100}%`
        : 'prices exclude GST',
    );
  if (recipe.nonStock.length) settings.push(`not stock: ${recipe.nonStock.join(', ')}`);
  if (recipe.profile) settings.push(`columns: profile ${recipe.profile}`);
  const entries: EntryView[] = [
    ...recipe.products.map((e) => ({
      kind: 'product' as const,
      text: e.text,
      ...(e.code ? { code: e.code } : {}),
      name: e.productName,
      learnedAt: e.learnedAt,
      from: e.from,
    })),
    ...recipe.storages.map((e) => ({
      kind: 'storage' as const,
      text: e.text,
      name: e.storageName,
      learnedAt: e.learnedAt,
      from: e.from,
    })),
  ];
  return { key: recipe.supplier.key, supplier: recipe.supplier.displayName, settings, entries };
}

/** The Recipes screen's controller; see the module comment. */
export class RecipesController {
  readonly store = new Store<RecipesState>({ recipes: [], canUndo: false, status: null });

  constructor(private readonly recipes: PaneRecipeStore) {}

  /** Reads the kept recipes again (after an import learned some, or another runtime changed them). */
  async refresh(status?: StatusLine | null): Promise<void> {
    const recipes = await this.recipes.load();
    const problem = this.recipes.problem;
    this.store.set({
      recipes: recipes.map(recipeView),
      canUndo: await this.recipes.canUndo(),
      status: problem
        ? { tone: 'error', text: `${problem}. Import a recipes export to replace them.` }
        : (status ?? null),
    });
  }

  /**
   * Removes the learned entry `text` of the supplier `key`'s recipe, or (no `text`) the whole recipe.
   * Undo takes it back.
   */
  async forget(key: string, text?: string): Promise<void> {
    const recipes = await this.recipes.load();
    const recipe = recipes.find((r) => r.supplier.key === key);
    if (!recipe) return this.refresh({ tone: 'error', text: 'That recipe is no longer kept.' });
    const { recipe: left, removed } = forgetEntry(recipe, text);
    if (removed === 0) return this.refresh({ tone: 'error', text: `'${text}' is no longer in that recipe.` });
    const others = recipes.filter((r) => r !== recipe);
    await this.recipes.replaceAll(left ? [...others, left] : others);
    const said =
      text === undefined
        ? `Removed the recipe of ${recipe.supplier.displayName}.`
        : `Removed '${text}' from the recipe of ${recipe.supplier.displayName}.`;
    await this.refresh({ tone: 'info', text: `${said} Undo puts it back.` });
  }

  /** Takes back the last edit (an import's learning, a removal, an import of recipes). */
  async undo(): Promise<void> {
    const undone = await this.recipes.undo();
    await this.refresh(
      undone ? { tone: 'info', text: 'The last edit is undone.' } : { tone: 'error', text: 'No edit to undo.' },
    );
  }

  /**
   * Imports an export file (or one recipe file): each recipe replaces the one of its supplier. Nothing
   * is kept when any recipe of the file is invalid; the core's message says which and why.
   */
  async importJson(text: string, fileName: string): Promise<void> {
    let incoming: SupplierRecipe[];
    try {
      incoming = parseRecipeBundle(text, fileName);
    } catch (error) {
      return this.refresh({ tone: 'error', text: `${describeError(error)} Nothing was imported.` });
    }
    const keys = new Set(incoming.map((r) => r.supplier.key));
    const kept = (await this.recipes.load()).filter((r) => !keys.has(r.supplier.key));
    await this.recipes.replaceAll([...kept, ...incoming]);
    const names = incoming.map((r) => r.supplier.displayName).join(', ');
    await this.refresh({
      tone: 'info',
      text: `Imported ${incoming.length} recipe${incoming.length === 1 ? '' : 's'} from ${fileName}: ${names}.`,
    });
  }

  /** The recipes as an export file's text (the download; `shed recipes import FILE` reads it). */
  exportJson(): Promise<string> {
    return this.recipes.exportJson();
  }
}
