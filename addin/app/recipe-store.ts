/**
 * The pane's copy of the supplier recipes (issue 21; shared/suppliers/recipe.ts): every recipe under
 * one key, `shed-sheets.recipes`, as the very JSON `shed recipes export` writes (`{ "version": 1,
 * "recipes": [ … ] }`, shared/suppliers/recipe-bundle.ts), so an export of either face imports into
 * the other. The copy before the last edit is kept under `shed-sheets.recipes.previous` (same format),
 * for Undo. Kept in `OfficeRuntime.storage` where Office gives it (shared by the add-in's runtimes),
 * else the add-in's `localStorage` (under Office's partition key where it gives one), else in memory.
 * Implements the core's {@link RecipePort}, so the pane's import applies and learns as the CLI does.
 */
import type { RecipePort } from '../../shared/import/ports.ts';
import { parseRecipeBundle, recipeBundleJson } from '../../shared/suppliers/recipe-bundle.ts';
import { SupplierRecipe } from '../../shared/suppliers/recipe.ts';

/** The key the recipes are kept under (after Office's partition key, where it gives one). */
export const RECIPES_KEY = 'shed-sheets.recipes';
/** The key of the copy before the last edit (Undo). */
export const PREVIOUS_RECIPES_KEY = 'shed-sheets.recipes.previous';

/** Asynchronous key-value storage: `OfficeRuntime.storage`, or Web Storage wrapped. */
export interface AsyncKeyValue {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/** Where recipes are kept, as said to the user ("this add-in's storage on this computer"). */
export const RECIPES_PLACE = 'the Recipes tab (this add-in’s storage on this computer)';

/** The pane's recipes: the core's port (load, save) plus what the Recipes tab does. */
export class PaneRecipeStore implements RecipePort {
  /** What loading the kept copy said (it could not be read), or null. */
  problem: string | null = null;

  constructor(
    private readonly storage: AsyncKeyValue,
    private readonly prefix = '',
  ) {}

  /**
   * Every recipe kept (none when nothing is kept). A kept copy that is not a recipes export (written
   * by hand, by another version) reads as none, and {@link problem} says why; it is not overwritten
   * until the next edit.
   */
  async load(): Promise<SupplierRecipe[]> {
    const text = await this.storage.getItem(this.prefix + RECIPES_KEY);
    this.problem = null;
    if (!text) return [];
    try {
      return parseRecipeBundle(text, 'the kept recipes');
    } catch (error) {
      this.problem = (error as Error).message;
      return [];
    }
  }

  /** Saves the recipes an import changed (each replacing the one of its supplier key); Undo takes it back. */
  async save(changed: readonly SupplierRecipe[]): Promise<string> {
    const recipes = await this.load();
    const keys = new Set(changed.map((r) => r.supplier.key));
    await this.replaceAll([...recipes.filter((r) => !keys.has(r.supplier.key)), ...changed]);
    return RECIPES_PLACE;
  }

  /** Replaces every recipe by `recipes` (sorted by supplier), keeping the copy before as the one Undo restores. */
  async replaceAll(recipes: readonly SupplierRecipe[]): Promise<void> {
    const before = (await this.storage.getItem(this.prefix + RECIPES_KEY)) ?? recipeBundleJson([]);
    const sorted = [...recipes].sort((a, b) => a.supplier.displayName.localeCompare(b.supplier.displayName));
    await this.storage.setItem(this.prefix + PREVIOUS_RECIPES_KEY, before);
    await this.storage.setItem(this.prefix + RECIPES_KEY, recipeBundleJson(sorted.map((r) => SupplierRecipe.parse(r))));
  }

  /** Whether an edit is kept that {@link undo} can take back. */
  async canUndo(): Promise<boolean> {
    return (await this.storage.getItem(this.prefix + PREVIOUS_RECIPES_KEY)) !== null;
  }

  /**
   * Takes back the last edit: the copy before it comes back, and the copy undone becomes the one a
   * second Undo restores (undo again puts it back, as `shed recipes undo` does).
   * @returns false when no edit is kept.
   */
  async undo(): Promise<boolean> {
    const previous = await this.storage.getItem(this.prefix + PREVIOUS_RECIPES_KEY);
    if (previous === null) return false;
    const current = (await this.storage.getItem(this.prefix + RECIPES_KEY)) ?? recipeBundleJson([]);
    await this.storage.setItem(this.prefix + RECIPES_KEY, previous);
    await this.storage.setItem(this.prefix + PREVIOUS_RECIPES_KEY, current);
    return true;
  }

  /** The recipes as an export file's text (`shed recipes import FILE` reads it). */
  async exportJson(): Promise<string> {
    return recipeBundleJson(await this.load());
  }
}

/** Web Storage (`localStorage`) as {@link AsyncKeyValue}. */
export function webStorageAsync(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>): AsyncKeyValue {
  return {
    getItem: async (key) => storage.getItem(key),
    setItem: async (key, value) => storage.setItem(key, value),
    removeItem: async (key) => storage.removeItem(key),
  };
}

/** Storage in memory (tests, storage blocked): lasts as long as the page. */
export function memoryStorageAsync(): AsyncKeyValue & { kept: Map<string, string> } {
  const kept = new Map<string, string>();
  return {
    kept,
    getItem: async (key) => kept.get(key) ?? null,
    setItem: async (key, value) => void kept.set(key, value),
    removeItem: async (key) => void kept.delete(key),
  };
}

/** `OfficeRuntime.storage` where this Office gives it (its shape checked), else undefined. */
export function officeRuntimeStorage(scope: object = globalThis): AsyncKeyValue | undefined {
  const runtime = (scope as { OfficeRuntime?: { storage?: Partial<AsyncKeyValue> } }).OfficeRuntime;
  const storage = runtime?.storage;
  if (!storage || typeof storage.getItem !== 'function' || typeof storage.setItem !== 'function') return undefined;
  return storage as AsyncKeyValue;
}
