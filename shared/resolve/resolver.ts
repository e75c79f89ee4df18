/**
 * Resolves what a cell says to ids: a storage by name, a product by product name or alias name,
 * or either by id. Indexes are built once; each lookup is a Map read, and the answer for a
 * cell text is memoised, so 100,000 rows with a few hundred distinct names resolve in milliseconds.
 */
import type { Storage } from '../schemas/resources.ts';
import { normaliseName, shownText, compareNames, isIdKey } from './normalise.ts';
import { buildProductIndex, unknownProductMessage } from './product-index.ts';
import { ReferenceDataError, type ReferenceData } from './reference.ts';
import { failure, success, type NameMeaning, type Resolution, type ResolvedProduct } from './resolution.ts';
import { buildStorageIndex, unknownStorageMessage } from './storage-index.ts';
import { createSuggester, type NameChoice } from './suggest.ts';

/** Resolves cells against one organisation's reference data. Every method is pure and never throws. */
export interface Resolver {
  /**
   * A storage cell: a storage name (case, whitespace and signs ignored, see `normaliseName`) or a
   * storage id of this organisation. Returns the full Storage; whether it is locked is the
   * caller's business (`isStorageLocked`, gaps row 11). Codes: `blank`, `unknown_storage`, `ambiguous_storage`.
   */
  storage(text: string): Resolution<Storage>;
  /**
   * A product cell: a product name, a product alias name, a product id, or an alias id of this
   * organisation. An alias gives both `productId` and `productAliasId` (a line item carries both).
   * Codes: `blank`, `unknown_product`, `ambiguous_product`.
   */
  product(text: string): Resolution<ResolvedProduct>;
  /** Storage names that resolve, sorted for people, de-duplicated (template drop-downs). Locked storages included. */
  storageNames(): string[];
  /** Product and alias names that resolve (ambiguous ones such as the demo's 'Wetter' left out), sorted, de-duplicated. */
  productNames(): string[];
  /** The name of a product by id, or null (unknown, or known only through an alias). */
  productName(productId: string): string | null;
  /** The name of a product alias by id, or null. */
  aliasName(aliasId: string): string | null;
  /** The name of a storage by id, or null. */
  storageName(storageId: string): string | null;
}

/** Cell texts remembered per resolver; past this many distinct texts, answers are computed, not stored. */
const MEMO_LIMIT = 100_000;

/**
 * Builds a resolver over one organisation's reference data. Records whose `organisation_id` is
 * present and is another organisation's are ignored, so another organisation's id never resolves.
 * Names compare after `normaliseName`; a cell that is a UUID is taken as an id.
 * Messages: `no product or alias named 'Glyfos 450'; closest: 'Glyfos 540'`,
 * `'Wetter' is ambiguous: it names 2 products: 'A' (alias 'Wetter'), 'B' (alias 'Wetter'); write the product name instead`,
 * `no storage named 'Main Shed'; closest: 'Main Chemical Shed'`, `no storage with id '…' in this organisation`.
 * @throws {ReferenceDataError} when `organisationId` is blank or a list is missing.
 */
export function createResolver(ref: ReferenceData): Resolver {
  const organisationId = checkReferenceData(ref);
  const ours = (record: { organisation_id?: string | undefined }) =>
    record.organisation_id === undefined || record.organisation_id.toLowerCase() === organisationId;
  const storages = buildStorageIndex(ref.storages.filter(ours));
  const products = buildProductIndex(ref.products.filter(ours), ref.productAliases.filter(ours));

  const storage = memoised((text) =>
    resolveText(text, {
      what: 'storage',
      byId: (key) => {
        const found = storages.byId.get(key);
        return found === undefined ? undefined : { ok: true, value: found };
      },
      unknownId: (key) => `no storage with id '${key}' in this organisation`,
      byName: storages.byName,
      ambiguousCode: 'ambiguous_storage',
      unknownCode: 'unknown_storage',
      suggest: createSuggester(storages.choices),
      unknownMessage: (shown, suggestions) =>
        unknownStorageMessage(
          shown,
          suggestions,
          storages.choices.map((c) => c.display),
        ),
    }),
  );
  const product = memoised((text) =>
    resolveText(text, {
      what: 'product',
      byId: (key) => {
        const found = products.byAliasId.get(key);
        if (found !== undefined) return found;
        const product = products.byProductId.get(key);
        return product === undefined ? undefined : { ok: true, value: product };
      },
      unknownId: (key) => `no product or alias with id '${key}' in this organisation`,
      byName: products.byName,
      ambiguousCode: 'ambiguous_product',
      unknownCode: 'unknown_product',
      suggest: createSuggester(products.choices),
      unknownMessage: unknownProductMessage,
    }),
  );
  const storageNames = sortedNames(storages.choices);
  const productNames = sortedNames(products.choices);
  return {
    storage,
    product,
    storageNames: () => [...storageNames],
    productNames: () => [...productNames],
    productName: (id) => products.productNameById.get(String(id).toLowerCase()) ?? null,
    aliasName: (id) => products.aliasNameById.get(String(id).toLowerCase()) ?? null,
    storageName: (id) => storages.byId.get(String(id).toLowerCase())?.name ?? null,
  };
}

function checkReferenceData(ref: ReferenceData): string {
  if (typeof ref?.organisationId !== 'string' || ref.organisationId.trim() === '') {
    throw new ReferenceDataError('reference data needs the id of its organisation; none was given');
  }
  for (const list of ['storages', 'productAliases', 'products'] as const) {
    if (!Array.isArray(ref[list])) throw new ReferenceDataError(`reference data has no ${list} list`);
  }
  return ref.organisationId.trim().toLowerCase();
}

interface Lookup<T> {
  what: 'storage' | 'product';
  byId: (key: string) => NameMeaning<T> | undefined;
  unknownId: (key: string) => string;
  byName: Map<string, NameMeaning<T>>;
  ambiguousCode: 'ambiguous_storage' | 'ambiguous_product';
  unknownCode: 'unknown_storage' | 'unknown_product';
  suggest: (key: string) => readonly string[];
  unknownMessage: (shown: string, suggestions: readonly string[]) => string;
}

function resolveText<T>(text: string, lookup: Lookup<T>): Resolution<T> {
  const key = normaliseName(text);
  if (key === '') return failure('blank', `${lookup.what} can't be blank`);
  const byId = isIdKey(key);
  const meaning = byId ? lookup.byId(key) : lookup.byName.get(key);
  if (meaning?.ok) return success(meaning.value);
  if (byId && meaning === undefined) return failure(lookup.unknownCode, lookup.unknownId(key));
  const shown = shownText(text);
  if (meaning !== undefined) {
    return failure(lookup.ambiguousCode, `'${shown}' is ambiguous: ${meaning.detail}`, {
      candidates: meaning.candidates,
    });
  }
  const suggestions = lookup.suggest(key);
  return failure(lookup.unknownCode, lookup.unknownMessage(shown, suggestions), { suggestions });
}

/** Remembers the answer per exact cell text (the message quotes the text as written, so the key is the raw text). */
function memoised<T>(resolve: (text: string) => Resolution<T>): (text: string) => Resolution<T> {
  const memo = new Map<string, Resolution<T>>();
  return (text) => {
    const raw = typeof text === 'string' ? text : String(text ?? '');
    const known = memo.get(raw);
    if (known !== undefined) return known;
    const result = resolve(raw);
    if (memo.size < MEMO_LIMIT) memo.set(raw, result);
    return result;
  };
}

function sortedNames(choices: readonly NameChoice[]): readonly string[] {
  return Object.freeze(choices.map((c) => c.display).sort(compareNames));
}
