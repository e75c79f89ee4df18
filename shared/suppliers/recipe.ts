/**
 * A supplier recipe (issue 21): what shed remembers of one supplier so that next month's invoices
 * import with no hands — the column mapping (a profile's name), the default storage, GST, the lines
 * that are not stock, pack conventions and the learned product and storage table. Plain JSON, versioned
 * (`version: 1`), one per supplier identity (shared/suppliers/identity.ts); the zod schema below is
 * the single source of its shape, shared by the CLI's recipe files and the pane's copy.
 */
import { z } from 'zod';
import { ShedError, type ErrorCodes } from '../errors/shed-error.ts';
import { PackConventionsSchema, isCountUnit } from '../sheet/packs/index.ts';
import { supplierIdentity, supplierName } from './identity.ts';

/**
 * Pack conventions as the first recipes wrote them (`{ "EA": { "size": "20", "unit": "l" } }`: a code
 * or kind word → a pack) made into the engine's shape: count codes (EA, C62, each) → `each`, other
 * words → `kinds`. Count codes that disagree are left as written, so the schema refuses them (never a
 * guess between two sizes). Anything else passes through unchanged.
 */
export function migratePacks(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const entries = Object.entries(raw as Record<string, unknown>);
  const old = (v: unknown): v is { size: string; unit: string } =>
    !!v && typeof v === 'object' && typeof (v as { size?: unknown }).size === 'string';
  if (entries.length === 0 || !entries.every(([, v]) => old(v))) return raw;
  const each = new Set<string>();
  const kinds: Record<string, string> = {};
  for (const [word, pack] of entries as [string, { size: string; unit: string }][]) {
    if (isCountUnit(word)) each.add(`${pack.size} ${pack.unit}`);
    else kinds[word] = `${pack.size} ${pack.unit}`;
  }
  if (each.size > 1) return raw;
  return { ...(each.size ? { each: [...each][0] } : {}), ...(Object.keys(kinds).length ? { kinds } : {}) };
}

/** The recipe format written today. */
export const RECIPE_VERSION = 1;

/** A date as `YYYY-MM-DD` (when an entry was learned). */
const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

/** A pack size: a decimal string and a unit (`{ size: '20', unit: 'l' }`). */
export const RecipePack = z.object({
  size: z.string().regex(/^\d+(\.\d+)?$/, 'a decimal such as 20 or 0.5'),
  unit: z.string().min(1).max(20),
});
export type RecipePack = z.infer<typeof RecipePack>;

/**
 * One learned product: the text as this supplier writes it → the product, learned from a correction.
 * `text` is kept as written (for messages); it matches cells after `normaliseName`.
 */
export const LearnedProduct = z.object({
  text: z.string().min(1),
  /** The seller's item code (an e-invoice's `SellersItemIdentification`): a line with this code resolves by it too. */
  code: z.string().min(1).optional(),
  productId: z.string().min(1),
  productName: z.string().min(1),
  pack: RecipePack.optional(),
  learnedAt: IsoDate,
  /** The file (base name) whose correction taught it. */
  from: z.string(),
  /**
   * The organisation it was learned in: a product id is one organisation's, so the entry applies there
   * only. Absent on entries learned before organisations were kept: those apply in any organisation.
   */
  organisationId: z.string().min(1).optional(),
});
export type LearnedProduct = z.infer<typeof LearnedProduct>;

/** One learned storage: the text this supplier's invoices give as the place → the storage. */
export const LearnedStorage = z.object({
  text: z.string().min(1),
  storageId: z.string().min(1),
  storageName: z.string().min(1),
  learnedAt: IsoDate,
  from: z.string(),
  /** The organisation it was learned in (see {@link LearnedProduct}'s). */
  organisationId: z.string().min(1).optional(),
});
export type LearnedStorage = z.infer<typeof LearnedStorage>;

/** GST of this supplier's prices: `inclusive` at `rate` (a decimal string, `'0.1'`), or `exclusive`. */
export const RecipeGst = z.object({
  mode: z.enum(['inclusive', 'exclusive']),
  rate: z.string().regex(/^0(\.\d+)?$/, 'a rate below 1, e.g. 0.1 or 0.15'),
});
export type RecipeGst = z.infer<typeof RecipeGst>;

/**
 * A supplier recipe, version 1.
 * - `supplier.key`: the identity key (`abn:…`, `nzbn:…` or `name:…`); `names`: the normalised
 *   spellings seen (a recipe keyed by ABN still applies to a sheet that carries only the name);
 * - `profile`: the name of the column mapping profile this supplier's sheets use (by reference);
 * - `storage`: the default storage's name for invoices that give none;
 * - `nonStock`: product texts of lines that are not stock (freight, levies, surcharges, discounts),
 *   matched as whole words and left out, and said;
 * - `packs`: the pack engine's conventions (shared/packs `PackConventions`), e.g.
 *   `{ "each": "20 l", "kinds": { "drum": "200 l" }, "density": "1.32" }`; a recipe written with the
 *   first shape (`{ "EA": { "size": "20", "unit": "l" } }`) is read as `{ "each": "20 l" }` ({@link migratePacks});
 * - `products`, `storages`: the learned tables.
 */
export const SupplierRecipe = z.object({
  version: z.literal(RECIPE_VERSION),
  supplier: z.object({
    key: z.string().regex(/^(abn|nzbn|name):.+$/, 'an identity key such as name:farmco rural supplies'),
    displayName: z.string().min(1),
    names: z.array(z.string()).default([]),
  }),
  profile: z.string().optional(),
  storage: z.string().optional(),
  gst: RecipeGst.optional(),
  nonStock: z.array(z.string().min(1)).default([]),
  packs: z.preprocess(migratePacks, PackConventionsSchema).default({}),
  products: z.array(LearnedProduct).default([]),
  storages: z.array(LearnedStorage).default([]),
  updatedAt: z.string().optional(),
});
export type SupplierRecipe = z.infer<typeof SupplierRecipe>;

/**
 * A recipe that cannot be read or used (`invalid_recipe`; `recipe_file_unreadable`: the file given
 * cannot be read at all), or a recipe command's target that is not there. Exit status 2.
 */
export class RecipeError extends ShedError {
  constructor(code: ErrorCodes['RecipeError'], message: string) {
    super(code, code === 'invalid_recipe' || code === 'recipe_file_unreadable' ? 'input' : 'usage', message);
  }
}

/**
 * Reads a recipe from JSON text (a recipe file, an export, the pane's copy).
 * @param where how messages name the source (a file path).
 * @throws {RecipeError} `invalid_recipe` naming the source, the field and what is wrong.
 */
export function parseRecipe(text: string, where: string): SupplierRecipe {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new RecipeError('invalid_recipe', `${where} is not JSON: ${(error as Error).message}; fix or remove it`);
  }
  const parsed = SupplierRecipe.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue?.path.join('.') || '(top)';
    throw new RecipeError(
      'invalid_recipe',
      `${where} is not a supplier recipe: ${path}: ${issue?.message ?? 'invalid'}; fix it or export it again`,
    );
  }
  return parsed.data;
}

/** A recipe as written to a file: stable key order, two-space JSON, a newline at the end. */
export function recipeJson(recipe: SupplierRecipe): string {
  return `${JSON.stringify(SupplierRecipe.parse(recipe), null, 2)}\n`;
}

/**
 * A new, empty recipe for a supplier as written on an invoice (and its ABN/NZBN when known).
 * @returns null when the name is blank and there is no valid number.
 */
export function newRecipe(name: string, businessNumber?: string | null): SupplierRecipe | null {
  const identity = supplierIdentity({ name, businessNumber: businessNumber ?? null });
  if (!identity) return null;
  return SupplierRecipe.parse({
    version: RECIPE_VERSION,
    supplier: { key: identity.key, displayName: name.trim(), names: identity.name ? [identity.name] : [] },
  });
}

/** Whether `recipe` is the recipe of the supplier written `name` (by its key or a spelling it has seen). */
export function recipeMatches(recipe: SupplierRecipe, name: string): boolean {
  const identity = supplierIdentity({ name });
  if (!identity) return false;
  return recipe.supplier.key === identity.key || recipe.supplier.names.includes(supplierName(name));
}

/**
 * The recipe of the supplier written `name` (with its ABN/NZBN when the sheet or e-invoice carries one)
 * among `recipes`, or null. An exact key wins (the business number's, else the name's); else the one
 * recipe that has seen the spelling, or is keyed by it, unless it is keyed by another business number
 * (another supplier of the same name); else the one recipe of which `name` is a shorter spelling (see
 * {@link isShortSpelling}). Two recipes claiming one spelling give null (never a guess between suppliers).
 */
export function findRecipe(
  recipes: readonly SupplierRecipe[],
  name: string,
  businessNumber?: string | null,
): SupplierRecipe | null {
  const identity = supplierIdentity({ name, businessNumber: businessNumber ?? null });
  if (!identity) return null;
  const exact = recipes.find((r) => r.supplier.key === identity.key);
  if (exact) return exact;
  if (!identity.name) return null;
  const byName = `name:${identity.name}`;
  const sameSupplier = (r: SupplierRecipe) => identity.kind === 'name' || r.supplier.key.startsWith('name:');
  const seen = recipes.filter(
    (r) => (r.supplier.key === byName || r.supplier.names.includes(identity.name)) && sameSupplier(r),
  );
  if (seen.length > 0) return seen.length === 1 ? seen[0]! : null;
  const short = recipes.filter((r) => isShortSpelling(r, name) && sameSupplier(r));
  return short.length === 1 ? short[0]! : null;
}

/**
 * Whether `name` is a shorter spelling of the recipe's supplier: two words or more that begin one of
 * its spellings, word for word (`FARMCO RURAL` of `Farmco Rural Supplies Pty Ltd`), and not a
 * spelling it has seen. {@link findRecipe} takes it only when one recipe alone fits; the face says so.
 */
export function isShortSpelling(recipe: SupplierRecipe, name: string): boolean {
  const short = supplierName(name);
  if (short.split(' ').length < 2 || recipe.supplier.names.includes(short)) return false;
  const spellings = [...recipe.supplier.names, recipe.supplier.key.replace(/^name:/, '')];
  return spellings.some((s) => s.startsWith(`${short} `));
}

/**
 * A file name for a recipe (letters, digits and `-` only): `name:farmco rural` → `name-farmco-rural.json`.
 */
export function recipeFileName(key: string): string {
  const plain = key
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase();
  return `${plain.slice(0, 100) || 'supplier'}.json`;
}

// This module's entry in the catalogue of error codes (shared/errors/shed-error.ts).
declare module '../errors/shed-error.ts' {
  interface ErrorCodes {
    RecipeError: 'invalid_recipe' | 'unknown_recipe' | 'no_recipe_edit' | 'recipe_file_unreadable';
  }
}
