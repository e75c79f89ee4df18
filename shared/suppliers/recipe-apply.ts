/**
 * Applies supplier recipes to an import (pure): each invoice's names are resolved through a resolver
 * that knows its supplier's learned table and default storage, after the organisation's own names
 * (a learned entry never overrides an exact product, alias or storage name), and says so in the row's
 * Message; the lines that are not stock and GST of the suppliers a sheet holds become reading settings.
 */
import { normaliseName, shownText } from '../resolve/normalise.ts';
import { failure, success, type Resolution, type ResolvedProduct } from '../resolve/resolution.ts';
import type { Resolver } from '../resolve/resolver.ts';
import type { Storage } from '../schemas/resources.ts';
import { supplierName } from './identity.ts';
import { findRecipe, type LearnedProduct, type LearnedStorage, type SupplierRecipe } from './recipe.ts';

/** `2026-11-03` → `3/11/2026` (day first, as the farms write it). */
export function learnedDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${Number(d)}/${Number(m)}/${y}`;
}

/** What a learned entry says in a row's Message: `'Glyfos 450 20L' → Glyfos 540: learned 3/11/2026 from oct.results.xlsx`. */
export function learnedNote(
  text: string,
  name: string,
  entry: { learnedAt: string; from: string },
  code?: string,
): string {
  return `'${shownText(text)}'${code ? ` (item code ${code})` : ''} → ${name}: learned ${learnedDate(entry.learnedAt)}${entry.from ? ` from ${entry.from}` : ''}`;
}

/**
 * A resolver for the invoices of the supplier `recipe` belongs to: the organisation's names first
 * (exact product, alias and storage names and ids, and ambiguous names stay refused), then the
 * recipe's learned entries for names the organisation does not know (by the text, else by the seller's
 * item code the line carries: `codes`, normalised product text → item code), then the recipe's default
 * storage for an invoice that names none. Every name so resolved carries a `note` for the row's Message.
 * Only the entries of `organisationId` apply (they win over entries kept without one, which apply
 * anywhere); an entry of another organisation is never used: its ids are that organisation's.
 * Pure; never throws.
 */
export function recipeResolver(
  base: Resolver,
  recipe: SupplierRecipe,
  codes?: ReadonlyMap<string, string>,
  organisationId?: string,
): Resolver {
  const ownProducts = entriesOf(recipe.products, organisationId);
  const products = new Map<string, LearnedProduct>(ownProducts.map((e) => [normaliseName(e.text), e]));
  const byCode = new Map<string, LearnedProduct>(
    ownProducts.flatMap((e) => (e.code ? [[e.code.trim().toLowerCase(), e] as const] : [])),
  );
  const learned = (text: string): { entry: LearnedProduct; code?: string } | null => {
    const entry = products.get(normaliseName(text));
    if (entry) return { entry };
    const code = codes?.get(normaliseName(text));
    const coded = code ? byCode.get(code.trim().toLowerCase()) : undefined;
    return coded && code ? { entry: coded, code } : null;
  };
  const storages = new Map<string, LearnedStorage>(
    entriesOf(recipe.storages, organisationId).map((e) => [normaliseName(e.text), e]),
  );
  const product = (text: string): Resolution<ResolvedProduct> => {
    const found = base.product(text);
    if (found.ok || found.code !== 'unknown_product') return found;
    const hit = learned(text);
    if (!hit) return found;
    const { entry } = hit;
    const target = byIdOrName(base.product, entry.productId, entry.productName, (p) => p.productId);
    if (!target) return lost(found.code, text, entry.productName, entry);
    return success(target, learnedNote(text, entry.productName, entry, hit.code));
  };
  const storage = (text: string): Resolution<Storage> => {
    if (normaliseName(text) === '' && recipe.storage) {
      const preset = base.storage(recipe.storage);
      if (!preset.ok) return preset;
      return success(preset.value, `storage ${preset.value.name}: ${recipe.supplier.displayName}'s default storage`);
    }
    const found = base.storage(text);
    if (found.ok || found.code !== 'unknown_storage') return found;
    const entry = storages.get(normaliseName(text));
    if (!entry) return found;
    const target = byIdOrName(base.storage, entry.storageId, entry.storageName, (s) => s.id);
    if (!target) return lost(found.code, text, entry.storageName, entry);
    return success(target, learnedNote(text, entry.storageName, entry));
  };
  return { ...base, product, storage };
}

/**
 * The learned entries that apply in `organisationId`: those kept without an organisation first, then
 * its own (so that, put in a map by text, its own win); none of another organisation's.
 */
function entriesOf<T extends { organisationId?: string | undefined }>(
  entries: readonly T[],
  organisationId: string | undefined,
): T[] {
  const unscoped = entries.filter((e) => !e.organisationId);
  const own = organisationId ? entries.filter((e) => e.organisationId === organisationId) : [];
  return [...unscoped, ...own];
}

/**
 * A learned target: by its name when that still names the same record (an alias name keeps its alias
 * id), else by its id (the record was renamed); null when the organisation has neither.
 */
function byIdOrName<T>(
  resolve: (text: string) => Resolution<T>,
  id: string,
  name: string,
  idOf: (value: T) => string,
): T | null {
  const byName = resolve(name);
  if (byName.ok && idOf(byName.value).toLowerCase() === id.toLowerCase()) return byName.value;
  const byId = resolve(id);
  return byId.ok ? byId.value : null;
}

function lost(
  code: 'unknown_product' | 'unknown_storage',
  text: string,
  name: string,
  entry: { learnedAt: string; from: string; organisationId?: string | undefined },
): Resolution<never> {
  // An entry kept without its organisation may be another organisation's (its ids are then unknown here).
  const gone = entry.organisationId
    ? 'which this organisation no longer has'
    : 'which this organisation does not have (it may have been learned in another organisation)';
  return failure(
    code,
    `'${shownText(text)}' was learned as '${name}' on ${learnedDate(entry.learnedAt)}, ${gone}: write the name it has here`,
  );
}

/**
 * The resolver for each invoice by its Supplier cell: the recipe's resolver when the supplier has a
 * recipe, else `base`. Memoised per recipe. `numbers`: each Supplier text's ABN/NZBN where the sheet
 * carries one (a recipe keyed by the number then applies); `codes`: per recipe key, product text →
 * the seller's item code (see {@link recipeResolver}); `organisationId`: the organisation imported
 * into, whose learned entries apply.
 */
export function recipeResolvers(
  base: Resolver,
  recipes: readonly SupplierRecipe[],
  numbers?: ReadonlyMap<string, string>,
  codes?: ReadonlyMap<string, ReadonlyMap<string, string>>,
  organisationId?: string,
): (supplier: string) => Resolver {
  if (recipes.length === 0) return () => base;
  const made = new Map<string, Resolver>();
  return (supplier) => {
    const recipe = findRecipe(recipes, supplier, numbers?.get(supplier));
    if (!recipe) return base;
    const known = made.get(recipe.supplier.key);
    if (known) return known;
    const resolver = recipeResolver(base, recipe, codes?.get(recipe.supplier.key), organisationId);
    made.set(recipe.supplier.key, resolver);
    return resolver;
  };
}

/** What the recipes of a sheet's suppliers say for the whole run. */
export interface RecipeReading {
  /** The recipes of the suppliers the sheet names. */
  applied: SupplierRecipe[];
  /** Lines that are not stock, from those recipes (added to the run's). */
  skipLines: string[];
  /** GST rate when every supplier of the sheet has a recipe saying inclusive at one rate; null when they all say exclusive; undefined: no word. */
  gstRate?: string | null;
  /**
   * When some recipe of the sheet's suppliers has a GST rule but the suppliers do not all say the same
   * (two rules disagree, or a supplier has no rule): each supplier's word, in sheet order (`said`:
   * `include GST at 10%`, `exclude GST`, or null for no rule). One price column cannot be read two ways.
   */
  gstUnsettled?: { supplier: string; said: string | null }[];
}

/** A recipe's GST rule in words: `include GST at 10%`, `exclude GST`; null when it has none. */
function gstSaid(recipe: SupplierRecipe | null): string | null {
  if (!recipe?.gst) return null;
  return recipe.gst.mode === 'exclusive' ? 'exclude GST' : `include GST at ${Number(recipe.gst.rate) * 100}%`;
}

/**
 * The run-wide part of the recipes of `suppliers` (the Supplier texts a sheet holds): their lines
 * that are not stock, and their GST when every supplier's recipe says the same. Non-stock rules are
 * matched sheet-wide (a line named `Freight` is not stock whoever sent it); GST is a property of a
 * sheet's price columns, so a recipe's rule is used only when it speaks for every supplier of the sheet:
 * otherwise (`gstUnsettled`) the import must be told how the sheet's prices read, never one supplier's
 * rule applied to another's prices.
 */
export function recipeReading(
  recipes: readonly SupplierRecipe[],
  suppliers: readonly string[],
  numbers?: ReadonlyMap<string, string>,
): RecipeReading {
  const found = suppliers.map((supplier) => ({
    supplier,
    recipe: findRecipe(recipes, supplier, numbers?.get(supplier)),
  }));
  const applied = [
    ...new Map(found.flatMap(({ recipe }) => (recipe ? [[recipe.supplier.key, recipe] as const] : []))).values(),
  ];
  const skipLines = [...new Set(applied.flatMap((r) => r.nonStock))];
  const reading: RecipeReading = { applied, skipLines };
  if (!applied.some((r) => r.gst)) return reading;
  // One word per supplier (several spellings of one are one), in sheet order.
  const words = new Map<string, { supplier: string; said: string | null; rate: string | null }>();
  for (const { supplier, recipe } of found) {
    const key = recipe?.supplier.key ?? `name:${supplierName(supplier)}`;
    if (words.has(key)) continue;
    const rate = recipe?.gst ? (recipe.gst.mode === 'inclusive' ? recipe.gst.rate : 'exclusive') : null;
    words.set(key, { supplier: recipe?.supplier.displayName ?? shownText(supplier), said: gstSaid(recipe), rate });
  }
  const rates = new Set([...words.values()].map((w) => w.rate));
  const [rate] = rates;
  if (rates.size === 1 && rate !== null && rate !== undefined) {
    reading.gstRate = rate === 'exclusive' ? null : rate;
  } else {
    reading.gstUnsettled = [...words.values()].map(({ supplier, said }) => ({ supplier, said }));
  }
  return reading;
}
