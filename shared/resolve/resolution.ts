/**
 * What resolving a cell gives back: the record it names, or a refusal with a stable code, a human
 * message, and where they help, the candidates (ambiguous) or suggestions (unknown).
 */

/** Why a cell did not resolve. Stable: import problems (shared/import/outcome.ts `Problem.code`) carry it. */
export type ResolutionCode =
  'unknown_storage' | 'ambiguous_storage' | 'unknown_product' | 'ambiguous_product' | 'blank';

/**
 * A refusal. `message` is complete and ready for the results file, e.g.
 * `no product or alias named 'Glyfos 450'; closest: 'Glyfos 540'`.
 * `candidates` (ambiguous only): what to write instead, one per record the name could mean
 * (a product name, or an id where no name is unambiguous).
 * `suggestions` (unknown names only, when any is close): up to three known names, closest first.
 */
export interface ResolutionFailure {
  ok: false;
  code: ResolutionCode;
  message: string;
  candidates?: string[];
  suggestions?: string[];
}

/**
 * A resolved cell (`ok: true`, the record) or a refusal. Resolutions are frozen and may be shared: do
 * not mutate. `note`: how the cell was resolved when not by the organisation's own names (a supplier
 * recipe's learned entry), said in the row's Message.
 */
export type Resolution<T> = { ok: true; value: T; note?: string } | ResolutionFailure;

/**
 * A product cell resolved: the `product_id` and `product_alias_id` of a receipt line item
 * (spec section 2, "Receipt line item"). `productAliasId` is set when the cell named an alias (or
 * held an alias id), null when it named the product itself. `productName` is null when the
 * product was never seen sideloaded (known only from an alias's `product_id`).
 */
export interface ResolvedProduct {
  productId: string;
  productAliasId: string | null;
  productName: string | null;
  aliasName: string | null;
}

/** What a normalised name means in an index: one record, or several (then the parts of the refusal). */
export type NameMeaning<T> = { ok: true; value: T } | { ok: false; detail: string; candidates: string[] };

/** Freezes a failure (and its arrays) so memoised refusals can be shared safely. */
export function failure(
  code: ResolutionCode,
  message: string,
  extra: { candidates?: readonly string[]; suggestions?: readonly string[] } = {},
): ResolutionFailure {
  const result: ResolutionFailure = { ok: false, code, message };
  if (extra.candidates !== undefined) result.candidates = Object.freeze([...extra.candidates]) as string[];
  if (extra.suggestions !== undefined && extra.suggestions.length > 0) {
    result.suggestions = Object.freeze([...extra.suggestions]) as string[];
  }
  return Object.freeze(result);
}

/** Freezes a success. */
export function success<T>(value: T, note?: string): Resolution<T> {
  return Object.freeze(note === undefined ? { ok: true as const, value } : { ok: true as const, value, note });
}
