/**
 * Learning from corrections, never silently (issue 21): a results file re-imported with a product or
 * storage name fixed, or a choice made in the pane for an unknown name, becomes a learned entry of that
 * supplier's recipe — what, from which text, when, from which file — and every entry learned is
 * returned for the face to say. Pure: the faces store the recipes.
 */
import { normaliseName, shownText } from '../resolve/normalise.ts';
import { newRecipe, findRecipe, SupplierRecipe, type LearnedProduct, type LearnedStorage } from './recipe.ts';
import { supplierName } from './identity.ts';

/**
 * One correction: on an invoice of `supplier`, the text as first written now names this product or
 * storage; or (`not_stock`) lines whose product names `text` were left out as not stock; or (`gst`)
 * the supplier's prices were said to include GST at the rate `text` (a decimal string, `'0.1'`).
 */
export interface Correction {
  kind: 'product' | 'storage' | 'not_stock' | 'gst';
  /** The Supplier as written on the invoice. */
  supplier: string;
  /** The text the supplier wrote (the one the service did not know). */
  text: string;
  /** What it was corrected to: the record's id and name. */
  id: string;
  name: string;
  /** The sheet row that showed it (0 for a pane choice). */
  rowNumber: number;
  /** The supplier's ABN/NZBN as the sheet carries it (an e-invoice's), so the recipe keyed by it learns. */
  businessNumber?: string;
  /** The seller's item code on the corrected row (an e-invoice's `Seller Item Code`): learned with the product. */
  code?: string;
}

/** An entry learned, as the face says it: `Farmco Rural Supplies: 'Glyfos 450 20L' → Glyfos 540 (row 22)`. */
export interface Learned extends Correction {
  /** The recipe's supplier, as displayed. */
  supplierName: string;
  /** The name it was learned as before, when this correction replaces an earlier entry. */
  replaces?: string;
}

/**
 * Where and when corrections are learned: `from` is the file's base name, `today` a `YYYY-MM-DD` date,
 * `organisationId` the organisation the corrected records are in (its entries apply there only).
 */
export interface LearnContext {
  from: string;
  today: string;
  organisationId?: string;
}

/** The quoted text of the refusals the resolver writes (shared/resolve: `unknownProductMessage`, `unknownStorageMessage`). */
const UNKNOWN_TEXT = {
  product: /no product or alias named '(.+?)'(?=;|$|\s)/,
  storage: /no storage named '(.+?)'(?=;|$|\s)/,
} as const;

/**
 * The name an earlier run refused, read back from a results file's Message (`no product or alias named
 * 'Glyfos 450 20L'; closest: …`), or null when the Message refused no such name.
 */
export function refusedName(message: string, kind: 'product' | 'storage'): string | null {
  return UNKNOWN_TEXT[kind].exec(String(message ?? ''))?.[1] ?? null;
}

/**
 * Adds the corrections to the recipes of their suppliers (a new recipe for a supplier that has none).
 * A correction whose text equals its target's name teaches nothing; one already known is not repeated;
 * one that names another target replaces the earlier entry (said as `replaces`).
 * @returns the recipes changed (new objects; the inputs are not mutated) and what was learned.
 */
export function learnCorrections(
  recipes: readonly SupplierRecipe[],
  corrections: readonly Correction[],
  context: LearnContext,
): { changed: SupplierRecipe[]; learned: Learned[] } {
  const working = new Map<string, SupplierRecipe>();
  const learned: Learned[] = [];
  for (const correction of corrections) {
    if (normaliseName(correction.text) === normaliseName(correction.name)) continue;
    const current = [...working.values(), ...recipes];
    const number = correction.businessNumber ?? null;
    const found = findRecipe(current, correction.supplier, number) ?? newRecipe(correction.supplier, number);
    if (!found) continue;
    const recipe = working.get(found.supplier.key) ?? structuredClone(found);
    const replaced = addEntry(recipe, correction, context);
    if (replaced === false) continue;
    const spelling = supplierName(correction.supplier);
    if (spelling && !recipe.supplier.names.includes(spelling)) recipe.supplier.names.push(spelling);
    recipe.updatedAt = context.today;
    working.set(recipe.supplier.key, recipe);
    learned.push({
      ...correction,
      text: shownText(correction.text),
      supplierName: recipe.supplier.displayName,
      ...(replaced ? { replaces: replaced } : {}),
    });
  }
  return { changed: [...working.values()].map((r) => SupplierRecipe.parse(r)), learned };
}

/** Adds one entry to `recipe` (mutated): false when already known, the replaced name, or null for a new one. */
function addEntry(recipe: SupplierRecipe, c: Correction, context: LearnContext): string | false | null {
  if (c.kind === 'not_stock' || c.kind === 'gst') return addRule(recipe, c);
  const scope = context.organisationId ? { organisationId: context.organisationId } : {};
  const learned = { text: shownText(c.text), learnedAt: context.today, from: context.from, ...scope };
  if (c.kind === 'product') {
    const entry: LearnedProduct = {
      ...learned,
      ...(c.code ? { code: c.code } : {}),
      productId: c.id,
      productName: c.name,
    };
    const { at, old } = placeOf(recipe.products, c.text, context.organisationId);
    if (old && old.productId === c.id && (!c.code || old.code === c.code)) return false;
    if (c.code) dropCode(recipe, c.code, at, context.organisationId);
    if (at < 0) recipe.products.push(entry);
    else recipe.products[at] = entry;
    return old && old.productId !== c.id ? old.productName : null;
  }
  const entry: LearnedStorage = { ...learned, storageId: c.id, storageName: c.name };
  const { at, old } = placeOf(recipe.storages, c.text, context.organisationId);
  if (old && old.storageId === c.id) return false;
  if (at < 0) recipe.storages.push(entry);
  else recipe.storages[at] = entry;
  return old && old.storageId !== c.id ? old.storageName : null;
}

/**
 * Where a correction of `text` goes among `entries`: `at`, the index of the entry it replaces (the
 * organisation's own, or one kept without an organisation when learning without one), else -1 (added);
 * `old`, the entry that applied in the organisation until now (its own, else one kept without an
 * organisation, which stays for the organisations it may serve).
 */
function placeOf<T extends { text: string; organisationId?: string | undefined }>(
  entries: readonly T[],
  text: string,
  organisationId: string | undefined,
): { at: number; old: T | null } {
  const key = normaliseName(text);
  const same = (e: T) => normaliseName(e.text) === key;
  const at = entries.findIndex((e) => same(e) && e.organisationId === organisationId);
  if (at >= 0) return { at, old: entries[at]! };
  return { at: -1, old: entries.find((e) => same(e) && !e.organisationId) ?? null };
}

/**
 * A seller's item code names one product in an organisation: an older entry of the same organisation
 * (not at `keep`) that had it loses it.
 */
function dropCode(recipe: SupplierRecipe, code: string, keep: number, organisationId: string | undefined): void {
  const same = (other: string | undefined) => other?.trim().toLowerCase() === code.trim().toLowerCase();
  recipe.products = recipe.products.map((e, i) => {
    if (i === keep || !same(e.code) || e.organisationId !== organisationId) return e;
    const { code: _dropped, ...rest } = e;
    return rest;
  });
}

/** A rule of the recipe: a line that is not stock, or its prices including GST (see {@link addEntry}). */
function addRule(recipe: SupplierRecipe, c: Correction): string | false | null {
  if (c.kind === 'not_stock') {
    if (recipe.nonStock.some((t) => normaliseName(t) === normaliseName(c.text))) return false;
    return (recipe.nonStock.push(shownText(c.text)), null);
  }
  const old = recipe.gst;
  if (old?.mode === 'inclusive' && Number(old.rate) === Number(c.text)) return false;
  recipe.gst = { mode: 'inclusive', rate: c.text };
  return old ? gstWords(old.mode === 'inclusive' ? old.rate : null) : null;
}

/** `prices include GST at 10%`, or `prices exclude GST` for null. */
export function gstWords(rate: string | null): string {
  return rate === null ? 'prices exclude GST' : `prices include GST at ${Number(rate) * 100}%`;
}

/**
 * How a face says one entry learned: `Farmco Rural Supplies: 'Glyfos 450 20L' → Glyfos 540 (row 22)`,
 * `Kiewa Agri: 'GLYPHO BULK' (item code GLY-450) → Glyfos 540 (row 2)`.
 */
export function learnedText(entry: Learned): string {
  const where = entry.rowNumber > 0 ? ` (row ${entry.rowNumber})` : '';
  const instead = entry.replaces ? `, instead of ${entry.replaces}` : '';
  if (entry.kind === 'gst') return `${entry.supplierName}: ${entry.name}${instead}`;
  const code = entry.code ? ` (item code ${entry.code})` : '';
  return `${entry.supplierName}: '${entry.text}'${code} → ${entry.name}${instead}${where}`;
}

/**
 * Removes a supplier's learned entry for `text` (product or storage), or the whole recipe when `text`
 * is absent. @returns the recipe left (null when the whole recipe goes) and whether anything was removed.
 */
export function forgetEntry(recipe: SupplierRecipe, text?: string): { recipe: SupplierRecipe | null; removed: number } {
  if (text === undefined) return { recipe: null, removed: 1 };
  const key = normaliseName(text);
  const products = recipe.products.filter((e) => normaliseName(e.text) !== key);
  const storages = recipe.storages.filter((e) => normaliseName(e.text) !== key);
  const removed = recipe.products.length - products.length + recipe.storages.length - storages.length;
  return { recipe: { ...recipe, products, storages }, removed };
}
